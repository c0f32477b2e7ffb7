#!/usr/bin/env node
// `pnpm test`: generate Prisma clients, build every package (the CLI tests run
// the built binary), lint (whole runs only), then run every test file of the
// monorepo in one jest run.
// Extra arguments go to jest (`pnpm test -- apps/auth-central`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(process.execPath, [path.join(root, 'scripts', 'prisma-generate.mjs')]);
if (!process.env.LATCHKEY_SKIP_BUILD) run(bin('turbo'), ['run', 'build', '--output-logs=errors-only'], { TURBO_TELEMETRY_DISABLED: '1' });
const args = process.argv.slice(2).filter((a) => a !== '--');
// The whole run (CI) lints first: typescript-eslint and import cycles (`pnpm lint`, packages/lint-config).
if (args.length === 0 && !process.env.LATCHKEY_SKIP_LINT) run(bin('eslint'), ['.', '--max-warnings', '0']);
run(bin('jest'), ['--maxWorkers=3', ...args], {
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --no-warnings=ExperimentalWarning`.trim(),
});
