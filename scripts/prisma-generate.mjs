#!/usr/bin/env node
// Generates the Prisma client of every service that has `apps/<service>/prisma/schema.prisma`.
// Prisma's CLI wants a native schema engine it cannot download here; `generate`
// never runs it, so any existing file satisfies the check (DESIGN.md, toolchain facts).
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prismaBin = path.join(root, 'node_modules', '.bin', 'prisma');
if (!existsSync(prismaBin)) {
  console.log('prisma-generate: prisma is not installed yet, skipping');
  process.exit(0);
}
const only = process.argv[2];
let failed = false;
for (const app of readdirSync(path.join(root, 'apps'))) {
  if (only && only !== app) continue;
  const schema = path.join(root, 'apps', app, 'prisma', 'schema.prisma');
  if (!existsSync(schema)) continue;
  const r = spawnSync(prismaBin, ['generate', '--schema', schema], {
    cwd: path.join(root, 'apps', app),
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
    encoding: 'utf8',
  });
  if (r.status === 0) console.log(`prisma-generate: ${app} ok`);
  else {
    failed = true;
    console.error(`prisma-generate: ${app} failed\n${r.stdout}${r.stderr}`);
  }
}
process.exit(failed ? 1 : 0);
