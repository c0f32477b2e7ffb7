/** Runs app-signin: `node dist/main.js` (configuration from the environment, see README). */
import { applyMigrations, prismaDirOf } from '@latchkey/db';
import { connectRedis, createLogger, runService } from '@latchkey/service-kit';
import { configFromEnv } from './config.js';
import { createApp } from './app.js';
import { createPrisma } from './store/prisma.js';

const { env, config } = configFromEnv();
const logger = createLogger('app-signin', env.LOG_LEVEL);
if (!env.DATABASE_URL) {
  logger.fatal('DATABASE_URL is required (app-signin\'s own database, latchkey_signin)');
  process.exit(2);
}
if (env.MIGRATE_ON_START) await applyMigrations(env.DATABASE_URL, prismaDirOf('app-signin'));
const prisma = createPrisma(env.DATABASE_URL);
const redis = connectRedis(env.REDIS_URL, 'app-signin');
const signin = createApp({ prisma, config, logger, redis });
// Where end users' mail goes (the SMTP host only: the URL may carry credentials).
logger.info(
  { mail: signin.mailer.mode, ...(config.mail.smtpUrl ? { smtpHost: new URL(config.mail.smtpUrl).host } : {}) },
  signin.mailer.mode === 'off' ? 'end-user mail is off (no SMTP_URL): verification and password reset answer "not enabled"' : 'end-user mail configured',
);
await runService({
  app: signin.app,
  port: env.PORT,
  host: env.HOST,
  logger,
  closers: [() => signin.close(), () => prisma.$disconnect(), () => redis?.quit()],
});
