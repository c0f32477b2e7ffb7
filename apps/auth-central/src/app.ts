/**
 * `createApp(deps)`: the auth-central app (SPEC.md area A), without
 * listening and without globals.
 */
import express, { type RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AuthCentralError } from './errors.js';
import { adminAuth, createServiceApp, finishServiceApp, withFastPath, type FastPathApp, type ServiceApp } from '@latchkey/service-kit';
import { parseBearer, type SigningAlg } from '@latchkey/jwt';
import type pg from 'pg';
import type { Db } from './store/prisma.js';
import { pgSql, prismaSql } from './store/sql.js';
import { SigningKeys } from './domain/keys.js';
import { AccessTokens } from './domain/access-tokens.js';
import { Sessions } from './domain/sessions.js';
import { Logins } from './domain/login.js';
import type { IdentityProvider } from './domain/idp.js';
import { jsonBody } from './http/json-body.js';
import { authCors } from './http/cors.js';
import { FailureLimiter, failureLimit, rateLimit } from './http/rate-limit.js';
import { fastValidate } from './http/fast-validate.js';
import type { RouteContext, RouteGuards } from './routes/context.js';
import * as login from './routes/login.js';
import * as callback from './routes/callback.js';
import * as exchange from './routes/exchange.js';
import * as refresh from './routes/refresh.js';
import * as logout from './routes/logout.js';
import * as validate from './routes/validate.js';
import * as jwks from './routes/jwks.js';
import * as adminApps from './routes/admin-apps.js';
import * as adminKeys from './routes/admin-keys.js';
import * as adminMembers from './routes/admin-members.js';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
export const EXCHANGE_TOKEN_LIFETIME_SECONDS = 60;
export const LOGIN_LIFETIME_SECONDS = 600;

export interface AuthCentralSettings {
  /** Public address (`iss` of access tokens, base of the callback URL), no trailing slash. */
  publicUrl: string;
  /** `aud` of access tokens (default `latchkey`). */
  audience?: string;
  /** Operator token of `/admin/*`; without it the admin API answers 401. */
  adminToken?: string;
  /** 32-byte key encrypting signing keys and PKCE verifiers at rest. */
  encryptionKey: Buffer;
  signingAlg?: SigningAlg;
  /** Body limit of the JSON endpoints (default `16kb`). */
  bodyLimit?: string | number;
  /**
   * Per-IP requests per minute on login + callback and on exchange (default 120 each), and refused
   * tokens (401) per minute on refresh, logout and validate together (default 600); 0 turns a limit off.
   */
  rateLimits?: { loginPerMinute?: number; exchangePerMinute?: number; tokenFailuresPerMinute?: number };
  /** Seconds after expiry during which refresh accepts a validly signed token (default 0). */
  refreshGraceSeconds?: number;
  /** Revoke the session of an exchange token that is presented again (default true). */
  revokeSessionOnTokenReuse?: boolean;
  /** Bind a login to the browser that started it with an HttpOnly cookie (default true). */
  bindLoginToBrowser?: boolean;
  /** Peers whose `X-Forwarded-For` is believed (`TRUST_PROXY`, service-kit's `trustProxy`; default loopback). */
  trustProxy?: readonly string[];
}

export interface AuthCentralDeps {
  db: Db;
  /**
   * A `pg` pool on the same database for the hot queries (validate, refresh,
   * exchange, CORS) as prepared statements; without one they go through `db`.
   */
  pool?: pg.Pool;
  logger: Logger;
  settings: AuthCentralSettings;
  /** The identity provider; without one, login answers 503. */
  idp?: IdentityProvider;
  /** Shared rate limits when set; in-process otherwise. */
  redis?: Redis;
  /** Key prefix in Redis (tests use a namespace of their own). */
  redisPrefix?: string;
  /** Clock, epoch milliseconds (tests inject one). */
  now?: () => number;
  /** Shared signing keys (one per process); created from `db` when absent. */
  keys?: SigningKeys;
  /** Checks of dependencies auth-central keeps serving without (Redis: limits fall back to memory), reported by `/readyz` as `degraded`. */
  degradedBy?: Record<string, () => Promise<unknown>>;
}

export interface AuthCentralLocals {
  keys: SigningKeys;
  sessions: Sessions;
  logins: Logins;
}

/** auth-central's app: the fast path of validate in front of Express, callable as a request listener. */
export type AuthCentralApp = FastPathApp & ServiceApp;

/**
 * The auth-central app (SPEC.md area A): `/context/auth/*` (login,
 * callback, exchange, refresh, validate, logout, JWKS), `/admin/*` behind the
 * operator token, health and readiness. No listening and no globals: the
 * caller owns `deps` (database, Redis, clock, signing keys) and closes them.
 * @returns the service's request listener (service-kit's `withFastPath`):
 * a plain `GET /context/auth/validate` is answered before Express's router
 * (`http/fast-validate.ts`) with the same limits, CORS and error bodies; the
 * Express app behind it is `.express`.
 */
export function createApp(deps: AuthCentralDeps): AuthCentralApp {
  const s = deps.settings;
  const now = deps.now ?? Date.now;
  const publicUrl = s.publicUrl.replace(/\/+$/, '');
  const keys =
    deps.keys ??
    new SigningKeys(deps.db, {
      encryptionKey: s.encryptionKey,
      alg: s.signingAlg ?? 'ES256',
      tokenLifetime: ACCESS_TOKEN_LIFETIME_SECONDS,
      now,
      logger: deps.logger,
    });
  const sql = deps.pool ? pgSql(deps.pool) : prismaSql(deps.db);
  const tokens = new AccessTokens(keys, { issuer: publicUrl, audience: s.audience ?? 'latchkey', lifetime: ACCESS_TOKEN_LIFETIME_SECONDS, now });
  const sessions = new Sessions({
    db: deps.db,
    sql,
    tokens,
    now,
    logger: deps.logger,
    revokeOnReuse: s.revokeSessionOnTokenReuse ?? true,
    refreshGraceSeconds: s.refreshGraceSeconds ?? 0,
  });
  const logins = new Logins({
    db: deps.db,
    idp: deps.idp,
    publicUrl,
    encryptionKey: s.encryptionKey,
    now,
    logger: deps.logger,
    exchangeTokenTtlSeconds: EXCHANGE_TOKEN_LIFETIME_SECONDS,
    loginTtlSeconds: LOGIN_LIFETIME_SECONDS,
    bindToBrowser: s.bindLoginToBrowser ?? true,
  });

  const app = createServiceApp({
    logger: deps.logger,
    service: 'auth-central',
    readiness: { database: () => deps.db.$queryRaw`SELECT 1` },
    degradedBy: deps.degradedBy,
    trustProxy: s.trustProxy,
  });
  app.locals.authCentral = { keys, sessions, logins } satisfies AuthCentralLocals;

  const json = jsonBody(s.bodyLimit ?? '16kb');
  const limits = s.rateLimits ?? {};
  const tokenFailures = new FailureLimiter({
    name: 'token-failures',
    perMinute: limits.tokenFailuresPerMinute ?? 600,
    redis: deps.redis,
    prefix: deps.redisPrefix,
    now,
  });
  const guards: RouteGuards = {
    json,
    loginLimit: rateLimit({ name: 'login', perMinute: limits.loginPerMinute ?? 120, redis: deps.redis, prefix: deps.redisPrefix }),
    exchangeLimit: rateLimit({ name: 'exchange', perMinute: limits.exchangePerMinute ?? 120, redis: deps.redis, prefix: deps.redisPrefix }),
    tokenLimit: failureLimit(tokenFailures),
    validateLimit: failureLimit(tokenFailures, (req) => sessions.isSigned(parseBearer(req.get('authorization')) ?? undefined)),
  };
  const ctx: RouteContext = { db: deps.db, sql, sessions, logins, keys, logger: deps.logger, now, secureCookies: publicUrl.startsWith('https:'), guards };

  // Express 5 forwards rejected promises of handlers to the error middleware.
  const auth = express.Router();
  callback.register(auth, ctx); // navigated to by the provider: no CORS check
  auth.use(authCors(sql, { ownOrigin: new URL(publicUrl).origin }));
  login.register(auth, ctx);
  exchange.register(auth, ctx);
  refresh.register(auth, ctx);
  logout.register(auth, ctx);
  validate.register(auth, ctx);
  const methodNotAllowed: RequestHandler = (req, _res, next) => next(new AuthCentralError('NOT_FOUND', `No route for ${req.method} /context/auth${req.path}.`));
  auth.use(methodNotAllowed);
  app.use('/context/auth', auth);

  const wellKnown = express.Router();
  jwks.register(wellKnown, ctx);
  app.use(wellKnown);

  const admin = express.Router();
  admin.use(adminAuth(s.adminToken));
  adminApps.register(admin, ctx);
  adminKeys.register(admin, ctx);
  adminMembers.register(admin, ctx);
  app.use('/admin', admin);

  finishServiceApp(app);
  // The plain form of validate is answered before Express (http/fast-validate.ts), and counted in /metrics under its route.
  const listener = withFastPath(app, fastValidate({ sessions, failures: tokenFailures, logger: deps.logger, ownOrigin: new URL(publicUrl).origin }), {
    service: 'auth-central',
    route: '/context/auth/validate',
  });
  // Everything createApp uses (database, Redis, keys) is passed in and closed by its owner.
  return Object.assign(listener, { listener, close: async () => {} });
}
