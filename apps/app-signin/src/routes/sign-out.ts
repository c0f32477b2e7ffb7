import type { Router } from 'express';
import { deleteSession } from '../domain/users.js';
import { clearCookie } from '../http/cookies.js';
import { sessionToken, stateOf, type Services } from '../http/context.js';

/** POST /sign-out → `{success: true}`; ends the session server-side (ASVS 7.4.1). */
export function register(router: Router, _svc: Services): void {
  router.post('/sign-out', async (req, res) => {
    const state = stateOf(req);
    const token = sessionToken(req, state);
    if (token && token.length <= 256) await deleteSession(state.app.db, token);
    clearCookie(res, state.scope, state.names.session);
    clearCookie(res, state.scope, state.names.dontRemember);
    res.json({ success: true });
  });
}
