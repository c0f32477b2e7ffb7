// Repository-level tests: the edge (real nginx), docker-compose, `pnpm start`.
import { preset } from '../../jest.preset.js';

export default preset(import.meta.url, { testMatch: ['<rootDir>/**/*.test.ts'] });
