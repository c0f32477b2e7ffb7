/**
 * How `pnpm start` boots auth-central (after the dev IdP, order 10): its own
 * database `latchkey_auth` (migrated), the dev IdP's client credentials from
 * `ctx.shared.get('devIdp')`, and the app `demo` (organisation `demo`,
 * domain `localhost`) registered idempotently for the demo site. With the dev
 * IdP, its demo user is seeded as a `member` of `demo` (as an operator would
 * with `latchkey org members add demo demo@latchkey.dev`), so its access token
 * may spend the demo organisation's strategy credits; the other dev IdP users
 * only sign in (role `user`).
 */
import type { LaunchContext, Launched } from '@latchkey/launcher';
import { parseConfig } from '@latchkey/service-kit';
import { launchConfigSchema } from './config.js';
import { startAuthCentral } from './server.js';
import { upsertApp } from './store/apps.js';
import { setMembershipRole, upsertUser } from './store/users.js';

export const launchOrder = 20;

interface DevIdpShared {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The dev IdP's demo user (`sub`, email, name), seeded as a member of `demo`. */
  demoUser?: { subject: string; email: string; name: string };
}

export async function launch(ctx: LaunchContext): Promise<Launched> {
  const env = parseConfig('auth-central', launchConfigSchema);
  const databaseUrl = await ctx.database('latchkey_auth');
  const devIdp = ctx.shared.get('devIdp') as DevIdpShared | undefined;
  const adminToken = ctx.secret('admin-token');
  const running = await startAuthCentral({
    databaseUrl,
    redisUrl: ctx.redisUrl,
    port: ctx.ports.auth,
    host: '127.0.0.1',
    publicUrl: ctx.urls.auth,
    adminToken,
    encryptionKey: ctx.secret('encryption-key'),
    oidc: devIdp
      ? { issuer: devIdp.issuer, clientId: devIdp.clientId, clientSecret: devIdp.clientSecret }
      : env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID
        ? { issuer: env.OIDC_ISSUER_URL, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, scopes: env.OIDC_SCOPES }
        : undefined,
    logger: ctx.logger.child({ name: 'auth-central' }),
  });
  await upsertApp(running.db, { appId: 'demo', organisationId: 'demo', organisationName: 'Demo', domains: ['localhost'] });
  if (devIdp?.demoUser) {
    const userId = await upsertUser(running.db, { issuer: devIdp.issuer, ...devIdp.demoUser });
    await setMembershipRole(running.db, userId, 'demo', 'member');
  }
  return {
    name: 'auth-central',
    url: running.publicUrl,
    lines: [
      `login: ${running.publicUrl}/context/auth/login?app_id=demo&redirect_url=${encodeURIComponent(ctx.urls.demo + '/')}`,
      `JWKS: ${running.publicUrl}/.well-known/jwks.json`,
      `admin: LATCHKEY_ADMIN_TOKEN=${adminToken} LATCHKEY_AUTH_URL=${running.publicUrl} pnpm latchkey host apps list`,
    ],
    stop: () => running.close(),
    // Where it really listens (differs from `url` only when port 0 is asked for, in tests).
    ...({ listenUrl: running.url } as object),
  };
}
