/**
 * Wires the strategy service to real resources: migrations, Prisma, a pg
 * pool, Redis, optional model prose, and listens (used by run.ts, launch.ts and tests).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations } from '@latchkey/db';
import { connectRedis, DependencyMonitor, runService, type Logger, type RunningService } from '@latchkey/service-kit';
import { createApp, type StrategyApp } from './app.js';
import type { StrategyConfig } from './config.js';
import { createGatewayModel } from './domain/model-engine.js';
import { loadLibrary } from './domain/library.js';
import { createPools } from './store/pools.js';
import { createPrisma } from './store/prisma.js';

export const PRISMA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../prisma');

export interface StartedStrategy extends RunningService {
  strategy: StrategyApp;
}

export async function startStrategy(opts: {
  databaseUrl: string;
  config: Pick<
    StrategyConfig,
    | 'PORT'
    | 'HOST'
    | 'AUTH_URL'
    | 'AUTH_CACHE_TTL_MS'
    | 'LATCHKEY_ADMIN_TOKEN'
    | 'STRATEGY_RATE_LIMITS'
    | 'STRATEGY_AI_URL'
    | 'STRATEGY_AI_KEY'
    | 'STRATEGY_AI_MODEL'
    | 'STRATEGY_AI_TIMEOUT_MS'
  > &
    Partial<Pick<StrategyConfig, 'STRATEGY_PENDING_GRACE_MS' | 'STRATEGY_SWEEP_INTERVAL_MS' | 'TRUST_PROXY'>> & { REDIS_URL?: string | undefined };
  logger: Logger;
  handleSignals?: boolean;
  poolSize?: number;
  /** Apply pending migrations first (default true; `MIGRATE_ON_START`). */
  migrate?: boolean;
}): Promise<StartedStrategy> {
  const { config } = opts;
  if (config.STRATEGY_PENDING_GRACE_MS !== undefined && config.STRATEGY_PENDING_GRACE_MS <= config.STRATEGY_AI_TIMEOUT_MS) {
    throw new Error('STRATEGY_PENDING_GRACE_MS must exceed STRATEGY_AI_TIMEOUT_MS: a call still waiting for the model would be refunded');
  }
  if (opts.migrate ?? true) await applyMigrations(opts.databaseUrl, PRISMA_DIR);
  const poolSize = opts.poolSize ?? 10;
  // One monitor per dependency for all its connections: one warning per outage (README, "Dependency outages").
  const postgres = new DependencyMonitor('postgres', opts.logger);
  const prisma = createPrisma(opts.databaseUrl, poolSize, postgres);
  const { pool, relaxed } = createPools(opts.databaseUrl, poolSize, postgres);
  const redis = connectRedis(config.REDIS_URL, 'strategy', { logger: opts.logger });
  const library = loadLibrary();
  const model =
    config.STRATEGY_AI_URL && config.STRATEGY_AI_KEY
      ? createGatewayModel({
          baseUrl: config.STRATEGY_AI_URL,
          apiKey: config.STRATEGY_AI_KEY,
          model: config.STRATEGY_AI_MODEL,
          library,
          timeoutMs: config.STRATEGY_AI_TIMEOUT_MS,
          logger: opts.logger,
        })
      : undefined;
  const strategy = createApp({
    prisma,
    pool,
    relaxedPool: relaxed,
    redis,
    logger: opts.logger,
    authUrl: config.AUTH_URL,
    authCacheTtlMs: config.AUTH_CACHE_TTL_MS,
    adminToken: config.LATCHKEY_ADMIN_TOKEN,
    ...(config.STRATEGY_RATE_LIMITS ? { limits: config.STRATEGY_RATE_LIMITS } : {}),
    library,
    model,
    pendingGraceMs: config.STRATEGY_PENDING_GRACE_MS,
    sweepIntervalMs: config.STRATEGY_SWEEP_INTERVAL_MS,
    trustProxy: config.TRUST_PROXY,
  });
  // Refunds what an earlier crash or outage left unanswered, now and periodically.
  strategy.charges.start();
  const running = await runService({
    app: strategy.app,
    port: config.PORT,
    host: config.HOST,
    logger: opts.logger,
    handleSignals: opts.handleSignals ?? true,
    closers: [() => strategy.close(), () => prisma.$disconnect(), () => pool.end(), () => relaxed.end(), () => redis?.quit().catch(() => redis.disconnect())],
  });
  return { ...running, strategy };
}
