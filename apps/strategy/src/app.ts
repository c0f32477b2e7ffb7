/**
 * The strategy service (SPEC.md area C): POST /v1/coordinate and
 * POST /v1/framework, plus the operator API under /admin.
 */
import express, { type Express } from 'express';
import type pg from 'pg';
import type { Redis } from 'ioredis';
import { CreditLedger } from '@latchkey/credits';
import { adminAuth, createServiceApp, finishServiceApp, type Logger, type ServiceApp } from '@latchkey/service-kit';
import { BEARER_CACHE_TTL_MS, createBearerValidator, type BearerValidator } from './http/bearer.js';
import { ChargeService } from './domain/charges.js';
import { loadLibrary, type Library } from './domain/library.js';
import type { ModelEngine } from './domain/model-engine.js';
import { FrameworkSelector } from './domain/selector.js';
import { warmUpPlan } from './domain/plan.js';
import { formatStrategyError } from './errors.js';
import { RateLimiter, type RateLimiterOptions } from './domain/rate-limiter.js';
import { strategicGuards } from './http/strategic-guards.js';
import * as adminCredits from './routes/admin-credits.js';
import * as adminKeys from './routes/admin-keys.js';
import type { RouteContext } from './routes/context.js';
import * as coordinate from './routes/coordinate.js';
import * as framework from './routes/framework.js';
import { ApiKeyStore } from './store/api-keys.js';
import type { PrismaClient } from './store/prisma.js';
import { RequestLogStore } from './store/request-log.js';
import { SessionStore } from './store/sessions.js';

export interface AppDeps {
  prisma: PrismaClient;
  /** pg pool on the same database, for the credit ledger's single-statement debits. */
  pool: pg.Pool;
  /** pg pool with synchronous_commit off, for session turns and the request log (defaults to `pool`). */
  relaxedPool?: pg.Pool;
  redis?: Redis | undefined;
  logger: Logger;
  /** auth-central base URL; Bearer tokens are refused without it (unless `bearer` is given). */
  authUrl?: string | undefined;
  /** Overrides the validator built from authUrl (e.g. `createValidator` of `@latchkey/auth-backend` with its own clock). */
  bearer?: BearerValidator | undefined;
  /** Cache time of valid Bearer validation results, ms (default 30 s; refusals 5 s). */
  authCacheTtlMs?: number;
  adminToken?: string | undefined;
  library?: Library;
  limits?: RateLimiterOptions['limits'];
  /** Redis key prefix (tests). */
  redisPrefix?: string;
  now?: () => number;
  keyCacheTtlMs?: number;
  /** The grounded model engine (STRATEGY_AI_*), optional. */
  model?: ModelEngine | undefined;
  faultInjector?: (endpoint: string) => void | Promise<void>;
  /** Age after which an unanswered call's pending debit is refunded, ms (default 60 s; must exceed the longest call). */
  pendingGraceMs?: number;
  /** How often the credit sweeper runs once started, ms (default 10 s). */
  sweepIntervalMs?: number;
  /** Peers whose `X-Forwarded-For` is believed (`TRUST_PROXY`, service-kit's `trustProxy`; default loopback). */
  trustProxy?: readonly string[] | undefined;
}

export interface StrategyApp extends ServiceApp {
  app: Express;
  library: Library;
  selector: FrameworkSelector;
  ledger: CreditLedger;
  keys: ApiKeyStore;
  limiter: RateLimiter;
  /** Charges of the strategic calls; `charges.start()` runs the sweeper (server.ts does). */
  charges: ChargeService;
}

export function createApp(deps: AppDeps): StrategyApp {
  const library = deps.library ?? loadLibrary();
  const selector = new FrameworkSelector(library);
  warmUpPlan(selector);
  const now = deps.now ?? Date.now;
  const ledger = new CreditLedger(deps.pool);
  // Debits and refunds of the request path commit without waiting for the WAL
  // flush (one hot row per organisation): a server crash can forget the last
  // fraction of a second of debits (answers given free), never produce a
  // negative balance or a double charge. Grants stay fully durable.
  // The settle before each answer commits durably, which also makes its debit durable.
  const requestLedger = deps.relaxedPool ? new CreditLedger(deps.relaxedPool) : ledger;
  const charges = new ChargeService({
    ledger: requestLedger,
    durable: ledger,
    logger: deps.logger,
    pendingGraceMs: deps.pendingGraceMs,
    sweepIntervalMs: deps.sweepIntervalMs,
  });
  const keys = new ApiKeyStore(deps.prisma, { cacheTtlMs: deps.keyCacheTtlMs ?? 10_000, now });
  const limiter = new RateLimiter({ redis: deps.redis, prefix: deps.redisPrefix ?? '', now, ...(deps.limits ? { limits: deps.limits } : {}) });
  const bearer =
    deps.bearer ?? (deps.authUrl ? createBearerValidator({ authUrl: deps.authUrl, cacheTtlMs: deps.authCacheTtlMs ?? BEARER_CACHE_TTL_MS, now }) : undefined);

  const app = createServiceApp({
    logger: deps.logger,
    service: 'strategy',
    trustProxy: deps.trustProxy,
    readiness: { database: () => deps.pool.query('SELECT 1') },
    // Guidance goes on while Redis is down (rate limits in memory): ready, reported `degraded`.
    degradedBy: deps.redis ? { redis: () => deps.redis!.ping() } : undefined,
  });
  const requestLog = new RequestLogStore(deps.relaxedPool ?? deps.pool);
  const ctx: RouteContext = {
    library,
    selector,
    charges,
    ledger,
    keys,
    sessions: new SessionStore(deps.relaxedPool ?? deps.pool),
    requestLog,
    model: deps.model,
    logger: deps.logger,
    now,
    faultInjector: deps.faultInjector,
    guards: strategicGuards({ keys, bearer, limiter, requestLog, logger: deps.logger, now }),
  };
  coordinate.register(app, ctx);
  framework.register(app, ctx);

  const admin = express.Router();
  admin.use(adminAuth(deps.adminToken));
  adminKeys.register(admin, ctx);
  adminCredits.register(admin, ctx);
  app.use('/admin', admin);
  finishServiceApp(app, formatStrategyError);
  return { app, listener: app, express: app, close: () => charges.stop(), library, selector, ledger, keys, limiter, charges };
}
