/**
 * Redirect targets (`callbackURL`, `redirectTo`, `errorCallbackURL`,
 * `newUserCallbackURL`) must stay on the app's trusted origins (its
 * `--origins` and the sign-in service's own origin), as better-auth's
 * origin check does: anything else — another host, `javascript:`, `data:`,
 * protocol-relative `//evil`, backslash tricks, credentials in the URL — is
 * refused with 403 and better-auth's code for that field.
 */
import { SigninError, type SigninErrorCode } from '../errors.js';

export type RedirectField = 'callbackURL' | 'redirectTo' | 'errorCallbackURL' | 'newUserCallbackURL';

const CODES: Record<RedirectField, { code: SigninErrorCode; message: string }> = {
  callbackURL: { code: 'INVALID_CALLBACK_URL', message: 'Invalid callbackURL' },
  redirectTo: { code: 'INVALID_REDIRECT_URL', message: 'Invalid redirectURL' },
  errorCallbackURL: { code: 'INVALID_ERROR_CALLBACK_URL', message: 'Invalid errorCallbackURL' },
  newUserCallbackURL: { code: 'INVALID_NEW_USER_CALLBACK_URL', message: 'Invalid newUserCallbackURL' },
};

export interface TrustedOrigins {
  /** The app's origins (`db auth deploy --origins`). */
  origins: string[];
  /** The sign-in service's own origin (its {signin_url}'s). */
  own: string;
}

/**
 * Resolves a redirect target to an absolute URL on a trusted origin.
 * A relative path (`/account`) is resolved against the app's first origin
 * (else the sign-in service's). Control characters and backslashes are refused.
 * @returns the absolute URL to redirect to.
 * @throws SigninError 403 with `INVALID_CALLBACK_URL` (or the field's code).
 */
export function checkRedirect(value: string, field: RedirectField, trusted: TrustedOrigins): string {
  const refuse = () => new SigninError(CODES[field].code, CODES[field].message);
  // eslint-disable-next-line no-control-regex
  if (!value || value.length > 2048 || /[\u0000-\u001f\u007f\\]/.test(value)) throw refuse();
  const base = trusted.origins[0] ?? trusted.own;
  let url: URL;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) throw refuse();
    url = new URL(value, base);
  } else {
    try {
      url = new URL(value);
    } catch {
      throw refuse();
    }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse();
  if (url.username || url.password) throw refuse();
  if (url.origin !== trusted.own && !trusted.origins.includes(url.origin)) throw refuse();
  return url.href;
}

/** `url` with `params` added to its query (better-auth's appendQueryParams). */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.href;
}
