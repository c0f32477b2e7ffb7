/**
 * Embedded PostgreSQL for development and demos: PGlite (PostgreSQL compiled
 * to WebAssembly) served over the wire protocol by `EmbeddedSessionServer`.
 *
 * One instance serves exactly one database (the server ignores the database
 * name of a connection), so every service and every app database gets its
 * own instance, data directory and port. Any number of pooled connections is
 * safe (named statements, extended-query cycles and transactions stay with
 * their connection; see embedded-server.ts), but a transaction makes the
 * other connections wait: isolation tests need the real PostgreSQL.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedSessionServer } from './embedded-server.js';
import { acquireLock } from './lock.js';

export interface EmbeddedPostgres {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts an embedded PostgreSQL on 127.0.0.1.
 * @param opts.dataDir directory for the data files (created when missing); `undefined` keeps everything in memory.
 * @param opts.port TCP port; 0 picks a free one.
 * @param opts.maxConnections concurrent client connections sharing the one session (default 200).
 * @throws LockedError when another live process has the data directory open; an Error when it cannot be opened or the port is taken.
 */
export async function startEmbeddedPostgres(opts: { dataDir?: string; port?: number; maxConnections?: number }): Promise<EmbeddedPostgres> {
  let lock: { release(): void } | undefined;
  if (opts.dataDir) {
    await mkdir(opts.dataDir, { recursive: true });
    // Two PGlite instances on one data directory would corrupt it.
    lock = acquireLock(`${opts.dataDir}.lock`, `the embedded database ${opts.dataDir}`);
  }
  let db: PGlite;
  try {
    db = await PGlite.create(opts.dataDir);
  } catch (err) {
    lock?.release();
    throw err;
  }
  const server = new EmbeddedSessionServer({ db, host: '127.0.0.1', port: opts.port ?? 0, maxConnections: opts.maxConnections });
  try {
    await server.start();
  } catch (err) {
    await db.close();
    lock?.release();
    throw err;
  }
  const port = server.port;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      await db.close();
      lock?.release();
    },
  };
}
