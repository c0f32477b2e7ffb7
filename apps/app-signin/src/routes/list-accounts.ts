/**
 * GET  /list-accounts → `[{id, providerId, accountId, userId, createdAt, updatedAt, scopes}]`
 *      (`credential` is the password; provider tokens are not kept, so `scopes` is empty)
 */
import type { Router } from 'express';
import { accountsOf } from '../domain/users.js';
import { requireSession, stateOf, type Services } from '../http/context.js';

export function register(router: Router, svc: Services): void {
  router.get('/list-accounts', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const accounts = await accountsOf(app.db, s.user.id);
    res.setHeader('Cache-Control', 'no-store');
    res.json(accounts);
  });
}
