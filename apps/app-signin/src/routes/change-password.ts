/**
 * POST /change-password `{newPassword, currentPassword, revokeOtherSessions?}` → `{token, user}`
 */
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { hashPassword, verifyPassword } from '../domain/crypto.js';
import { changePassword, publicUser } from '../domain/users.js';
import { passwordOf } from '../store/users.js';
import { clientIp, requireSession, stateOf, type Services } from '../http/context.js';
import { issueSession } from '../http/session.js';
import { checkNewPassword, parseBody } from '../http/validation.js';

const changePasswordBody = z.object({
  newPassword: z.string().max(4096),
  currentPassword: z.string().max(4096),
  revokeOtherSessions: z.boolean().optional(),
});

export function register(router: Router, svc: Services): void {
  router.post('/change-password', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    const s = await requireSession(req, svc);
    const input = parseBody(changePasswordBody, req.body);
    if (input.currentPassword.length > 128) throw new SigninError('PASSWORD_TOO_LONG', 'Password too long');
    checkNewPassword(input.newPassword);
    const email = s.user.email.toLowerCase();
    await svc.limits.passwordAttempt(app.id, email, clientIp(req));
    const current = await passwordOf(app.db, s.user.id);
    if (!current) throw new SigninError('CREDENTIAL_ACCOUNT_NOT_FOUND', 'Credential account not found');
    if (!(await verifyPassword(input.currentPassword, current))) throw new SigninError('INVALID_PASSWORD', 'Invalid password');
    await svc.limits.passwordSucceeded(app.id, email, clientIp(req));
    const hash = await hashPassword(input.newPassword, svc.config.passwordCost);
    // A pending reset link would undo the change: it stops working. better-auth's revokeOtherSessions:
    // every session ends, and this client gets a new one.
    await changePassword(app.db, s.user.id, hash, { now: new Date(svc.now()), endSessions: input.revokeOtherSessions === true });
    const token = input.revokeOtherSessions ? (await issueSession(req, res, svc, s.user)).token : null;
    res.json({ token, user: publicUser(s.user) });
  });
}
