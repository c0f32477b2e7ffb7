/**
 * Standalone dev IdP (docker-compose, manual runs). Configuration from the environment:
 * PORT (4100), HOST (127.0.0.1), ISSUER (http://localhost:PORT), IDP_CLIENT_ID (auth-central),
 * IDP_CLIENT_SECRET (required), IDP_REDIRECT_URIS (comma-separated, required), IDP_COOKIE_KEY (optional).
 */
import { pino } from 'pino';
import { DEMO_USER, startDevIdp } from './idp.js';

const env = process.env;
const logger = pino({ name: 'dev-idp', level: env.LOG_LEVEL ?? 'info' });
if (!env.IDP_CLIENT_SECRET || !env.IDP_REDIRECT_URIS) {
  logger.fatal('IDP_CLIENT_SECRET and IDP_REDIRECT_URIS are required');
  process.exit(1);
}
const idp = await startDevIdp({
  port: Number(env.PORT ?? 4100),
  host: env.HOST ?? '127.0.0.1',
  issuer: env.ISSUER || undefined,
  clients: [
    {
      client_id: env.IDP_CLIENT_ID ?? 'auth-central',
      client_secret: env.IDP_CLIENT_SECRET,
      client_name: 'Latchkey',
      redirect_uris: env.IDP_REDIRECT_URIS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
  ],
  cookieKeys: env.IDP_COOKIE_KEY ? [env.IDP_COOKIE_KEY] : undefined,
  logger,
});
logger.info({ issuer: idp.issuer, demoUser: DEMO_USER.email, mailbox: `${idp.url}/dev/mailbox` }, 'dev-idp ready');
const stop = () => void idp.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
