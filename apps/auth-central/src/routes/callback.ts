/**
 * `GET /context/auth/callback`: called by the identity provider. 302 to the
 * app's `redirect_url` with `svc_token=<exchange token>` (existing query and
 * fragment kept), or with `error=<code>` when the provider refused the
 * sign-in; an HTML error page when the state is missing, unknown, replayed,
 * expired or from another browser. Never a 500 for bad input.
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { RouteContext } from './context.js';

export const callbackQuerySchema = z.record(z.string(), z.unknown());

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}</style>
</head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>
`;
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    try {
      out[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      /* ignore a cookie that is not URI-encoded */
    }
  }
  return out;
}

export function register(router: Router, ctx: RouteContext): void {
  router.get('/callback', ctx.guards.loginLimit, async (req, res) => {
    const query = callbackQuerySchema.parse(req.query);
    const result = await ctx.logins.finish(query, parseCookies(req.get('cookie')));
    res.setHeader('Cache-Control', 'no-store');
    if (result.clearCookie) res.clearCookie(result.clearCookie, { path: '/context/auth/callback', httpOnly: true, sameSite: 'lax', secure: ctx.secureCookies });
    if (result.kind === 'redirect') {
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.redirect(302, result.location);
      return;
    }
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.status(result.status).type('html').send(errorPage(result.title, result.message));
  });
}
