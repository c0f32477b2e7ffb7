import { createTestRedis, waitFor, type TestRedis } from '@latchkey/testing';
import { purgeExpiredRows, startPurge, PURGE_RETENTION_MS } from '../src/domain/purge.js';
import { createHarness, seedApp, seedExchangeToken, silentLogger, type Harness } from './helpers.js';

let h: Harness;
let redis: TestRedis;
beforeAll(async () => {
  h = await createHarness();
  redis = await createTestRedis();
  await seedApp(h.db);
});
afterAll(async () => {
  await h.close();
  await redis.close();
});

it('deletes exchange tokens expired for longer than the retention, keeps the others', async () => {
  const t0 = h.clock.now();
  await seedExchangeToken(h.db, { now: t0 - PURGE_RETENTION_MS - 61_000, email: 'old@example.com' });
  await seedExchangeToken(h.db, { now: t0 - 120_000, email: 'recent@example.com' });
  await seedExchangeToken(h.db, { now: t0, email: 'fresh@example.com' });
  expect(await h.db.exchangeToken.count()).toBe(3);
  expect(await purgeExpiredRows(h.db, t0)).toEqual({ exchangeTokens: 1, loginStates: 0 });
  expect(await h.db.exchangeToken.count()).toBe(2);
  expect(await purgeExpiredRows(h.db, t0)).toEqual({ exchangeTokens: 0, loginStates: 0 });
});

it('without Redis: an in-process timer runs the purge', async () => {
  await seedExchangeToken(h.db, { now: h.clock.now() - PURGE_RETENTION_MS - 61_000, email: 'timer@example.com' });
  const runs: number[] = [];
  const p = await startPurge({ db: h.db, intervalMs: 50, now: h.clock.now, logger: silentLogger, onRun: (r) => runs.push(r.exchangeTokens) });
  try {
    expect(p.kind).toBe('timer');
    await waitFor(() => runs.length > 0, 8_000, 'a purge run');
    expect(runs[0]).toBe(1);
  } finally {
    await p.stop();
  }
});

it('with Redis: a BullMQ job scheduler runs the purge', async () => {
  if (!redis.url) return console.warn('no Redis: skipped');
  await seedExchangeToken(h.db, { now: h.clock.now() - PURGE_RETENTION_MS - 61_000, email: 'queue@example.com' });
  const runs: number[] = [];
  const p = await startPurge({
    db: h.db,
    intervalMs: 100,
    now: h.clock.now,
    logger: silentLogger,
    redisUrl: redis.url,
    prefix: `${redis.prefix}{latchkey-auth}`,
    onRun: (r) => runs.push(r.exchangeTokens),
  });
  try {
    expect(p.kind).toBe('bullmq');
    await waitFor(() => runs.length > 0, 8_000, 'a purge run');
    expect(runs[0]).toBe(1);
    expect((await redis.redis!.keys(`${redis.prefix}{latchkey-auth}:auth-central-purge:*`)).length).toBeGreaterThan(0);
  } finally {
    await p.stop();
  }
});
