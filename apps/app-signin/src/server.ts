/**
 * `startSignin(settings)`: a whole running app-signin — its own database
 * (migrated unless told otherwise), Redis when given, the app and an HTTP
 * listener — as `run.ts` (environment) and `launch.ts` (`pnpm start`) run it.
 */
import { applyMigrations, prismaDirOf } from '@latchkey/db';
import { connectRedis, runService, type Logger, type RunningService } from '@latchkey/service-kit';
import { createApp, type SigninApp } from './app.js';
import type { SigninConfig } from './config.js';
import { createPrisma, type PrismaClient } from './store/prisma.js';

export interface StartSigninOptions {
  /** app-signin's own database (`latchkey_signin`). */
  databaseUrl: string;
  /** Shared limits across instances; in-process without it. */
  redisUrl?: string;
  config: SigninConfig;
  logger: Logger;
  port: number;
  host?: string;
  /** Apply pending migrations first (default true; `MIGRATE_ON_START`). */
  migrate?: boolean;
  /** Stop on SIGTERM/SIGINT (default false: the caller decides). */
  handleSignals?: boolean;
}

export interface RunningSignin extends RunningService {
  signin: SigninApp;
  prisma: PrismaClient;
}

export async function startSignin(o: StartSigninOptions): Promise<RunningSignin> {
  if (o.migrate ?? true) await applyMigrations(o.databaseUrl, prismaDirOf('app-signin'));
  const prisma = createPrisma(o.databaseUrl);
  const redis = connectRedis(o.redisUrl, 'app-signin', { logger: o.logger });
  const signin = createApp({ prisma, config: o.config, logger: o.logger, redis });
  const running = await runService({
    app: signin.app,
    port: o.port,
    host: o.host,
    logger: o.logger,
    handleSignals: o.handleSignals ?? false,
    closers: [() => signin.close(), () => prisma.$disconnect(), () => redis?.quit()],
  });
  return { ...running, signin, prisma };
}
