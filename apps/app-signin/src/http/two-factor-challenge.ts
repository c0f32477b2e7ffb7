/**
 * The pending second step of a sign-in (password or provider) for a user
 * with two-factor on: a signed, single-use, 10-minute cookie instead of a
 * session, and the "trust this device" cookie that skips it for 30 days.
 */
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { openPayload, sealPayload } from '../domain/crypto.js';
import { findTwoFactor } from '../store/two-factor.js';
import type { UserRow } from '../store/users.js';
import { clearCookie, setCookie } from './cookies.js';
import { stateOf, type Services } from './context.js';

/** Life of the pending two-factor sign-in (better-auth: 10 minutes). */
export const TWO_FACTOR_COOKIE_SEC = 600;
export const TRUST_DEVICE_SEC = 30 * 24 * 3600;

/**
 * When `user` has a second factor and this browser is not trusted for it:
 * no session, only the signed, single-use two-factor cookie that
 * verify-totp / verify-backup-code need. @returns true when the second step is pending.
 */
export async function startTwoFactor(req: Request, res: Response, svc: Services, user: UserRow, remember: boolean): Promise<boolean> {
  if (!user.two_factor_enabled) return false;
  const state = stateOf(req);
  const { app } = state;
  const row = await findTwoFactor(app.db, user.id);
  const trust = openPayload<{ u: string; t: string }>(app.keys.cookie, state.cookies[state.names.trustDevice], svc.now());
  if (row?.verified && trust && trust.u === user.id && trust.t === row.id) return false;
  if (state.cookies[state.names.trustDevice]) clearCookie(res, state.scope, state.names.trustDevice);
  clearCookie(res, state.scope, state.names.session);
  const challenge = sealPayload(app.keys.cookie, {
    c: randomUUID(),
    u: user.id,
    r: remember,
    d: app.disableEpoch,
    e: svc.now() + TWO_FACTOR_COOKIE_SEC * 1000,
  });
  setCookie(res, state.scope, state.names.twoFactor, challenge, TWO_FACTOR_COOKIE_SEC);
  return true;
}
