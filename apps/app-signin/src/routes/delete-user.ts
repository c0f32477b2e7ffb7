/**
 * POST /delete-user `{password?, callbackURL?}` → `{success: true, message: "User deleted"}`:
 *      needs the password, or a session younger than a day (better-auth's freshAge);
 *      the user's rows are removed, or anonymised when the app chose so; recorded in the audit log
 */
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { verifyPassword } from '../domain/crypto.js';
import { recordAudit } from '../domain/audit.js';
import { deleteUserData } from '../domain/users.js';
import { passwordOf } from '../store/users.js';
import { clearCookie } from '../http/cookies.js';
import { clientIp, requireSession, stateOf, type Services } from '../http/context.js';
import { trustedRedirect } from '../http/mail-links.js';
import { parseBody } from '../http/validation.js';

const deleteBody = z.object({
  password: z.string().max(4096).optional(),
  token: z.string().max(1024).optional(),
  callbackURL: z.string().max(2048).optional(),
});

export function register(router: Router, svc: Services): void {
  router.post('/delete-user', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    const s = await requireSession(req, svc);
    const input = parseBody(deleteBody, req.body);
    trustedRedirect(req, input.callbackURL, 'callbackURL');
    if (input.token) throw new SigninError('INVALID_TOKEN', 'Invalid token');
    const email = s.user.email.toLowerCase();
    if (input.password !== undefined) {
      if (input.password.length > 128) throw new SigninError('PASSWORD_TOO_LONG', 'Password too long');
      await svc.limits.passwordAttempt(app.id, email, clientIp(req));
      const current = await passwordOf(app.db, s.user.id);
      if (!current) throw new SigninError('CREDENTIAL_ACCOUNT_NOT_FOUND', 'Credential account not found');
      if (!(await verifyPassword(input.password, current))) throw new SigninError('INVALID_PASSWORD', 'Invalid password');
      await svc.limits.passwordSucceeded(app.id, email, clientIp(req));
    } else if (svc.now() - s.session.created_at.getTime() >= svc.config.freshAgeSec * 1000) {
      throw new SigninError('SESSION_EXPIRED', 'Session expired. Re-authenticate to perform this action.');
    }
    const mode = app.userDeletion;
    await deleteUserData(app.db, s.user.id, mode, new Date(svc.now()));
    await recordAudit(svc.prisma, {
      appId: app.id,
      actor: `end-user:${s.user.id}`,
      action: 'delete-user',
      subject: s.user.id,
      details: { mode, reauthenticated: input.password !== undefined ? 'password' : 'fresh-session' },
    });
    clearCookie(res, state.scope, state.names.session);
    res.json({ success: true, message: 'User deleted' });
  });
}
