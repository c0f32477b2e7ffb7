/**
 * Embedded PostgreSQL for development and demos: PGlite (PostgreSQL compiled
 * to WebAssembly) served over the wire protocol by `@electric-sql/pglite-socket`.
 *
 * One instance serves exactly one database (the socket server ignores the
 * database name of a connection), so every service and every app database
 * gets its own instance, data directory and port. Open transactions block the
 * other connections of the instance: embedded mode is not for concurrency tests.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

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
 * @param opts.maxConnections concurrent client connections multiplexed onto the one session (default 20).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir?: string;
  port?: number;
  maxConnections?: number;
}): Promise<EmbeddedPostgres> {
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const db = await PGlite.create(opts.dataDir);
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: opts.port ?? 0,
    maxConnections: opts.maxConnections ?? 20,
  } as ConstructorParameters<typeof PGLiteSocketServer>[0]);
  await server.start();
  const port = Number(String(server.getServerConn()).split(':').pop());
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
