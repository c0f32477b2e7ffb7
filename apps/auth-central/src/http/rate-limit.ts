/**
 * Per-IP rate limits (rate-limiter-flexible): in Redis when REDIS_URL is set
 * (shared by every instance, with an in-memory insurance limiter if Redis
 * fails), in process otherwise. Over the limit: 429 RATE_LIMITED with
 * `Retry-After` (seconds).
 */
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { HttpError } from '@latchkey/errors';

export function rateLimit(opts: { name: string; perMinute: number; redis?: Redis; prefix?: string }): RequestHandler {
  const base = { points: opts.perMinute, duration: 60 };
  const limiter: RateLimiterAbstract = opts.redis
    ? new RateLimiterRedis({
        ...base,
        storeClient: opts.redis,
        keyPrefix: `${opts.prefix ?? ''}auth-central:rl:${opts.name}`,
        insuranceLimiter: new RateLimiterMemory(base),
      })
    : new RateLimiterMemory({ ...base, keyPrefix: opts.name });
  return async (req, res, next) => {
    if (opts.perMinute <= 0) return next();
    try {
      const r = await limiter.consume(req.ip ?? 'unknown');
      res.setHeader('RateLimit-Remaining', String(r.remainingPoints));
      next();
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        next(new HttpError(429, 'RATE_LIMITED', `Too many requests. Retry in ${seconds} s.`, { headers: { 'Retry-After': String(seconds) } }));
        return;
      }
      next(err);
    }
  };
}

/**
 * Per-IP limit on refused tokens (refresh, logout, validate): only answers
 * with status 401 count, so callers with valid tokens are never slowed; an
 * IP over the limit gets 429 RATE_LIMITED on these endpoints until its
 * window frees. Shared through Redis like `rateLimit`.
 */
export class FailureLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(private readonly opts: { name: string; perMinute: number; redis?: Redis; prefix?: string }) {
    const base = { points: opts.perMinute, duration: 60 };
    this.limiter = opts.redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: opts.redis,
          keyPrefix: `${opts.prefix ?? ''}auth-central:rl:${opts.name}`,
          insuranceLimiter: new RateLimiterMemory(base),
        })
      : new RateLimiterMemory({ ...base, keyPrefix: opts.name });
  }

  get enabled(): boolean {
    return this.opts.perMinute > 0;
  }

  /** The 429 to answer when `ip` is over its limit, else undefined. */
  async refusal(ip: string): Promise<HttpError | undefined> {
    if (!this.enabled) return undefined;
    const state = await this.limiter.get(ip);
    if (state && state.consumedPoints >= this.opts.perMinute) {
      const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      return new HttpError(429, 'RATE_LIMITED', `Too many refused tokens. Retry in ${seconds} s.`, { headers: { 'Retry-After': String(seconds) } });
    }
    return undefined;
  }

  /** Counts one refused token (answer 401) of `ip`. */
  record(ip: string): void {
    if (this.enabled) this.limiter.penalty(ip, 1).catch(() => {});
  }
}

/** `FailureLimiter` as middleware: checks before the route, counts its 401 answers. */
export function failureLimit(limiter: FailureLimiter): RequestHandler {
  return async (req, res, next) => {
    if (!limiter.enabled) return next();
    const key = req.ip ?? 'unknown';
    try {
      const refusal = await limiter.refusal(key);
      if (refusal) {
        next(refusal);
        return;
      }
    } catch (err) {
      next(err);
      return;
    }
    res.on('finish', () => {
      if (res.statusCode === 401) limiter.record(key);
    });
    next();
  };
}
