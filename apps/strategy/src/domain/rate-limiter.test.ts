import { createTestClock, createTestRedis, type TestRedis } from '@latchkey/testing';
import { RateLimiter, headerWindow } from './rate-limiter.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await createTestRedis();
});
afterAll(() => redis.close());

describe.each(['redis', 'memory'] as const)('%s backend', (backend) => {
  const T0 = Date.UTC(2026, 5, 1);
  const make = (clock: ReturnType<typeof createTestClock>) =>
    new RateLimiter({
      redis: backend === 'redis' ? redis.redis : undefined,
      prefix: `${redis.prefix}${backend}:`,
      now: clock.now,
      limits: { free: { minute: 2, hour: 3, day: 4, concurrent: 1 } },
    });

  test('windows count, refuse without counting, and reopen', async () => {
    const clock = createTestClock(T0);
    const rl = make(clock);
    const a = await rl.take('o1', 'free');
    expect(a.allowed).toBe(true);
    if (!a.allowed) return;
    await a.release();
    const b = await rl.take('o1', 'free');
    if (b.allowed) await b.release();
    expect(headerWindow(b.windows)).toMatchObject({ window: 'minute', remaining: 0, resetAt: T0 + 60_000 });
    const c = await rl.take('o1', 'free');
    expect(c).toMatchObject({ allowed: false, exceeded: 'minute', resetAt: T0 + 60_000 });
    clock.advance(60_000);
    const d = await rl.take('o1', 'free');
    expect(d.allowed).toBe(true);
    if (d.allowed) await d.release();
    expect(await rl.take('o1', 'free')).toMatchObject({ allowed: false, exceeded: 'hour', resetAt: T0 + 3_600_000 });
  });

  test('concurrency slots are held until released, and expire if never released', async () => {
    const clock = createTestClock(T0 + 7 * 86_400_000);
    const rl = make(clock);
    const a = await rl.take('o2', 'free');
    expect(a.allowed).toBe(true);
    expect(await rl.take('o2', 'free')).toMatchObject({ allowed: false, exceeded: 'concurrent' });
    if (a.allowed) await a.release();
    const b = await rl.take('o2', 'free');
    expect(b.allowed).toBe(true);
    clock.advance(121_000);
    const c = await rl.take('o2', 'free');
    expect(c.allowed).toBe(true);
  });
});
