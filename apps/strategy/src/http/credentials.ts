/**
 * Authentication of the strategic endpoints: `apikey: <API_KEY>` (issued by
 * `latchkey strategy keys create`) or `Authorization: Bearer <access token>`
 * (validated by auth-central through `@latchkey/auth-backend`). One of the two
 * is required: 401 otherwise.
 * When both are sent, the API key is used.
 * A valid access token whose role may not spend the organisation's credits
 * (`user`: only signed in through one of its apps; see `domain/roles.ts`) is refused
 * with 403 FORBIDDEN before anything is counted or charged.
 */
import type { NextFunction, Request, Response } from 'express';
import { AuthUnavailableError, TokenRejectedError, parseBearer, type AccessTokenAuth } from '@latchkey/auth-backend';
import { StrategyError, forbidden, unauthorized } from '../errors.js';
import { TIERS, type Tier } from '../domain/rate-limiter.js';
import type { ApiKeyStore } from '../store/api-keys.js';
import type { BearerValidator } from './bearer.js';
import { maySpendCredits } from '../domain/roles.js';

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
        const token = parseBearer(authorization);
        if (!token) throw unauthorized('The Authorization header must be "Bearer <access token>".');
        if (!bearer) throw unauthorized('Bearer tokens are not accepted by this deployment; use an API key.');
        let identity: AccessTokenAuth;
        try {
          identity = await bearer.validate(token);
        } catch (err) {
          if (err instanceof TokenRejectedError) throw unauthorized('The access token is not valid, has expired or was logged out.');
          if (err instanceof AuthUnavailableError)
            throw new StrategyError('SERVICE_UNAVAILABLE', 'Access tokens cannot be verified right now; retry shortly or use an API key.', {
              details: {},
              headers: { 'Retry-After': '5' },
            });
          throw err;
        }
        if (!maySpendCredits(identity.user.role)) {
          throw forbidden(
            `This account is not a member of the organisation "${identity.workspace.id}": signing in through its site does not allow spending its credits. Ask the organisation to add you as a member.`,
            { reason: 'not_a_member' },
          );
        }
        // The organisation is the workspace; unknown tiers count as free.
        const tier = (TIERS as string[]).includes(identity.workspace.tier) ? (identity.workspace.tier as Tier) : 'free';
        (req as AuthedRequest).principal = { orgId: identity.workspace.id, tier, method: 'bearer', principal: identity.user.id };
        return next();
      }
      throw unauthorized('Send an API key in the apikey header or an access token as Authorization: Bearer <token>.');
    } catch (err) {
      next(err);
    }
  };
}
