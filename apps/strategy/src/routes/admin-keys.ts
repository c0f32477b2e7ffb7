/**
^ * The operator API of strategy API keys (under /admin, behind `LATCHKEY_ADMIN_TOKEN`; never
 * routed from outside by the edge), used by `latchkey strategy keys …`:
 * - `POST /admin/keys` `{org, tier?, name?}` → 201 `{key, …record}` (the key is shown once);
 * - `GET /admin/keys?org=` → `{keys}`;
 * - `POST /admin/keys/:id/revoke` → the revoked record, or 404.
 */
import type { Router } from 'express';
import { z } from 'zod';
import { TIERS } from '../domain/rate-limiter.js';
import { StrategyError } from '../errors.js';
import { ORG, parseAdminInput } from '../http/admin-input.js';
import type { RouteContext } from './context.js';

const createKey = z.object({ org: ORG, tier: z.enum(TIERS as [string, ...string[]]).default('free'), name: z.string().max(100).optional() });

export function register(router: Router, ctx: RouteContext): void {
  router.post('/keys', ctx.guards.adminJson, async (req, res) => {
    const body = parseAdminInput(createKey, req.body ?? {});
    const { key, record } = await ctx.keys.create(body.org, body.tier as (typeof TIERS)[number], body.name);
    await ctx.ledger.ensureAccount(body.org);
    res.status(201).json({ key, ...record });
  });

  router.get('/keys', async (req, res) => {
    const org = req.query.org === undefined ? undefined : parseAdminInput(ORG, req.query.org);
    res.json({ keys: await ctx.keys.list(org) });
  });

  router.post('/keys/:id/revoke', async (req, res) => {
    const record = await ctx.keys.revoke(String(req.params.id));
    if (!record) throw new StrategyError('NOT_FOUND', `No API key ${req.params.id}.`, { details: { field: 'id' } });
    res.json(record);
  });
}
