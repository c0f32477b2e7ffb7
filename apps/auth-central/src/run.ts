/**
 * auth-central as a process (started by `main.ts`, `node dist/main.js`): reads the environment (README, "Configuration"),
 * applies migrations (unless MIGRATE_ON_START=false), listens, and shuts down
 * gracefully on SIGTERM/SIGINT.
 * Without DATABASE_URL it runs on an embedded PostgreSQL (PGlite) kept in
 * `.latchkey/data/latchkey_auth` (development only), stopped after the service.
 */
import { openServiceDatabase } from '@latchkey/db';
import { createLogger, parseConfig, setPgConnectTimeout, runOnDatabase } from '@latchkey/service-kit';
import { configSchema } from './config.js';
import { startAuthCentral } from './server.js';

const env = parseConfig('auth-central', configSchema);
const logger = createLogger('auth-central', env.LOG_LEVEL);
setPgConnectTimeout(env.PG_CONNECT_TIMEOUT_MS);

const database = await openServiceDatabase('auth-central', { databaseUrl: env.DATABASE_URL });

if (!env.OIDC_ISSUER_URL || !env.OIDC_CLIENT_ID) logger.warn('OIDC_ISSUER_URL / OIDC_CLIENT_ID not set: login answers 503');
if (!env.LATCHKEY_ADMIN_TOKEN) logger.warn('LATCHKEY_ADMIN_TOKEN not set: the admin API answers 401');

const running = await runOnDatabase(logger, database, () =>
  startAuthCentral({
    databaseUrl: database.url,
    redisUrl: env.REDIS_URL,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.LATCHKEY_AUTH_PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    audience: env.LATCHKEY_AUTH_AUDIENCE,
    adminToken: env.LATCHKEY_ADMIN_TOKEN,
    encryptionKey: env.LATCHKEY_ENCRYPTION_KEY,
    signingAlg: env.SIGNING_ALG,
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID
        ? { issuer: env.OIDC_ISSUER_URL, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, scopes: env.OIDC_SCOPES }
        : undefined,
    bodyLimit: env.BODY_LIMIT,
    rateLimits: {
      loginPerMinute: env.RATE_LIMIT_LOGIN_PER_MINUTE,
      exchangePerMinute: env.RATE_LIMIT_EXCHANGE_PER_MINUTE,
      tokenFailuresPerMinute: env.RATE_LIMIT_TOKEN_FAILURES_PER_MINUTE,
    },
    refreshGraceSeconds: env.REFRESH_GRACE_SECONDS,
    revokeSessionOnTokenReuse: env.REVOKE_SESSION_ON_TOKEN_REUSE,
    bindLoginToBrowser: env.BIND_LOGIN_TO_BROWSER,
    trustProxy: env.TRUST_PROXY,
    purgeIntervalMs: env.PURGE_INTERVAL_SECONDS * 1000,
    logger,
    migrate: database.embedded || env.MIGRATE_ON_START,
  }),
);
logger.info({ url: running.url }, 'auth-central ready');
