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
