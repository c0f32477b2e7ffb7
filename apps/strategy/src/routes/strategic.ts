/**
 * The pipeline shared by POST /v1/coordinate and POST /v1/framework:
 * authenticate → rate limit (headers on every answer) → Content-Type and body
 * → scope → session → analysis and price → pending debit → answer → record
 * → settle → send. Anything failing after the debit is refunded, now or by
 * the sweeper (domain/charges.ts).
 */
import { randomUUID } from 'node:crypto';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { HttpError, unavailableDependency } from '@latchkey/errors';
import type { Logger } from '@latchkey/service-kit';
import { authenticate, type AuthedRequest } from '../auth/credentials.js';
import type { BearerValidator } from '../auth/bearer.js';
import { badRequest } from '../errors.js';
import { ChargeExpiredError, type ChargeService } from '../domain/charges.js';
import { coordinationResponse, frameworkResponse, type Analysis } from '../domain/guidance.js';
import type { Library } from '../domain/library.js';
import type { ModelEngine } from '../domain/model-engine.js';
import { planAnswer } from '../domain/plan.js';
import { turnSummary } from '../domain/facts.js';
import type { FrameworkSelector } from '../domain/selector.js';
import { headerWindow, type RateLimiter, type WindowState } from '../limits/rate-limiter.js';
import type { ApiKeyStore } from '../store/api-keys.js';
import type { RequestLogStore } from '../store/request-log.js';
import type { SessionStore } from '../store/sessions.js';
import { LIMITS, parseStrategicRequest } from './schema.js';

export interface StrategicDeps {
  library: Library;
  selector: FrameworkSelector;
  /** Debits, settles and refunds the calls (domain/charges.ts). */
  charges: ChargeService;
  keys: ApiKeyStore;
  sessions: SessionStore;
  requestLog: RequestLogStore;
  limiter: RateLimiter;
  bearer?: BearerValidator | undefined;
  /** The grounded model engine (STRATEGY_AI_*); the library engine answers when it is absent or fails. */
  model?: ModelEngine | undefined;
  logger: Logger;
  now: () => number;
  /** Test hook: called after the debit, before the answer is built. */
  faultInjector?: ((endpoint: string) => void | Promise<void>) | undefined;
}

type Endpoint = 'coordinate' | 'framework';

interface CallState {
  requestId: string;
  started: number;
  endpoint: Endpoint;
  debited: boolean;
  creditsUsed: number;
  sessionId?: string;
  engine?: string;
}

type StrategicRequestObj = AuthedRequest & { strategyRequestId?: string; call?: CallState };

function setLimitHeaders(res: Response, w: WindowState, tierLimit?: { limit: number; resetAt: number; window: string; remaining: number }) {
  const shown = tierLimit ?? w;
  res.setHeader('X-RateLimit-Limit', String(shown.limit));
  res.setHeader('X-RateLimit-Remaining', String(shown.remaining));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(shown.resetAt / 1000)));
  res.setHeader('X-RateLimit-Window', 'window' in shown ? shown.window : w.window);
}

export function strategicRouter(deps: StrategicDeps): Router {
  const router = Router();
  const auth = authenticate(deps.keys, deps.bearer);
  const jsonParser = express.json({ limit: LIMITS.bodyBytes, type: () => true });
  // An unsupported charset or Content-Encoding is a bad request format (400
  // naming the header), not body-parser's 415.
  const json = (req: Request, res: Response, next: NextFunction) =>
    jsonParser(req, res, (err?: unknown) => {
      const type = (err as { type?: string } | undefined)?.type;
      if (type === 'charset.unsupported') return next(badRequest('Content-Type', 'charset must be utf-8', 'The request body must be UTF-8 JSON.'));
      if (type === 'encoding.unsupported')
        return next(badRequest('Content-Encoding', 'must be identity, gzip, deflate or br', 'Unsupported Content-Encoding.'));
      next(err);
    });

  const begin = (endpoint: Endpoint) => (req: Request, res: Response, next: NextFunction) => {
    const r = req as StrategicRequestObj;
    r.call = { requestId: randomUUID(), started: deps.now(), endpoint, debited: false, creditsUsed: 0 };
    r.strategyRequestId = r.call.requestId;
    next();
  };

  /** Writes the request log row when the answer is sent (any status). */
  const logOnFinish = (req: Request, res: Response, next: NextFunction) => {
    const r = req as StrategicRequestObj;
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
      const r = req as StrategicRequestObj;
      const decision = await deps.limiter.take(r.principal.orgId, r.principal.tier);
      if (!decision.allowed) {
        if (decision.exceeded === 'concurrent') {
          setLimitHeaders(res, headerWindow(decision.windows), { limit: decision.limit, remaining: 0, resetAt: decision.resetAt, window: 'concurrent' });
        } else {
          const w = decision.windows.find((x) => x.window === decision.exceeded)!;
          setLimitHeaders(res, { ...w, remaining: 0 });
        }
        const retryAfter = Math.max(1, Math.ceil((decision.resetAt - deps.now()) / 1000));
        throw new HttpError(
          429,
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

  const contentType = (req: Request, _res: Response, next: NextFunction) => {
    if (!req.is('application/json')) {
      next(badRequest('Content-Type', 'must be application/json', 'Content-Type must be application/json.'));
      return;
    }
    next();
  };

  const handle = (endpoint: Endpoint) => async (req: Request, res: Response, next: NextFunction) => {
    const r = req as StrategicRequestObj;
    const call = r.call!;
    try {
      const body = parseStrategicRequest(req.body, endpoint);

      const orgId = r.principal.orgId;
      let sessionId = body.sessionId;
      let history = { turns: 0, applied: [] as string[] };
      if (sessionId) {
        // A key within the organisation: another organisation's id is simply unknown here.
        history = (await deps.sessions.load(orgId, sessionId)).history;
      } else {
        sessionId = `ses_${randomUUID()}`;
      }
      call.sessionId = sessionId;

      const planned = planAnswer(deps.library, deps.selector, body, history);
      const { analysis, scope } = planned;
      if (!scope.inScope) {
        throw new HttpError(
          422,
          endpoint === 'framework' ? 'FRAMEWORK_OUT_OF_SCOPE' : 'REQUEST_OUT_OF_SCOPE',
          `This is not a business strategy question${scope.domain ? ` (it looks like ${scope.domain})` : ''}. Nothing was charged; other agents can help.`,
          { details: { suggestions: scope.suggestions, ...(scope.domain ? { detectedDomain: scope.domain } : {}) } },
        );
      }

      const maxCredits = body.preferences?.maxCredits;
      // One pending debit (for coordination: the deepest answer that fits
      // maxCredits and the balance); settled right before the answer is sent.
      const charged = await deps.charges.charge({ orgId, requestId: call.requestId, endpoint, depth: analysis.depth, weight: analysis.weight, maxCredits });
      if (!charged.ok) throw insufficient(charged.required, charged.available, maxCredits);
      const cost = charged.cost;
      const depth = endpoint === 'framework' ? analysis.depth : charged.depth;
      call.debited = true;
      call.creditsUsed = cost;
      await deps.faultInjector?.(endpoint);

      let answer =
        endpoint === 'framework'
          ? frameworkResponse(deps.library, analysis, sessionId, cost)
          : coordinationResponse(deps.library, analysis, depth, sessionId, cost);
      call.engine = 'library';
      if (deps.model) {
        const written = await deps.model.answer({ endpoint, analysis, depth, sessionId, creditsUsed: cost }).catch(() => null);
        if (written) {
          answer = written.response;
          call.engine = `model:${written.model}`;
          answer.metadata.engine = call.engine;
        }
      }
      await deps.sessions.recordTurn({
        sessionId,
        orgId,
        requestId: call.requestId,
        endpoint: `/v1/${endpoint}`,
        primaryFramework: analysis.primary.id,
        frameworks: frameworksUsed(analysis, endpoint, depth),
        strategicFocus: analysis.strategicFocus,
        confidence: analysis.confidence,
        industry: analysis.context.industry,
        businessStage: analysis.context.businessStage,
        role: analysis.context.role,
        summary: turnSummary(analysis.understanding),
      });
      if ('agent' in answer.metadata) answer.metadata.processingTimeMs = Math.max(0, deps.now() - call.started);
      // Last step before the answer: the charge becomes final (durably), or,
      // when the sweeper already refunded it, the answer is withheld.
      await deps.charges.settle(call.requestId);
      call.debited = false;
      res.status(200).json(answer);
    } catch (err) {
      if (call.debited) {
        // Refunded now, or by the sweeper once the database is back.
        await deps.charges.refund(call.requestId, err instanceof HttpError ? err.code : 'failed');
        call.creditsUsed = 0;
      }
      const failure =
        err instanceof ChargeExpiredError
          ? new HttpError(503, 'SERVICE_UNAVAILABLE', 'The guidance took too long and was cancelled. Nothing was charged; retry.', {
              headers: { 'Retry-After': '1' },
            })
          : err;
      res.locals.errorCode = failure instanceof HttpError ? failure.code : 'COORDINATION_FAILED';
      next(failure);
    }
  };

  for (const endpoint of ['coordinate', 'framework'] as const) {
    router.post(`/v1/${endpoint}`, begin(endpoint), auth, logOnFinish, rateLimit, contentType, json, handle(endpoint));
  }
  return router;
}

function frameworksUsed(a: Analysis, endpoint: Endpoint, depth: string): string[] {
  const n = endpoint === 'framework' ? 3 : depth === 'simple' ? 0 : depth === 'planning' ? 2 : 3;
  return [a.primary.id, ...a.supporting.slice(0, n).map((f) => f.id)];
}

function insufficient(required: number, available: number, maxCredits: number | undefined): HttpError {
  const capped = maxCredits !== undefined && maxCredits < required;
  return new HttpError(
    402,
    'INSUFFICIENT_CREDITS',
    capped
      ? `This answer needs ${required} credits, more than preferences.maxCredits (${maxCredits}).`
      : `This answer needs ${required} credits; the organisation has ${available}. Nothing was charged.`,
    { details: { creditsRequired: required, creditsAvailable: available, ...(maxCredits !== undefined ? { maxCredits } : {}) } },
  );
}
