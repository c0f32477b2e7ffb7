/**
 * POST /revoke-sessions → `{status: true}` (every session, this one included)
 */
import type { Router } from 'express';
import { deleteUserSessions } from '../store/sessions.js';
import { clearCookie } from '../http/cookies.js';
import { requireSession, stateOf, type Services } from '../http/context.js';

export function register(router: Router, svc: Services): void {
  router.post('/revoke-sessions', async (req, res) => {
    const state = stateOf(req);
    const s = await requireSession(req, svc);
    await deleteUserSessions(state.app.db, s.user.id);
    clearCookie(res, state.scope, state.names.session);
    res.json({ status: true });
  });
}
