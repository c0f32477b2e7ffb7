/**
 * CORS of the area A endpoints (SPEC.md, Authentication): a browser origin
 * gets CORS headers only when its host is in the `allowed_auth_domains` of a
 * registered app (of *that* app when the request names one in its query,
 * as the GET login does). Any other cross-origin request, preflight
 * included, is answered 403 CORS_REJECTED. A POST login names its app in the
 * body, so the route repeats the check for that app (`checkOriginForApp`).
 * Requests without `Origin`
 * (server to server, top-level navigations) pass.
 *
 * Tokens are scoped to their app too (SECURITY.md): exchange, refresh, logout
 * and validate learn the app from the token (`scopeCorsToApp`) and take the
 * CORS allow headers off the answer when the origin is not one of that app's,
 * so a page of one tenant cannot read the answer for another tenant's token
 * (status and body are unchanged; the browser hides them). A preflight has no
 * token and is still admitted for any registered app's origin.
 */
import type { RequestHandler, Response } from 'express';
import { AuthCentralError } from '../errors.js';
import type { Sql } from '../store/sql.js';
import { hostIsAllowed } from '../store/apps.js';
import { originHost } from '../domain/domains.js';

export const CORS_MAX_AGE_SECONDS = 600;

export function authCors(sql: Sql, opts: { ownOrigin: string }): RequestHandler {
  return async (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (origin === undefined || origin === opts.ownOrigin) {
      next();
      return;
    }
    try {
      const host = originHost(origin);
      const appId = typeof req.query.app_id === 'string' ? req.query.app_id : undefined;
      const allowed = host !== null && (await hostIsAllowed(sql, host, appId));
      if (!allowed) {
        next(new AuthCentralError('CORS_REJECTED', 'This origin is not allowed to call the sign-in service.'));
        return;
      }
      // The routes scope the answer to the app of the body (POST login) or of the token.
      res.locals.corsHost = host;
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id');
        res.setHeader('Access-Control-Max-Age', String(CORS_MAX_AGE_SECONDS));
        res.status(204).end();
        return;
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Scopes the CORS check of a request whose app is named in its body (POST
 * login) to that app, as the query scopes it for a GET login. A request
 * without a cross-origin `Origin`, or without an app id to scope to, passes
 * (the route's own checks then apply).
 */
export async function checkOriginForApp(sql: Sql, res: Response, appId: unknown): Promise<void> {
  const host: unknown = res.locals.corsHost;
  if (typeof host !== 'string' || typeof appId !== 'string' || !appId) return;
  if (!(await hostIsAllowed(sql, host, appId))) throw new AuthCentralError('CORS_REJECTED', 'This origin is not allowed to call the sign-in service.');
}

/**
 * Scopes the CORS headers of a token endpoint's answer to the app the token
 * was issued for: when the request came cross-origin (`authCors` admitted its
 * origin for some registered app) and the origin's host is not in
 * `appId`'s `allowed_auth_domains`, `Access-Control-Allow-Origin` and
 * `-Credentials` are removed, so the browser does not let the page read the
 * answer. Same-origin and server-to-server requests are untouched. Call it as
 * soon as the token names its app, before the answer is written.
 */
export async function scopeCorsToApp(sql: Sql, res: Response, appId: string): Promise<void> {
  const host: unknown = res.locals.corsHost;
  if (typeof host !== 'string' || res.headersSent) return;
  if (await hostIsAllowed(sql, host, appId)) return;
  res.removeHeader('Access-Control-Allow-Origin');
  res.removeHeader('Access-Control-Allow-Credentials');
  res.locals.corsHost = undefined;
}
