/**
 * What every route of strategy is given: `register(router, ctx)` (CONTRIBUTING.md, the service skeleton);
 * the operator routes are registered on a router mounted at `/admin` behind the operator token.
 * `createApp` builds one `RouteContext`; each route file picks the guards it needs.
 */
import type { RequestHandler } from 'express';
import type { CreditLedger } from '@latchkey/credits';
import type { Logger } from '@latchkey/service-kit';
import type { ChargeService } from '../domain/charges.js';
import type { Library } from '../domain/library.js';
import type { ModelEngine } from '../domain/model-engine.js';
import type { FrameworkSelector } from '../domain/selector.js';
import type { ApiKeyStore } from '../store/api-keys.js';
import type { RequestLogStore } from '../store/request-log.js';
import type { SessionStore } from '../store/sessions.js';

/** The two strategic endpoints (SPEC.md area C). */
export type Endpoint = 'coordinate' | 'framework';

export interface RouteContext {
  library: Library;
  selector: FrameworkSelector;
  /** Debits, settles and refunds the strategic calls (domain/charges.ts). */
  charges: ChargeService;
  /** The durable credit ledger (operator grants and account views). */
  ledger: CreditLedger;
  keys: ApiKeyStore;
  sessions: SessionStore;
  requestLog: RequestLogStore;
  /** The grounded model engine (STRATEGY_AI_*); the library engine answers when it is absent or fails. */
  model?: ModelEngine | undefined;
  logger: Logger;
  /** Clock, ms since the epoch. */
  now: () => number;
  /** Test hook: called after the debit, before the answer is built. */
  faultInjector?: ((endpoint: string) => void | Promise<void>) | undefined;
  guards: RouteGuards;
}

/** The middleware a route puts before its handler, built once by `createApp` (http/strategic-guards.ts). */
export interface RouteGuards {
  /**
   * A strategic call's steps before its answer, in order: call state, authentication (`apikey` or
   * Bearer), the request-log row written on finish, the organisation's rate limit (headers on every
   * answer), Content-Type, and the JSON body (at most 256 KB: http/request-schema.ts).
   */
  strategic(endpoint: Endpoint): RequestHandler[];
  /** A JSON body of at most 16 KB, for the operator API (`/admin/*`, mounted behind the operator token). */
  adminJson: RequestHandler;
}
