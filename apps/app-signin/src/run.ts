/**
 * Runs app-signin, started by `main.ts` (`node dist/main.js`; configuration from the environment, see README).
 * Without DATABASE_URL it runs on an embedded PostgreSQL (PGlite) kept in `.latchkey/data/latchkey_signin`
 * (development only; app databases are then attached with `--database-url`), stopped after the service.
 */
import { openServiceDatabase } from '@latchkey/db';
import { createLogger, stopOnSignals } from '@latchkey/service-kit';
import { configFromEnv } from './config.js';
import { startSignin } from './server.js';

const { env, config } = configFromEnv();
const logger = createLogger('app-signin', env.LOG_LEVEL);
const database = await openServiceDatabase('app-signin', { databaseUrl: env.DATABASE_URL });
if (database.embedded) logger.warn({ dataDir: database.dataDir }, 'DATABASE_URL is not set: using an embedded PostgreSQL (development only)');
const running = await startSignin({
  databaseUrl: database.url,
  redisUrl: env.REDIS_URL,
  config,
  logger,
  port: env.PORT,
  host: env.HOST,
  migrate: database.embedded || env.MIGRATE_ON_START,
  handleSignals: false,
}).catch(async (err: unknown) => {
  await database.stop();
  throw err;
});
stopOnSignals(logger, async () => {
  await running.close();
  await database.stop();
});
const { signin } = running;
// Where end users' mail goes (the SMTP host only: the URL may carry credentials).
logger.info(
  { mail: signin.mailer.mode, ...(config.mail.smtpUrl ? { smtpHost: new URL(config.mail.smtpUrl).host } : {}) },
  signin.mailer.mode === 'off' ? 'end-user mail is off (no SMTP_URL): verification and password reset answer "not enabled"' : 'end-user mail configured',
);
