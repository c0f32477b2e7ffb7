/**
 * POST /revoke-session `{token}` (a session token, or the id list-sessions shows) → `{status: true}`. A session
 * of another user is never touched (the answer is the same, as in better-auth).
 */
import type { Router } from 'express';
import { z } from 'zod';
import { deleteUserSession } from '../domain/users.js';
import { clearCookie } from '../http/cookies.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';

const revokeBody = z.object({ token: z.string().min(1).max(512) });

export function register(router: Router, svc: Services): void {
  router.post('/revoke-session', async (req, res) => {
    const state = stateOf(req);
    const s = await requireSession(req, svc);
    const { token } = parseBody(revokeBody, req.body);
    const ended = await deleteUserSession(state.app.db, s.user.id, token);
    if (ended === s.session.id) clearCookie(res, state.scope, state.names.session);
    res.json({ status: true });
  });
}
