// The security regression suite: attacks on running services (forged tokens,
// the relay lockout, malformed requests) kept as tests so that they stay fixed.
import { preset } from '../../jest.preset.js';

export default preset(import.meta.url, { testMatch: ['<rootDir>/**/*.test.ts'], testTimeout: 120_000 });
