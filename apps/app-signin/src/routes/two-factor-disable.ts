/**
 * POST /two-factor/disable `{password}` → `{status: true}`
 */
import type { Router } from 'express';
import { removeTwoFactor } from '../store/two-factor.js';
import { clearCookie } from '../http/cookies.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';
import { passwordBody, checkPassword } from '../http/second-factor.js';

export function register(router: Router, svc: Services): void {
  router.post('/two-factor/disable', async (req, res) => {
    const state = stateOf(req);
    const s = await requireSession(req, svc);
    const input = parseBody(passwordBody, req.body);
    await checkPassword(req, svc, s.user, input.password);
    await removeTwoFactor(state.app.db, s.user.id);
    if (state.cookies[state.names.trustDevice]) clearCookie(res, state.scope, state.names.trustDevice);
    res.json({ status: true });
  });
}
