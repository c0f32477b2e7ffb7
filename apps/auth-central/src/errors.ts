import { HttpError } from '@latchkey/errors';

/**
 * auth-central's error codes and their statuses: the one code → status map of
 * the service. The first seven are SPEC.md's (Errors, Area A); the others are
 * Latchkey's own: bad input, limits, outages and the admin API (README).
 * `INVALID_TOKEN` is 400 on exchange and 401 on refresh and validate: the
 * exchange passes its status. `INVALID_REQUEST` is a body that is not JSON or
 * misses a required field.
 */
export const AUTH_CENTRAL_ERRORS = {
  INVALID_APP_ID: 400,
  INVALID_REDIRECT_URL: 400,
  INVALID_TOKEN: 401,
  TOKEN_EXPIRED: 400,
  TOKEN_USED: 400,
  SESSION_INVALIDATED: 401,
  CORS_REJECTED: 403,
  INVALID_REQUEST: 400,
  INVALID_DOMAIN: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  APP_EXISTS: 409,
  AMBIGUOUS_USER: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AuthCentralErrorCode = keyof typeof AUTH_CENTRAL_ERRORS;

/** What an error may carry besides its code and message. */
export interface AuthCentralErrorOptions {
  /** Another status than the code's (only `INVALID_TOKEN` on exchange: 400). */
  status?: number;
  /** Kept on the error (logs); the body stays `{ error, message }`. */
  details?: Record<string, unknown>;
  /** Response headers (`Retry-After`). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An area A error with its code's status; the body is `{ error: code, message }`. */
export class AuthCentralError extends HttpError {
  constructor(code: AuthCentralErrorCode, message: string, opts: AuthCentralErrorOptions = {}) {
    const { status = AUTH_CENTRAL_ERRORS[code], ...rest } = opts;
    super(status, code, message, rest);
    this.name = 'AuthCentralError';
  }
}
