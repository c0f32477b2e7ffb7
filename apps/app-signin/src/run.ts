/** Runs app-signin, started by `main.ts` (`node dist/main.js`; configuration from the environment, see README). */
import { createLogger } from '@latchkey/service-kit';
import { configFromEnv } from './config.js';
import { startSignin } from './server.js';

const { env, config } = configFromEnv();
const logger = createLogger('app-signin', env.LOG_LEVEL);
if (!env.DATABASE_URL) {
  logger.fatal("DATABASE_URL is required (app-signin's own database, latchkey_signin)");
  process.exit(2);
}
const { signin } = await startSignin({
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL,
  config,
  logger,
  port: env.PORT,
  host: env.HOST,
  migrate: env.MIGRATE_ON_START,
  handleSignals: true,
});
// Where end users' mail goes (the SMTP host only: the URL may carry credentials).
logger.info(
  { mail: signin.mailer.mode, ...(config.mail.smtpUrl ? { smtpHost: new URL(config.mail.smtpUrl).host } : {}) },
  signin.mailer.mode === 'off' ? 'end-user mail is off (no SMTP_URL): verification and password reset answer "not enabled"' : 'end-user mail configured',
);
