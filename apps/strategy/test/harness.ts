/** Shared set-up of the strategy tests: a migrated database, a Redis namespace and the app. */
import type pg from 'pg';
import { createLogger } from '@latchkey/service-kit';
import { createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@latchkey/testing';
import { createApp, type AppDeps, type StrategyApp } from '../src/app.js';
import { createPools } from '../src/store/pools.js';
import { createPrisma, type PrismaClient } from '../src/store/prisma.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/** Limits large enough never to interfere. */
export const NO_LIMITS = {
  free: { minute: 1e6, hour: 1e6, day: 1e6, concurrent: 1e6 },
  pro: { minute: 1e6, hour: 1e6, day: 1e6, concurrent: 1e6 },
  enterprise: { minute: 1e6, hour: 1e6, day: 1e6, concurrent: 1e6 },
};

export interface Harness extends StrategyApp {
  db: TestDatabase;
  redis: TestRedis;
  prisma: PrismaClient;
  pool: pg.Pool;
  close(): Promise<void>;
}

export async function startHarness(overrides: Partial<AppDeps> = {}): Promise<Harness> {
  const db = await createTestDatabase({ service: 'strategy' });
  const redis = await createTestRedis();
  const prisma = createPrisma(db.url, 20);
  const { pool, relaxed } = createPools(db.url, 20);
  const created = createApp({
    prisma,
    pool,
    relaxedPool: relaxed,
    redis: redis.redis,
    redisPrefix: redis.prefix,
    logger: createLogger('strategy-test', 'silent'),
    adminToken: ADMIN_TOKEN,
    limits: NO_LIMITS,
    ...overrides,
  });
  return {
    ...created,
    db,
    redis,
    prisma,
    pool,
    async close() {
      await prisma.$disconnect();
      await pool.end();
      await relaxed.end();
      await redis.close();
      await db.drop();
    },
  };
}

/** A fresh API key of `org` holding `credits`. */
export async function keyWithCredits(h: StrategyApp, org: string, credits: number, tier: 'free' | 'pro' | 'enterprise' = 'pro'): Promise<string> {
  const { key } = await h.keys.create(org, tier);
  if (credits > 0) await h.ledger.grant(org, credits, { note: 'test' });
  else await h.ledger.ensureAccount(org);
  return key;
}

export const QUESTION = 'Our strategy deck is a list of 14 initiatives. How do I get the exec team to make real choices about what we will and will not do?';

export function body(content = QUESTION, extra: Record<string, unknown> = {}) {
  return { messages: [{ role: 'user', content }], ...extra };
}
