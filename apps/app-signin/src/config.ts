import { z } from 'zod';
import { baseConfigSchema, ConfigError, encryptionKey, flag, parseConfig, port, parseKey } from '@latchkey/service-kit';
import { OWASP_PASSWORD_COST, type PasswordCost } from './domain/crypto.js';
import { DEFAULT_LIMITS, type LimitConfig } from './domain/limits.js';

/** What createApp needs to know (run.ts reads it from the environment: `configFromEnv`). */
export interface SigninConfig {
  /** Public base address; an app's {signin_url} is `<publicUrl>/a/<org>-<suffix>`. */
  publicUrl: string;
  /** 32-byte master key: encrypts database URLs, signing keys, TOTP secrets and backup codes. */
  encryptionKey: Buffer;
  /** Operator token of `/admin/*` (undefined: admin API off). */
  adminToken: string | undefined;
  /** PostgreSQL server on which `db create` makes app databases (undefined: refused, attach with --database-url). */
  appDatabasesUrl: string | undefined;
  /** scrypt cost of new password hashes (default OWASP: N=2^17, r=8, p=1). */
  passwordCost: PasswordCost;
  /** How long an instance serves an app's cached settings (keys, policy, state) before re-reading them. */
  appCacheTtlMs: number;
  /** Session life in seconds (7 days). */
  sessionTtlSec: number;
  /** JWT life in seconds (15 minutes). */
  tokenTtlSec: number;
  limits: LimitConfig;
  /** Key prefix of the Redis-backed limiters. */
  redisPrefix?: string;
  /** End-user mail: SMTP (`SMTP_URL`), or the development mailbox, or off. */
  mail: { smtpUrl?: string; devMailbox: boolean; defaultFrom: string };
  /** Age (seconds) under which a session counts as fresh for delete-user without a password (better-auth's freshAge: 1 day). */
  freshAgeSec: number;
  /** Peers whose `X-Forwarded-For` is believed (`TRUST_PROXY`, service-kit's `trustProxy`; default loopback). */
  trustProxy?: readonly string[];
}

export const envSchema = baseConfigSchema.extend({
  PORT: port(4102),
  PUBLIC_URL: z.string().url().optional(),
  LATCHKEY_ADMIN_TOKEN: z.string().min(16).optional(),
  SIGNIN_ENCRYPTION_KEY: encryptionKey(),
  APP_DATABASES_URL: z.string().url().optional(),
  /** log2 of scrypt's N. Lower it only for tests and benchmarks. */
  PASSWORD_HASH_LOG2N: z.coerce.number().int().min(10).max(20).default(OWASP_PASSWORD_COST.log2N),
  APP_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  SIGNIN_RATE_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_LIMITS.signInPerAddressPerMinute),
  SIGNIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(DEFAULT_LIMITS.failedSignInsPerAccount),
  SIGNIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().min(1).default(DEFAULT_LIMITS.failedSignInsPerAccountAllAddresses!),
  /** nodemailer connection URL, e.g. smtps://user:pass@smtp.example.com:465 */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Default sender of end-user mail (each app may set its own). */
  MAIL_FROM: z.string().min(3).max(320).default('Latchkey <no-reply@localhost>'),
  /** Yes (1, true, …): keep end-user mail in memory and serve it at GET /dev/mailbox (development only; ignored with SMTP_URL). */
  SIGNIN_DEV_MAILBOX: flag(false),
});

export function configFromEnv(env: Record<string, string | undefined> = process.env) {
  const e = parseConfig('app-signin', envSchema, env);
  if (e.NODE_ENV === 'production' && e.SIGNIN_DEV_MAILBOX) {
    // The mailbox serves every end user's reset and verification links to anyone who asks.
    throw new ConfigError('app-signin', ['SIGNIN_DEV_MAILBOX: the development mailbox is refused with NODE_ENV=production; set SMTP_URL']);
  }
  const config: SigninConfig = {
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    encryptionKey: parseKey(e.SIGNIN_ENCRYPTION_KEY),
    adminToken: e.LATCHKEY_ADMIN_TOKEN,
    appDatabasesUrl: e.APP_DATABASES_URL ?? e.DATABASE_URL,
    passwordCost: { ...OWASP_PASSWORD_COST, log2N: e.PASSWORD_HASH_LOG2N },
    appCacheTtlMs: e.APP_CACHE_TTL_MS,
    sessionTtlSec: 7 * 24 * 3600,
    tokenTtlSec: 15 * 60,
    limits: {
      ...DEFAULT_LIMITS,
      signInPerAddressPerMinute: e.SIGNIN_RATE_PER_ADDRESS,
      failedSignInsPerAccount: e.SIGNIN_FAILURES_PER_ACCOUNT,
      failedSignInsPerAccountAllAddresses: e.SIGNIN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES,
    },
    mail: { smtpUrl: e.SMTP_URL, devMailbox: e.SIGNIN_DEV_MAILBOX && !e.SMTP_URL, defaultFrom: e.MAIL_FROM },
    freshAgeSec: 24 * 3600,
    trustProxy: e.TRUST_PROXY,
  };
  return { env: e, config };
}

/**
 * The variables `pnpm start` (`launch.ts`) takes from the environment, through
 * the same zod rules as `envSchema` (the launcher supplies the rest: ports,
 * databases, secrets). Unset or empty: the app databases attach on the
 * embedded server, end-user mail goes to the development mailbox, and the
 * sender is the demo's.
 * @throws ConfigError naming a bad variable.
 */
export function launchSettingsFromEnv(env: Record<string, string | undefined> = process.env): Pick<SigninConfig, 'appDatabasesUrl' | 'mail'> {
  const e = parseConfig('app-signin', launchEnvSchema, env);
  return {
    appDatabasesUrl: e.APP_DATABASES_URL ?? e.DATABASE_URL,
    mail: { smtpUrl: e.SMTP_URL, devMailbox: !e.SMTP_URL, defaultFrom: e.MAIL_FROM ?? 'Latchkey demo <no-reply@latchkey.localhost>' },
  };
}

const launchEnvSchema = z.object({
  DATABASE_URL: envSchema.shape.DATABASE_URL,
  APP_DATABASES_URL: envSchema.shape.APP_DATABASES_URL,
  SMTP_URL: envSchema.shape.SMTP_URL,
  MAIL_FROM: z.string().min(3).max(320).optional(),
});

/** Defaults for code that builds a config by hand (tests, launch, bench). */
export function defaultConfig(over: Partial<SigninConfig> & Pick<SigninConfig, 'publicUrl' | 'encryptionKey'>): SigninConfig {
  return {
    adminToken: undefined,
    appDatabasesUrl: undefined,
    passwordCost: OWASP_PASSWORD_COST,
    appCacheTtlMs: 60_000,
    sessionTtlSec: 7 * 24 * 3600,
    tokenTtlSec: 15 * 60,
    limits: DEFAULT_LIMITS,
    mail: { devMailbox: false, defaultFrom: 'Latchkey <no-reply@localhost>' },
    freshAgeSec: 24 * 3600,
    ...over,
  };
}
