/**
 * The strategy service, started by `main.ts` (`node dist/main.js`). Without DATABASE_URL it runs on
 * an embedded PostgreSQL (PGlite) kept in `.latchkey/data/latchkey_strategy` (development only),
 * stopped after the service; without REDIS_URL the rate limits run in process.
 */
import { openServiceDatabase } from '@latchkey/db';
import { createLogger, parseConfig, setPgConnectTimeout, stopOnSignals } from '@latchkey/service-kit';
import { strategyConfigSchema } from './config.js';
import { startStrategy } from './server.js';

const config = parseConfig('strategy', strategyConfigSchema);
const logger = createLogger('strategy', config.LOG_LEVEL);
setPgConnectTimeout(config.PG_CONNECT_TIMEOUT_MS);
const database = await openServiceDatabase('strategy', { databaseUrl: config.DATABASE_URL });
if (database.embedded) logger.warn({ dataDir: database.dataDir }, 'DATABASE_URL is not set: using an embedded PostgreSQL (development only)');
const service = await startStrategy({
  databaseUrl: database.url,
  config,
  logger,
  handleSignals: false,
  migrate: database.embedded || config.MIGRATE_ON_START,
}).catch(async (err: unknown) => {
  await database.stop();
  throw err;
});
stopOnSignals(logger, async () => {
  await service.close();
  await database.stop();
});
