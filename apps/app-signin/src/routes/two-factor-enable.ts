/**
 * POST /two-factor/enable `{password, issuer?}` → `{method, totpURI, secret, qrCode, backupCodes}`
 */
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { startEnrolment } from '../domain/two-factor.js';
import { findTwoFactor } from '../store/two-factor.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';
import { checkPassword } from '../http/second-factor.js';

const enableBody = z.object({ password: z.string().max(4096), issuer: z.string().min(1).max(128).optional(), method: z.literal('totp').optional() });

export function register(router: Router, svc: Services): void {
  router.post('/two-factor/enable', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const input = parseBody(enableBody, req.body);
    await checkPassword(req, svc, s.user, input.password);
    const existing = await findTwoFactor(app.db, s.user.id);
    if (existing?.verified) throw new SigninError('TOTP_ALREADY_ENABLED', 'TOTP is already enabled');
    const enrolment = await startEnrolment(app, s.user, input.issuer ?? app.id);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ method: 'totp', ...enrolment });
  });
}
