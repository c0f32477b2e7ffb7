/**
 * The database of a service run as a process (`src/run.ts` of each service):
 * the configured PostgreSQL database, or, when none is configured, an
 * embedded PostgreSQL (PGlite, development only) whose data persist in
 * `<dataRoot>/<the service's database name>` across restarts. `pnpm start`
 * does not come here: the launcher hands each service its database itself.
 */
import path from 'node:path';
import { ensureDatabase } from './databases.js';
import { startEmbeddedPostgres } from './embedded.js';
import { SERVICE_DATABASES, type ServiceName } from './services.js';

export interface ServiceDatabase {
  /** Connection URL of the service's database. */
  url: string;
  /** True for the embedded PostgreSQL (always migrated; one connection is plenty). */
  embedded: boolean;
  /** Where the embedded database keeps its files (undefined with `DATABASE_URL`). */
  dataDir: string | undefined;
  /** Stops the embedded PostgreSQL (call it after the service has closed); nothing to do otherwise. */
  stop(): Promise<void>;
}

/** Default parent directory of embedded data, relative to the working directory (as `pnpm start` keeps it). */
export const DEFAULT_DATA_ROOT = '.latchkey/data';

/**
 * Opens the database `service` runs on.
 * @param opts.databaseUrl `DATABASE_URL`; its database is created when missing (a role that may not
 *   create or list databases is no obstacle: the service's own connection then reports what is wrong).
 * @param opts.dataRoot parent of the embedded data directory (default `.latchkey/data`).
 * @throws LockedError when another live process has the embedded data directory open.
 */
export async function openServiceDatabase(service: ServiceName, opts: { databaseUrl?: string; dataRoot?: string }): Promise<ServiceDatabase> {
  if (opts.databaseUrl) {
    await ensureDatabase(opts.databaseUrl).catch(() => false);
    return { url: opts.databaseUrl, embedded: false, dataDir: undefined, stop: async () => {} };
  }
  const dataDir = path.resolve(opts.dataRoot ?? DEFAULT_DATA_ROOT, SERVICE_DATABASES[service]);
  const embedded = await startEmbeddedPostgres({ dataDir, port: 0 });
  let stopped: Promise<void> | undefined;
  return { url: embedded.url, embedded: true, dataDir, stop: () => (stopped ??= embedded.stop()) };
}
