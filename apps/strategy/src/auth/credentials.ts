/**
 * Authentication of the strategic endpoints: `apikey: <API_KEY>` (issued by
 * `latchkey strategy keys create`) or `Authorization: Bearer <access token>`
 * (validated by auth-central). One of the two is required: 401 otherwise.
 * When both are sent, the API key is used.
 */
import type { NextFunction, Request, Response } from 'express';
import { HttpError } from '@latchkey/errors';
import { unauthorized } from '../errors.js';
import { TIERS, type Tier } from '../limits/rate-limiter.js';
import type { ApiKeyStore } from '../store/api-keys.js';
import { AuthUnavailableError, type BearerValidator } from './bearer.js';

export interface Principal {
  orgId: string;
  tier: Tier;
  method: 'apikey' | 'bearer';
  /** Key id or user id. */
  principal: string;
}

export type AuthedRequest = Request & { principal: Principal };

export function authenticate(keys: ApiKeyStore, bearer: BearerValidator | undefined) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    try {
      const apikey = req.get('apikey');
      const authorization = req.get('authorization');
      if (apikey !== undefined) {
        const key = await keys.verify(apikey.trim());
        if (!key) throw unauthorized('The API key is not valid or has been revoked.');
        (req as AuthedRequest).principal = { orgId: key.orgId, tier: key.tier, method: 'apikey', principal: key.id };
        return next();
      }
      if (authorization !== undefined) {
        const m = /^Bearer (\S+)$/.exec(authorization.trim());
        if (!m) throw unauthorized('The Authorization header must be "Bearer <access token>".');
        if (!bearer) throw unauthorized('Bearer tokens are not accepted by this deployment; use an API key.');
        let identity;
        try {
          identity = await bearer(m[1]!);
        } catch (err) {
          if (err instanceof AuthUnavailableError) throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'Access tokens cannot be verified right now; retry shortly or use an API key.', { details: {}, headers: { 'Retry-After': '5' } });
          throw err;
        }
        if (!identity) throw unauthorized('The access token is not valid, has expired or was logged out.');
        const tier = (TIERS as string[]).includes(identity.tier) ? (identity.tier as Tier) : 'free';
        (req as AuthedRequest).principal = { orgId: identity.orgId, tier, method: 'bearer', principal: identity.userId };
        return next();
      }
      throw unauthorized('Send an API key in the apikey header or an access token as Authorization: Bearer <token>.');
    } catch (err) {
      next(err);
    }
  };
}
