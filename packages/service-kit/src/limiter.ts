/**
 * Latchkey's one way to make a rate limiter (rate-limiter-flexible) and its
 * one Redis-down policy: with Redis, one count shared by every instance, and
 * while Redis is unreachable (commands fail within a second: offline queue
 * off) the same limit held per instance in memory — an insurance limiter —
 * so that a Redis outage neither lets everything through nor refuses
 * everything (README, "Dependency outages"). Without Redis, in memory.
 *
 * The gateway's RPM/TPM limits are the documented exception: they are a
 * spending control and answer 503 while Redis is down (apps/ai-gateway).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface LimiterOptions {
  /** Key namespace of this limit, e.g. `auth-central:rl:login` (prefixed by `prefix` in Redis). */
  keyPrefix: string;
  /** Points (requests, failures) allowed per window. */
  points: number;
  /** Window length, in seconds. */
  durationSeconds: number;
  /** The shared store; in-process only when absent. */
  redis?: Redis;
  /** Start of every Redis key (tests use a namespace of their own). */
  prefix?: string;
}

/** A rate limiter under the policy above (`consume`, `penalty`, `reward`, `get`…: rate-limiter-flexible's API). */
export function createLimiter(o: LimiterOptions): RateLimiterAbstract {
  const base = { points: o.points, duration: o.durationSeconds };
  if (!o.redis) return new RateLimiterMemory({ ...base, keyPrefix: o.keyPrefix });
  return new RateLimiterRedis({
    ...base,
    storeClient: o.redis,
    keyPrefix: `${o.prefix ?? ''}${o.keyPrefix}`,
    useRedisPackage: false,
    insuranceLimiter: new RateLimiterMemory({ ...base, keyPrefix: o.keyPrefix }),
  });
}
