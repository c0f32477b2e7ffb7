import type { Redis } from 'ioredis';

/** The outcome of admitting one request against a key's per-minute limits. */
export interface Admission {
  ok: boolean;
  /** Which limit refused it. */
  reason?: 'requests' | 'tokens';
  limitRequests: number;
  remainingRequests: number;
  limitTokens: number;
  remainingTokens: number;
  /** Milliseconds until the current window ends (when both counters free up). */
  resetMs: number;
  /** The window the request was admitted in (charges go to it). */
  window: number;
}

export const WINDOW_MS = 60_000;

/**
 * Per-key requests-per-minute and tokens-per-minute in fixed one-minute
 * windows. Admission counts the request and reserves the token estimate in
 * one atomic step; when the call finishes, `charge` replaces the estimate by
 * the real usage (`actual − estimate`). A key is refused once its window's
 * requests reach the RPM limit, or its tokens (reserved + charged) reach the
 * TPM limit, so one large call can push a key over and the next request of
 * that minute gets 429.
 */
export interface Limiter {
  admit(keyId: string, limits: { rpm: number; tpm: number }, estimate: number): Promise<Admission>;
  charge(keyId: string, window: number, delta: number): Promise<void>;
  /** Applies every charge still held back (tests, shutdown). */
  flush?(): Promise<void>;
}

// ARGV[5]: this instance's charges of the key's window not sent yet, applied before the check.
const ADMIT = `
local r = tonumber(redis.call('GET', KEYS[1]) or '0')
local carry = tonumber(ARGV[5] or '0')
local t
if carry ~= 0 and redis.call('EXISTS', KEYS[2]) == 1 then t = redis.call('INCRBY', KEYS[2], carry) else t = tonumber(redis.call('GET', KEYS[2]) or '0') end
local rl = tonumber(ARGV[1])
local tl = tonumber(ARGV[2])
local est = tonumber(ARGV[3])
if r >= rl then return {0, 1, r, t} end
if t >= tl then return {0, 2, r, t} end
r = redis.call('INCR', KEYS[1])
if r == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
t = redis.call('INCRBY', KEYS[2], est)
if t == est then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
return {1, 0, r, t}
`;

const CHARGE = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCRBY', KEYS[1], ARGV[1]) end
return 0
`;

function admission(ok: boolean, reason: number, used: number, tokens: number, limits: { rpm: number; tpm: number }, now: number, window: number): Admission {
  return {
    ok,
    reason: reason === 1 ? 'requests' : reason === 2 ? 'tokens' : undefined,
    limitRequests: limits.rpm,
    remainingRequests: Math.max(0, limits.rpm - used),
    limitTokens: limits.tpm,
    remainingTokens: Math.max(0, limits.tpm - tokens),
    resetMs: (window + 1) * WINDOW_MS - now,
    window,
  };
}

type RedisWithCommands = Redis & {
  gwAdmit(k1: string, k2: string, rpm: number, tpm: number, est: number, ttl: number, carry: number): Promise<[number, number, number, number]>;
  gwCharge(k: string, delta: number): Promise<number>;
};

export interface RedisLimiterOptions {
  /** How long a charge may wait for the key's next admission before it is sent alone (default 50 ms). */
  chargeDelayMs?: number;
  /** A batch of held-back charges could not be sent (they are kept and sent again later). */
  onError?: (err: Error) => void;
}

/**
 * Exact across instances: one Lua script per admission on Redis. A charge
 * (real usage minus the reservation, known when a call ends) is held back
 * and rides along with the key's next admission on this instance, which
 * applies it before its check; a key without another call within
 * `chargeDelayMs` gets its charges sent in one pipeline. So a call costs one
 * Redis round trip instead of two; other instances see a charge at most
 * `chargeDelayMs` later. Charges to a window that has ended are dropped:
 * nothing reads a past window.
 */
export class RedisLimiter implements Limiter {
  private readonly redis: RedisWithCommands;
  private readonly pending = new Map<string, { window: number; delta: number }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
    private readonly opts: RedisLimiterOptions = {},
  ) {
    if (!(redis as unknown as Partial<RedisWithCommands>).gwAdmit) {
      redis.defineCommand('gwAdmit', { numberOfKeys: 2, lua: ADMIT });
      redis.defineCommand('gwCharge', { numberOfKeys: 1, lua: CHARGE });
    }
    this.redis = redis as unknown as RedisWithCommands;
  }

  private keys(keyId: string, window: number): [string, string] {
    // One hash tag per key and window, so both counters live on one Cluster slot.
    const base = `${this.prefix}gw:rl:{${keyId}:${window}}`;
    return [`${base}:r`, `${base}:t`];
  }

  async admit(keyId: string, limits: { rpm: number; tpm: number }, estimate: number): Promise<Admission> {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    const [rk, tk] = this.keys(keyId, window);
    let carry = 0;
    const held = this.pending.get(keyId);
    if (held && held.window <= window) {
      this.pending.delete(keyId);
      if (held.window === window) carry = held.delta;
    }
    let result: [number, number, number, number];
    try {
      result = await this.redis.gwAdmit(rk, tk, limits.rpm, limits.tpm, Math.max(0, Math.round(estimate)), WINDOW_MS + 5_000, carry);
    } catch (err) {
      if (carry) this.hold(keyId, window, carry);
      throw err;
    }
    const [ok, reason, used, tokens] = result;
    return admission(ok === 1, reason, used, tokens, limits, now, window);
  }

  async charge(keyId: string, window: number, delta: number): Promise<void> {
    delta = Math.round(delta);
    if (!delta || window < Math.floor(this.now() / WINDOW_MS)) return;
    this.hold(keyId, window, delta);
  }

  private hold(keyId: string, window: number, delta: number, delayMs = this.opts.chargeDelayMs ?? 50): void {
    if (window < Math.floor(this.now() / WINDOW_MS)) return;
    const held = this.pending.get(keyId);
    if (held && held.window === window) held.delta += delta;
    else if (!held || held.window < window) this.pending.set(keyId, { window, delta });
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush().catch((err: Error) => this.opts.onError?.(err)), delayMs);
      this.timer.unref();
    }
  }

  /** Sends every held-back charge now, in one pipeline. */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing.catch(() => {});
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.pending.size) return;
    const batch = [...this.pending];
    this.pending.clear();
    const pipe = this.redis.pipeline() as unknown as { gwCharge(k: string, d: number): void; exec(): Promise<Array<[Error | null, unknown]> | null> };
    for (const [keyId, { window, delta }] of batch) pipe.gwCharge(this.keys(keyId, window)[1], delta);
    this.flushing = (async () => {
      const results = await pipe.exec().catch((err: Error) => batch.map((): [Error, unknown] => [err, null]));
      const failed = (results ?? []).map((r, i) => (r[0] ? i : -1)).filter((i) => i >= 0);
      if (!failed.length) return;
      // Kept, and tried again in a second (Redis is probably down: no tight loop).
      for (const i of failed) this.hold(batch[i]![0], batch[i]![1].window, batch[i]![1].delta, 1_000);
      throw results![failed[0]!]![0]!;
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }
}

/** The same rules in process memory (no Redis: one instance). */
export class MemoryLimiter implements Limiter {
  private counters = new Map<string, { r: number; t: number; window: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  async admit(keyId: string, limits: { rpm: number; tpm: number }, estimate: number): Promise<Admission> {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    const id = `${keyId}:${window}`;
    let c = this.counters.get(id);
    if (!c) {
      for (const [k, v] of this.counters) if (v.window < window) this.counters.delete(k);
      c = { r: 0, t: 0, window };
      this.counters.set(id, c);
    }
    if (c.r >= limits.rpm) return admission(false, 1, c.r, c.t, limits, now, window);
    if (c.t >= limits.tpm) return admission(false, 2, c.r, c.t, limits, now, window);
    c.r++;
    c.t += Math.max(0, Math.round(estimate));
    return admission(true, 0, c.r, c.t, limits, now, window);
  }

  async charge(keyId: string, window: number, delta: number): Promise<void> {
    const c = this.counters.get(`${keyId}:${window}`);
    if (c) c.t += Math.round(delta);
  }
}

/** The `x-ratelimit-*` headers of an admission (OpenAI's names). */
export function rateLimitHeaders(a: Admission): Record<string, string> {
  const reset = `${Math.max(1, Math.ceil(a.resetMs / 1000))}s`;
  return {
    'x-ratelimit-limit-requests': String(a.limitRequests),
    'x-ratelimit-remaining-requests': String(a.remainingRequests),
    'x-ratelimit-reset-requests': reset,
    'x-ratelimit-limit-tokens': String(a.limitTokens),
    'x-ratelimit-remaining-tokens': String(a.remainingTokens),
    'x-ratelimit-reset-tokens': reset,
  };
}
