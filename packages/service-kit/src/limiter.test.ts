import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { createLimiter, failFastRedisOptions } from './index.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function consumed(limiter: ReturnType<typeof createLimiter>, key: string, times: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < times; i++) {
    try {
      await limiter.consume(key);
      allowed++;
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
    }
  }
  return allowed;
}

it('with Redis: one count shared by every instance', async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
  } catch {
    if (process.env.LATCHKEY_REQUIRE_SERVICES) throw new Error(`Redis required at ${REDIS_URL}`);
    return console.warn('no Redis: skipped');
  }
  const prefix = `test:${randomUUID()}:`;
  const a = createLimiter({ keyPrefix: 'shared', points: 3, durationSeconds: 60, redis, prefix });
  const b = createLimiter({ keyPrefix: 'shared', points: 3, durationSeconds: 60, redis, prefix });
  expect((await consumed(a, 'k', 2)) + (await consumed(b, 'k', 5))).toBe(3);
  expect(await redis.exists(`${prefix}shared:k`)).toBe(1);
  redis.disconnect();
});

it('with Redis down: the same limit per instance in memory, no error and no hang', async () => {
  // A server that is not there, with service-kit's fail-fast options (as connectRedis makes them).
  const dead = new Redis('redis://127.0.0.1:1', { ...failFastRedisOptions(), lazyConnect: true, retryStrategy: () => null });
  dead.on('error', () => {});
  const limiter = createLimiter({ keyPrefix: 'down', points: 3, durationSeconds: 60, redis: dead, prefix: 'test:' });
  expect(await consumed(limiter, 'k', 6)).toBe(3);
  dead.disconnect();
});

it('without Redis: in process', async () => {
  const limiter = createLimiter({ keyPrefix: 'mem', points: 2, durationSeconds: 60 });
  expect(await consumed(limiter, 'k', 4)).toBe(2);
  expect(await consumed(limiter, 'other', 4)).toBe(2);
});
