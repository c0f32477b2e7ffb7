/**
 * POST /unlink-account `{accountId}` (the `id` from list-accounts) → `{status: true}`;
 *      `FAILED_TO_UNLINK_LAST_ACCOUNT` for the only one, `ACCOUNT_NOT_FOUND`, and a session
 *      older than a day gets `SESSION_NOT_FRESH` (403), as better-auth's freshSessionMiddleware
 */
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { unlinkAccount } from '../domain/users.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';

export function register(router: Router, svc: Services): void {
  router.post('/unlink-account', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const { accountId } = parseBody(z.object({ accountId: z.string().min(1).max(256) }), req.body);
    if (svc.now() - s.session.created_at.getTime() >= svc.config.freshAgeSec * 1000) throw new SigninError('SESSION_NOT_FRESH', 'Session is not fresh');
    // One statement: the count and the delete cannot race with another unlink.
    await unlinkAccount(app.db, s.user.id, accountId);
    res.json({ status: true });
  });
}
