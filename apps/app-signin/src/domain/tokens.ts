/**
 * The JWT an app's database trusts (DESIGN.md, B JWT): EdDSA, `iss` = `aud` =
 * the app's {signin_url}, 15 minutes, claims `sub`, `email`, `role`
 * (`authenticated`, or `anonymous` + `mfa_required: true` when the applied
 * role policy requires a second factor the user has not enrolled) and
 * `app_role` (the user's `role` column).
 */
import { SigninError } from '../errors.js';
import type { AppContext } from './apps.js';
import type { UserRow } from '../store/users.js';

/** Whether the applied policy requires a second factor of this user that is missing. */
export function mfaMissing(policy: string[], user: Pick<UserRow, 'role' | 'two_factor_enabled'>): boolean {
  if (!user.role || user.two_factor_enabled) return false;
  return policy.includes(user.role.toLowerCase());
}

/** The claims of the user's JWT besides the registered ones (see the file comment). */
export function tokenClaims(app: Pick<AppContext, 'policy'>, user: UserRow): Record<string, unknown> {
  const missing = mfaMissing(app.policy, user);
  return {
    email: user.email,
    email_verified: user.email_verified,
    role: missing ? 'anonymous' : 'authenticated',
    ...(missing ? { mfa_required: true } : {}),
    app_role: user.role,
  };
}

/**
 * Signs the user's JWT with the app's active key, through `@latchkey/jwt`'s
 * node:crypto engine (`Jws`, behind the KeyRing; synchronous, no WebCrypto
 * round trip). Header `{alg: "EdDSA", kid, typ: "JWT"}`; claims of
 * `tokenClaims` plus `sub`, `iss` = `aud` = the app's {signin_url}, `iat`,
 * `exp` = `iat + ttlSec`, `jti`.
 * @param opts.nowMs epoch milliseconds; opts.ttlSec seconds.
 * @throws SigninError 503 SIGNING_KEY_MISSING before the first deploy.
 */
export function issueToken(app: Pick<AppContext, 'keyRing' | 'policy' | 'signinUrl'>, user: UserRow, opts: { nowMs: number; ttlSec: number }): string {
  if (!app.keyRing) throw new SigninError('SIGNING_KEY_MISSING', 'Sign-in has no signing key yet: the operator must run deploy.');
  return app.keyRing.signSync(tokenClaims(app, user), {
    issuer: app.signinUrl,
    audience: app.signinUrl,
    subject: user.id,
    expiresIn: opts.ttlSec,
    now: Math.floor(opts.nowMs / 1000),
  });
}
