/**
 * The sign-in methods (accounts) of the signed-in user, better-auth's routes:
 * GET  /list-accounts → `[{id, providerId, accountId, userId, createdAt, updatedAt, scopes}]`
 *      (`credential` is the password; provider tokens are not kept, so `scopes` is empty)
 * POST /unlink-account `{accountId}` (the `id` from list-accounts) → `{status: true}`;
 *      `FAILED_TO_UNLINK_LAST_ACCOUNT` for the only one, `ACCOUNT_NOT_FOUND`, and a session
 *      older than a day gets `SESSION_NOT_FRESH` (403), as better-auth's freshSessionMiddleware
 * POST /link-social: in routes/social.ts
 */
import type { Router } from 'express';
import { z } from 'zod';
import { HttpError } from '@latchkey/errors';
import { accountsOf, unlinkAccount } from '../domain/users.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';

export function register(router: Router, svc: Services): void {
  router.get('/list-accounts', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const accounts = await accountsOf(app.db, s.user.id);
    res.setHeader('Cache-Control', 'no-store');
    res.json(accounts);
  });

  router.post('/unlink-account', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const { accountId } = parseBody(z.object({ accountId: z.string().min(1).max(256) }), req.body);
    if (svc.now() - s.session.created_at.getTime() >= svc.config.freshAgeSec * 1000) throw new HttpError(403, 'SESSION_NOT_FRESH', 'Session is not fresh');
    // One statement: the count and the delete cannot race with another unlink.
    await unlinkAccount(app.db, s.user.id, accountId);
    res.json({ status: true });
  });
}
