/** Error codes of auth-central (SPEC area A, Errors) plus the client's own. */
export type AuthErrorCode =
  | 'INVALID_APP_ID'
  | 'INVALID_REDIRECT_URL'
  | 'INVALID_TOKEN'
  | 'TOKEN_EXPIRED'
  | 'TOKEN_USED'
  | 'SESSION_INVALIDATED'
  | 'CORS_REJECTED'
  /** No session in this tab (the client's own code). */
  | 'NOT_AUTHENTICATED'
  /** auth-central could not be reached, or answered something unexpected (the client's own code). */
  | 'NETWORK_ERROR';

const SPEC_CODES = new Set<string>([
  'INVALID_APP_ID',
  'INVALID_REDIRECT_URL',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'TOKEN_USED',
  'SESSION_INVALIDATED',
  'CORS_REJECTED',
]);

/** Codes after which the only way forward is a new sign-in (`client.login()`). */
const RESTART_LOGIN = new Set<AuthErrorCode>(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'TOKEN_USED', 'SESSION_INVALIDATED', 'NOT_AUTHENTICATED']);

export class AuthError extends Error {
  override readonly name = 'AuthError';
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** HTTP status of auth-central's answer, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Set when the client has already sent the browser to a new sign-in because of this error. */
  loginRestarted = false;

  /** True when the app should start a new sign-in (e.g. TOKEN_EXPIRED: the exchange token was older than 60 s). */
  get restartLogin(): boolean {
    return RESTART_LOGIN.has(this.code);
  }
}

export function isAuthError(err: unknown, code?: AuthErrorCode): err is AuthError {
  return err instanceof AuthError && (code === undefined || err.code === code);
}

/** Turns a failed response of auth-central (`{ error, message }`) into an AuthError. */
export async function errorFromResponse(res: Response): Promise<AuthError> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: unknown } | undefined)?.error;
  const message = (body as { message?: unknown } | undefined)?.message;
  if (typeof error === 'string' && SPEC_CODES.has(error)) {
    return new AuthError(error as AuthErrorCode, typeof message === 'string' ? message : error, res.status);
  }
  if (res.status === 401) return new AuthError('INVALID_TOKEN', typeof message === 'string' ? message : 'unauthorized', res.status);
  return new AuthError('NETWORK_ERROR', `auth-central answered ${res.status}`, res.status);
}
