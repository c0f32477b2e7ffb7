/**
 * `@latchkey/auth-backend`: how backend services accept area A access tokens.
 *
 * - `createValidator(options)` (./validator.ts): `validate(token)` → `{user, workspace}`
 *   or a typed error (`TokenRejectedError` 401, `AuthUnavailableError` 503), through
 *   auth-central's `GET {authUrl}/context/auth/validate` (SPEC.md, rule 5), with a
 *   per-token-hash cache (default 10 s) and a circuit breaker (opossum 9). For
 *   services that answer in their own error shape or accept other credentials too.
 * - `requireAccessToken(options)`: Express middleware over it. Answers to the
 *   backend's own callers (SPEC.md, Errors: "A backend that finds no token or a
 *   failed validation answers its own callers with 401"), unless `onError` is given:
 *   - 401 `{error: 'INVALID_TOKEN', message}` when the header is missing or malformed;
 *   - 401 with auth-central's own `{error, message}` (INVALID_TOKEN, SESSION_INVALIDATED) when it refuses the token;
 *   - 503 `{error: 'SERVICE_UNAVAILABLE', message}` with `Retry-After` when auth-central cannot be
 *     reached, answers 5xx, times out or the breaker is open (never cached).
 *   On success `req.auth = {user, workspace, app_id}`.
 *
 * Tenant scope: pass `apps: ['<your app id>']` (and/or `organisations`) so that
 * tokens issued for another tenant's app are refused with 401 INVALID_TOKEN:
 *   `requireAccessToken({ authUrl, apps: ['shop'] })`
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type CircuitBreaker from 'opossum';
import {
  AuthUnavailableError,
  TokenRejectedError,
  createValidator,
  parseBearer,
  type AccessTokenAuth,
  type AccessTokenValidator,
  type ValidationOutcome,
  type ValidatorOptions,
} from './validator.js';

export {
  AuthUnavailableError,
  TokenRejectedError,
  createValidator,
  parseBearer,
  type AccessTokenAuth,
  type AccessTokenValidator,
  type AuthUser,
  type AuthWorkspace,
  type BreakerOptions,
  type ValidationOutcome,
  type ValidatorOptions,
} from './validator.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `requireAccessToken` once the Bearer token is valid. */
      auth?: AccessTokenAuth;
    }
  }
}

export interface RequireAccessTokenOptions extends ValidatorOptions {
  /**
   * Answers a refused request in the service's own shape instead of the default
   * bodies: `err` is a `TokenRejectedError` (no or malformed header: code
   * `INVALID_TOKEN`; else auth-central's code) or an `AuthUnavailableError`.
   * It may answer with `res` or hand the error to Express with `next(err)`.
   */
  onError?: (err: TokenRejectedError | AuthUnavailableError, req: Request, res: Response, next: NextFunction) => void;
}

export interface AccessTokenMiddleware extends RequestHandler {
  /** The validator behind the middleware. */
  readonly validator: AccessTokenValidator;
  /** The circuit breaker (state, stats, events). */
  readonly breaker: CircuitBreaker<[string], ValidationOutcome>;
  /** Drops every cached answer. */
  clearCache(): void;
  /** Stops the breaker's timers. */
  close(): void;
}

const defaultOnError = (err: TokenRejectedError | AuthUnavailableError, _req: Request, res: Response) => {
  if (err instanceof AuthUnavailableError) {
    res.setHeader('Retry-After', '5');
    res.status(503).json({ error: 'SERVICE_UNAVAILABLE', message: 'The sign-in service cannot be reached. Try again shortly.' });
    return;
  }
  res.status(401).json({ error: err.code, message: err.message });
};

export function requireAccessToken(opts: RequireAccessTokenOptions): AccessTokenMiddleware {
  const validator = createValidator(opts);
  const onError = opts.onError ?? defaultOnError;

  const middleware = (async (req: Request, res: Response, next: NextFunction) => {
    const token = parseBearer(req.get('authorization'));
    if (!token) {
      onError(new TokenRejectedError('INVALID_TOKEN', 'An access token is required: Authorization: Bearer <token>.'), req, res, next);
      return;
    }
    let auth: AccessTokenAuth;
    try {
      auth = await validator.validate(token);
    } catch (err) {
      if (err instanceof TokenRejectedError || err instanceof AuthUnavailableError) return onError(err, req, res, next);
      return onError(new AuthUnavailableError('auth-central cannot validate tokens right now'), req, res, next);
    }
    req.auth = auth;
    next();
  }) as AccessTokenMiddleware;

  Object.defineProperty(middleware, 'validator', { value: validator });
  Object.defineProperty(middleware, 'breaker', { value: validator.breaker });
  middleware.clearCache = () => validator.clearCache();
  middleware.close = () => validator.close();
  return middleware;
}
