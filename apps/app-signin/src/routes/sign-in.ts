import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { verifyPassword } from '../domain/crypto.js';
import { publicUser } from '../domain/users.js';
import { findUserWithPassword } from '../store/users.js';
import { clientIp, stateOf, type Services } from '../http/context.js';
import { issueSession } from '../http/session.js';
import { sendVerification, trustedRedirect } from '../http/mail-links.js';
import { startTwoFactor } from '../http/two-factor-challenge.js';
import { checkEmail, parseBody } from '../http/validation.js';

const body = z.object({
  email: z.string().max(1024),
  password: z.string().max(4096),
  callbackURL: z.string().max(2048).optional(),
  rememberMe: z.boolean().optional(),
});

const invalid = () => new SigninError('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password');

/**
 * POST /sign-in/email `{email, password, rememberMe?}` → `{redirect: false, token, user}`,
 * or, with two-factor on, `{twoFactorRedirect: true, twoFactorMethods: ["totp"]}`
 * and NO session: only the signed two-factor cookie that verify-totp needs.
 * Unknown email and wrong password look the same, in body and in time.
 */
export function register(router: Router, svc: Services): void {
  router.post('/sign-in/email', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    await svc.limits.signInAttempt(app.id, clientIp(req));
    const input = parseBody(body, req.body);
    const email = checkEmail(input.email);
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL');
    await svc.limits.passwordAttempt(app.id, email, clientIp(req));
    const found = await findUserWithPassword(app.db, email);
    const ok = found?.password ? await verifyPassword(input.password, found.password) : (await verifyPassword(input.password, await svc.dummyHash()), false);
    if (!found || !ok) throw invalid();
    await svc.limits.passwordSucceeded(app.id, email, clientIp(req));
    const { user } = found;
    if (app.requireEmailVerification && !user.email_verified) {
      // better-auth's sendOnSignIn: the user gets a fresh link (limited like every mail).
      const mayMail = await svc.limits.mailRequest(app.id, clientIp(req), email).then(
        () => true,
        () => false,
      );
      if (mayMail) await sendVerification(req, svc, user, callbackURL);
      throw new SigninError('EMAIL_NOT_VERIFIED', 'Email not verified');
    }
    if (await startTwoFactor(req, res, svc, user, input.rememberMe !== false)) {
      res.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      return;
    }
    const { token } = await issueSession(req, res, svc, user, { rememberMe: input.rememberMe });
    res.json({ redirect: false, token, url: callbackURL, user: publicUser(user) });
  });
}
