/**
 * Environment of auth-central (README, "Configuration"). Parsed with zod
 * through `parseConfig`; every bad variable is named at start.
 */
import { z } from 'zod';
import { baseConfigSchema, encryptionKey, flag, pgConnectTimeout, port } from '@latchkey/service-kit';

export const configSchema = baseConfigSchema.extend({
  PORT: port(4101),
  /** Public address of this service: issuer (`iss`) of access tokens and base of the callback URL. */
  LATCHKEY_AUTH_PUBLIC_URL: z.string().url().optional(),
  /** `aud` of access tokens. */
  LATCHKEY_AUTH_AUDIENCE: z.string().min(1).default('latchkey'),
  OIDC_ISSUER_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().default('openid email profile'),
  LATCHKEY_ADMIN_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  LATCHKEY_ENCRYPTION_KEY: encryptionKey(),
  SIGNING_ALG: z.enum(['ES256', 'EdDSA']).default('ES256'),
  BODY_LIMIT: z.string().default('16kb'),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  RATE_LIMIT_EXCHANGE_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  RATE_LIMIT_TOKEN_FAILURES_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).default(0),
  REVOKE_SESSION_ON_TOKEN_REUSE: flag(true),
  BIND_LOGIN_TO_BROWSER: flag(true),
  PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(5).default(300),
  PG_CONNECT_TIMEOUT_MS: pgConnectTimeout,
});

/**
 * The variables `pnpm start` (`launch.ts`) takes from the environment: the
 * identity provider when there is no dev IdP (the launcher supplies the rest).
 */
export const launchConfigSchema = configSchema.pick({ OIDC_ISSUER_URL: true, OIDC_CLIENT_ID: true, OIDC_CLIENT_SECRET: true, OIDC_SCOPES: true });

export type AuthCentralEnv = z.infer<typeof configSchema>;
