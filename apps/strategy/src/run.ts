/**
 * The strategy service, started by `main.ts` (`node dist/main.js`). Without DATABASE_URL it runs on
 * an embedded PostgreSQL (PGlite) kept in `.latchkey/data/latchkey_strategy` (development only),
 * stopped after the service; without REDIS_URL the rate limits run in process.
 */
import { openServiceDatabase } from '@latchkey/db';
import { createLogger, parseConfig, setPgConnectTimeout, runOnDatabase } from '@latchkey/service-kit';
import { strategyConfigSchema } from './config.js';
import { startStrategy } from './server.js';

const config = parseConfig('strategy', strategyConfigSchema);
const logger = createLogger('strategy', config.LOG_LEVEL);
setPgConnectTimeout(config.PG_CONNECT_TIMEOUT_MS);
const database = await openServiceDatabase('strategy', { databaseUrl: config.DATABASE_URL });
await runOnDatabase(logger, database, () =>
  startStrategy({
    databaseUrl: database.url,
    config,
    logger,
    handleSignals: false,
    migrate: database.embedded || config.MIGRATE_ON_START,
  }),
);
