/**
 * `GET /context/auth/login?redirect_url=…&app_id=…` (browser redirect form)
 * and `POST /context/auth/login` with JSON `{redirect_url, app_id}`: both
 * answer 302 to the identity provider's sign-in. 400 INVALID_APP_ID /
 * INVALID_REDIRECT_URL (no redirect) otherwise; a missing or non-string
 * field counts as not registered / not allowed. A cross-origin POST is
 * scoped to the app its body names (403 CORS_REJECTED otherwise), as the
 * CORS middleware scopes a GET to its query's app.
 */
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { RouteContext } from './context.js';
import { checkOriginForApp } from '../http/cors.js';

export const loginSchema = z.object({
  app_id: z.unknown().optional(),
  redirect_url: z.unknown().optional(),
});

export function register(router: Router, ctx: RouteContext): void {
  const handle = async (source: unknown, _req: Request, res: Response) => {
    const input = loginSchema.parse(source ?? {});
    await checkOriginForApp(ctx.sql, res, input.app_id);
    const { location, cookie } = await ctx.logins.start({ appId: input.app_id, redirectUrl: input.redirect_url });
    if (cookie) {
      res.cookie(cookie.name, cookie.value, {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.secureCookies,
        path: '/context/auth/callback',
        maxAge: cookie.maxAgeSeconds * 1000,
      });
    }
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, location);
  };
  router.get('/login', ctx.guards.loginLimit, (req, res) => handle(req.query, req, res));
  router.post('/login', ctx.guards.loginLimit, ...ctx.guards.json, (req, res) => handle(req.body, req, res));
}
