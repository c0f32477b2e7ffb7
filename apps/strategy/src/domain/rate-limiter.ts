/**
 * Per-organisation rate limits (DESIGN.md, C rate limits): fixed minute, hour
 * and day windows plus a cap on concurrent requests, all checked and counted
 * in one step. With Redis the step is one Lua script (atomic across every
 * instance; keys carry the organisation as a hash tag for Redis Cluster);
 * without Redis the same rules run in process. A refused request counts
 * against nothing. Time comes from an injectable clock.
 *
 * Redis down: the limiter fails open to the in-process rules (each instance
 * then enforces the limits on its own, from fresh windows) rather than
 * refusing paid calls with 503; nothing is charged differently either way.
 * README, "Dependency outages".
 */
import type { Redis } from 'ioredis';
import { unavailableDependency } from '@latchkey/errors';

export type Tier = 'free' | 'pro' | 'enterprise';
export const TIERS: Tier[] = ['free', 'pro', 'enterprise'];

export interface TierLimits {
  minute: number;
  hour: number;
  day: number;
  concurrent: number;
}

export const DEFAULT_LIMITS: Record<Tier, TierLimits> = {
  free: { minute: 60, hour: 1000, day: 10000, concurrent: 10 },
  pro: { minute: 60, hour: 1000, day: 10000, concurrent: 10 },
  enterprise: { minute: 600, hour: 10000, day: 100000, concurrent: 50 },
};

export type WindowName = 'minute' | 'hour' | 'day';
export const WINDOWS: Array<{ name: WindowName; ms: number }> = [
  { name: 'minute', ms: 60_000 },
  { name: 'hour', ms: 3_600_000 },
  { name: 'day', ms: 86_400_000 },
];

export interface WindowState {
  window: WindowName;
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** When the window ends, epoch milliseconds. */
  resetAt: number;
}

export type LimitDecision =
  | { allowed: true; windows: WindowState[]; /** Call when the request ends (frees the concurrency slot). */ release: () => Promise<void> }
  | { allowed: false; exceeded: WindowName | 'concurrent'; windows: WindowState[]; limit: number; resetAt: number };

export interface RateLimiterOptions {
  limits?: Partial<Record<Tier, Partial<TierLimits>>>;
  redis?: Redis | undefined;
  /** Key prefix (tests use a namespace of their own). */
  prefix?: string;
  now?: () => number;
  /** How long a concurrency slot lives if its request never reports back (crash), ms. */
  slotTtlMs?: number;
  /** resetTime of a concurrency refusal: now + this, ms. */
  concurrencyRetryMs?: number;
}

const SCRIPT = `
local now = tonumber(ARGV[1])
local slotTtl = tonumber(ARGV[2])
local member = ARGV[3]
local concLimit = tonumber(ARGV[4])
local counts = {}
for i = 1, 3 do
  counts[i] = tonumber(redis.call('GET', KEYS[i]) or '0')
end
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - slotTtl)
local inflight = redis.call('ZCARD', KEYS[4])
for i = 1, 3 do
  if counts[i] >= tonumber(ARGV[4 + i]) then
    return {0, i, counts[1], counts[2], counts[3], inflight}
  end
end
if inflight >= concLimit then
  return {0, 4, counts[1], counts[2], counts[3], inflight}
end
for i = 1, 3 do
  counts[i] = redis.call('INCR', KEYS[i])
  if counts[i] == 1 then redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[7 + i])) end
end
redis.call('ZADD', KEYS[4], now, member)
redis.call('PEXPIRE', KEYS[4], slotTtl)
return {1, 0, counts[1], counts[2], counts[3], inflight + 1}
`;

export class RateLimiter {
  private readonly limits: Record<Tier, TierLimits>;
  private readonly redis: Redis | undefined;
  private readonly prefix: string;
  private readonly now: () => number;
  private readonly slotTtlMs: number;
  private readonly concurrencyRetryMs: number;
  private readonly memCounts = new Map<string, { count: number; expires: number }>();
  private readonly memSlots = new Map<string, Map<string, number>>();
  private seq = 0;

  constructor(opts: RateLimiterOptions = {}) {
    this.limits = Object.fromEntries(TIERS.map((t) => [t, { ...DEFAULT_LIMITS[t], ...(opts.limits?.[t] ?? {}) }])) as Record<Tier, TierLimits>;
    this.redis = opts.redis;
    this.prefix = opts.prefix ?? '';
    this.now = opts.now ?? Date.now;
    this.slotTtlMs = opts.slotTtlMs ?? 120_000;
    this.concurrencyRetryMs = opts.concurrencyRetryMs ?? 1_000;
    if (this.redis && !(this.redis as unknown as { strategyRateLimit?: unknown }).strategyRateLimit) {
      this.redis.defineCommand('strategyRateLimit', { numberOfKeys: 4, lua: SCRIPT });
    }
  }

  limitsOf(tier: Tier): TierLimits {
    return this.limits[tier];
  }

  /** Checks and counts one request of `orgId`. */
  async take(orgId: string, tier: Tier): Promise<LimitDecision> {
    const limits = this.limits[tier];
    const now = this.now();
    const starts = WINDOWS.map((w) => Math.floor(now / w.ms) * w.ms);
    const tag = `{${orgId}}`;
    const keys = WINDOWS.map((w, i) => `${this.prefix}strategy:rl:${tag}:${w.name}:${starts[i]}`);
    const slotsKey = `${this.prefix}strategy:rl:${tag}:inflight`;
    const member = `${now}:${process.pid}:${++this.seq}:${Math.random().toString(36).slice(2, 8)}`;
    const windowLimits = [limits.minute, limits.hour, limits.day];

    let result: number[] | undefined;
    let viaRedis = false;
    if (this.redis) {
      try {
        result = await this.takeInRedis(keys, slotsKey, member, now, windowLimits, limits.concurrent, starts);
        viaRedis = true;
      } catch (err) {
        if (!unavailableDependency(err)) throw err;
      }
    }
    result ??= this.takeInMemory(keys, slotsKey, member, now, windowLimits, limits.concurrent, starts);
    const [ok, which, c1, c2, c3] = result as [number, number, number, number, number, number];
    const counts = [c1, c2, c3];
    const windows: WindowState[] = WINDOWS.map((w, i) => ({
      window: w.name,
      limit: windowLimits[i]!,
      remaining: Math.max(0, windowLimits[i]! - counts[i]!),
      resetAt: starts[i]! + w.ms,
    }));
    if (ok === 1) {
      let released = false;
      return {
        allowed: true,
        windows,
        release: async () => {
          if (released) return;
          released = true;
          if (viaRedis) await this.redis!.zrem(slotsKey, member);
          else this.memSlots.get(slotsKey)?.delete(member);
        },
      };
    }
    if (which === 4) {
      return { allowed: false, exceeded: 'concurrent', windows, limit: limits.concurrent, resetAt: now + this.concurrencyRetryMs };
    }
    const w = windows[which - 1]!;
    return { allowed: false, exceeded: w.window, windows, limit: w.limit, resetAt: w.resetAt };
  }

  private async takeInRedis(
    keys: string[],
    slotsKey: string,
    member: string,
    now: number,
    windowLimits: number[],
    concLimit: number,
    starts: number[],
  ): Promise<number[]> {
    const ttls = WINDOWS.map((w, i) => Math.max(1000, starts[i]! + w.ms - now + 1000));
    const run = (this.redis as unknown as Record<string, (...a: unknown[]) => Promise<number[]>>).strategyRateLimit!;
    return (await run.call(this.redis, ...keys, slotsKey, now, this.slotTtlMs, member, concLimit, ...windowLimits, ...ttls)).map(Number);
  }

  private takeInMemory(keys: string[], slotsKey: string, member: string, now: number, windowLimits: number[], concLimit: number, starts: number[]): number[] {
    const counts = keys.map((k) => {
      const e = this.memCounts.get(k);
      return e && e.expires > now ? e.count : 0;
    });
    let slots = this.memSlots.get(slotsKey);
    if (!slots) this.memSlots.set(slotsKey, (slots = new Map()));
    for (const [m, at] of slots) if (at <= now - this.slotTtlMs) slots.delete(m);
    for (let i = 0; i < 3; i++) if (counts[i]! >= windowLimits[i]!) return [0, i + 1, counts[0]!, counts[1]!, counts[2]!, slots.size];
    if (slots.size >= concLimit) return [0, 4, counts[0]!, counts[1]!, counts[2]!, slots.size];
    keys.forEach((k, i) => {
      counts[i]! += 1;
      this.memCounts.set(k, { count: counts[i]!, expires: starts[i]! + WINDOWS[i]!.ms });
    });
    slots.set(member, now);
    if (this.memCounts.size > 50_000) for (const [k, e] of this.memCounts) if (e.expires <= now) this.memCounts.delete(k);
    return [1, 0, counts[0]!, counts[1]!, counts[2]!, slots.size];
  }
}

/**
 * The window the `X-RateLimit-*` headers describe: the one with the fewest
 * requests left (the shortest on a tie), or the exceeded one on a refusal.
 */
export function headerWindow(windows: WindowState[]): WindowState {
  return [...windows].sort(
    (a, b) => a.remaining - b.remaining || WINDOWS.findIndex((w) => w.name === a.window) - WINDOWS.findIndex((w) => w.name === b.window),
  )[0]!;
}
