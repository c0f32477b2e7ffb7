/**
 * `POST /admin/keys/rotate` → `{kid}`: a new signing key; the previous one
 * keeps verifying until every token it signed has expired.
 * `GET /admin/keys` → `{keys: [{kid, alg, created_at, retired_at}]}` (no private material).
 */
import type { Router } from 'express';
import type { RouteContext } from './context.js';
import { listKeys } from '../store/keys.js';

export function register(router: Router, ctx: RouteContext): void {
  router.post('/keys/rotate', async (_req, res) => {
    res.status(201).json({ kid: await ctx.keys.rotate() });
  });
  router.get('/keys', async (_req, res) => {
    const rows = await listKeys(ctx.db);
    res.json({
      keys: rows.map((k) => ({ kid: k.kid, alg: k.alg, created_at: k.createdAt.toISOString(), retired_at: k.retiredAt?.toISOString() ?? null })),
    });
  });
}
