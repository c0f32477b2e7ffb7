/**
 * `migrateAll(serverUrl, services)`: applies every pending migration of each
 * service to its own database on one PostgreSQL server, creating the
 * databases when missing — what `pnpm db:migrate` and the migrate image
 * (docker-compose's `migrate` service, the Kubernetes Job) run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { databaseUrl, ensureDatabase } from './databases.js';
import { applyMigrations } from './schema-engine.js';
import { prismaDirOf, SERVICE_DATABASES, type ServiceName } from './services.js';

/**
 * @param serverUrl a database URL on the server (its database name is replaced per service).
 * @param services the services to migrate; empty: all four.
 * @param log one line per service (`auth-central: applied … (latchkey_auth)` or `up to date`).
 * @returns false when a service's migrations failed (each failure is logged with `error`; the others still run).
 * @throws Error naming an unknown service, before anything is applied.
 */
export async function migrateAll(
  serverUrl: string,
  services: string[] = [],
  log: { info(line: string): void; error(line: string): void } = { info: (l) => console.log(l), error: (l) => console.error(l) },
): Promise<boolean> {
  for (const s of services) if (!(s in SERVICE_DATABASES)) throw new Error(`unknown service "${s}"; services: ${Object.keys(SERVICE_DATABASES).join(', ')}`);
  const chosen = (services.length ? services : Object.keys(SERVICE_DATABASES)) as ServiceName[];
  let ok = true;
  for (const service of chosen) {
    const prismaDir = prismaDirOf(service);
    if (!existsSync(path.join(prismaDir, 'migrations'))) continue;
    const url = databaseUrl(serverUrl, SERVICE_DATABASES[service]);
    try {
      await ensureDatabase(url);
      const applied = await applyMigrations(url, prismaDir);
      log.info(`${service}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'} (${SERVICE_DATABASES[service]})`);
    } catch (err) {
      ok = false;
      log.error(`${service}: ${(err as Error).message}`);
    }
  }
  return ok;
}
