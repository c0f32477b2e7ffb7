/**
 * The gateway as a standalone service, configured from the environment (started by `main.ts`: `node dist/main.js`).
 * Without DATABASE_URL it runs on an embedded PostgreSQL (PGlite) kept in `.latchkey/data/latchkey_gateway`
 * (development only), stopped after the service.
 */
import path from 'node:path';
import { openServiceDatabase } from '@latchkey/db';
import { createLogger, parseConfig, runOnDatabase } from '@latchkey/service-kit';
import { configSchema, providersFrom } from './config.js';
import { startGateway } from './server.js';

const cfg = parseConfig('ai-gateway', configSchema);
const logger = createLogger('ai-gateway', cfg.LOG_LEVEL);
const database = await openServiceDatabase('ai-gateway', { databaseUrl: cfg.DATABASE_URL });
const providers = providersFrom(cfg);
if (!Object.keys(providers).length) logger.warn('no provider is configured: set OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY');
await runOnDatabase(logger, database, () =>
  startGateway({
    databaseUrl: database.url,
    redisUrl: cfg.REDIS_URL,
    port: cfg.PORT,
    host: cfg.HOST,
    logger,
    poolSize: database.embedded ? 1 : 10,
    handleSignals: false,
    migrate: database.embedded || cfg.MIGRATE_ON_START,
    deps: {
      adminToken: cfg.LATCHKEY_ADMIN_TOKEN,
      providers,
      redisPrefix: cfg.REDIS_PREFIX,
      defaultModels: cfg.GATEWAY_DEFAULT_MODELS?.split(','),
      defaultRpm: cfg.GATEWAY_DEFAULT_RPM,
      defaultTpm: cfg.GATEWAY_DEFAULT_TPM,
      keyPepper: cfg.GATEWAY_KEY_PEPPER,
      keyCacheTtlMs: cfg.GATEWAY_KEY_CACHE_TTL_MS,
      upstream: { timeoutMs: cfg.GATEWAY_UPSTREAM_TIMEOUT_MS },
      usageSpoolDir: cfg.GATEWAY_USAGE_SPOOL_DIR === 'none' ? undefined : path.resolve(cfg.GATEWAY_USAGE_SPOOL_DIR),
      trustProxy: cfg.TRUST_PROXY,
    },
  }),
);
