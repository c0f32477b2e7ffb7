import { createTestClock, createTestRedis } from '@latchkey/testing';
import { MemoryLimiter, RedisLimiter, rateLimitHeaders, type Limiter } from './limits.js';

describe.each(['memory', 'redis'] as const)('%s limiter', (kind) => {
  const clock = createTestClock(Date.UTC(2026, 0, 1, 0, 0, 50));
  let limiter: Limiter;
  let close = async () => {};
  beforeAll(async () => {
    if (kind === 'memory') limiter = new MemoryLimiter(clock.now);
    else {
      const t = await createTestRedis();
      close = t.close;
      limiter = t.redis ? new RedisLimiter(t.redis, t.prefix, clock.now) : new MemoryLimiter(clock.now);
    }
  });
  afterAll(() => close());

  it('counts requests per fixed minute and says when the window frees', async () => {
    const limits = { rpm: 2, tpm: 1_000 };
    expect((await limiter.admit('k1', limits, 1)).ok).toBe(true);
    expect((await limiter.admit('k1', limits, 1)).ok).toBe(true);
    const refused = await limiter.admit('k1', limits, 1);
    expect(refused).toMatchObject({ ok: false, reason: 'requests', remainingRequests: 0, resetMs: 10_000 });
    expect(rateLimitHeaders(refused)['x-ratelimit-reset-requests']).toBe('10s');
    clock.advance(10_000);
    expect((await limiter.admit('k1', limits, 1)).ok).toBe(true);
  });

  it('reserves estimates and applies charges to the admitting window', async () => {
    const limits = { rpm: 100, tpm: 100 };
    const a = await limiter.admit('k2', limits, 40);
    expect(a.remainingTokens).toBe(60);
    await limiter.charge('k2', a.window, 100); // real usage 140
    const b = await limiter.admit('k2', limits, 1);
    expect(b).toMatchObject({ ok: false, reason: 'tokens' });
    await limiter.charge('k2', a.window, -100);
    expect((await limiter.admit('k2', limits, 1)).ok).toBe(true);
  });
});

describe('redis limiter: held-back charges', () => {
  const clock = createTestClock(Date.UTC(2026, 0, 1, 0, 0, 10));
  let t: Awaited<ReturnType<typeof createTestRedis>>;
  let limiter: RedisLimiter;
  const limits = { rpm: 100, tpm: 1_000 };
  const tokens = async (keyId: string) => Number(await t.redis!.get(`${t.prefix}gw:rl:{${keyId}:${Math.floor(clock.now() / 60_000)}}:t`));
  beforeAll(async () => {
    t = await createTestRedis();
    if (t.redis) limiter = new RedisLimiter(t.redis, t.prefix, clock.now, { chargeDelayMs: 60_000 });
  });
  afterAll(() => t.close());

  it('rides along with the next admission of the key, which applies it before its check', async () => {
    if (!t.redis) return;
    await limiter.admit('h1', limits, 100);
    await limiter.charge('h1', Math.floor(clock.now() / 60_000), 950);
    expect(await tokens('h1')).toBe(100); // held back, no round trip of its own
    const next = await limiter.admit('h1', limits, 10);
    expect(next).toMatchObject({ ok: false, reason: 'tokens', remainingTokens: 0 });
    expect(await tokens('h1')).toBe(1_050);
  });

  it('is sent in one pipeline by flush() (or the timer) when the key gets no other call', async () => {
    if (!t.redis) return;
    const w = Math.floor(clock.now() / 60_000);
    await limiter.admit('h2', limits, 10);
    await limiter.admit('h3', limits, 10);
    await limiter.charge('h2', w, 5);
    await limiter.charge('h2', w, 7);
    await limiter.charge('h3', w, -4);
    await limiter.flush();
    expect([await tokens('h2'), await tokens('h3')]).toEqual([22, 6]);
    await limiter.flush(); // nothing left: applied once
    expect(await tokens('h2')).toBe(22);
  });

  it('drops charges to a window that has ended (nothing reads it)', async () => {
    if (!t.redis) return;
    await limiter.admit('h4', limits, 10);
    const w = Math.floor(clock.now() / 60_000);
    clock.advance(60_000);
    await limiter.charge('h4', w, 500);
    expect((await limiter.admit('h4', limits, 10)).remainingTokens).toBe(990);
  });
});
