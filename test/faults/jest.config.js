// The fault suite: private PostgreSQL and Redis, strategy and ai-gateway as
// child processes under load, dependencies and processes killed and restarted.
import { preset } from '../../jest.preset.js';

export default preset(import.meta.url, { testMatch: ['<rootDir>/**/*.test.ts'], testTimeout: 280_000 });
