/**
 * `POST /context/auth/exchange` `{token}` → 200 `{access_token, expires_at,
 * user, workspace}`. 400 INVALID_TOKEN (missing, malformed or unknown),
 * TOKEN_EXPIRED, TOKEN_USED.
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { RouteContext } from './context.js';
import { scopeCorsToApp } from '../http/cors.js';

export const exchangeSchema = z.object({ token: z.unknown().optional() });

export function register(router: Router, ctx: RouteContext): void {
  router.post('/exchange', ctx.guards.exchangeLimit, ...ctx.guards.json, async (req, res) => {
    const { token } = exchangeSchema.parse(req.body);
    const result = await ctx.sessions.exchange(token, (appId) => scopeCorsToApp(ctx.sql, res, appId));
    res.setHeader('Cache-Control', 'no-store');
    res.json(result);
  });
}
