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
import { requireSession, stateOf, type Services } from '../http/context.js';
import { parseBody } from './validation.js';

export function register(router: Router, svc: Services): void {
  router.get('/list-accounts', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const r = await app.db.query(
      'SELECT id, provider_id, account_id, user_id, created_at, updated_at FROM latchkey_auth.account WHERE user_id = $1 ORDER BY created_at',
      [s.user.id],
    );
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      r.rows.map((a) => ({
        id: a.id,
        providerId: a.provider_id,
        accountId: a.account_id,
        userId: a.user_id,
        createdAt: (a.created_at as Date).toISOString(),
        updatedAt: (a.updated_at as Date).toISOString(),
        scopes: [],
      })),
    );
  });

  router.post('/unlink-account', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const { accountId } = parseBody(z.object({ accountId: z.string().min(1).max(256) }), req.body);
    if (svc.now() - s.session.created_at.getTime() >= svc.config.freshAgeSec * 1000) throw new HttpError(403, 'SESSION_NOT_FRESH', 'Session is not fresh');
    // One statement: the count and the delete cannot race with another unlink.
    const r = await app.db.query(
      `WITH mine AS (SELECT id FROM latchkey_auth.account WHERE user_id = $1 FOR UPDATE),
            gone AS (DELETE FROM latchkey_auth.account WHERE id = $2 AND user_id = $1 AND (SELECT count(*) FROM mine) > 1 RETURNING id)
       SELECT (SELECT count(*) FROM mine)::int AS total, (SELECT count(*) FROM mine WHERE id = $2)::int AS found, (SELECT count(*) FROM gone)::int AS deleted`,
      [s.user.id, accountId],
    );
    const row = r.rows[0] as { total: number; found: number; deleted: number };
    if (row.total <= 1 && row.found === 1) throw new HttpError(400, 'FAILED_TO_UNLINK_LAST_ACCOUNT', "You can't unlink your last account");
    if (row.found === 0) throw new HttpError(400, 'ACCOUNT_NOT_FOUND', 'Account not found');
    res.json({ status: true });
  });
}
