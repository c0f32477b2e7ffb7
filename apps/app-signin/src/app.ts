/**
 * app-signin: end-user sign-in for many hosted apps (SPEC.md area B).
 * `createApp(deps)` builds the Express app without listening.
 *
 * - `/a/<org>-<suffix>/api/auth/*`: the end-user routes of one app, better-auth's names and bodies.
 * - `/admin/*`: the operator API of `latchkey host db …` (operator token).
 */
import express, { type Express, type RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { adminAuth, createServiceApp, finishServiceApp, signIns, type Logger, type ServiceApp } from '@latchkey/service-kit';
import type { ErrorFormatter } from '@latchkey/errors';
import { SigninError } from './errors.js';
import { pingRegistry, type PrismaClient } from './store/prisma.js';
import type { SigninConfig } from './config.js';
import { AppRuntime } from './domain/apps.js';
import { hashPassword } from './domain/crypto.js';
import { Limits } from './domain/limits.js';
import { Operator } from './domain/operator.js';
import { attachState, buildState, stateOf, type Services } from './http/context.js';
import { cors } from './http/cors.js';
import { register as adminDatabase } from './routes/admin-database.js';
import { register as adminSignIn } from './routes/admin-auth.js';
import { register as adminProviders } from './routes/admin-providers.js';
import { register as adminUsers } from './routes/admin-users.js';
import { register as adminMigrations } from './routes/admin-migrations.js';
import { register as adminAudit } from './routes/admin-audit.js';
import { register as adminDoctor } from './routes/admin-doctor.js';
import { register as devMailbox } from './routes/dev-mailbox.js';
import { register as signUp } from './routes/sign-up.js';
import { register as signIn } from './routes/sign-in.js';
import { register as signOut } from './routes/sign-out.js';
import { register as getSession } from './routes/get-session.js';
import { register as token } from './routes/token.js';
import { register as jwks } from './routes/jwks.js';
import { register as ok } from './routes/ok.js';
import { register as twoFactorEnable } from './routes/two-factor-enable.js';
import { register as twoFactorVerifyTotp } from './routes/two-factor-verify-totp.js';
import { register as twoFactorVerifyBackupCode } from './routes/two-factor-verify-backup-code.js';
import { register as twoFactorGenerateBackupCodes } from './routes/two-factor-generate-backup-codes.js';
import { register as twoFactorDisable } from './routes/two-factor-disable.js';
import { register as sendVerificationEmail } from './routes/send-verification-email.js';
import { register as verifyEmail } from './routes/verify-email.js';
import { register as requestPasswordReset } from './routes/request-password-reset.js';
import { register as resetPassword } from './routes/reset-password.js';
import { register as listSessions } from './routes/list-sessions.js';
import { register as revokeSession } from './routes/revoke-session.js';
import { register as revokeSessions } from './routes/revoke-sessions.js';
import { register as revokeOtherSessions } from './routes/revoke-other-sessions.js';
import { register as updateUser } from './routes/update-user.js';
import { register as changePassword } from './routes/change-password.js';
import { register as changeEmail } from './routes/change-email.js';
import { register as deleteUser } from './routes/delete-user.js';
import { register as signInSocial } from './routes/sign-in-social.js';
import { register as linkSocial } from './routes/link-social.js';
import { register as callback } from './routes/callback.js';
import { register as error } from './routes/error.js';
import { register as listAccounts } from './routes/list-accounts.js';
import { register as unlinkAccount } from './routes/unlink-account.js';
import { Mailer } from './domain/mail.js';

/** The end-user endpoints under `/a/:slug/api/auth` (routes/<endpoint>.ts). */
const END_USER_ROUTES: Array<(router: express.Router, svc: Services) => void> = [
  signUp,
  signIn,
  signOut,
  getSession,
  token,
  jwks,
  ok,
  twoFactorEnable,
  twoFactorVerifyTotp,
  twoFactorVerifyBackupCode,
  twoFactorGenerateBackupCodes,
  twoFactorDisable,
  sendVerificationEmail,
  verifyEmail,
  requestPasswordReset,
  resetPassword,
  listSessions,
  revokeSession,
  revokeSessions,
  revokeOtherSessions,
  updateUser,
  changePassword,
  changeEmail,
  deleteUser,
  signInSocial,
  linkSocial,
  callback,
  error,
  listAccounts,
  unlinkAccount,
];

export interface AppDeps {
  prisma: PrismaClient;
  config: SigninConfig;
  logger: Logger;
  /** Shared limiter store (every instance sees the same counts); in-process without it. */
  redis?: Redis;
  /** Epoch milliseconds; tests pass a controllable clock. */
  now?: () => number;
}

export interface SigninApp extends ServiceApp {
  app: Express;
  operator: Operator;
  apps: AppRuntime;
  /** End-user mail; in development its mailbox holds the messages (also at GET /dev/mailbox). */
  mailer: Mailer;
  /** Resolves when every mail queued so far has been handed to the transport (tests, shutdown). */
  idle(): Promise<void>;
  /** Closes the app database pools (not the Prisma client or Redis, which the caller owns). */
  close(): Promise<void>;
}

/** Area B error body: better-auth's `{code, message}`. */
export const formatSigninError: ErrorFormatter = (err) => ({ code: err.code, message: err.message });

/**
 * Builds app-signin's Express app from what it is given; it neither listens
 * nor reads the environment.
 *
 * - `/admin/*`: the operator API (routes/admin-*.ts) behind the operator token
 *   and a 5 MB JSON body.
 * - `/a/:slug/api/auth/*`: the end-user routes of one live app
 *   (routes/<endpoint>.ts), with its CORS check, sign-in metrics and body
 *   parsers; an unknown slug or an app that is not live is 404 NOT_FOUND.
 * - `/dev/mailbox` when the mailer keeps a development mailbox.
 * - `/healthz`, `/readyz` (the registry database, and Redis when given) and
 *   `/metrics`, from service-kit; errors in better-auth's `{code, message}`.
 *
 * It owns what it creates: the app runtime (one connection pool per app
 * database), the limiters, the mailer and its queue of mails sent after the
 * answer, and the operator. `close()` waits for that queue and closes the
 * pools; the Prisma client and Redis stay the caller's to close.
 *
 * @param deps the registry's Prisma client, the config, the logger, Redis
 *   (shared limits; in-process without it) and the clock.
 * @returns the app (`app`, also as `listener` and `express`), the operator, the
 *   app runtime, the mailer, `idle()` and `close()`.
 */
export function createApp(deps: AppDeps): SigninApp {
  const { prisma, config, logger, redis } = deps;
  const apps = new AppRuntime(prisma, config);
  const limits = new Limits(config.limits, redis, config.redisPrefix);
  let dummy: Promise<string> | undefined;
  const mailer = new Mailer({ ...config.mail, logger });
  const pending = new Set<Promise<unknown>>();
  const operator = new Operator(prisma, apps, config, mailer.mode);
  const svc: Services = {
    mailer,
    operator,
    background(task) {
      const p = task.catch(() => {}).finally(() => pending.delete(p));
      pending.add(p);
    },
    prisma,
    config,
    apps,
    limits,
    logger,
    now: deps.now ?? Date.now,
    dummyHash: () => (dummy ??= hashPassword('latchkey-dummy-password', config.passwordCost)),
  };
  const app = createServiceApp({
    logger,
    service: 'app-signin',
    readiness: { database: () => pingRegistry(prisma) },
    // Sign-in goes on while Redis is down (limits in memory): ready, reported `degraded`.
    degradedBy: redis ? { redis: () => redis.ping() } : undefined,
    trustProxy: config.trustProxy,
  });
  // The operator API, one file per admin resource under routes/admin-*.ts.
  const adminRoutes = express.Router();
  adminDatabase(adminRoutes, svc);
  adminSignIn(adminRoutes, svc);
  adminProviders(adminRoutes, svc);
  adminUsers(adminRoutes, svc);
  adminMigrations(adminRoutes, svc);
  adminAudit(adminRoutes, svc);
  adminDoctor(adminRoutes, svc);
  app.use('/admin', adminAuth(config.adminToken), express.json({ limit: '5mb' }), adminRoutes);

  // `/metrics`: sign-in attempts (password, TOTP, backup code, social callback) by app and result.
  const countSignIns: RequestHandler = (req, res, next) => {
    const method = signInMethod(req.method, req.path);
    // The app's id (never its sign-in address, which is meant to be unguessable).
    const app = stateOf(req).app.id;
    if (method) res.once('finish', () => signIns.inc({ service: 'app-signin', app, method, result: res.statusCode < 400 ? 'success' : 'failure' }));
    next();
  };

  const resolveApp: RequestHandler = async (req, _res, next) => {
    const slug = String(req.params.slug ?? '');
    const ctx = /^[a-z0-9]{1,32}-[a-z2-7]{22}$/.test(slug) ? await apps.bySlug(slug) : null;
    if (!ctx || ctx.state !== 'live') {
      next(new SigninError('NOT_FOUND', 'No sign-in service at this address.'));
      return;
    }
    attachState(req, buildState(req, ctx, config.publicUrl));
    next();
  };

  // Development only (no SMTP_URL, SIGNIN_DEV_MAILBOX=1): the messages that would have been mailed.
  if (mailer.mode === 'mailbox') devMailbox(app, svc);

  const auth = express.Router();
  // One file per endpoint under routes/, each exporting register(router, svc), in better-auth's order of plugins.
  for (const register of END_USER_ROUTES) register(auth, svc);
  auth.use((req, _res, next) => next(new SigninError('NOT_FOUND', `No route for ${req.method} ${req.path}.`)));

  app.use(
    '/a/:slug/api/auth',
    resolveApp,
    countSignIns,
    cors(config.publicUrl),
    express.json({ limit: '64kb' }),
    // Only a provider's form_post callback is form-encoded.
    express.urlencoded({
      limit: '16kb',
      extended: false,
      type: (req) =>
        String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
        /\/callback\/[^/?]+$/.test((req as { path?: string }).path ?? ''),
    }),
    auth,
  );
  finishServiceApp(app, formatSigninError);

  const idle = async () => {
    while (pending.size) await Promise.all([...pending]);
  };
  return {
    app,
    listener: app,
    express: app,
    operator,
    apps,
    mailer,
    idle,
    close: async () => {
      await idle();
      await apps.close();
    },
  };
}

/**
 * The sign-in method of a request under `/a/:slug/api/auth` (`email`,
 * `username`, `social`, `totp`, `otp`, `backup-code`, `callback`), or
 * undefined when it is not a sign-in attempt. A bounded set: never the raw path.
 */
function signInMethod(method: string, path: string): string | undefined {
  const m = /^\/(?:sign-in\/(email|username|social)|two-factor\/verify-(totp|otp|backup-code)|(callback)\/[^/]+)$/.exec(path);
  if (!m) return undefined;
  if (m[3]) return method === 'GET' || method === 'POST' ? 'callback' : undefined;
  return method === 'POST' ? (m[1] ?? m[2]) : undefined;
}
