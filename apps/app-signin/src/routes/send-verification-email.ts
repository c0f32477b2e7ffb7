/**
 * POST /send-verification-email `{email, callbackURL?}` → `{status: true}`
 * The mail goes out after the answer, so the answer's content and timing are the same whether or
 * not an account has the address. Tokens: 256 random bits, single use, 1 hour, stored as SHA-256.
 */
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { findUserByEmail } from '../store/users.js';
import { clientIp, currentSession, stateOf, type Services } from '../http/context.js';
import { sendVerification, trustedRedirect } from '../http/mail-links.js';
import { checkEmail, parseBody } from '../http/validation.js';
import { afterAnswer } from '../http/email-routes.js';

const verifyMailDisabled = () => new SigninError('VERIFICATION_EMAIL_NOT_ENABLED', "Verification email isn't enabled");

const sendBody = z.object({ email: z.string().max(1024), callbackURL: z.string().max(2048).optional() });

export function register(router: Router, svc: Services): void {
  router.post('/send-verification-email', async (req, res) => {
    const input = parseBody(sendBody, req.body);
    if (!svc.mailer.enabled) throw verifyMailDisabled();
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL');
    const email = checkEmail(input.email);
    const { app } = stateOf(req);
    await svc.limits.mailRequest(app.id, clientIp(req), email);
    const session = await currentSession(req, svc);
    if (session) {
      if (session.user.email.toLowerCase() !== email) throw new SigninError('EMAIL_MISMATCH', 'Email mismatch');
      if (session.user.email_verified) throw new SigninError('EMAIL_ALREADY_VERIFIED', 'Email is already verified');
      await sendVerification(req, svc, session.user, callbackURL);
      res.json({ status: true });
      return;
    }
    // Without a session: the same answer, at the same time, whether the address is unknown, verified
    // or not: the lookup and the token are made after the answer.
    afterAnswer(svc, 'send-verification-email', async () => {
      const user = await findUserByEmail(app.db, email);
      if (user && !user.email_verified) await sendVerification(req, svc, user, callbackURL);
    });
    res.json({ status: true });
  });
}
