import { applyMigrations, prismaDirOf } from '@latchkey/db';
import { connectRedis, runService, type Logger, type RunningService } from '@latchkey/service-kit';
import { createApp, type GatewayApp, type GatewayDeps } from './app.js';
import { createDb, type Db } from './store/db.js';

export interface RunningGateway extends RunningService {
  app: GatewayApp;
  db: Db;
}

/**
 * Applies pending migrations unless told not to, connects the database and Redis, builds the app
 * and listens (used by run.ts, launch.ts and tests).
 */
export async function startGateway(opts: {
  databaseUrl: string;
  redisUrl?: string;
  port: number;
  host?: string;
  logger: Logger;
  poolSize?: number;
  handleSignals?: boolean;
  /** Apply pending migrations first (default true; `MIGRATE_ON_START`). */
  migrate?: boolean;
  deps: Omit<GatewayDeps, 'logger' | 'db' | 'redis'>;
}): Promise<RunningGateway> {
  if (opts.migrate ?? true) await applyMigrations(opts.databaseUrl, prismaDirOf('ai-gateway'));
  const db = createDb(opts.databaseUrl, opts.poolSize ?? 10);
  // With the logger, a Redis outage and its end are logged (one warning per outage).
  const redis = connectRedis(opts.redisUrl, 'ai-gateway', { logger: opts.logger });
  const app = createApp({ ...opts.deps, logger: opts.logger, db, redis });
  await app.ready;
  const running = await runService({
    app,
    port: opts.port,
    host: opts.host,
    logger: opts.logger,
    handleSignals: opts.handleSignals,
    closers: [() => app.close(), () => db.$disconnect(), () => redis?.quit()],
  });
  return { ...running, app, db };
}
