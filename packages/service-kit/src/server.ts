import type { RequestListener } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from './logger.js';
import { shutdownTracing } from './tracing.js';

export interface RunningService {
  server: Server;
  /** The bound port (useful with port 0). */
  port: number;
  url: string;
  /** Stops accepting, drains open requests (at most `drainMs`), then runs the closers. */
  close(): Promise<void>;
}

/**
 * Listens on `host:port` and installs graceful shutdown on SIGTERM and SIGINT:
 * stop accepting connections, let in-flight requests finish (idle keep-alive
 * connections are closed at once), then run `closers` in order (queues,
 * Prisma, Redis…), then flush pending trace spans (`shutdownTracing`), then exit.
 * @param opts.drainMs how long in-flight requests may take before they are cut, in milliseconds (default 10000).
 */
export async function runService(opts: {
  /** The service's request listener: an Express app, or any `node:http` listener (`withFastPath`'s). */
  app: Express | RequestListener;
  port: number;
  host?: string;
  logger: Logger;
  closers?: Array<() => Promise<unknown> | unknown>;
  drainMs?: number;
  handleSignals?: boolean;
}): Promise<RunningService> {
  const host = opts.host ?? '127.0.0.1';
  const { createServer } = await import('node:http');
  const server = createServer(opts.app as never);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), opts.drainMs ?? 10_000);
      timer.unref();
      await drained;
      clearTimeout(timer);
      for (const closer of opts.closers ?? []) {
        try {
          await closer();
        } catch (err) {
          opts.logger.warn({ err }, 'error while shutting down');
        }
      }
    })();
    return closing;
  };
  if (opts.handleSignals !== false) stopOnSignals(opts.logger, close);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  opts.logger.info({ url }, 'listening');
  return { server, port, url, close };
}

/**
 * On the first SIGTERM or SIGINT: log it, run `stop` (e.g. close the service,
 * then what it runs on, such as an embedded database), flush pending trace
 * spans (a no-op without `OTEL_EXPORTER_OTLP_ENDPOINT`), then exit 0.
 * `runService({ handleSignals: true })` installs it with its own `close`.
 */
export function stopOnSignals(logger: Logger, stop: () => Promise<unknown>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    void stop()
      .catch((err: unknown) => logger.warn({ err }, 'error while shutting down'))
      .then(() => shutdownTracing())
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/**
 * Runs a service on a database it does not own the life of by itself (run.ts: the configured one, or an
 * embedded PostgreSQL, which it warns of): `start()` with the database open; when it fails, the database is stopped and
 * the error rethrown; on SIGTERM/SIGINT the service closes first (draining requests), then the database stops.
 * @returns what `start` returned.
 */
export async function runOnDatabase<T extends { close(): Promise<unknown> }>(
  logger: Logger,
  database: { stop(): Promise<unknown>; embedded?: boolean; dataDir?: string | undefined },
  start: () => Promise<T>,
): Promise<T> {
  if (database.embedded) logger.warn({ dataDir: database.dataDir }, 'DATABASE_URL is not set: using an embedded PostgreSQL (development only)');
  const running = await start().catch(async (err: unknown) => {
    await database.stop();
    throw err;
  });
  stopOnSignals(logger, async () => {
    await running.close();
    await database.stop();
  });
  return running;
}
