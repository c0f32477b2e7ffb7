import { pino } from 'pino';
import type { LaunchContext } from '@latchkey/launcher';
import { launch, launchOrder } from './launch.js';
import { subjectOf } from './idp.js';

test('pnpm start: the dev IdP starts first, registers auth-central and publishes its settings', async () => {
  const shared = new Map<string, unknown>();
  const ctx = {
    ports: { idp: 0, auth: 4101, signin: 4102, strategy: 4103, gateway: 4104, demo: 4105, edge: 8080 },
    urls: { auth: 'http://localhost:4101' },
    secret: (name: string) => `secret-of-${name}`,
    logger: pino({ level: 'silent' }),
    shared,
    root: process.cwd(),
    redisUrl: undefined,
    database: async () => '',
  } as unknown as LaunchContext;
  expect(launchOrder).toBe(10);
  const launched = await launch(ctx);
  try {
    const published = shared.get('devIdp') as { issuer: string; clientId: string; clientSecret: string };
    expect(published).toEqual({
      issuer: launched.url,
      clientId: 'auth-central',
      clientSecret: 'secret-of-idp-client-secret',
      // auth-central seeds this identity as a member of the demo organisation.
      demoUser: { subject: subjectOf('demo@latchkey.dev'), email: 'demo@latchkey.dev', name: 'Demo User' },
    });
    expect(launched.lines!.join('\n')).toContain('demo@latchkey.dev / latchkey-demo');
    expect(launched.lines!.join('\n')).toContain(`${launched.url}/dev/mailbox`);
    const meta = (await (await fetch(`${published.issuer}/.well-known/openid-configuration`)).json()) as { issuer: string };
    expect(meta.issuer).toBe(published.issuer);
    // Both callback addresses (direct and through the edge) are registered.
    const authorize = new URL(`${published.issuer}/auth`);
    for (const redirect of ['http://localhost:4101/context/auth/callback', 'http://localhost:8080/auth/context/auth/callback']) {
      authorize.search = new URLSearchParams({
        client_id: 'auth-central',
        redirect_uri: redirect,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }).toString();
      const res = await fetch(authorize, { redirect: 'manual' });
      expect(res.headers.get('location')).toMatch(/^\/interaction\//);
    }
  } finally {
    await launched.stop();
  }
});
