import { pino } from 'pino';
import request from 'supertest';
import { DEFAULT_PORTS, type LaunchContext } from '@latchkey/launcher';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { launch, launchOrder } from '../src/launch.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ prefix: 'auth_launch' }); // empty: launch migrates it
});
afterAll(() => database.drop());

it('boots after the IdP, migrates its database, registers the demo app and seeds the demo user as a member, idempotently', async () => {
  expect(launchOrder).toBeGreaterThan(10);
  const secrets: Record<string, string> = {};
  const ctx: LaunchContext = {
    ports: { ...DEFAULT_PORTS, auth: 0 },
    urls: { idp: 'http://localhost:1', auth: 'http://localhost:4101', signin: '', strategy: '', gateway: '', demo: 'http://localhost:4105', edge: '' },
    database: async (name) => {
      expect(name).toBe('latchkey_auth');
      return database.url;
    },
    redisUrl: undefined,
    logger: pino({ level: 'silent' }),
    root: process.cwd(),
    shared: new Map([
      [
        'devIdp',
        {
          issuer: 'http://localhost:1',
          clientId: 'auth-central',
          clientSecret: 's',
          demoUser: { subject: 'sub-demo', email: 'demo@latchkey.dev', name: 'Demo User' },
        },
      ],
    ]),
    secret: (name) => (secrets[name] ??= 'ab'.repeat(32)),
  };
  for (let i = 0; i < 2; i++) {
    const launched = await launch(ctx);
    try {
      expect(launched.name).toBe('auth-central');
      expect(launched.url).toBe('http://localhost:4101');
      const listen = (launched as unknown as { listenUrl: string }).listenUrl;
      const apps = await request(listen).get('/admin/apps').set('authorization', `Bearer ${secrets['admin-token']}`);
      expect(apps.status).toBe(200);
      expect(apps.body.apps).toEqual([
        expect.objectContaining({ app_id: 'demo', allowed_auth_domains: ['localhost'], organisation: expect.objectContaining({ id: 'demo' }) }),
      ]);
      // The demo user's membership is the operator's grant, not a side effect of signing in.
      const members = await request(listen).get('/admin/organisations/demo/members').set('authorization', `Bearer ${secrets['admin-token']}`);
      expect(members.status).toBe(200);
      expect(members.body.members).toEqual([expect.objectContaining({ email: 'demo@latchkey.dev', issuer: 'http://localhost:1', role: 'member' })]);
      const login = await request(listen).get('/context/auth/login').query({ app_id: 'demo', redirect_url: 'http://localhost:4105/' });
      expect(login.status).toBe(503); // the IdP of this test does not answer: a clear 503, not a 500
      expect(login.body.error).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await launched.stop();
    }
  }
  expect(Object.keys(secrets).sort()).toEqual(['admin-token', 'encryption-key']);
});
