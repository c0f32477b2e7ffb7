/**
 * Gateway keys, for `latchkey gateway keys …` (under /admin, operator token):
 * - `POST /admin/keys` `{solution, solutionName?, name?, models?, rpm?, tpm?}` → 201 the key (its secret shown once);
 * - `GET /admin/keys?solution=&all=true` → `{keys}` (revoked ones only with `all`);
 * - `GET /admin/keys/:id` → the key, or 404;
 * - `POST /admin/keys/:id/revoke` and `DELETE /admin/keys/:id` → the revoked key, or 404.
 */
import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import { zodIssueMessage } from '@latchkey/errors';
import { KeyError } from '../errors.js';
import type { AdminContext } from './admin-context.js';

const createKey = z.object({
  solution: z.string().min(1).max(63),
  solutionName: z.string().min(1).max(200).optional(),
  name: z.string().min(1).max(200).optional(),
  models: z.array(z.string().min(3).max(200)).min(1).max(100).optional(),
  rpm: z.number().int().positive().max(1_000_000).optional(),
  tpm: z.number().int().positive().max(1_000_000_000).optional(),
});

export function register(router: Router, ctx: AdminContext): void {
  router.post('/keys', ctx.guards.json, async (req, res) => {
    const parsed = createKey.safeParse(req.body ?? {});
    if (!parsed.success) throw new KeyError('INVALID_REQUEST', zodIssueMessage(parsed.error));
    res.status(201).json(await ctx.keys.create(parsed.data));
  });

  router.get('/keys', async (req, res) => {
    const solution = typeof req.query.solution === 'string' ? req.query.solution : undefined;
    const includeRevoked = req.query.all === 'true' || req.query.all === '1';
    res.json({ keys: await ctx.keys.list({ solution, includeRevoked: includeRevoked ? undefined : false }) });
  });

  router.get('/keys/:id', async (req, res) => {
    const key = await ctx.keys.get(String(req.params.id));
    if (!key) throw new KeyError('NOT_FOUND', `no gateway key ${req.params.id}`);
    res.json(key);
  });

  const revoke: RequestHandler = async (req, res) => {
    res.json(await ctx.keys.revoke(String(req.params.id)));
  };
  router.post('/keys/:id/revoke', revoke);
  router.delete('/keys/:id', revoke);
}
