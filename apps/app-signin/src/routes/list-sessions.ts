/**
 * GET  /list-sessions → `[session]` (id, userId, token, expiresAt, createdAt, updatedAt, ipAddress, userAgent).
 * Only SHA-256 hashes of session tokens are stored, so the token of another session cannot be shown (nor
 * should it be: it is a bearer credential): the current session shows its real token, the others their id
 * as `token` (which revoke-session accepts).
 */
import type { Router } from 'express';
import { publicSession } from '../domain/users.js';
import { listUserSessions } from '../store/sessions.js';
import { requireSession, stateOf, type Services } from '../http/context.js';

export function register(router: Router, svc: Services): void {
  router.get('/list-sessions', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const rows = await listUserSessions(app.db, s.user.id, new Date(svc.now()));
    res.setHeader('Cache-Control', 'no-store');
    res.json(rows.map((row) => ({ ...publicSession(row, row.id === s.session.id ? s.token : row.id), current: row.id === s.session.id })));
  });
}
