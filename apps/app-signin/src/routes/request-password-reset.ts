/**
 * POST /request-password-reset `{email, redirectTo?}` → `{status: true, message}` (the same for every address)
 * The mail goes out after the answer, so the answer's content and timing are the same whether or
 * not an account has the address. Tokens: 256 random bits, single use, 1 hour, stored as SHA-256.
 */
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { findUserByEmail } from '../store/users.js';
import { clientIp, stateOf, type Services } from '../http/context.js';
import { mailToken, trustedRedirect } from '../http/mail-links.js';
import { checkEmail, parseBody } from '../http/validation.js';
import { afterAnswer } from '../http/email-routes.js';

export const RESET_MESSAGE = 'If this email exists in our system, check your email for the reset link';

const requestResetBody = z.object({ email: z.string().max(1024), redirectTo: z.string().max(2048).optional() });

export function register(router: Router, svc: Services): void {
  router.post('/request-password-reset', async (req, res) => {
    const input = parseBody(requestResetBody, req.body);
    if (!svc.mailer.enabled) throw new SigninError('RESET_PASSWORD_DISABLED', "Reset password isn't enabled");
    const redirectTo = trustedRedirect(req, input.redirectTo, 'redirectTo');
    const email = checkEmail(input.email);
    const { app } = stateOf(req);
    await svc.limits.mailRequest(app.id, clientIp(req), email);
    // The lookup, the token and the mail happen after the answer: its content and timing are the
    // same whether or not an account has the address.
    afterAnswer(svc, 'request-password-reset', async () => {
      const user = await findUserByEmail(app.db, email);
      if (user) {
        await mailToken(req, svc, {
          user,
          purpose: 'reset-password',
          kind: 'reset-password',
          to: user.email,
          path: '/reset-password',
          callbackURL: redirectTo,
        });
      }
    });
    res.json({ status: true, message: RESET_MESSAGE });
  });
}
