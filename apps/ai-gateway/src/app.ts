import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import {
  adminAuth,
  createServiceApp,
  finishServiceApp,
  trackBreakers,
  untrackBreakers,
  withFastPath,
  type FastPathApp,
  type Logger,
  type ServiceApp,
} from '@latchkey/service-kit';
import { KeyService } from './domain/keys.js';
import { MemoryLimiter, RedisLimiter, type Limiter } from './domain/limits.js';
import { UsageSink } from './domain/usage.js';
import type { V1Context } from './http/call.js';
import { V1Router, v1FastPath } from './http/v1.js';
import { PROVIDERS, Upstream, type ProviderConfig, type ProviderName, type UpstreamOptions } from './providers/upstream.js';
import type { AdminContext } from './routes/admin-context.js';
import * as adminKeys from './routes/admin-keys.js';
import * as adminSolutions from './routes/admin-solutions.js';
import * as adminUsage from './routes/admin-usage.js';
import * as v1ChatCompletions from './routes/v1-chat-completions.js';
import * as v1CountTokens from './routes/v1-count-tokens.js';
import * as v1Embeddings from './routes/v1-embeddings.js';
import * as v1Messages from './routes/v1-messages.js';
import * as v1Models from './routes/v1-models.js';
import * as v1Responses from './routes/v1-responses.js';
import type { Db } from './store/db.js';

/** The `/v1` routes, in the order the 404 message lists them. */
const V1_ROUTES = [v1ChatCompletions, v1Responses, v1Messages, v1CountTokens, v1Embeddings, v1Models];

/** The default allow-list: two OpenAI, two Anthropic, one Google model. */
export const DEFAULT_MODELS = [
  'openai/gpt-4o-mini',
  'openai/gpt-4.1-mini',
  'anthropic/claude-sonnet-4-5',
  'anthropic/claude-haiku-4-5',
  'google/gemini-2.5-flash',
];

export interface GatewayDeps {
  logger: Logger;
  db: Db;
  /** A Redis connection (limits, revocations); without it everything runs in-process. Usage records never go through Redis. */
  redis?: Redis;
  /** Key prefix of everything the gateway keeps in Redis (default `latchkey:`). */
  redisPrefix?: string;
  adminToken?: string;
  providers: Partial<Record<ProviderName, ProviderConfig>>;
  defaultModels?: string[];
  defaultRpm?: number;
  defaultTpm?: number;
  /** HMAC key of key fingerprints (SHA-256 when absent). */
  keyPepper?: string;
  /** How long a resolved key is cached (default 30 s): the revocation bound when a pub/sub message is missed. */
  keyCacheTtlMs?: number;
  maxBodyBytes?: number;
  upstream?: UpstreamOptions;
  /** Directory of the local usage spool (domain/usage.ts); without it usage waits for the database in memory only. */
  usageSpoolDir?: string;
  now?: () => number;
  /** Peers whose `X-Forwarded-*` the Express part (admin, health, metrics) believes (`TRUST_PROXY`; default loopback). */
  trustProxy?: readonly string[];
}

/** The gateway: a Node request listener (`/v1/*` on service-kit's fast path, the rest on Express). */
export interface GatewayApp extends FastPathApp, ServiceApp {
  (req: IncomingMessage, res: ServerResponse): void;
  /** The Express app of everything but `/v1` (admin API, health, metrics); the same as `express`. */
  admin: Express;
  keys: KeyService;
  usage: UsageSink;
  limiter: Limiter;
  upstream: Upstream;
  /** Resolves once the token charges of finished calls have reached the limiter. */
  settled(): Promise<void>;
  /** Subscribes to key revocations; resolves when ready. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Builds the gateway (no listening): keys, limits, usage sink and provider client, the `/v1` routes
 * (`routes/v1-*.ts`) on service-kit's fast path and the admin API, health and metrics on Express.
 * Call `ready` before serving and `close()` at shutdown.
 */
export function createApp(deps: GatewayDeps): GatewayApp {
  const prefix = deps.redisPrefix ?? 'latchkey:';
  const defaults = { models: deps.defaultModels ?? DEFAULT_MODELS, rpm: deps.defaultRpm ?? 60, tpm: deps.defaultTpm ?? 100_000 };
  const keys = new KeyService(deps.db, defaults, {
    pepper: deps.keyPepper,
    cacheTtlMs: deps.keyCacheTtlMs,
    redis: deps.redis,
    prefix,
    logger: deps.logger,
    now: deps.now,
  });
  const limiter: Limiter = deps.redis
    ? new RedisLimiter(deps.redis, prefix, deps.now, { onError: (err) => deps.logger.warn({ err: err.message }, 'token charges not applied yet; will retry') })
    : new MemoryLimiter(deps.now);
  const usage = new UsageSink(deps.db, { logger: deps.logger, spoolDir: deps.usageSpoolDir });
  const upstream = new Upstream(deps.upstream);
  const ctx: V1Context = {
    keys,
    limiter,
    usage,
    upstream,
    providers: deps.providers,
    logger: deps.logger,
    maxBodyBytes: deps.maxBodyBytes ?? 10 * 1024 * 1024,
    now: deps.now,
    charges: new Set(),
  };
  const router = new V1Router();
  for (const route of V1_ROUTES) route.register(router, ctx);
  const v1 = v1FastPath(router, ctx);

  trackBreakers('ai-gateway', () => upstream.breakerStates());
  const admin = createServiceApp({
    logger: deps.logger,
    service: 'ai-gateway',
    trustProxy: deps.trustProxy,
    readiness: {
      database: () => deps.db.$queryRaw`SELECT 1`,
      ...(deps.redis ? { redis: () => deps.redis!.ping() } : {}),
    },
  });
  const adminCtx: AdminContext = {
    keys,
    db: deps.db,
    defaultModels: defaults.models,
    providers: PROVIDERS.filter((p) => deps.providers[p]),
    guards: { json: express.json({ limit: '100kb' }) },
  };
  const operator = express.Router();
  operator.use(adminAuth(deps.adminToken));
  adminKeys.register(operator, adminCtx);
  adminSolutions.register(operator, adminCtx);
  adminUsage.register(operator, adminCtx);
  admin.use('/admin', operator);
  finishServiceApp(admin);

  // `/v1` (and the SDK paths of a base URL missing it) before Express, counted in /metrics by route.
  const app = withFastPath(admin, v1.handle, { service: 'ai-gateway', route: v1.label }) as GatewayApp;
  app.admin = admin;
  Object.assign(app, { listener: app });
  app.keys = keys;
  app.usage = usage;
  app.limiter = limiter;
  app.upstream = upstream;
  app.settled = () => v1.settled();
  app.ready = keys.start();
  app.close = async () => {
    untrackBreakers('ai-gateway');
    await v1.settled().catch((err: Error) => deps.logger.warn({ err: err.message }, 'token charges not applied at shutdown'));
    await keys.close();
    await usage.close();
    await upstream.close();
  };
  return app;
}

export type { ProviderConfig, ProviderName } from './providers/upstream.js';
