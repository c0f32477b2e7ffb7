/**
 * `createValidator(options)`: the one client of auth-central's
 * `GET {authUrl}/context/auth/validate` (SPEC.md area A, rule 5) for backend
 * services, without any HTTP framework. `validate(token)` resolves to
 * `{user, workspace}` or throws a typed error the caller turns into its own
 * answer:
 * - `TokenRejectedError` (`status` 401, `code` and `message` from auth-central:
 *   INVALID_TOKEN, SESSION_INVALIDATED…) when auth-central refuses the token;
 * - `AuthUnavailableError` when auth-central cannot be reached, answers 5xx or
 *   something that is not a validation answer, times out, or the circuit
 *   breaker (opossum 9) is open.
 *
 * Before relaying a token, its signature, issuer-independent form and expiry
 * are checked locally against auth-central's JWKS (`verifyLocally`, on by
 * default): forged, expired and garbage tokens are refused here and never
 * reach auth-central, so a stranger cannot spend this backend's allowance of
 * refused tokens at auth-central and lock out its real users (a relay is
 * otherwise an amplifier). When the JWKS cannot be fetched, tokens are
 * relayed as before.
 *
 * A backend serving some tenants only says which: `apps` (the `app_id` the
 * token was issued for) and/or `organisations` (its `workspace.id`); a valid
 * token of another tenant is then refused (401 INVALID_TOKEN).
 *
 * Answers are cached per SHA-256 of the token (never the token itself) for
 * `cacheTtlMs` (default 10 s; refusals for `negativeCacheTtlMs`, default the
 * same), never past the token's own `exp`; a logged-out token keeps working
 * until its entry ends (rule 5), so keep the time short for sensitive
 * operations. Unavailability is never cached. Concurrent validations of one
 * token share one call. Tokens are never logged nor put in error messages.
 */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify } from 'jose';
import CircuitBreaker from 'opossum';

import type { AuthUser, AuthWorkspace } from '@latchkey/auth-client';

/** The `user` and `workspace` of `GET /context/auth/validate` (SPEC.md area A), shared with the browser client. */
export type { AuthUser, AuthWorkspace };
export interface AccessTokenAuth {
  user: AuthUser;
  workspace: AuthWorkspace;
  /** The hosted app the token was issued for (absent from auth-central versions before it was returned). */
  app_id?: string;
}

/** auth-central refused the token (or none was given): answer 401. */
export class TokenRejectedError extends Error {
  readonly status = 401 as const;
  /** auth-central's code (`INVALID_TOKEN`, `SESSION_INVALIDATED`, …). */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'TokenRejectedError';
    this.code = code;
  }
}

/** auth-central cannot answer right now: answer 503 (retry later). */
export class AuthUnavailableError extends Error {
  readonly status = 503 as const;
  readonly code = 'SERVICE_UNAVAILABLE' as const;
  constructor(message: string) {
    super(message);
    this.name = 'AuthUnavailableError';
  }
}

export interface BreakerOptions {
  /** Percentage of failed calls in the rolling window that opens the breaker (default 50). */
  errorThresholdPercentage?: number;
  /** Milliseconds the breaker stays open before one trial call (default 10000). */
  resetTimeout?: number;
  /** Calls in the window before the breaker may open (default 5). */
  volumeThreshold?: number;
  /** Rolling window, milliseconds (default 10000). */
  rollingCountTimeout?: number;
}

export interface ValidatorOptions {
  /** auth-central's address, e.g. `http://auth-central:4101` (no trailing slash needed). */
  authUrl: string;
  /** How long a validation answer is reused, in milliseconds (default 10000; 0 disables the cache). */
  cacheTtlMs?: number;
  /** How long a refusal (401) is reused, in milliseconds (default `cacheTtlMs`). */
  negativeCacheTtlMs?: number;
  /** Timeout of one validate call, in milliseconds (default 3000). */
  timeoutMs?: number;
  breaker?: BreakerOptions;
  /** Largest number of cached tokens (default 10000; the oldest entries go first). */
  maxCacheEntries?: number;
  /** Clock, epoch milliseconds (tests). */
  now?: () => number;
  /** fetch implementation (tests). */
  fetch?: typeof fetch;
  /** Check each token's signature and expiry against auth-central's JWKS before relaying it (default true). */
  verifyLocally?: boolean;
  /** Accept only tokens issued for these hosted apps (`app_id`); default: any app. */
  apps?: string[];
  /** Accept only tokens of these organisations (`workspace.id`); default: any organisation. */
  organisations?: string[];
}

/** What one call to auth-central concluded (a refusal is an answer, not a failure of the breaker). */
export type ValidationOutcome = { ok: true; auth: AccessTokenAuth } | { ok: false; code: string; message: string };

export interface AccessTokenValidator {
  /** `{user, workspace}` of a valid token; throws `TokenRejectedError` or `AuthUnavailableError`. */
  validate(token: string): Promise<AccessTokenAuth>;
  /** The circuit breaker (state, stats, events). */
  readonly breaker: CircuitBreaker<[string], ValidationOutcome>;
  /** Drops every cached answer. */
  clearCache(): void;
  /** Stops the breaker's timers. */
  close(): void;
}

/** The token of an `Authorization: Bearer <token>` header value, or null (RFC 6750; Latchkey's one parser, from `@latchkey/jwt`). */
export { parseBearer } from '@latchkey/jwt';

/** `exp` of a JWT (unverified; only used to end a cache entry early), in epoch ms. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** jose's errors about the token itself: malformed, forged, expired, an algorithm or key auth-central does not use. */
const LOCAL_REFUSALS = [
  joseErrors.JWSInvalid,
  joseErrors.JWTInvalid,
  joseErrors.JWSSignatureVerificationFailed,
  joseErrors.JWTExpired,
  joseErrors.JWTClaimValidationFailed,
  joseErrors.JOSEAlgNotAllowed,
  joseErrors.JOSENotSupported,
  joseErrors.JWKSNoMatchingKey,
];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createValidator(opts: ValidatorOptions): AccessTokenValidator {
  const url = `${opts.authUrl.replace(/\/+$/, '')}/context/auth/validate`;
  const ttl = opts.cacheTtlMs ?? 10_000;
  const negativeTtl = opts.negativeCacheTtlMs ?? ttl;
  const timeoutMs = opts.timeoutMs ?? 3000;
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  const maxEntries = opts.maxCacheEntries ?? 10_000;
  const cache = new Map<string, { until: number; outcome: ValidationOutcome }>();
  const inFlight = new Map<string, Promise<ValidationOutcome>>();
  const apps = opts.apps ? new Set(opts.apps) : undefined;
  const organisations = opts.organisations ? new Set(opts.organisations) : undefined;
  const jwks =
    opts.verifyLocally === false
      ? undefined
      : createRemoteJWKSet(new URL(`${opts.authUrl.replace(/\/+$/, '')}/.well-known/jwks.json`), {
          timeoutDuration: timeoutMs,
          ...(opts.fetch ? { [customFetch]: opts.fetch } : {}),
        });

  /**
   * A refusal decided here (a forged, malformed or expired token), or
   * undefined when the token must go to auth-central (its signature holds,
   * or the JWKS cannot be had right now).
   */
  const refusedLocally = async (token: string): Promise<ValidationOutcome | undefined> => {
    if (!jwks) return undefined;
    try {
      await jwtVerify(token, jwks, { algorithms: ['ES256', 'EdDSA'], currentDate: new Date(now()), clockTolerance: 5 });
      return undefined;
    } catch (err) {
      // What the token itself shows; anything else (the JWKS unreachable or unreadable) leaves the decision to auth-central.
      if (!LOCAL_REFUSALS.some((kind) => err instanceof kind)) return undefined;
      const expired = err instanceof joseErrors.JWTExpired;
      return { ok: false, code: 'INVALID_TOKEN', message: expired ? 'The access token has expired.' : 'The access token is invalid.' };
    }
  };

  const callValidate = async (token: string): Promise<ValidationOutcome> => {
    let res: globalThis.Response;
    try {
      res = await doFetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new AuthUnavailableError(`auth-central unreachable: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as unknown;
    if (res.ok) {
      if (
        isRecord(body) &&
        isRecord(body.user) &&
        isRecord(body.workspace) &&
        typeof body.user.id === 'string' &&
        typeof body.workspace.id === 'string' &&
        body.workspace.id
      ) {
        const appId = typeof body.app_id === 'string' ? { app_id: body.app_id } : {};
        return { ok: true, auth: { user: body.user as unknown as AuthUser, workspace: body.workspace as unknown as AuthWorkspace, ...appId } };
      }
      throw new AuthUnavailableError('auth-central answered without user.id and workspace.id');
    }
    if (res.status === 401 || res.status === 400) {
      const code = isRecord(body) && typeof body.error === 'string' ? body.error : 'INVALID_TOKEN';
      const message = isRecord(body) && typeof body.message === 'string' ? body.message : 'The access token is invalid.';
      return { ok: false, code, message };
    }
    throw new AuthUnavailableError(`auth-central answered ${res.status}`);
  };

  const breaker = new CircuitBreaker<[string], ValidationOutcome>(callValidate, {
    timeout: timeoutMs + 500,
    errorThresholdPercentage: opts.breaker?.errorThresholdPercentage ?? 50,
    resetTimeout: opts.breaker?.resetTimeout ?? 10_000,
    volumeThreshold: opts.breaker?.volumeThreshold ?? 5,
    rollingCountTimeout: opts.breaker?.rollingCountTimeout ?? 10_000,
    name: 'auth-central-validate',
  });

  const outcomeOf = async (token: string): Promise<ValidationOutcome> => {
    const key = createHash('sha256').update(token).digest('hex');
    const hit = cache.get(key);
    if (hit && hit.until > now()) return hit.outcome;
    if (hit) cache.delete(key);
    const local = await refusedLocally(token);
    if (local) return local;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = breaker.fire(token).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    let outcome: ValidationOutcome;
    try {
      outcome = await pending;
    } catch (err) {
      // Timeouts and the open breaker come from opossum; keep one error type (the message never holds the token).
      throw err instanceof AuthUnavailableError ? err : new AuthUnavailableError(`auth-central cannot validate tokens right now (${(err as Error).message})`);
    }
    const life = outcome.ok ? ttl : negativeTtl;
    if (life > 0) {
      const t = now();
      const exp = outcome.ok ? expiryOf(token) : undefined;
      const until = Math.min(t + life, exp ?? Number.POSITIVE_INFINITY);
      if (until > t) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, { until, outcome });
      }
    }
    return outcome;
  };

  return {
    async validate(token: string): Promise<AccessTokenAuth> {
      const outcome = await outcomeOf(token);
      if (!outcome.ok) throw new TokenRejectedError(outcome.code, outcome.message);
      const { auth } = outcome;
      if (apps && !(auth.app_id !== undefined && apps.has(auth.app_id)))
        throw new TokenRejectedError('INVALID_TOKEN', 'The access token was issued for another app.');
      if (organisations && !organisations.has(auth.workspace.id))
        throw new TokenRejectedError('INVALID_TOKEN', 'The access token belongs to another organisation.');
      return auth;
    },
    breaker,
    clearCache: () => cache.clear(),
    close: () => breaker.shutdown(),
  };
}
