import type { Request, Response } from 'express';
import { createSession } from '../domain/users.js';
import type { UserRow } from '../store/users.js';
import { signValue } from '../domain/crypto.js';
import { setCookie } from './cookies.js';
import { clientIp, stateOf, type Services } from './context.js';

/** A day for "don't remember me" sessions (cookie without Max-Age). */
const SHORT_SESSION_SEC = 24 * 3600;

/** Creates a session for `user` and sets the session cookie. */
export async function issueSession(req: Request, res: Response, svc: Services, user: UserRow, opts: { rememberMe?: boolean } = {}) {
  const state = stateOf(req);
  const remember = opts.rememberMe !== false;
  const ttl = remember ? svc.config.sessionTtlSec : SHORT_SESSION_SEC;
  const created = await createSession(state.app.db, user.id, {
    now: new Date(svc.now()),
    ttlSec: ttl,
    ip: clientIp(req),
    userAgent: req.get('user-agent'),
  });
  const signed = signValue(state.app.keys.cookie, created.token);
  setCookie(res, state.scope, state.names.session, signed, remember ? ttl : undefined);
  // better-auth's bearer plugin hands non-browser clients the token in this header too.
  res.setHeader('set-auth-token', signed);
  res.append('Access-Control-Expose-Headers', 'set-auth-token');
  return created;
}
