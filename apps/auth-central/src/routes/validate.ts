/**
 * `GET /context/auth/validate` with `Authorization: Bearer <access token>` →
 * 200 `{user, workspace}`. 401 INVALID_TOKEN, 401 SESSION_INVALIDATED.
 */
import type { RequestHandler, Router } from 'express';
import { parseBearer } from '@latchkey/jwt';
import type { RouteContext } from './context.js';
import { scopeCorsToApp } from '../http/cors.js';

export function registerValidate(router: Router, ctx: RouteContext, guards: { limit: RequestHandler }): void {
  router.get('/validate', guards.limit, async (req, res) => {
    const token = parseBearer(req.get('authorization')) ?? undefined;
    res.setHeader('Cache-Control', 'no-store');
    res.json(await ctx.sessions.validate(token, (appId) => scopeCorsToApp(ctx.sql, res, appId)));
  });
}
