/**
 * POST /change-email `{newEmail, callbackURL?}` → `{status: true}`: a link goes to the NEW address,
 *      and the address changes (verified) only when that link is opened (GET /verify-email)
 */
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { findUserByEmail } from '../store/users.js';
import { clientIp, requireSession, stateOf, type Services } from '../http/context.js';
import { mailToken, trustedRedirect } from '../http/mail-links.js';
import { checkEmail, parseBody } from '../http/validation.js';

const changeEmailBody = z.object({ newEmail: z.string().max(1024), callbackURL: z.string().max(2048).optional() });

export function register(router: Router, svc: Services): void {
  router.post('/change-email', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const input = parseBody(changeEmailBody, req.body);
    if (!svc.mailer.enabled) throw new SigninError('VERIFICATION_EMAIL_NOT_ENABLED', "Verification email isn't enabled");
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL');
    const newEmail = checkEmail(input.newEmail);
    if (newEmail === s.user.email.toLowerCase()) throw new SigninError('EMAIL_IS_THE_SAME', 'Email is the same');
    await svc.limits.mailRequest(app.id, clientIp(req), newEmail);
    // An address that another account has gets the same answer and no mail (no enumeration); the
    // lookup happens after the answer, so its timing says nothing either.
    svc.background(
      (async () => {
        if (!(await findUserByEmail(app.db, newEmail))) {
          await mailToken(req, svc, { user: s.user, purpose: 'change-email', kind: 'change-email', to: newEmail, path: '/verify-email', callbackURL });
        }
      })().catch((err: unknown) =>
        svc.logger.error({ route: 'change-email', err: { message: (err as Error).message } }, 'mail request failed after the answer'),
      ),
    );
    res.json({ status: true });
  });
}
