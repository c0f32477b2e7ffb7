/** How `pnpm start` boots the development identity provider (first, so auth-central can discover it). */
import type { LaunchContext, Launched } from '@latchkey/launcher';
import { DEFAULT_USERS, DEMO_USER, startDevIdp, subjectOf } from './idp.js';

export const launchOrder = 10;

export const AUTH_CENTRAL_CLIENT_ID = 'auth-central';

export async function launch(ctx: LaunchContext): Promise<Launched> {
  const clientSecret = ctx.secret('idp-client-secret');
  const logger = ctx.logger.child({ name: 'dev-idp' }, { level: 'info' });
  const idp = await startDevIdp({
    port: ctx.ports.idp,
    clients: [
      {
        client_id: AUTH_CENTRAL_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Latchkey',
        redirect_uris: [`${ctx.urls.auth}/context/auth/callback`, `http://localhost:${ctx.ports.edge}/auth/context/auth/callback`],
      },
    ],
    users: DEFAULT_USERS,
    cookieKeys: [ctx.secret('idp-cookie-key')],
    logger,
  });
  // demoUser: the identity auth-central seeds as a member of the demo organisation (the other users only sign in).
  ctx.shared.set('devIdp', {
    issuer: idp.issuer,
    clientId: AUTH_CENTRAL_CLIENT_ID,
    clientSecret,
    demoUser: { subject: subjectOf(DEMO_USER.email), email: DEMO_USER.email, name: DEMO_USER.name },
  });
  return {
    name: 'dev-idp',
    url: idp.url,
    lines: [
      `sign in as ${DEMO_USER.email} / ${DEMO_USER.password} (also ${DEFAULT_USERS.filter((u) => u !== DEMO_USER)
        .map((u) => `${u.email} / ${u.password}`)
        .join(', ')})`,
      `magic links: ${idp.url}/dev/mailbox`,
      `discovery: ${idp.issuer}/.well-known/openid-configuration`,
    ],
    stop: () => idp.stop(),
  };
}
