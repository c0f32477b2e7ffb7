import { HttpError } from '@latchkey/errors';

/**
 * auth-central's error codes and their statuses (SPEC.md, Errors, Area A):
 * the one code → status map of the service.
 * `INVALID_TOKEN` is 400 on exchange and 401 on refresh and validate: the
 * caller passes the status. `INVALID_REQUEST` is Latchkey's code for a body
 * that is not JSON or misses a required field.
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
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AuthCentralErrorCode = keyof typeof AUTH_CENTRAL_ERRORS;

/** An area A error with its code's status (or the one given); the body is `{ error: code, message }`. */
export class AuthCentralError extends HttpError {
  constructor(code: AuthCentralErrorCode, message: string, status: number = AUTH_CENTRAL_ERRORS[code]) {
    super(status, code, message);
    this.name = 'AuthCentralError';
  }
}
