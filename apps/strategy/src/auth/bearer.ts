/**
 * Bearer access tokens are verified through auth-central's validate endpoint
 * (`GET {authUrl}/context/auth/validate`, SPEC.md area A). Results are cached
 * briefly (a logged-out token keeps working until its entry ends: SPEC.md
 * area A rule 5), keyed by a SHA-256 of the token, and calls go through a
 * circuit breaker so a failing auth-central is not hammered.
 */
import CircuitBreaker from 'opossum';
import { sha256Hex } from '@latchkey/service-kit';

export interface ValidatedIdentity {
  userId: string;
  orgId: string;
  tier: string;
  role?: string | undefined;
}

/** `null` when the token is invalid; throws `AuthUnavailableError` when auth-central cannot answer. */
export type BearerValidator = (token: string) => Promise<ValidatedIdentity | null>;

export class AuthUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthUnavailableError';
  }
}

export interface BearerValidatorOptions {
  authUrl: string;
  /** How long a validation result is reused, ms (default 30 s; invalid tokens 5 s). */
  cacheTtlMs?: number;
  negativeTtlMs?: number;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
  maxEntries?: number;
}

interface ValidateBody {
  user?: { id?: unknown; role?: unknown };
  workspace?: { id?: unknown; tier?: unknown };
}

export function createBearerValidator(opts: BearerValidatorOptions): BearerValidator & { breaker: CircuitBreaker; clear(): void } {
  const ttl = opts.cacheTtlMs ?? 30_000;
  const negativeTtl = opts.negativeTtlMs ?? 5_000;
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  const max = opts.maxEntries ?? 10_000;
  const cache = new Map<string, { value: ValidatedIdentity | null; expires: number }>();
  const url = `${opts.authUrl.replace(/\/+$/, '')}/context/auth/validate`;

  const call = async (token: string): Promise<ValidatedIdentity | null> => {
    const res = await doFetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, signal: AbortSignal.timeout(opts.timeoutMs ?? 3000) });
    if (res.status === 401 || res.status === 400 || res.status === 403) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw new Error(`auth-central validate answered ${res.status}`);
    const body = (await res.json()) as ValidateBody;
    const userId = body.user?.id;
    const orgId = body.workspace?.id;
    if (typeof userId !== 'string' || typeof orgId !== 'string' || !orgId) throw new Error('auth-central validate answered without user.id or workspace.id');
    const tier = typeof body.workspace?.tier === 'string' ? body.workspace.tier : 'free';
    return { userId, orgId, tier, role: typeof body.user?.role === 'string' ? body.user.role : undefined };
  };

  const breaker = new CircuitBreaker(call, {
    timeout: (opts.timeoutMs ?? 3000) + 500,
    errorThresholdPercentage: 50,
    volumeThreshold: 5,
    resetTimeout: 10_000,
  });

  const validate = (async (token: string) => {
    const key = sha256Hex(token);
    const hit = cache.get(key);
    const t = now();
    if (hit && hit.expires > t) return hit.value;
    let value: ValidatedIdentity | null;
    try {
      value = (await breaker.fire(token)) as ValidatedIdentity | null;
    } catch (err) {
      throw new AuthUnavailableError(`auth-central cannot validate tokens right now (${(err as Error).message})`);
    }
    if (cache.size >= max) cache.delete(cache.keys().next().value!);
    cache.set(key, { value, expires: t + (value ? ttl : negativeTtl) });
    return value;
  }) as BearerValidator & { breaker: CircuitBreaker; clear(): void };
  validate.breaker = breaker;
  validate.clear = () => cache.clear();
  return validate;
}
