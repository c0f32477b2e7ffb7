// Root run: every package's tests in one jest process pool.
import { readdirSync, existsSync } from 'node:fs';

const projects = ['apps', 'packages', 'test'].flatMap((group) =>
  (existsSync(group) ? readdirSync(group) : []).filter((name) => existsSync(`${group}/${name}/jest.config.js`)).map((name) => `<rootDir>/${group}/${name}`),
);

export default {
  projects,
  // Pools of pg/ioredis clients inside libraries can outlive a test file by seconds.
  forceExit: true,
  // testTimeout is a global option: the presets' value is not read in a multi-project run.
  testTimeout: 30_000,
  reporters: ['default', '<rootDir>/scripts/jest-summary-reporter.cjs'],
};
