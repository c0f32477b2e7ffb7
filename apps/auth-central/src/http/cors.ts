/**
 * CORS of the area A endpoints (SPEC.md, Authentication): a browser origin
 * gets CORS headers only when its host is in the `allowed_auth_domains` of a
 * registered app (of *that* app when the request names one in its query,
 * as the GET login does). Any other cross-origin request, preflight
 * included, is answered 403 CORS_REJECTED. Requests without `Origin`
 * (server to server, top-level navigations) pass.
 */
import type { RequestHandler } from 'express';
import { AuthError } from '@latchkey/errors';
import type { Db } from '../store/prisma.js';
import { hostIsAllowed } from '../store/apps.js';
import { originHost } from '../domain/domains.js';

export const CORS_MAX_AGE_SECONDS = 600;

export function authCors(db: Db, opts: { ownOrigin: string }): RequestHandler {
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
      const allowed = host !== null && (await hostIsAllowed(db, host, appId));
      if (!allowed) {
        next(new AuthError('CORS_REJECTED', 'This origin is not allowed to call the sign-in service.'));
        return;
      }
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
