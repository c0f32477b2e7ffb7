/**
 * `GET /context/auth/validate` with `Authorization: Bearer <access token>` →
 * 200 `{user, workspace}`. 401 INVALID_TOKEN, 401 SESSION_INVALIDATED.
 */
import type { Router } from 'express';
import { parseBearer } from '@latchkey/jwt';
import type { RouteContext } from './context.js';
import { scopeCorsToApp } from '../http/cors.js';

export function register(router: Router, ctx: RouteContext): void {
  router.get('/validate', ctx.guards.validateLimit, async (req, res) => {
    const token = parseBearer(req.get('authorization')) ?? undefined;
    res.setHeader('Cache-Control', 'no-store');
    res.json(await ctx.sessions.validate(token, (appId) => scopeCorsToApp(ctx.sql, res, appId)));
  });
}
