// The one jest preset of the monorepo: ESM TypeScript through @swc/jest.
// Each package's jest.config.js is `export default preset(import.meta.url)`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** @param {string} configUrl import.meta.url of the package's jest.config.js */
export function preset(configUrl, overrides = {}) {
  const dir = path.dirname(fileURLToPath(configUrl));
  return {
    displayName: path.relative(repoRoot, dir),
    rootDir: dir,
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
          module: { type: 'es6' },
          sourceMaps: 'inline',
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/'],
    moduleNameMapper: {
      '^@latchkey/([a-z-]+)$': `${repoRoot}/packages/$1/src/index.ts`,
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    testTimeout: 30_000,
    ...overrides,
  };
}
