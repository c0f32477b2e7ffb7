/**
 * `@latchkey/auth-backend`: Express middleware for backend services that
 * accept area A access tokens. It validates `Authorization: Bearer <token>`
 * by calling auth-central's `GET {authUrl}/context/auth/validate` (SPEC.md,
 * rule 5), caches each answer for `cacheTtlMs` (valid and invalid tokens
 * alike; a logged-out token keeps working until its entry ends, so keep the
 * time short for sensitive operations), and protects auth-central with a
 * circuit breaker (opossum 9).
 *
 * Answers to the backend's own callers (SPEC.md, Errors: "A backend that
 * finds no token or a failed validation answers its own callers with 401"):
 * - 401 `{error: 'INVALID_TOKEN', message}` when the header is missing or malformed;
 * - 401 with auth-central's own `{error, message}` (INVALID_TOKEN, SESSION_INVALIDATED) when it refuses the token;
 * - 503 `{error: 'SERVICE_UNAVAILABLE', message}` when auth-central cannot be reached, answers 5xx, times out or the breaker is open (never cached).
 * On success `req.auth = {user, workspace}`.
 */
import { createHash } from 'node:crypto';
import CircuitBreaker from 'opossum';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: string;
}
export interface AuthWorkspace {
  id: string;
  name: string;
  tier: string;
}
export interface AccessTokenAuth {
  user: AuthUser;
  workspace: AuthWorkspace;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `requireAccessToken` once the Bearer token is valid. */
      auth?: AccessTokenAuth;
    }
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

export interface RequireAccessTokenOptions {
  /** auth-central's address, e.g. `http://auth-central:4101` (no trailing slash needed). */
  authUrl: string;
  /** How long a validation answer is reused, in milliseconds (default 10000; 0 disables the cache). */
  cacheTtlMs?: number;
  /** Timeout of one validate call, in milliseconds (default 3000). */
  timeoutMs?: number;
  breaker?: BreakerOptions;
  /** Largest number of cached tokens (default 10000; the oldest entries go first). */
  maxCacheEntries?: number;
  /** Clock, epoch milliseconds (tests). */
  now?: () => number;
  /** fetch implementation (tests). */
  fetch?: typeof fetch;
}

type Outcome = { ok: true; auth: AccessTokenAuth } | { ok: false; status: 401; body: { error: string; message: string } };

export interface AccessTokenMiddleware extends RequestHandler {
  /** The circuit breaker (state, stats, events). */
  readonly breaker: CircuitBreaker<[string], Outcome>;
  /** Drops every cached answer. */
  clearCache(): void;
  /** Stops the breaker's timers. */
  close(): void;
}

class Unavailable extends Error {}

function bearer(req: Request): string | null {
  const header = req.get('authorization');
  const m = header ? /^Bearer ([^\s]+)$/i.exec(header) : null;
  return m ? m[1]! : null;
}

/** `exp` of a JWT (unverified; only used to end a cache entry early), in epoch ms. */
function expiryOf(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export function requireAccessToken(opts: RequireAccessTokenOptions): AccessTokenMiddleware {
  const base = opts.authUrl.replace(/\/+$/, '');
  const ttl = opts.cacheTtlMs ?? 10_000;
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  const maxEntries = opts.maxCacheEntries ?? 10_000;
  const cache = new Map<string, { until: number; outcome: Outcome }>();
  const inFlight = new Map<string, Promise<Outcome>>();

  const callValidate = async (token: string): Promise<Outcome> => {
    let res: globalThis.Response;
    try {
      res = await doFetch(`${base}/context/auth/validate`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
      });
    } catch (err) {
      throw new Unavailable(`auth-central unreachable: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.ok && body && typeof body.user === 'object' && typeof body.workspace === 'object') {
      return { ok: true, auth: { user: body.user as AuthUser, workspace: body.workspace as AuthWorkspace } };
    }
    if (res.status === 401 || res.status === 400) {
      const error = typeof body?.error === 'string' ? body.error : 'INVALID_TOKEN';
      const message = typeof body?.message === 'string' ? body.message : 'The access token is invalid.';
      return { ok: false, status: 401, body: { error, message } };
    }
    throw new Unavailable(`auth-central answered ${res.status}`);
  };

  const breaker = new CircuitBreaker<[string], Outcome>(callValidate, {
    timeout: (opts.timeoutMs ?? 3000) + 500,
    errorThresholdPercentage: opts.breaker?.errorThresholdPercentage ?? 50,
    resetTimeout: opts.breaker?.resetTimeout ?? 10_000,
    volumeThreshold: opts.breaker?.volumeThreshold ?? 5,
    rollingCountTimeout: opts.breaker?.rollingCountTimeout ?? 10_000,
    name: 'auth-central-validate',
  });

  const validate = async (token: string): Promise<Outcome> => {
    const key = createHash('sha256').update(token).digest('hex');
    const t = now();
    const hit = cache.get(key);
    if (hit && hit.until > t) return hit.outcome;
    if (hit) cache.delete(key);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = breaker.fire(token).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const outcome = await pending;
    if (ttl > 0) {
      const exp = outcome.ok ? expiryOf(token) : undefined;
      const until = Math.min(now() + ttl, exp ?? Number.POSITIVE_INFINITY);
      if (until > now()) {
        if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
        cache.set(key, { until, outcome });
      }
    }
    return outcome;
  };

  const middleware = (async (req: Request, res: Response, next: NextFunction) => {
    const token = bearer(req);
    if (!token) {
      res.status(401).json({ error: 'INVALID_TOKEN', message: 'An access token is required: Authorization: Bearer <token>.' });
      return;
    }
    let outcome: Outcome;
    try {
      outcome = await validate(token);
    } catch {
      res.setHeader('Retry-After', '5');
      res.status(503).json({ error: 'SERVICE_UNAVAILABLE', message: 'The sign-in service cannot be reached. Try again shortly.' });
      return;
    }
    if (!outcome.ok) {
      res.status(outcome.status).json(outcome.body);
      return;
    }
    req.auth = outcome.auth;
    next();
  }) as AccessTokenMiddleware;

  Object.defineProperty(middleware, 'breaker', { value: breaker });
  middleware.clearCache = () => cache.clear();
  middleware.close = () => breaker.shutdown();
  return middleware;
}
