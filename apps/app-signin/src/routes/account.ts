/**
 * Account changes by the signed-in user, better-auth's routes and bodies:
 * POST /update-user `{name?, image?}` → `{status: true}`
 * POST /change-password `{newPassword, currentPassword, revokeOtherSessions?}` → `{token, user}`
 * POST /change-email `{newEmail, callbackURL?}` → `{status: true}`: a link goes to the NEW address,
 *      and the address changes (verified) only when that link is opened (GET /verify-email)
 * POST /delete-user `{password?, callbackURL?}` → `{success: true, message: "User deleted"}`:
 *      needs the password, or a session younger than a day (better-auth's freshAge);
 *      the user's rows are removed, or anonymised when the app chose so; recorded in the audit log
 */
import type { Router } from 'express';
import { z } from 'zod';
import { HttpError } from '@latchkey/errors';
import { hashPassword, verifyPassword } from '../domain/crypto.js';
import { recordAudit } from '../domain/audit.js';
import { changePassword, deleteUserData, findUserByEmail, passwordOf, publicUser, updateProfile } from '../domain/users.js';
import { clearCookie } from '../http/cookies.js';
import { clientIp, requireSession, stateOf, type Services } from '../http/context.js';
import { issueSession } from '../http/session.js';
import { mailToken, trustedRedirect } from '../http/mail-links.js';
import { checkEmail, checkNewPassword, parseBody } from '../http/validation.js';

const changePasswordBody = z.object({
  newPassword: z.string().max(4096),
  currentPassword: z.string().max(4096),
  revokeOtherSessions: z.boolean().optional(),
});
const changeEmailBody = z.object({ newEmail: z.string().max(1024), callbackURL: z.string().max(2048).optional() });
const deleteBody = z.object({ password: z.string().max(4096).optional(), token: z.string().max(1024).optional(), callbackURL: z.string().max(2048).optional() });

/** Fields of the user that update-user may set (better-auth's core fields; the rest is the app's or the service's). */
const UPDATABLE = new Set(['name', 'image']);

export function register(router: Router, svc: Services): void {
  router.post('/update-user', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const body = req.body as unknown;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'BODY_MUST_BE_AN_OBJECT', 'Body must be an object');
    const fields = body as Record<string, unknown>;
    if (fields.email !== undefined) throw new HttpError(400, 'EMAIL_CAN_NOT_BE_UPDATED', 'Email can not be updated');
    const other = Object.keys(fields).filter((k) => !UPDATABLE.has(k) && k !== 'callbackURL');
    if (other.length) throw new HttpError(400, 'FIELD_NOT_ALLOWED', `Field not allowed to be set: ${other.slice(0, 5).join(', ')}`);
    const input = parseBody(z.object({ name: z.string().trim().min(1).max(256).optional(), image: z.string().max(2048).nullable().optional() }), {
      name: fields.name,
      image: fields.image,
    });
    if (input.name === undefined && input.image === undefined) throw new HttpError(400, 'NO_FIELDS_TO_UPDATE', 'No fields to update');
    if (input.image) {
      let ok = false;
      try {
        const u = new URL(input.image);
        ok = u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        ok = input.image.startsWith('data:image/') && input.image.length <= 2048;
      }
      if (!ok) throw new HttpError(400, 'VALIDATION_ERROR', '[body.image] must be an http(s) URL');
    }
    await updateProfile(app.db, s.user.id, { name: input.name, image: input.image, now: new Date(svc.now()) });
    res.json({ status: true });
  });

  router.post('/change-password', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    const s = await requireSession(req, svc);
    const input = parseBody(changePasswordBody, req.body);
    if (input.currentPassword.length > 128) throw new HttpError(400, 'PASSWORD_TOO_LONG', 'Password too long');
    checkNewPassword(input.newPassword);
    const email = s.user.email.toLowerCase();
    await svc.limits.passwordAttempt(app.id, email, clientIp(req));
    const current = await passwordOf(app.db, s.user.id);
    if (!current) throw new HttpError(400, 'CREDENTIAL_ACCOUNT_NOT_FOUND', 'Credential account not found');
    if (!(await verifyPassword(input.currentPassword, current))) throw new HttpError(400, 'INVALID_PASSWORD', 'Invalid password');
    await svc.limits.passwordSucceeded(app.id, email, clientIp(req));
    const hash = await hashPassword(input.newPassword, svc.config.passwordCost);
    // A pending reset link would undo the change: it stops working. better-auth's revokeOtherSessions:
    // every session ends, and this client gets a new one.
    await changePassword(app.db, s.user.id, hash, { now: new Date(svc.now()), endSessions: input.revokeOtherSessions === true });
    const token = input.revokeOtherSessions ? (await issueSession(req, res, svc, s.user)).token : null;
    res.json({ token, user: publicUser(s.user) });
  });

  router.post('/change-email', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const input = parseBody(changeEmailBody, req.body);
    if (!svc.mailer.enabled) throw new HttpError(400, 'VERIFICATION_EMAIL_NOT_ENABLED', "Verification email isn't enabled");
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL');
    const newEmail = checkEmail(input.newEmail);
    if (newEmail === s.user.email.toLowerCase()) throw new HttpError(400, 'EMAIL_IS_THE_SAME', 'Email is the same');
    await svc.limits.mailRequest(app.id, clientIp(req), newEmail);
    // An address that another account has gets the same answer and no mail (no enumeration); the
    // lookup happens after the answer, so its timing says nothing either.
    svc.background(
      (async () => {
        if (!(await findUserByEmail(app.db, newEmail))) {
          await mailToken(req, svc, { user: s.user, purpose: 'change-email', kind: 'change-email', to: newEmail, path: '/verify-email', callbackURL });
        }
      })().catch((err: unknown) => svc.logger.error({ route: 'change-email', err: { message: (err as Error).message } }, 'mail request failed after the answer')),
    );
    res.json({ status: true });
  });

  router.post('/delete-user', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    const s = await requireSession(req, svc);
    const input = parseBody(deleteBody, req.body);
    trustedRedirect(req, input.callbackURL, 'callbackURL');
    if (input.token) throw new HttpError(400, 'INVALID_TOKEN', 'Invalid token');
    const email = s.user.email.toLowerCase();
    if (input.password !== undefined) {
      if (input.password.length > 128) throw new HttpError(400, 'PASSWORD_TOO_LONG', 'Password too long');
      await svc.limits.passwordAttempt(app.id, email, clientIp(req));
      const current = await passwordOf(app.db, s.user.id);
      if (!current) throw new HttpError(400, 'CREDENTIAL_ACCOUNT_NOT_FOUND', 'Credential account not found');
      if (!(await verifyPassword(input.password, current))) throw new HttpError(400, 'INVALID_PASSWORD', 'Invalid password');
      await svc.limits.passwordSucceeded(app.id, email, clientIp(req));
    } else if (svc.now() - s.session.created_at.getTime() >= svc.config.freshAgeSec * 1000) {
      throw new HttpError(400, 'SESSION_EXPIRED', 'Session expired. Re-authenticate to perform this action.');
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
