/**
 * The operator API of credit accounts (behind `LATCHKEY_ADMIN_TOKEN`), used by `latchkey credits …`:
 * - `POST /admin/credits/:org/grant` `{amount, note?, requestId?}` → 201 `{orgId, balance, entry, duplicate}`
 *   (200 with `duplicate: true` when `requestId` was already granted: a retried grant is not paid twice);
 * - `GET /admin/credits/:org?limit=` → the balance and the last `limit` (1–1000, default 20) ledger entries, or 404.
 */
import type { Router } from 'express';
import { z } from 'zod';
import { CreditsError } from '@latchkey/credits';
import { StrategyError, badRequest } from '../errors.js';
import { ORG, parseAdminInput } from '../http/admin-input.js';
import type { RouteContext } from './context.js';

const grant = z.object({
  amount: z.number().int().positive().max(1_000_000_000),
  note: z.string().max(200).optional(),
  requestId: z.string().max(128).optional(),
});

export function register(router: Router, ctx: RouteContext): void {
  router.post('/credits/:org/grant', ctx.guards.adminJson, async (req, res) => {
    const org = parseAdminInput(ORG, req.params.org);
    const body = parseAdminInput(grant, req.body ?? {});
    try {
      const g = await ctx.ledger.grant(org, body.amount, {
        note: body.note ?? 'granted by operator',
        ...(body.requestId ? { requestId: body.requestId } : {}),
      });
      res.status(g.duplicate ? 200 : 201).json({ orgId: org, balance: g.balance, entry: g.entry, duplicate: g.duplicate });
    } catch (err) {
      if (err instanceof CreditsError) throw badRequest('amount', err.message);
      throw err;
    }
  });

  router.get('/credits/:org', async (req, res) => {
    const org = parseAdminInput(ORG, req.params.org);
    const limit = req.query.limit === undefined ? 20 : parseAdminInput(z.coerce.number().int().min(1).max(1000), req.query.limit);
    const view = await ctx.ledger.account(org, limit);
    if (!view) throw new StrategyError('NOT_FOUND', `No credit account for ${org}.`, { details: { field: 'org' } });
    res.json(view);
  });
}
