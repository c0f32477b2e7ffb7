/**
 * The user's sessions, better-auth's routes:
 * GET  /list-sessions → `[session]` (id, userId, token, expiresAt, createdAt, updatedAt, ipAddress, userAgent)
 * POST /revoke-session `{token}` → `{status: true}`
 * POST /revoke-sessions → `{status: true}` (every session, this one included)
 * POST /revoke-other-sessions → `{status: true}`
 *
 * Only SHA-256 hashes of session tokens are stored, so the token of another
 * session cannot be shown (nor should it be: it is a bearer credential).
 * list-sessions shows the real token of the current session and the session
 * id as the `token` of the others; revoke-session accepts either. A session
 * of another user is never touched (the answer is the same, as in better-auth).
 */
import type { Router } from 'express';
import { z } from 'zod';
import { deleteOtherSessions, deleteUserSession, deleteUserSessions, listUserSessions, publicSession } from '../domain/users.js';
import { clearCookie } from '../http/cookies.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';

const revokeBody = z.object({ token: z.string().min(1).max(512) });

export function register(router: Router, svc: Services): void {
  router.get('/list-sessions', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const rows = await listUserSessions(app.db, s.user.id, new Date(svc.now()));
    res.setHeader('Cache-Control', 'no-store');
    res.json(rows.map((row) => ({ ...publicSession(row, row.id === s.session.id ? s.token : row.id), current: row.id === s.session.id })));
  });

  router.post('/revoke-session', async (req, res) => {
    const state = stateOf(req);
    const s = await requireSession(req, svc);
    const { token } = parseBody(revokeBody, req.body);
    const ended = await deleteUserSession(state.app.db, s.user.id, token);
    if (ended === s.session.id) clearCookie(res, state.scope, state.names.session);
    res.json({ status: true });
  });

  router.post('/revoke-sessions', async (req, res) => {
    const state = stateOf(req);
    const s = await requireSession(req, svc);
    await deleteUserSessions(state.app.db, s.user.id);
    clearCookie(res, state.scope, state.names.session);
    res.json({ status: true });
  });

  router.post('/revoke-other-sessions', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    await deleteOtherSessions(app.db, s.user.id, s.session.id);
    res.json({ status: true });
  });
}
