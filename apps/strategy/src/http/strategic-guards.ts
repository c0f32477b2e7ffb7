/**
 * The guards of the strategic endpoints and the operator API (routes/context.ts `RouteGuards`):
 * call state → authentication → request log on finish → rate limit → Content-Type → JSON body.
 */
import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { unavailableDependency } from '@latchkey/errors';
import type { Logger } from '@latchkey/service-kit';
import { StrategyError, badRequest } from '../errors.js';
import { headerWindow, type RateLimiter, type WindowState } from '../domain/rate-limiter.js';
import type { ApiKeyStore } from '../store/api-keys.js';
import type { RequestLogStore } from '../store/request-log.js';
import type { Endpoint, RouteGuards } from '../routes/context.js';
import { authenticate, type AuthedRequest } from './credentials.js';
import type { BearerValidator } from './bearer.js';
import { LIMITS } from './request-schema.js';

/** What one strategic call carries from its first guard to its answer. */
export interface CallState {
  requestId: string;
  /** ms since the epoch. */
  started: number;
  endpoint: Endpoint;
  /** True while a pending debit exists that an error must refund. */
  debited: boolean;
  creditsUsed: number;
  sessionId?: string;
  /** `library` or `model:<name>`. */
  engine?: string;
}

export type StrategicRequest = AuthedRequest & { strategyRequestId?: string; call?: CallState };

export interface GuardDeps {
  keys: ApiKeyStore;
  bearer?: BearerValidator | undefined;
  limiter: RateLimiter;
  requestLog: RequestLogStore;
  logger: Logger;
  now: () => number;
}

function setLimitHeaders(res: Response, w: WindowState, tierLimit?: { limit: number; resetAt: number; window: string; remaining: number }) {
  const shown = tierLimit ?? w;
  res.setHeader('X-RateLimit-Limit', String(shown.limit));
  res.setHeader('X-RateLimit-Remaining', String(shown.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(shown.resetAt / 1000)));
  res.setHeader('X-RateLimit-Window', 'window' in shown ? shown.window : w.window);
}

/** Builds the guards once per app. */
export function strategicGuards(deps: GuardDeps): RouteGuards {
  const auth = authenticate(deps.keys, deps.bearer);
  const jsonParser = express.json({ limit: LIMITS.bodyBytes, type: () => true });
  // An unsupported charset or Content-Encoding is a bad request format (400
  // naming the header), not body-parser's 415.
  const json: RequestHandler = (req, res, next) =>
    jsonParser(req, res, (err?: unknown) => {
      const type = (err as { type?: string } | undefined)?.type;
      if (type === 'charset.unsupported') return next(badRequest('Content-Type', 'charset must be utf-8', 'The request body must be UTF-8 JSON.'));
      if (type === 'encoding.unsupported')
        return next(badRequest('Content-Encoding', 'must be identity, gzip, deflate or br', 'Unsupported Content-Encoding.'));
      next(err);
    });

  const begin =
    (endpoint: Endpoint): RequestHandler =>
    (req, _res, next) => {
      const r = req as StrategicRequest;
      r.call = { requestId: randomUUID(), started: deps.now(), endpoint, debited: false, creditsUsed: 0 };
      r.strategyRequestId = r.call.requestId;
      next();
    };

  /** Writes the request log row when the answer is sent (any status). */
  const logOnFinish: RequestHandler = (req, res, next) => {
    const r = req as StrategicRequest;
    res.on('finish', () => {
      const call = r.call!;
      const appContext = req.get('x-app-context');
      deps.requestLog
        .record({
          requestId: call.requestId,
          traceId: String((req as Request & { id?: string }).id ?? call.requestId),
          orgId: r.principal.orgId,
          endpoint: `/v1/${call.endpoint}`,
          authMethod: r.principal.method,
          principal: r.principal.principal,
          appContext: appContext ? appContext.slice(0, 200) : undefined,
          sessionId: call.sessionId,
          status: res.statusCode,
          errorCode: (res.locals.errorCode as string | undefined) ?? undefined,
          creditsUsed: call.creditsUsed,
          engine: call.engine,
          durationMs: deps.now() - call.started,
        })
        .catch((err) => {
          // During an outage the dependency's monitor has already warned once: no line per request.
          if (unavailableDependency(err)) deps.logger.debug({ err: String(err) }, 'request log not written: database unavailable');
          else deps.logger.warn({ err }, 'request log write failed');
        });
    });
    next();
  };

  const rateLimit = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const r = req as StrategicRequest;
      const decision = await deps.limiter.take(r.principal.orgId, r.principal.tier);
      if (!decision.allowed) {
        if (decision.exceeded === 'concurrent') {
          setLimitHeaders(res, headerWindow(decision.windows), { limit: decision.limit, remaining: 0, resetAt: decision.resetAt, window: 'concurrent' });
        } else {
          const w = decision.windows.find((x) => x.window === decision.exceeded)!;
          setLimitHeaders(res, { ...w, remaining: 0 });
        }
        const retryAfter = Math.max(1, Math.ceil((decision.resetAt - deps.now()) / 1000));
        throw new StrategyError(
          'RATE_LIMIT_EXCEEDED',
          decision.exceeded === 'concurrent'
            ? `Too many requests in flight for this organisation (limit ${decision.limit} concurrent).`
            : `Rate limit of ${decision.limit} requests per ${decision.exceeded} reached for this organisation.`,
          {
            details: { resetTime: new Date(decision.resetAt).toISOString(), tier: r.principal.tier, window: decision.exceeded, limit: decision.limit },
            headers: { 'Retry-After': String(retryAfter) },
          },
        );
      }
      setLimitHeaders(res, headerWindow(decision.windows));
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        decision.release().catch((err) => {
          // A slot that cannot be freed (Redis down) expires on its own (slotTtlMs).
          if (unavailableDependency(err)) deps.logger.debug({ err: String(err) }, 'rate limit slot not released: Redis unavailable');
          else deps.logger.warn({ err }, 'rate limit release failed');
        });
      };
      res.on('finish', release);
      res.on('close', release);
      next();
    } catch (err) {
      next(err);
    }
  };

  const contentType: RequestHandler = (req, _res, next) => {
    if (!req.is('application/json')) {
      next(badRequest('Content-Type', 'must be application/json', 'Content-Type must be application/json.'));
      return;
    }
    next();
  };

  return {
    strategic: (endpoint) => [begin(endpoint), auth, logOnFinish, rateLimit, contentType, json],
    adminJson: express.json({ limit: '16kb' }),
  };
}
