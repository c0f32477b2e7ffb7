import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import { createServiceApp, finishServiceApp, measureRaw, trackBreakers, untrackBreakers, type Logger } from '@latchkey/service-kit';
import { KeyService } from './domain/keys.js';
import { MemoryLimiter, RedisLimiter, type Limiter } from './domain/limits.js';
import { UsageSink } from './domain/usage.js';
import { PROVIDERS, Upstream, type ProviderConfig, type ProviderName, type UpstreamOptions } from './providers/upstream.js';
import { createProxy } from './proxy.js';
import { adminRouter } from './routes/admin.js';
import type { Db } from './store/db.js';

/** The default allow-list: two OpenAI, two Anthropic, one Google model. */
export const DEFAULT_MODELS = ['openai/gpt-4o-mini', 'openai/gpt-4.1-mini', 'anthropic/claude-sonnet-4-5', 'anthropic/claude-haiku-4-5', 'google/gemini-2.5-flash'];

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

/** The gateway: a Node request listener (`/v1/*` on the fast path, the rest on Express). */
export interface GatewayApp {
  (req: IncomingMessage, res: ServerResponse): void;
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

/** The `route` label of a `/v1` request: a known route, else `/v1/*` (labels stay bounded whatever callers send). */
const PROXY_ROUTES = new Set(['/v1/chat/completions', '/v1/responses', '/v1/messages', '/v1/models', '/v1/messages/count_tokens', '/v1/embeddings']);
function proxyRoute(url: string): string {
  const path = url.split('?')[0]!;
  if (PROXY_ROUTES.has(path)) return path;
  if (path.startsWith('/v1/models/')) return '/v1/models/:model';
  return '/v1/*';
}
/** Paths an SDK calls when its base URL lacks `/v1`. */
const SDK_PATH = /^\/(chat\/completions|completions|responses|messages|models|embeddings)(\/|\?|$)/;

export function createApp(deps: GatewayDeps): GatewayApp {
  const prefix = deps.redisPrefix ?? 'latchkey:';
  const defaults = { models: deps.defaultModels ?? DEFAULT_MODELS, rpm: deps.defaultRpm ?? 60, tpm: deps.defaultTpm ?? 100_000 };
  const keys = new KeyService(deps.db, defaults, { pepper: deps.keyPepper, cacheTtlMs: deps.keyCacheTtlMs, redis: deps.redis, prefix, logger: deps.logger, now: deps.now });
  const limiter: Limiter = deps.redis
    ? new RedisLimiter(deps.redis, prefix, deps.now, { onError: (err) => deps.logger.warn({ err: err.message }, 'token charges not applied yet; will retry') })
    : new MemoryLimiter(deps.now);
  const usage = new UsageSink(deps.db, { logger: deps.logger, spoolDir: deps.usageSpoolDir });
  const upstream = new Upstream(deps.upstream);
  const proxy = createProxy({ keys, limiter, usage, upstream, providers: deps.providers, logger: deps.logger, maxBodyBytes: deps.maxBodyBytes, now: deps.now });

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
  admin.use('/admin', adminRouter({ keys, db: deps.db, adminToken: deps.adminToken, defaultModels: defaults.models, providers: PROVIDERS.filter((p) => deps.providers[p]) }));
  finishServiceApp(admin);

  const app = ((req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    // SDK paths without `/v1` (a base URL missing it) get the SDK's 404 with a hint, not the admin shape.
    if (url.startsWith('/v1/') || url === '/v1' || SDK_PATH.test(url)) {
      measureRaw('ai-gateway', req, res, () => proxyRoute(url));
      proxy(req, res);
    }
    else admin(req, res);
  }) as GatewayApp;
  app.admin = admin;
  app.keys = keys;
  app.usage = usage;
  app.limiter = limiter;
  app.upstream = upstream;
  app.settled = () => proxy.settled();
  app.ready = keys.start();
  app.close = async () => {
    untrackBreakers('ai-gateway');
    await proxy.settled().catch((err: Error) => deps.logger.warn({ err: err.message }, 'token charges not applied at shutdown'));
    await keys.close();
    await usage.close();
    await upstream.close();
  };
  return app;
}

export type { ProviderConfig, ProviderName } from './providers/upstream.js';
