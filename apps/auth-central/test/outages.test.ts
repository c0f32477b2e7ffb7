/**
 * Dependency outages (README, "Dependency outages"): with Redis down, validate
 * of a valid token, exchange and refresh keep working (rate limits fall back to
 * the in-memory insurance limiter); with PostgreSQL down, every call that needs
 * it answers 503 SERVICE_UNAVAILABLE with `Retry-After` quickly, never a 500
 * or a hang. One warning per outage, one line on recovery, no stack traces.
 */
import { randomBytes } from 'node:crypto';
import { applyMigrations, prismaDirOf } from '@latchkey/db';
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
import { startAuthCentral, type RunningAuthCentral } from '../src/server.js';
import { createPrisma, type Db } from '../src/store/prisma.js';
import { seedApp, seedExchangeToken } from './helpers.js';

/** Generous bound for "fails fast" on a loaded machine; the design target is ≤ 1 s. */
const FAST_MS = 2000;

interface Timed {
  status: number;
  ms: number;
  body: { error?: string; message?: string };
  retryAfter: string | null;
}

async function call(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, body: text ? JSON.parse(text) : {}, retryAfter: res.headers.get('retry-after') };
}

/** Log lines from index `from` of the captured ones. */
function logLines(lines: string[], from = 0): Array<{ level: number; msg: string; dependency?: string }> {
  return lines
    .slice(from)
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

async function signIn(svc: RunningAuthCentral, db: Db): Promise<string> {
  const { token } = await seedExchangeToken(db, { now: Date.now() });
  const res = await call(`${svc.url}/context/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
  return (res.body as unknown as { access_token: string }).access_token;
}

const validate = (svc: RunningAuthCentral, token: string, path = '/context/auth/validate') =>
  call(`${svc.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

describeWithPrivateRedis()('auth-central while Redis is down', () => {
  let redis: PrivateServer;
  let database: TestDatabase;
  let db: Db;
  let svc: RunningAuthCentral;
  const logs = captureLogs();
  const printed: string[] = [];
  const originalError = console.error;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase({ service: 'auth-central' });
    db = createPrisma(database.url);
    await seedApp(db);
    console.error = (...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
      originalError(...args);
    };
    svc = await startAuthCentral({
      databaseUrl: database.url,
      redisUrl: redis.url,
      encryptionKey: randomBytes(32),
      logger: createLogger('auth-central', 'info', logs.stream),
      purgeIntervalMs: 60_000,
    });
  }, 60_000);
  afterAll(async () => {
    console.error = originalError;
    await svc?.close();
    await db?.$disconnect();
    await database?.drop();
    await redis?.close();
  }, 60_000);

  it('validates a valid token, exchanges and refreshes without Redis, and logs the outage once', async () => {
    const token = await signIn(svc, db);
    expect((await validate(svc, token)).status).toBe(200);

    const mark = logs.lines.length; // lines of the outage only (a slow first connect may have logged its own)
    await redis.stop({ kill: true });
    for (let i = 0; i < 5; i++) {
      for (const path of ['/context/auth/validate', '/context/auth/validate/']) {
        const r = await validate(svc, token, path);
        expect({ path, status: r.status }).toEqual({ path, status: 200 });
        expect(r.ms).toBeLessThan(FAST_MS);
      }
    }
    const fresh = await signIn(svc, db); // exchange: its per-IP limit falls back to memory
    const refreshed = await call(`${svc.url}/context/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: fresh }),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.ms).toBeLessThan(FAST_MS);
    const refused = await validate(svc, 'not.a.token');
    expect(refused.status).toBe(401);

    await waitFor(() => logLines(logs.lines, mark).some((l) => l.dependency === 'redis' && l.level === 40), 10_000, 'the outage warning');
    await redis.start();
    await waitFor(() => logLines(logs.lines, mark).some((l) => l.dependency === 'redis' && l.level === 30), 10_000, 'the recovery line');
    expect((await validate(svc, token)).status).toBe(200);

    const lines = logLines(logs.lines, mark).filter((l) => l.dependency === 'redis');
    expect(lines.map((l) => l.level)).toEqual([40, 30]);
    expect(printed.join('\n')).not.toMatch(/Unhandled error event|ECONNREFUSED/);
  }, 60_000);
});

describeWithPrivatePostgres()('auth-central while PostgreSQL is down', () => {
  let postgres: PrivateServer;
  let db: Db;
  let svc: RunningAuthCentral;
  const logs = captureLogs();

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    await applyMigrations(postgres.url, prismaDirOf('auth-central'));
    db = createPrisma(postgres.url);
    await seedApp(db);
    svc = await startAuthCentral({
      databaseUrl: postgres.url,
      encryptionKey: randomBytes(32),
      logger: createLogger('auth-central', 'info', logs.stream),
      purgeIntervalMs: false,
    });
  }, 120_000);
  afterAll(async () => {
    await svc?.close();
    await db?.$disconnect();
    await postgres?.close();
  }, 60_000);

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After quickly, then recovers', async () => {
    const token = await signIn(svc, db);
    const { token: exchangeToken } = await seedExchangeToken(db, { now: Date.now(), email: 'grace@example.com' });
    expect((await validate(svc, token)).status).toBe(200);

    const mark = logs.lines.length;
    await postgres.stop({ kill: true });
    const calls: Array<[string, () => Promise<Timed>]> = [
      ['validate', () => validate(svc, token)],
      ['validate via Express', () => validate(svc, token, '/context/auth/validate/')],
      [
        'exchange',
        () =>
          call(`${svc.url}/context/auth/exchange`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token: exchangeToken }),
          }),
      ],
      [
        'refresh',
        () =>
          call(`${svc.url}/context/auth/refresh`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ access_token: token }),
          }),
      ],
      [
        'preflight',
        () =>
          call(`${svc.url}/context/auth/exchange`, {
            method: 'OPTIONS',
            headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
          }),
      ],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [name, run] of calls) {
        const r = await run();
        expect({ name, status: r.status, error: r.body.error }).toEqual({ name, status: 503, error: 'SERVICE_UNAVAILABLE' });
        expect(Number(r.retryAfter)).toBeGreaterThan(0);
        expect(r.ms).toBeLessThan(FAST_MS);
      }
    }
    // The signing keys are in memory: the JWKS still answers.
    expect((await call(`${svc.url}/.well-known/jwks.json`)).status).toBe(200);

    await postgres.start();
    await waitFor(async () => (await validate(svc, token)).status === 200, 10_000, 'validate to answer 200 again');
    const ex = await call(`${svc.url}/context/auth/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: exchangeToken }),
    });
    expect(ex.status).toBe(200); // nothing was consumed during the outage

    const lines = logLines(logs.lines, mark);
    expect(lines.filter((l) => l.dependency === 'postgres').map((l) => l.level)).toEqual([40, 30]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  }, 120_000);
});
