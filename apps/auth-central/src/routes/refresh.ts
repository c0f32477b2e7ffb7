/**
 * `POST /context/auth/refresh` `{access_token}` → 200 `{access_token,
 * expires_at}`. 401 INVALID_TOKEN (missing, invalid, expired, unknown
 * session), 401 SESSION_INVALIDATED after logout.
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { RouteContext } from './context.js';
import { scopeCorsToApp } from '../http/cors.js';

export const refreshSchema = z.object({ access_token: z.unknown().optional() });

export function register(router: Router, ctx: RouteContext): void {
  router.post('/refresh', ctx.guards.tokenLimit, ...ctx.guards.json, async (req, res) => {
    const { access_token } = refreshSchema.parse(req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await ctx.sessions.refresh(access_token, (appId) => scopeCorsToApp(ctx.sql, res, appId)));
  });
}
