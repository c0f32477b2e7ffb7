/**
 * Dependency outages (README, "Dependency outages"). Redis down: the rate
 * limiter fails open to per-instance in-memory limits, so paid calls keep
 * working and are charged exactly as before. PostgreSQL down: the strategic
 * endpoints answer 503 `service_unavailable` / SERVICE_UNAVAILABLE with
 * `Retry-After` quickly (not 500 COORDINATION_FAILED, never a hang), and
 * work again once it is back. One warning per outage, one line on recovery.
 */
import { createLogger } from '@latchkey/service-kit';
import {
  captureLogs,
  createTestDatabase,
  describeWithPrivatePostgres,
  describeWithPrivateRedis,
  startPrivatePostgres,
  startPrivateRedis,
  waitFor,
  type PrivateServer,
  type TestDatabase,
} from '@latchkey/testing';
import { startStrategy, type StartedStrategy } from '../src/server.js';
import { DEFAULT_LIMITS } from '../src/domain/rate-limiter.js';
import { QUESTION, body } from './harness.js';

/** Generous bound for "fails fast" on a loaded machine; the design target is ≤ 1 s. */
const FAST_MS = 2000;

const config = (redisUrl?: string) => ({
  PORT: 0,
  HOST: '127.0.0.1',
  AUTH_CACHE_TTL_MS: 0,
  STRATEGY_RATE_LIMITS: { ...DEFAULT_LIMITS, pro: { minute: 3, hour: 1000, day: 10000, concurrent: 10 } },
  STRATEGY_AI_MODEL: 'openai/gpt-4o-mini',
  STRATEGY_AI_TIMEOUT_MS: 8000,
  REDIS_URL: redisUrl,
});

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: { error?: string; code?: string; details?: Record<string, unknown>; metadata?: { creditsUsed?: number } };
}

async function coordinate(svc: StartedStrategy, key: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${svc.url}/v1/coordinate`, {
    method: 'POST',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(body(QUESTION)),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer['body'] };
}

/** Log lines from index `from` of the captured ones. */
function logLines(lines: string[], from = 0): Array<{ level: number; dependency?: string }> {
  return lines
    .slice(from)
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describeWithPrivateRedis()('strategy while Redis is down', () => {
  let redis: PrivateServer;
  let database: TestDatabase;
  let svc: StartedStrategy;
  const logs = captureLogs();

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase({ service: 'strategy' });
    svc = await startStrategy({
      databaseUrl: database.url,
      config: config(redis.url),
      logger: createLogger('strategy', 'info', logs.stream),
      handleSignals: false,
    });
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await database?.drop();
    await redis?.close();
  }, 60_000);

  it('keeps answering and charging with in-memory limits, then uses Redis again', async () => {
    const { key } = await svc.strategy.keys.create('org-redis-down', 'pro');
    await svc.strategy.ledger.grant('org-redis-down', 1000, { note: 'test' });
    const before = await coordinate(svc, key);
    expect(before.status).toBe(200);

    const mark = logs.lines.length; // lines of the outage only (a slow first connect may have logged its own)
    await redis.stop({ kill: true });
    const during: Answer[] = [];
    for (let i = 0; i < 4; i++) during.push(await coordinate(svc, key));
    for (const a of during) expect(a.ms).toBeLessThan(FAST_MS);
    // The limit (3 a minute) holds in memory: a fresh window in this instance.
    expect(during.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    const charged = [before, ...during].filter((a) => a.status === 200).reduce((n, a) => n + (a.body.metadata?.creditsUsed ?? 0), 0);
    expect(await svc.strategy.ledger.balance('org-redis-down')).toBe(1000 - charged);

    await redis.start();
    await waitFor(() => logLines(logs.lines, mark).some((l) => l.dependency === 'redis' && l.level === 30), 10_000, 'the recovery line');
    // Back on Redis: the new server has no count for this minute yet.
    expect((await coordinate(svc, key)).status).toBe(200);
    expect(
      logLines(logs.lines, mark)
        .filter((l) => l.dependency === 'redis')
        .map((l) => l.level),
    ).toEqual([40, 30]);
    expect(logLines(logs.lines, mark).filter((l) => l.level >= 50)).toEqual([]);
  }, 60_000);
});

describeWithPrivatePostgres()('strategy while PostgreSQL is down', () => {
  let postgres: PrivateServer;
  let svc: StartedStrategy;
  const logs = captureLogs();

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    svc = await startStrategy({ databaseUrl: postgres.url, config: config(), logger: createLogger('strategy', 'info', logs.stream), handleSignals: false });
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
    await postgres?.close();
  }, 60_000);

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After quickly, then recovers', async () => {
    const { key } = await svc.strategy.keys.create('org-pg-down', 'enterprise');
    await svc.strategy.ledger.grant('org-pg-down', 1000, { note: 'test' });
    expect((await coordinate(svc, key)).status).toBe(200);

    const mark = logs.lines.length;
    await postgres.stop({ kill: true });
    for (let i = 0; i < 4; i++) {
      const a = await coordinate(svc, key);
      expect({ status: a.status, error: a.body.error, code: a.body.code }).toEqual({ status: 503, error: 'service_unavailable', code: 'SERVICE_UNAVAILABLE' });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(typeof a.body.details?.requestId).toBe('string');
      expect(a.ms).toBeLessThan(FAST_MS);
    }

    await postgres.start();
    await waitFor(async () => (await coordinate(svc, key)).status === 200, 10_000, 'coordinate to answer 200 again');
    const lines = logLines(logs.lines, mark);
    expect(lines.filter((l) => l.dependency === 'postgres').map((l) => l.level)).toEqual([40, 30]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 120_000);
});
