/**
 * `POST /context/auth/logout` `{access_token}` → 200 `{success: true}`.
 * 401 INVALID_TOKEN when the token is not one of ours. Idempotent.
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { RouteContext } from './context.js';
import { scopeCorsToApp } from '../http/cors.js';

export const logoutSchema = z.object({ access_token: z.unknown().optional() });

export function register(router: Router, ctx: RouteContext): void {
  router.post('/logout', ctx.guards.tokenLimit, ...ctx.guards.json, async (req, res) => {
    const { access_token } = logoutSchema.parse(req.body);
    res.json(await ctx.sessions.logout(access_token, (appId) => scopeCorsToApp(ctx.sql, res, appId)));
  });
}
