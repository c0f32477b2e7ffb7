/**
 * Per-IP rate limits (service-kit's `createLimiter`: in Redis when REDIS_URL is
 * set, shared by every instance, the same limit per instance in memory while
 * Redis is down; in process otherwise). Over the limit: 429 RATE_LIMITED with
 * `Retry-After` (seconds).
 */
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createLimiter } from '@latchkey/service-kit';
import { AuthCentralError } from '../errors.js';

export function rateLimit(opts: { name: string; perMinute: number; redis?: Redis; prefix?: string }): RequestHandler {
  const limiter = createLimiter({
    keyPrefix: `auth-central:rl:${opts.name}`,
    points: opts.perMinute,
    durationSeconds: 60,
    redis: opts.redis,
    prefix: opts.prefix,
  });
  return async (req, res, next) => {
    if (opts.perMinute <= 0) return next();
    try {
      const r = await limiter.consume(req.ip ?? 'unknown');
      res.setHeader('RateLimit-Remaining', String(r.remainingPoints));
      next();
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        next(new AuthCentralError('RATE_LIMITED', `Too many requests. Retry in ${seconds} s.`, { headers: { 'Retry-After': String(seconds) } }));
        return;
      }
      next(err);
    }
  };
}

/** How long a Redis-backed `FailureLimiter` trusts its last look at an IP that was not over the limit. */
export const FAILURE_STATE_TTL_MS = 1000;
const MAX_LOCAL_ENTRIES = 10_000;

/**
 * Per-IP limit on refused tokens (refresh, logout, validate): only answers
 * with status 401 count, so callers with valid tokens are never slowed; an
 * IP over the limit gets 429 RATE_LIMITED on these endpoints until its
 * window frees. Shared through Redis like `rateLimit`.
 *
 * With Redis, asking it on every request would put a round trip in front
 * of every validate, for callers that almost never fail. So an IP found
 * under the limit is not asked about again for `FAILURE_STATE_TTL_MS`
 * (1 s), and this instance's own refusals update its view at once (the
 * penalty's answer says whether the IP is now over): an IP pushed over the
 * limit by *other* instances is held back here at most 1 s late. In process
 * (no Redis) the limiter is local and exact.
 */
export class FailureLimiter {
  private readonly limiter: RateLimiterAbstract;
  private readonly now: () => number;
  /** Redis only: ip → until when it is known to be under the limit. */
  private readonly clearUntil = new Map<string, number>();
  /** Redis only: ip → until when it is known to be over the limit. */
  private readonly blockedUntil = new Map<string, number>();

  constructor(private readonly opts: { name: string; perMinute: number; redis?: Redis; prefix?: string; now?: () => number }) {
    this.now = opts.now ?? Date.now;
    this.limiter = createLimiter({
      keyPrefix: `auth-central:rl:${opts.name}`,
      points: opts.perMinute,
      durationSeconds: 60,
      redis: opts.redis,
      prefix: opts.prefix,
    });
  }

  get enabled(): boolean {
    return this.opts.perMinute > 0;
  }

  private refuse(msBeforeNext: number): AuthCentralError {
    const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
    return new AuthCentralError('RATE_LIMITED', `Too many refused tokens. Retry in ${seconds} s.`, { headers: { 'Retry-After': String(seconds) } });
  }

  private remember(map: Map<string, number>, ip: string, until: number): void {
    if (map.size >= MAX_LOCAL_ENTRIES) map.clear();
    map.set(ip, until);
  }

  /** The 429 to answer when `ip` is over its limit, else undefined. */
  async refusal(ip: string): Promise<AuthCentralError | undefined> {
    if (!this.enabled) return undefined;
    const local = this.opts.redis !== undefined;
    if (local) {
      const now = this.now();
      const blocked = this.blockedUntil.get(ip);
      if (blocked !== undefined && blocked > now) return this.refuse(blocked - now);
      const clear = this.clearUntil.get(ip);
      if (clear !== undefined && clear > now) return undefined;
    }
    const state = await this.limiter.get(ip);
    if (state && state.consumedPoints >= this.opts.perMinute) {
      if (local) this.remember(this.blockedUntil, ip, this.now() + state.msBeforeNext);
      return this.refuse(state.msBeforeNext);
    }
    if (local) this.remember(this.clearUntil, ip, this.now() + FAILURE_STATE_TTL_MS);
    return undefined;
  }

  /** Counts one refused token (answer 401) of `ip`. */
  record(ip: string): void {
    if (!this.enabled) return;
    this.limiter.penalty(ip, 1).then(
      (res) => {
        if (this.opts.redis && res.consumedPoints >= this.opts.perMinute) {
          this.clearUntil.delete(ip);
          this.remember(this.blockedUntil, ip, this.now() + res.msBeforeNext);
        }
      },
      () => {},
    );
  }
}

/**
 * `FailureLimiter` as middleware: checks before the route, counts its 401 answers.
 * `servedWhenOver(req)` (optional) lets a request through although its address
 * is over the limit — validate passes its tokens that carry our valid
 * signature, so that a backend relaying a stranger's garbage tokens from one
 * address (issue: relay lockout) does not get its real users refused.
 */
export function failureLimit(limiter: FailureLimiter, servedWhenOver?: (req: Parameters<RequestHandler>[0]) => Promise<boolean>): RequestHandler {
  return async (req, res, next) => {
    if (!limiter.enabled) return next();
    const key = req.ip ?? 'unknown';
    try {
      const refusal = await limiter.refusal(key);
      if (refusal && !(servedWhenOver && (await servedWhenOver(req)))) {
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
