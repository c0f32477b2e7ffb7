/**
 * `startAuthCentral(options)`: a whole running auth-central (migrations unless
 * told otherwise, Prisma, Redis, signing keys, purge, HTTP server). Used by
 * `run.ts`, `launch.ts` and by tests that need a real server on an ephemeral port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { applyMigrations, prismaDirOf } from '@latchkey/db';
import { connectRedis, createLogger, DependencyMonitor, parseKey, runService, type FastPathApp } from '@latchkey/service-kit';
import type { SigningAlg } from '@latchkey/jwt';
import { createApp, ACCESS_TOKEN_LIFETIME_SECONDS, type AuthCentralSettings } from './app.js';
import { createPrisma, type Db } from './store/prisma.js';
import { createSqlPool } from './store/sql.js';
import { SigningKeys } from './domain/keys.js';
import { oidcProvider, type IdentityProvider, type OidcSettings } from './domain/idp.js';
import { startPurge, type PurgeScheduler } from './domain/purge.js';

export interface StartOptions extends Omit<AuthCentralSettings, 'encryptionKey' | 'publicUrl'> {
  databaseUrl: string;
  redisUrl?: string;
  /** Redis key prefix for rate limits and the purge queue (tests). */
  redisPrefix?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Default `http://<host>:<port>` once listening. */
  publicUrl?: string;
  /** 32 bytes, or 64 hex / 44 base64 characters. */
  encryptionKey: Buffer | string;
  oidc?: OidcSettings;
  /** An identity provider object instead of `oidc` (tests). */
  idp?: IdentityProvider;
  logger?: Logger;
  now?: () => number;
  /** Purge interval in milliseconds (default 5 minutes); `false` turns the purge off. */
  purgeIntervalMs?: number | false;
  /** Install SIGTERM/SIGINT handlers (default false here; run.ts turns them on). */
  handleSignals?: boolean;
  signingAlg?: SigningAlg;
  /** Apply pending migrations first (default true; `MIGRATE_ON_START`). */
  migrate?: boolean;
}

export interface RunningAuthCentral {
  /** Where it listens, e.g. `http://127.0.0.1:4101`. */
  url: string;
  /** The public URL (issuer, callback base). */
  publicUrl: string;
  port: number;
  /** The request listener (`createApp`); its Express app is `app.express`. */
  app: FastPathApp;
  db: Db;
  keys: SigningKeys;
  purge: PurgeScheduler | undefined;
  close(): Promise<void>;
}

export async function startAuthCentral(o: StartOptions): Promise<RunningAuthCentral> {
  const logger = o.logger ?? createLogger('auth-central');
  const now = o.now ?? Date.now;
  const encryptionKey = typeof o.encryptionKey === 'string' ? parseKey(o.encryptionKey) : o.encryptionKey;
  if (o.migrate ?? true) await applyMigrations(o.databaseUrl, prismaDirOf('auth-central'));
  // One monitor per dependency for all its connections: one warning per outage (README, "Dependency outages").
  const postgres = new DependencyMonitor('postgres', logger);
  const db = createPrisma(o.databaseUrl, { monitor: postgres });
  const pool = createSqlPool(o.databaseUrl, { monitor: postgres });
  const redis = connectRedis(o.redisUrl, 'auth-central', { logger });
  const keys = new SigningKeys(db, {
    encryptionKey,
    alg: o.signingAlg ?? 'ES256',
    tokenLifetime: ACCESS_TOKEN_LIFETIME_SECONDS,
    now,
    logger,
  });
  const closers: Array<() => Promise<unknown>> = [];
  let purge: PurgeScheduler | undefined;
  let reloadTimer: NodeJS.Timeout | undefined;
  try {
    await keys.reload(); // creates the first key on a fresh database
    // Pick up keys rotated by other instances.
    reloadTimer = setInterval(() => void keys.reload().catch((err) => logger.warn({ err }, 'key reload failed')), 60_000);
    reloadTimer.unref();

    // The public URL is known only after listening when the port is 0: the app reads it lazily.
    let publicUrl = o.publicUrl?.replace(/\/+$/, '');
    let app: FastPathApp | undefined;
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      if (app) return app(req, res);
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"SERVICE_UNAVAILABLE","message":"Starting."}');
    };
    const running = await runService({
      app: handler,
      port: o.port ?? 0,
      host: o.host ?? '127.0.0.1',
      logger,
      handleSignals: o.handleSignals ?? false,
      closers: [
        async () => {
          for (const c of closers) await c();
        },
      ],
    });
    publicUrl ??= running.url;
    app = createApp({
      db,
      pool,
      logger,
      redis,
      redisPrefix: o.redisPrefix,
      now,
      keys,
      idp: o.idp ?? (o.oidc ? oidcProvider(o.oidc) : undefined),
      degradedBy: redis ? { redis: () => redis.ping() } : undefined,
      settings: { ...o, publicUrl, encryptionKey },
    });
    if (o.purgeIntervalMs !== false) {
      purge = await startPurge({
        db,
        intervalMs: o.purgeIntervalMs ?? 300_000,
        now,
        logger,
        redisUrl: o.redisUrl,
        prefix: o.redisPrefix ? `${o.redisPrefix}{latchkey-auth}` : undefined,
      });
    }
    closers.push(async () => {
      clearInterval(reloadTimer);
      await purge?.stop();
      redis?.disconnect();
      await pool.end();
      await db.$disconnect();
    });
    return { url: running.url, publicUrl, port: running.port, app, db, keys, purge, close: running.close };
  } catch (err) {
    clearInterval(reloadTimer);
    await purge?.stop().catch(() => {});
    redis?.disconnect();
    await pool.end().catch(() => {});
    await db.$disconnect().catch(() => {});
    throw err;
  }
}
