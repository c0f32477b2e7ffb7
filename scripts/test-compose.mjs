#!/usr/bin/env node
// `pnpm test:compose`: the docker-compose smoke test (test/infra/compose-smoke.test.ts)
// against a Docker engine: builds every image (stand-in base images when Docker
// Hub cannot be reached), runs the stack, drives it, restarts it. Minutes, not seconds.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const r = spawnSync(
  process.execPath,
  [path.join(root, 'scripts', 'test.mjs'), '--', 'test/infra/compose-smoke.test.ts', '--testTimeout=3600000', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LATCHKEY_TEST_COMPOSE: '1', LATCHKEY_SKIP_BUILD: process.env.LATCHKEY_SKIP_BUILD ?? '1' },
  },
);
process.exit(r.status ?? 1);
