#!/usr/bin/env node
// Trims the output of `pnpm --filter <service> deploy --prod --legacy <dir>`
// (run by the service Dockerfiles) to what the service runs:
//
// 1. Packages reachable from the service's own dependencies only, never
//    through the optional peers that pnpm resolves from the workspace
//    lockfile (`@prisma/client` → `prisma`, the Prisma CLI with Studio, and
//    `typescript`): everything in node_modules/.pnpm that is not reached is
//    removed.
// 2. The service's sources and tests (the image runs dist/).
//
// Usage: node prune-deploy.mjs <deploy dir>
// Prints what it removed (package count, bytes) and exits 1 when the dir is
// not a pnpm deploy output.
import { existsSync, lstatSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** Optional peers: an edge to them is not followed. */
const SKIP = new Set(['prisma', 'typescript']);
const dir = path.resolve(process.argv[2] ?? '.');
const store = path.join(dir, 'node_modules', '.pnpm');
if (!existsSync(store)) {
  console.error(`prune-deploy: ${store} is missing (not a pnpm deploy output)`);
  process.exit(1);
}

/** Package entries (name → link target) of a node_modules folder, scopes included. */
function entries(modules) {
  const out = [];
  if (!existsSync(modules)) return out;
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.')) continue;
    const full = path.join(modules, name);
    if (name.startsWith('@') && lstatSync(full).isDirectory() && !lstatSync(full).isSymbolicLink()) {
      for (const sub of readdirSync(full)) out.push({ name: `${name}/${sub}`, full: path.join(full, sub) });
    } else out.push({ name, full });
  }
  return out;
}

/** The .pnpm entry (e.g. `pg@8.23.1`) a link points into, or undefined. */
function storeId(link) {
  if (!lstatSync(link).isSymbolicLink()) return undefined;
  const target = path.resolve(path.dirname(link), readlinkSync(link));
  const rel = path.relative(store, target);
  return rel.startsWith('..') ? undefined : rel.split(path.sep)[0];
}

const reached = new Set();
const queue = [];
const visit = (link, name) => {
  if (SKIP.has(name)) return;
  const id = storeId(link);
  if (id && !reached.has(id)) {
    reached.add(id);
    queue.push(id);
  }
};
for (const e of entries(path.join(dir, 'node_modules'))) visit(e.full, e.name);
while (queue.length) {
  const id = queue.pop();
  for (const e of entries(path.join(store, id, 'node_modules'))) visit(e.full, e.name);
}

function size(p) {
  const st = lstatSync(p);
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((n, f) => n + size(path.join(p, f)), 0);
}

let removed = 0;
let bytes = 0;
for (const id of readdirSync(store)) {
  if (id.startsWith('.') || id === 'lock.yaml' || id === 'node_modules' || reached.has(id)) continue;
  bytes += size(path.join(store, id));
  rmSync(path.join(store, id), { recursive: true, force: true });
  removed++;
}
for (const f of ['src', 'test', 'bench', 'jest.config.js', 'tsconfig.json', 'tsconfig.build.json']) {
  const p = path.join(dir, f);
  // src/ stays when dist/ is missing (a package that runs its sources).
  if (f === 'src' && !existsSync(path.join(dir, 'dist'))) continue;
  if (existsSync(p)) {
    bytes += size(p);
    rmSync(p, { recursive: true, force: true });
  }
}
const kept = readdirSync(store).filter((id) => !id.startsWith('.') && statSync(path.join(store, id)).isDirectory() && id !== 'node_modules').length;
console.log(`prune-deploy: removed ${removed} packages not reachable at run time (${(bytes / 1e6).toFixed(1)} MB); ${kept} kept`);
