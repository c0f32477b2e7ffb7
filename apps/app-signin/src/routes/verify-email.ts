/**
 * GET  /verify-email?token&callbackURL → `{status: true, user: null}` or a redirect to callbackURL
 */
import type { Response, Router } from 'express';
import { SigninError } from '../errors.js';
import { withQuery } from '../domain/redirects.js';
import { confirmEmail, consumeVerification, MAX_TOKEN_LENGTH, moveToEmail } from '../domain/verification.js';
import { findUserById } from '../store/users.js';
import { stateOf, type Services } from '../http/context.js';
import { trustedRedirect } from '../http/mail-links.js';
import { queryOf } from '../http/email-routes.js';

/**
 * better-auth's error for a bad token: a redirect to callbackURL?error=CODE when there is one, else 401.
 * better-auth answers every token failure of this endpoint with 401, so INVALID_TOKEN (400 elsewhere) and
 * USER_NOT_FOUND (404 elsewhere) carry that status here.
 */
function tokenError(res: Response, callbackURL: string | undefined, code: 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'USER_NOT_FOUND'): void {
  const messages = { INVALID_TOKEN: 'Invalid token', TOKEN_EXPIRED: 'Token expired', USER_NOT_FOUND: 'User not found' };
  if (callbackURL) {
    res.redirect(302, withQuery(callbackURL, { error: code }));
    return;
  }
  throw new SigninError(code, messages[code], { status: 401 });
}

export function register(router: Router, svc: Services): void {
  router.get('/verify-email', async (req, res) => {
    const q = queryOf(req);
    const callbackURL = trustedRedirect(req, q.callbackURL, 'callbackURL');
    const { app } = stateOf(req);
    const now = svc.now();
    if (!q.token || q.token.length > MAX_TOKEN_LENGTH) return tokenError(res, callbackURL, 'INVALID_TOKEN');
    const used =
      (await consumeVerification(app.db, 'verify-email', q.token, now).then((v) => v && { ...v, purpose: 'verify-email' as const })) ??
      (await consumeVerification(app.db, 'change-email', q.token, now).then((v) => v && { ...v, purpose: 'change-email' as const }));
    if (!used) return tokenError(res, callbackURL, 'INVALID_TOKEN');
    if (used.expired) return tokenError(res, callbackURL, 'TOKEN_EXPIRED');
    const user = await findUserById(app.db, used.userId);
    if (!user) return tokenError(res, callbackURL, 'USER_NOT_FOUND');
    if (used.purpose === 'verify-email') {
      // The address changed since the link was sent: the link proves nothing about the new one.
      if (user.email.toLowerCase() !== used.email.toLowerCase()) return tokenError(res, callbackURL, 'INVALID_TOKEN');
      await confirmEmail(app.db, user.id, new Date(now));
    } else {
      // The new address is proven by this link: it becomes the user's, verified (unless another account took it since).
      if (!(await moveToEmail(app.db, user.id, used.email, new Date(now)))) {
        if (callbackURL) return void res.redirect(302, withQuery(callbackURL, { error: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' }));
        throw new SigninError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.');
      }
      // The old address is told (no link): a stolen session cannot move an account away unnoticed.
      if (svc.mailer.enabled && user.email.toLowerCase() !== used.email.toLowerCase()) {
        svc.background(
          svc.mailer.send(
            { to: user.email, kind: 'email-changed', link: '', detail: `New address: ${used.email}`, appName: app.id, validMinutes: 0 },
            app.mail,
          ),
        );
      }
    }
    if (callbackURL) return void res.redirect(302, callbackURL);
    res.json({ status: true, user: null });
  });
}
