import { HttpError } from '@latchkey/errors';

/**
 * app-signin's error codes and their statuses: the one code → status map of
 * the service. The end-user routes answer with better-auth's codes and
 * statuses (SPEC.md area B); the `/admin/*` codes are Latchkey's own
 * (README.md, Operator API).
 *
 * A few codes carry a different status on one endpoint, because better-auth
 * answers that endpoint so; the throw site passes that status and says why:
 * - `INVALID_TOKEN` (400 here) is 401 on `GET /verify-email`.
 * - `USER_NOT_FOUND` (404 here, the operator's reset-user) is 400 on
 *   `POST /reset-password` and 401 on `GET /verify-email`.
 * - `INVALID_ORIGIN` (403 here, the browser origin check) is 400 for a
 *   malformed `--origins` value given to the operator's deploy.
 */
export const SIGNIN_ERRORS = {
  // Requests and sessions.
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  VALIDATION_ERROR: 400,
  BODY_MUST_BE_AN_OBJECT: 400,
  INVALID_ORIGIN: 403,
  INVALID_CALLBACK_URL: 403,
  INVALID_REDIRECT_URL: 403,
  INVALID_ERROR_CALLBACK_URL: 403,
  INVALID_NEW_USER_CALLBACK_URL: 403,
  TOO_MANY_REQUESTS: 429,
  SESSION_EXPIRED: 400,
  SESSION_NOT_FRESH: 403,
  SIGNING_KEY_MISSING: 503,

  // Email and password.
  INVALID_EMAIL: 400,
  INVALID_EMAIL_OR_PASSWORD: 401,
  INVALID_PASSWORD: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_LONG: 400,
  PASSWORD_COMPROMISED: 400,
  EMAIL_NOT_VERIFIED: 403,
  EMAIL_ALREADY_VERIFIED: 400,
  EMAIL_MISMATCH: 400,
  EMAIL_IS_THE_SAME: 400,
  EMAIL_CAN_NOT_BE_UPDATED: 400,
  VERIFICATION_EMAIL_NOT_ENABLED: 400,
  RESET_PASSWORD_DISABLED: 400,
  INVALID_TOKEN: 400,
  TOKEN_EXPIRED: 401,
  USER_NOT_FOUND: 404,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 422,
  CREDENTIAL_ACCOUNT_NOT_FOUND: 400,

  // User fields.
  FIELD_NOT_ALLOWED: 400,
  NO_FIELDS_TO_UPDATE: 400,

  // Two-factor.
  TOTP_ALREADY_ENABLED: 400,
  TOTP_NOT_ENABLED: 400,
  TWO_FACTOR_NOT_ENABLED: 400,
  BACKUP_CODES_NOT_ENABLED: 400,
  INVALID_CODE: 401,
  INVALID_BACKUP_CODE: 401,
  INVALID_TWO_FACTOR_COOKIE: 401,

  // Social sign-in and linked accounts.
  PROVIDER_NOT_FOUND: 404,
  PROVIDER_UNAVAILABLE: 502,
  ID_TOKEN_NOT_SUPPORTED: 404,
  ACCOUNT_NOT_FOUND: 400,
  FAILED_TO_UNLINK_LAST_ACCOUNT: 400,

  // Operator API (`/admin/*`).
  APP_NOT_FOUND: 404,
  APP_EXISTS: 409,
  INVALID_APP_ID: 400,
  INVALID_ORG: 400,
  INVALID_ROLE: 400,
  INVALID_SENDER: 400,
  INVALID_LINK_BASE: 400,
  INVALID_DATABASE_URL: 400,
  NO_DATABASE_SERVER: 400,
  DATABASE_UNREACHABLE: 502,
  CONFIRM_REQUIRED: 400,
  PROVISION_FIRST: 409,
  SCHEMA_OUT_OF_DATE: 409,
  INVALID_PROVIDER: 400,
  INVALID_ISSUER: 400,
  ISSUER_REQUIRED: 400,
  INVALID_MIGRATION_NAME: 400,
  DUPLICATE_MIGRATION: 400,
  MIGRATION_CHANGED: 409,
  DEPLOY_FIRST: 409,
  MIGRATION_FAILED: 422,
} as const;

export type SigninErrorCode = keyof typeof SIGNIN_ERRORS;

export interface SigninErrorOptions {
  /** The status when this endpoint answers the code differently from the map (see above). */
  status?: number;
  /** Extra body fields (the operator API's `details`). */
  details?: Record<string, unknown>;
  /** Response headers that go with it (`Retry-After`). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An app-signin error with its code's status (or the one given); the body is `{ code, message }`. */
export class SigninError extends HttpError {
  constructor(code: SigninErrorCode, message: string, opts: SigninErrorOptions = {}) {
    const { status = SIGNIN_ERRORS[code], ...rest } = opts;
    super(status, code, message, rest);
    this.name = 'SigninError';
  }
}
