/**
 * What the two-factor routes share: the password check before a change, and the second step of a sign-in (verify-totp, verify-backup-code).
 */
import type { Request, Response } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { openPayload, sealPayload, verifyPassword } from '../domain/crypto.js';
import { confirmEnrolment, useBackupCode, verifyTotp } from '../domain/two-factor.js';
import { findTwoFactor, type TwoFactorRow } from '../store/two-factor.js';
import { publicUser } from '../domain/users.js';
import { findUserById, passwordOf, type UserRow } from '../store/users.js';
import { clearCookie, setCookie } from './cookies.js';
import { clientIp, currentSession, stateOf, type Services } from './context.js';
import { issueSession } from './session.js';
import { TRUST_DEVICE_SEC } from './two-factor-challenge.js';
import { parseBody } from './validation.js';

export const passwordBody = z.object({ password: z.string().max(4096) });

export const codeBody = z.object({ code: z.string().max(64), trustDevice: z.boolean().optional(), disableSession: z.boolean().optional() });

export const invalidCookie = () => new SigninError('INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie');

export async function checkPassword(req: Request, svc: Services, user: UserRow, password: string): Promise<void> {
  const { app } = stateOf(req);
  await svc.limits.passwordAttempt(app.id, user.email.toLowerCase(), clientIp(req));
  const hash = await passwordOf(app.db, user.id);
  if (!hash || !(await verifyPassword(password, hash))) throw new SigninError('INVALID_PASSWORD', 'Invalid password');
  await svc.limits.passwordSucceeded(app.id, user.email.toLowerCase(), clientIp(req));
}

export function trustThisDevice(req: Request, res: Response, svc: Services, userId: string, row: TwoFactorRow): void {
  const state = stateOf(req);
  const value = sealPayload(state.app.keys.cookie, { u: userId, t: row.id, e: svc.now() + TRUST_DEVICE_SEC * 1000 });
  setCookie(res, state.scope, state.names.trustDevice, value, TRUST_DEVICE_SEC);
}

/** verify-totp and verify-backup-code: enrolment confirmation (with a session) or the second step of sign-in (with the two-factor cookie). */
export function secondFactor(svc: Services, kind: 'totp' | 'backup') {
  return async (req: Request, res: Response) => {
    const state = stateOf(req);
    const { app } = state;
    await svc.limits.twoFactorAttempt(app.id, clientIp(req));
    const input = parseBody(codeBody, req.body);
    const wrong = () => (kind === 'totp' ? new SigninError('INVALID_CODE', 'Invalid code') : new SigninError('INVALID_BACKUP_CODE', 'Invalid backup code'));
    const check = async (row: TwoFactorRow, userId: string) => {
      await svc.limits.codeAttempt(app.id, userId);
      const ok = kind === 'totp' ? await verifyTotp(app, row, input.code.trim(), svc.now()) : await useBackupCode(app, userId, input.code);
      if (!ok) throw wrong();
      await svc.limits.codeSucceeded(app.id, userId);
    };

    const session = await currentSession(req, svc);
    if (session) {
      const row = await findTwoFactor(app.db, session.user.id);
      if (!row) throw new SigninError('TOTP_NOT_ENABLED', 'TOTP not enabled');
      if (kind === 'backup' && !row.verified) throw new SigninError('BACKUP_CODES_NOT_ENABLED', "Backup codes aren't enabled");
      await check(row, session.user.id);
      let user = session.user;
      if (!row.verified) {
        await confirmEnrolment(app.db, row);
        user = { ...user, two_factor_enabled: true };
      }
      res.json({ token: session.token, user: publicUser(user) });
      return;
    }

    const pending = openPayload<{ c: string; u: string; r: boolean; d?: string }>(app.keys.cookie, state.cookies[state.names.twoFactor], svc.now());
    if (!pending || (await svc.limits.challengeUsed(app.id, pending.c))) throw invalidCookie();
    // Sign-in was disabled since this sign-in began: disable signs everyone out, pending sign-ins included.
    if ((pending.d ?? '') !== app.disableEpoch) throw invalidCookie();
    const user = await findUserById(app.db, pending.u);
    const row = user ? await findTwoFactor(app.db, user.id) : null;
    // A reset or disable in between ends the pending sign-in.
    if (!user || !row || !row.verified || !user.two_factor_enabled) throw invalidCookie();
    await check(row, user.id);
    if (!(await svc.limits.useChallenge(app.id, pending.c))) throw invalidCookie();
    const { token } = await issueSession(req, res, svc, user, { rememberMe: pending.r });
    clearCookie(res, state.scope, state.names.twoFactor);
    if (input.trustDevice) trustThisDevice(req, res, svc, user.id, row);
    res.json({ token, user: publicUser(user) });
  };
}
