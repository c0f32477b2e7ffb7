/**
 * `POST /context/auth/exchange` `{token}` → 200 `{access_token, expires_at,
 * user, workspace}`. 400 INVALID_TOKEN (missing, malformed or unknown),
 * TOKEN_EXPIRED, TOKEN_USED.
 */
import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { RouteContext } from './context.js';
import { scopeCorsToApp } from '../http/cors.js';

export const exchangeSchema = z.object({ token: z.unknown().optional() });

export function registerExchange(router: Router, ctx: RouteContext, guards: { json: RequestHandler[]; limit: RequestHandler }): void {
  router.post('/exchange', guards.limit, ...guards.json, async (req, res) => {
    const { token } = exchangeSchema.parse(req.body);
    const result = await ctx.sessions.exchange(token, (appId) => scopeCorsToApp(ctx.sql, res, appId));
    res.setHeader('Cache-Control', 'no-store');
    res.json(result);
  });
}
