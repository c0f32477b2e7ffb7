/**
 * The operator's view of what keys can reach (under /admin, operator token):
 * - `GET /admin/solutions` → `{solutions: [{id, name, activeKeys, createdAt}]}`;
 * - `GET /admin/models` → `{defaultModels, providers}` (the providers with credentials configured).
 */
import type { Router } from 'express';
import { listSolutions } from '../store/keys.js';
import type { AdminContext } from './admin-context.js';

export function register(router: Router, ctx: AdminContext): void {
  router.get('/solutions', async (_req, res) => {
    const rows = await listSolutions(ctx.db);
    res.json({ solutions: rows.map((s) => ({ id: s.id, name: s.name, activeKeys: s.activeKeys, createdAt: s.createdAt.toISOString() })) });
  });

  router.get('/models', (_req, res) => {
    res.json({ defaultModels: ctx.defaultModels, providers: ctx.providers });
  });
}
