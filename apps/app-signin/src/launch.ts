/**
 * How `pnpm start` boots app-signin (order 30): its own database
 * `latchkey_signin` (migrated), and sign-in for the app `demo` (organisation
 * `demo`, its own database `app_demo`) provisioned and deployed idempotently;
 * the demo's sign-in address is printed and shared as `demoSignin`. End-user
 * mail goes to the development mailbox (`/dev/mailbox`, printed) unless
 * `SMTP_URL` is set.
 */
import type { LaunchContext, Launched } from '@latchkey/launcher';
import { parseKey } from '@latchkey/service-kit';
import { defaultConfig, launchSettingsFromEnv } from './config.js';
import { startSignin } from './server.js';

export const launchOrder = 30;

export async function launch(ctx: LaunchContext): Promise<Launched> {
  const logger = ctx.logger.child({ name: 'app-signin' });
  const databaseUrl = await ctx.database('latchkey_signin');
  const demoDatabaseUrl = await ctx.database('app_demo');
  const adminToken = ctx.secret('admin-token');
  // With a real server, `latchkey host db create` makes app databases on it; embedded mode attaches them (--database-url).
  // Development: end-user mail (verification, password reset) lands in a mailbox instead of SMTP, unless SMTP_URL is set.
  const { appDatabasesUrl, mail } = launchSettingsFromEnv();
  const config = defaultConfig({
    publicUrl: ctx.urls.signin,
    encryptionKey: parseKey(ctx.secret('signin-encryption-key')),
    adminToken,
    appDatabasesUrl,
    mail,
  });
  const running = await startSignin({ databaseUrl, redisUrl: ctx.redisUrl, config, logger, port: ctx.ports.signin, host: '127.0.0.1' });
  const { signin } = running;

  await signin.operator.createDatabase('demo', { org: 'demo', databaseUrl: demoDatabaseUrl });
  await signin.operator.reattach('demo', demoDatabaseUrl);
  await signin.operator.provision('demo');
  const demo = await signin.operator.deploy('demo', { origins: [new URL(ctx.urls.demo).origin] });
  ctx.shared.set('demoSignin', { signinUrl: demo.signinUrl, jwksUrl: demo.jwksUrl });

  return {
    name: 'app-signin',
    url: ctx.urls.signin,
    lines: [
      `demo app sign-in: ${demo.signinUrl}  (routes under /api/auth, e.g. ${demo.signinUrl}/api/auth/ok)`,
      `demo JWKS: ${demo.jwksUrl}`,
      signin.mailer.mode === 'mailbox'
        ? `end-user mail (verification, password reset): ${ctx.urls.signin}/dev/mailbox`
        : `end-user mail: SMTP (${new URL(mail.smtpUrl!).host})`,
      `admin: LATCHKEY_ADMIN_TOKEN=${adminToken} LATCHKEY_SIGNIN_URL=${ctx.urls.signin} pnpm latchkey doctor demo`,
    ],
    stop: () => running.close(),
  };
}
