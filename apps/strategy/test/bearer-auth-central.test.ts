/**
 * The Bearer path of /v1/framework and /v1/coordinate against a real
 * auth-central (`startAuthCentral`: its own migrated database, an ephemeral
 * port) and a real sign-in at the development IdP: the access token is charged
 * to its workspace's organisation, a logged-out token is refused once
 * strategy's cache entry ends (SPEC.md area A rule 5), a garbage token is 401
 * and a stopped auth-central is 503.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { startAuthCentral, type RunningAuthCentral } from '@latchkey/auth-central';
import { DEMO_USER, signInWithPassword, startDevIdp, type DevIdp } from '@latchkey/dev-idp';
import { createLogger } from '@latchkey/service-kit';
import { captureLogs, createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { body, startHarness, type Harness } from './harness.js';

const AUTH_ADMIN_TOKEN = 'auth-admin-token-0123456789';
/** auth-central's public URL (issuer of its tokens, base of the callback registered at the IdP); the test follows the callback itself. */
const AUTH_PUBLIC_URL = 'https://auth.latchkey.test';
const CLIENT_SECRET = 'strategy-test-secret';
const ORG = 'acme-strategy';
/** Strategy's cache time in this test; its clock is moved past it rather than waited for. */
const CACHE_TTL_MS = 20_000;

let authDb: TestDatabase;
let idp: DevIdp;
let auth: RunningAuthCentral | undefined;
let h: Harness;
/** Strategy's clock: real time plus an offset the test moves forward. */
let offset = 0;
/** Strategy's log lines (debug level). */
const logs = captureLogs();

beforeAll(async () => {
  const silent = createLogger('strategy-bearer-test', 'silent');
  [authDb, idp] = await Promise.all([
    createTestDatabase({ service: 'auth-central' }),
    startDevIdp({
      port: 0,
      clients: [{ client_id: 'auth-central', client_secret: CLIENT_SECRET, redirect_uris: [`${AUTH_PUBLIC_URL}/context/auth/callback`] }],
      logger: silent,
    }),
  ]);
  auth = await startAuthCentral({
    databaseUrl: authDb.url,
    publicUrl: AUTH_PUBLIC_URL,
    encryptionKey: randomBytes(32),
    adminToken: AUTH_ADMIN_TOKEN,
    oidc: { issuer: idp.issuer, clientId: 'auth-central', clientSecret: CLIENT_SECRET },
    logger: silent,
    purgeIntervalMs: false,
  });
  await request(auth.url)
    .post('/admin/apps')
    .set('authorization', `Bearer ${AUTH_ADMIN_TOKEN}`)
    .send({ app_id: 'board-portal', organisation_id: ORG, organisation_name: 'Acme Strategy', tier: 'pro', allowed_auth_domains: ['localhost'] })
    .expect(201);
  h = await startHarness({
    authUrl: auth.url,
    authCacheTtlMs: CACHE_TTL_MS,
    now: () => Date.now() + offset,
    logger: createLogger('strategy', 'debug', logs.stream),
  });
  await h.ledger.grant(ORG, 100, { note: 'test' });
  // Signing in makes the demo user only a `user` of the organisation; the operator makes them a member
  // (test/security/membership.test.ts shows a `user`'s token refused).
  await signIn();
  await request(auth.url)
    .post(`/admin/organisations/${ORG}/members`)
    .set('authorization', `Bearer ${AUTH_ADMIN_TOKEN}`)
    .send({ email: DEMO_USER.email })
    .expect(200);
});
afterAll(async () => {
  await h?.close();
  await auth?.close();
  await idp?.stop();
  await authDb?.drop();
});

/** A real access token: login at auth-central → password sign-in at the IdP → callback → svc_token → exchange. */
async function signIn(): Promise<{ access_token: string; user: { id: string }; workspace: unknown }> {
  const login = await request(auth!.url).get('/context/auth/login').query({ app_id: 'board-portal', redirect_url: 'http://localhost:4105/' });
  expect(login.status).toBe(302);
  const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const callback = new URL(await signInWithPassword(login.headers.location!, DEMO_USER));
  const back = await request(auth!.url).get(`${callback.pathname}${callback.search}`).set('cookie', cookie);
  expect(back.status).toBe(302);
  const svcToken = new URL(back.headers.location!).searchParams.get('svc_token');
  const exchanged = await request(auth!.url).post('/context/auth/exchange').send({ token: svcToken });
  expect(exchanged.status).toBe(200);
  return exchanged.body;
}

/** Strategy logged the calls but never the token (nor its signature part alone). */
const expectNotLogged = (token: string) => {
  expect(logs.text()).toContain('/v1/'); // the calls were logged
  expect(logs.text()).not.toContain(token);
  expect(logs.text()).not.toContain(token.split('.').at(-1)!);
};

const expectError = (res: request.Response, status: number, error: string, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error, message: expect.any(String), code, details: expect.any(Object) });
};

test('a real access token: 200 on both endpoints, credits charged to workspace.id, logged as the user', async () => {
  const { access_token: token, user, workspace } = await signIn();
  expect(workspace).toEqual({ id: ORG, name: 'Acme Strategy', tier: 'pro' });

  const framework = await request(h.app).post('/v1/framework').set('authorization', `Bearer ${token}`).send(body());
  expect(framework.status).toBe(200);
  expect(framework.body.metadata.creditsUsed).toBe(5);
  expect(await h.ledger.balance(ORG)).toBe(95);

  const coordinate = await request(h.app).post('/v1/coordinate').set('authorization', `Bearer ${token}`).send(body());
  expect(coordinate.status).toBe(200);
  const used = coordinate.body.metadata.creditsUsed as number;
  expect(used).toBeGreaterThanOrEqual(1);
  expect(await h.ledger.balance(ORG)).toBe(95 - used);

  let row = null;
  for (let i = 0; i < 50 && !row; i++) {
    row = await h.prisma.requestLog.findFirst({ where: { traceId: framework.headers['x-request-id'] } });
    if (!row) await new Promise((r) => setTimeout(r, 20));
  }
  expect(row).toMatchObject({ authMethod: 'bearer', principal: user.id, orgId: ORG });
  expectNotLogged(token);
});

test('after logout at auth-central: accepted until the cache entry ends, then 401 UNAUTHORIZED', async () => {
  const { access_token: token } = await signIn();
  await request(h.app).post('/v1/framework').set('authorization', `Bearer ${token}`).send(body()).expect(200);
  await request(auth!.url).post('/context/auth/logout').send({ access_token: token }).expect(200);
  const atAuth = await request(auth!.url).get('/context/auth/validate').set('authorization', `Bearer ${token}`);
  expect(atAuth.status).toBe(401);
  expect(atAuth.body.error).toBe('SESSION_INVALIDATED');

  // Still inside strategy's cache entry (SPEC.md area A rule 5).
  await request(h.app).post('/v1/coordinate').set('authorization', `Bearer ${token}`).send(body()).expect(200);
  const balance = await h.ledger.balance(ORG);
  offset += CACHE_TTL_MS;
  for (const path of ['/v1/framework', '/v1/coordinate']) {
    expectError(await request(h.app).post(path).set('authorization', `Bearer ${token}`).send(body()), 401, 'unauthorized', 'UNAUTHORIZED');
  }
  expect(await h.ledger.balance(ORG)).toBe(balance); // refusals cost nothing
  expectNotLogged(token);
});

test('a garbage or forged token: 401 UNAUTHORIZED', async () => {
  for (const token of ['garbage', 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln']) {
    for (const path of ['/v1/framework', '/v1/coordinate']) {
      expectError(await request(h.app).post(path).set('authorization', `Bearer ${token}`).send(body()), 401, 'unauthorized', 'UNAUTHORIZED');
    }
  }
});

test('auth-central down: 503 SERVICE_UNAVAILABLE with Retry-After, nothing charged', async () => {
  const { access_token: token } = await signIn(); // never validated, so not in strategy's cache
  const balance = await h.ledger.balance(ORG);
  await auth!.close();
  auth = undefined;
  for (const path of ['/v1/framework', '/v1/coordinate']) {
    const res = await request(h.app).post(path).set('authorization', `Bearer ${token}`).send(body());
    expectError(res, 503, 'service_unavailable', 'SERVICE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBeDefined();
  }
  expect(await h.ledger.balance(ORG)).toBe(balance);
  expectNotLogged(token);
});
