/**
 * `pnpm bench`, area C: POST /v1/framework and POST /v1/coordinate on the
 * library engine (no model), at 1 and 16 connections. The real app: API-key
 * authentication (cached fingerprint lookup), the per-organisation rate
 * limiter (Redis Lua when Redis answers, else in process; limits set out of
 * the way), the atomic credit debit, the session turn and the request log in
 * PostgreSQL. The load generator runs in a worker thread.
 *
 * Runnable directly: `npx tsx --conditions=source apps/strategy/bench/strategy.bench.ts [--duration <s>]`.
 */
import { createLogger, connectRedis } from '@latchkey/service-kit';
import { createTestDatabase, postgresServerUrl, redisServerUrl } from '@latchkey/testing';
import { formatTable, measure, serveApp, toRow, type BenchContext, type BenchRow, type BenchTable } from '@latchkey/bench';
import { createApp } from '../src/app.js';
import { createPools } from '../src/store/pools.js';
import { createPrisma } from '../src/store/prisma.js';

export const title = 'strategy: /v1/framework and /v1/coordinate on the library engine';

const CONNECTIONS = [1, 16];
const OUT_OF_THE_WAY = { minute: 1e9, hour: 1e9, day: 1e9, concurrent: 1e6 };

const QUESTIONS = {
  framework:
    'Everyone is busy, but I cannot tell whether the work moves our annual goals. How do I set goals each quarter that connect teams to company strategy?',
  coordinate: 'Our factory has plenty of machines but orders are always late and work-in-progress is stacked up everywhere. How do we fix throughput?',
};

export async function run(ctx: BenchContext): Promise<BenchTable> {
  const db = await createTestDatabase({ service: 'strategy', prefix: 'bench_strategy' });
  const prisma = createPrisma(db.url, 20);
  const { pool, relaxed } = createPools(db.url, 20);
  const redis = connectRedis(ctx.redisUrl, 'strategy-bench');
  const prefix = `bench:${process.pid}:`;
  const { app, keys, ledger } = createApp({
    prisma,
    pool,
    relaxedPool: relaxed,
    redis,
    redisPrefix: prefix,
    logger: createLogger('strategy-bench', 'silent'),
    limits: { free: OUT_OF_THE_WAY, pro: OUT_OF_THE_WAY, enterprise: OUT_OF_THE_WAY },
  });
  const { key } = await keys.create('bench-org', 'enterprise');
  await ledger.grant('bench-org', 1_000_000_000);
  const served = await serveApp(app);
  const rows: BenchRow[] = [];
  try {
    for (const endpoint of ['framework', 'coordinate'] as const) {
      for (const connections of CONNECTIONS) {
        ctx.log(`POST /v1/${endpoint} at ${connections} connection(s)`);
        const m = await measure({
          url: served.url,
          path: `/v1/${endpoint}`,
          method: 'POST',
          headers: { apikey: key, 'content-type': 'application/json', 'x-app-context': 'bench' },
          body: JSON.stringify({ messages: [{ role: 'user', content: QUESTIONS[endpoint] }], userContext: { industry: 'saas', businessStage: 'growth' } }),
          connections,
          duration: ctx.duration,
        });
        rows.push(toRow(`POST /v1/${endpoint}`, 'latchkey (library engine)', connections, m));
      }
    }
  } finally {
    await served.close();
    await prisma.$disconnect();
    await pool.end();
    await relaxed.end();
    if (redis) {
      const found = await redis.keys(`${prefix}*`);
      if (found.length) await redis.del(...found);
      redis.disconnect();
    }
    await db.drop();
  }
  return {
    rows,
    notes: [
      'Each call: API-key check, rate limiter (3 windows + concurrency), one-statement credit debit, question understanding (wink-nlp, eld), selection over 51 frameworks, response build from the facts, session turn + request log writes.',
      `Rate limiter backend: ${ctx.redisUrl ? 'Redis (Lua)' : 'in process'}. No peer: the original service is not available to run locally.`,
    ],
  };
}

const isMain = import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1] ?? '').href;
if (isMain) {
  const i = process.argv.indexOf('--duration');
  const duration = i > 0 ? Number(process.argv[i + 1]) : 5;
  const table = await run({
    databaseUrl: (await postgresServerUrl()) ?? undefined,
    redisUrl: (await redisServerUrl()) ?? undefined,
    duration,
    log: (m) => process.stderr.write(`${m}\n`),
  });
  console.log(formatTable(table, title));
  process.exit(0);
}
