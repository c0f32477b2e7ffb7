/**
 * POST /revoke-other-sessions → `{status: true}`
 */
import type { Router } from 'express';
import { deleteOtherSessions } from '../store/sessions.js';
import { requireSession, stateOf, type Services } from '../http/context.js';

export function register(router: Router, svc: Services): void {
  router.post('/revoke-other-sessions', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    await deleteOtherSessions(app.db, s.user.id, s.session.id);
    res.json({ status: true });
  });
}
