/**
 * The operator API (`/admin/*`, behind `LATCHKEY_ADMIN_TOKEN`; never routed
 * from outside by the edge), used by `latchkey strategy keys …` and
 * `latchkey credits …`.
 */
import express, { Router } from 'express';
import { z } from 'zod';
import { HttpError } from '@latchkey/errors';
import { adminAuth } from '@latchkey/service-kit';
import { CreditsError, type CreditLedger } from '@latchkey/credits';
import { badRequest } from '../errors.js';
import { TIERS } from '../limits/rate-limiter.js';
import type { ApiKeyStore } from '../store/api-keys.js';

const ORG = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1-128 characters of letters, digits and ._:-');

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw badRequest(issue.path.join('.') || 'body', issue.message);
}

export function adminRouter(deps: { adminToken: string | undefined; keys: ApiKeyStore; ledger: CreditLedger }): Router {
  const router = Router();
  router.use('/admin', adminAuth(deps.adminToken), express.json({ limit: '16kb' }));

  router.post('/admin/keys', async (req, res) => {
    const body = parse(
      z.object({ org: ORG, tier: z.enum(TIERS as [string, ...string[]]).default('free'), name: z.string().max(100).optional() }),
      req.body ?? {},
    );
    const { key, record } = await deps.keys.create(body.org, body.tier as (typeof TIERS)[number], body.name);
    await deps.ledger.ensureAccount(body.org);
    res.status(201).json({ key, ...record });
  });

  router.get('/admin/keys', async (req, res) => {
    const org = req.query.org === undefined ? undefined : parse(ORG, req.query.org);
    res.json({ keys: await deps.keys.list(org) });
  });

  router.post('/admin/keys/:id/revoke', async (req, res) => {
    const record = await deps.keys.revoke(String(req.params.id));
    if (!record) throw new HttpError(404, 'NOT_FOUND', `No API key ${req.params.id}.`, { details: { field: 'id' } });
    res.json(record);
  });

  router.post('/admin/credits/:org/grant', async (req, res) => {
    const org = parse(ORG, req.params.org);
    const body = parse(
      z.object({ amount: z.number().int().positive().max(1_000_000_000), note: z.string().max(200).optional(), requestId: z.string().max(128).optional() }),
      req.body ?? {},
    );
    try {
      const g = await deps.ledger.grant(org, body.amount, {
        note: body.note ?? 'granted by operator',
        ...(body.requestId ? { requestId: body.requestId } : {}),
      });
      res.status(g.duplicate ? 200 : 201).json({ orgId: org, balance: g.balance, entry: g.entry, duplicate: g.duplicate });
    } catch (err) {
      if (err instanceof CreditsError) throw badRequest('amount', err.message);
      throw err;
    }
  });

  router.get('/admin/credits/:org', async (req, res) => {
    const org = parse(ORG, req.params.org);
    const limit = req.query.limit === undefined ? 20 : parse(z.coerce.number().int().min(1).max(1000), req.query.limit);
    const view = await deps.ledger.account(org, limit);
    if (!view) throw new HttpError(404, 'NOT_FOUND', `No credit account for ${org}.`, { details: { field: 'org' } });
    res.json(view);
  });
  return router;
}
