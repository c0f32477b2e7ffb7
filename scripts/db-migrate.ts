/**
 * `pnpm db:migrate [service…]`: applies every pending migration of each
 * service to its own database on the `DATABASE_URL` server (default: the local
 * server at 127.0.0.1:5432), creating the databases when missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { applyMigrations, databaseUrl, ensureDatabase, prismaDirOf, SERVICE_DATABASES, DEFAULT_SERVER_URL, type ServiceName } from '@latchkey/db';

const server = process.env.DATABASE_URL || DEFAULT_SERVER_URL;
const wanted = process.argv.slice(2).filter((a) => a !== '--');
for (const s of wanted) {
  if (!(s in SERVICE_DATABASES)) {
    console.error(`unknown service "${s}"; services: ${Object.keys(SERVICE_DATABASES).join(', ')}`);
    process.exit(2);
  }
}
const services = (wanted.length ? wanted : Object.keys(SERVICE_DATABASES)) as ServiceName[];
let failed = false;
for (const service of services) {
  const prismaDir = prismaDirOf(service);
  if (!existsSync(path.join(prismaDir, 'migrations'))) continue;
  const url = databaseUrl(server, SERVICE_DATABASES[service]);
  try {
    await ensureDatabase(url);
    const applied = await applyMigrations(url, prismaDir);
    console.log(`${service}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'} (${SERVICE_DATABASES[service]})`);
  } catch (err) {
    failed = true;
    console.error(`${service}: ${(err as Error).message}`);
  }
}
process.exit(failed ? 1 : 0);
