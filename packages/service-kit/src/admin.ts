import type { RequestHandler } from 'express';
import { HttpError } from '@latchkey/errors';
import { parseBearer } from '@latchkey/jwt';
import { safeEqual } from './secrets.js';

/**
 * Guards `/admin/*`: requires `Authorization: Bearer <operator token>`
 * (the service's `LATCHKEY_ADMIN_TOKEN`), compared in constant time.
 * With no token configured the admin API is off (every call 401).
 * The edge never routes `/admin` from outside (infra/nginx).
 */
export function adminAuth(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    const given = parseBearer(req.get('authorization'));
    if (!token || !given || !safeEqual(given, token)) {
      next(new HttpError(401, 'UNAUTHORIZED', 'A valid operator token is required.'));
      return;
    }
    next();
  };
}
