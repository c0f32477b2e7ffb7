/**
 * The strategy service, started by `main.ts` (`node dist/main.js`). Without DATABASE_URL it runs on
 * an embedded PostgreSQL (PGlite) kept in `.latchkey/data/latchkey_strategy`;
 * without REDIS_URL the rate limits run in process.
 */
import path from 'node:path';
import { startEmbeddedPostgres } from '@latchkey/db';
import { createLogger, parseConfig } from '@latchkey/service-kit';
import { strategyConfigSchema } from './config.js';
import { startStrategy } from './server.js';

const config = parseConfig('strategy', strategyConfigSchema);
const logger = createLogger('strategy', config.LOG_LEVEL);
const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir: path.resolve('.latchkey/data/latchkey_strategy'), port: 0 });
if (embedded) logger.warn('DATABASE_URL is not set: using an embedded PostgreSQL (development only)');
const service = await startStrategy({
  databaseUrl: config.DATABASE_URL ?? embedded!.url,
  config,
  logger,
  migrate: embedded !== undefined || config.MIGRATE_ON_START,
});
process.once('exit', () => void embedded?.stop());
void service;
