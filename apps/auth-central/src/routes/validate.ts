/**
 * `GET /context/auth/validate` with `Authorization: Bearer <access token>` →
 * 200 `{user, workspace}`. 401 INVALID_TOKEN, 401 SESSION_INVALIDATED.
 */
import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import type { RouteContext } from './context.js';

export const authorizationSchema = z.string().regex(/^bearer [^\s]+$/i);

export function registerValidate(router: Router, ctx: RouteContext, guards: { limit: RequestHandler }): void {
  router.get('/validate', guards.limit, async (req, res) => {
    const header = authorizationSchema.safeParse(req.get('authorization'));
    const token = header.success ? header.data.slice('Bearer '.length) : undefined;
    res.setHeader('Cache-Control', 'no-store');
    res.json(await ctx.sessions.validate(token));
  });
}
