/**
 * Runs app-signin, started by `main.ts` (`node dist/main.js`; configuration from the environment, see README).
 * Without DATABASE_URL it runs on an embedded PostgreSQL (PGlite) kept in `.latchkey/data/latchkey_signin`
 * (development only; app databases are then attached with `--database-url`), stopped after the service.
 */
import { openServiceDatabase } from '@latchkey/db';
import { createLogger, runOnDatabase } from '@latchkey/service-kit';
import { configFromEnv } from './config.js';
import { startSignin } from './server.js';

const { env, config } = configFromEnv();
const logger = createLogger('app-signin', env.LOG_LEVEL);
const database = await openServiceDatabase('app-signin', { databaseUrl: env.DATABASE_URL });
const running = await runOnDatabase(logger, database, () =>
  startSignin({
    databaseUrl: database.url,
    redisUrl: env.REDIS_URL,
    config,
    logger,
    port: env.PORT,
    host: env.HOST,
    migrate: database.embedded || env.MIGRATE_ON_START,
    handleSignals: false,
  }),
);
const { signin } = running;
// Where end users' mail goes (the SMTP host only: the URL may carry credentials).
logger.info(
  { mail: signin.mailer.mode, ...(config.mail.smtpUrl ? { smtpHost: new URL(config.mail.smtpUrl).host } : {}) },
  signin.mailer.mode === 'off' ? 'end-user mail is off (no SMTP_URL): verification and password reset answer "not enabled"' : 'end-user mail configured',
);
