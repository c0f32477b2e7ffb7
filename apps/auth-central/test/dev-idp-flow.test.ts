/**
 * The whole sign-in against the real development OpenID Provider
 * (oidc-provider): login 302 → sign in at the IdP → callback → svc_token →
 * exchange → validate → refresh → logout.
 */
import request from 'supertest';
import { DEMO_USER, SignInError, signInWithMagicLink, signInWithPassword, startDevIdp, subjectOf, type DevIdp } from '@latchkey/dev-idp';
import { oidcProvider } from '../src/domain/idp.js';
import { createHarness, seedApp, PUBLIC_URL, silentLogger, type Harness } from './helpers.js';

let h: Harness;
let idp: DevIdp;

beforeAll(async () => {
  idp = await startDevIdp({
    port: 0,
    clients: [{ client_id: 'auth-central', client_secret: 'test-secret', redirect_uris: [`${PUBLIC_URL}/context/auth/callback`] }],
    logger: silentLogger,
  });
  h = await createHarness({ idp: oidcProvider({ issuer: idp.issuer, clientId: 'auth-central', clientSecret: 'test-secret' }) });
  await seedApp(h.db, 'demo', ['localhost'], 'demo');
}, 60_000);
afterAll(async () => {
  await h.close();
  await idp.stop();
});

async function login(redirect: string) {
  const res = await request(h.app).get('/context/auth/login').query({ app_id: 'demo', redirect_url: redirect });
  expect(res.status).toBe(302);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return { authorizeUrl: res.headers.location!, cookie };
}

/** Sends the browser's callback (the URL the IdP redirected to) to auth-central. */
function followCallback(callbackUrl: string, cookie: string) {
  const url = new URL(callbackUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/context/auth/callback`);
  return request(h.app).get(`${url.pathname}${url.search}`).set('cookie', cookie);
}

it('password sign-in: login → IdP → callback → svc_token → exchange → validate → refresh → logout', async () => {
  const { authorizeUrl, cookie } = await login('http://localhost:4105/?from=test#app');
  expect(authorizeUrl.startsWith(`${idp.issuer}/`)).toBe(true);
  const callbackUrl = await signInWithPassword(authorizeUrl, DEMO_USER);
  const cb = await followCallback(callbackUrl, cookie);
  expect(cb.status).toBe(302);
  const back = new URL(cb.headers.location!);
  expect(back.origin).toBe('http://localhost:4105');
  expect(back.searchParams.get('from')).toBe('test');
  expect(back.hash).toBe('#app');
  const svcToken = back.searchParams.get('svc_token')!;
  expect(svcToken).toMatch(/^[0-9a-f]{128}$/);

  const ex = await request(h.app).post('/context/auth/exchange').send({ token: svcToken });
  expect(ex.status).toBe(200);
  expect(ex.body.user).toEqual({ id: expect.any(String), email: DEMO_USER.email, name: DEMO_USER.name, role: 'user' });
  expect(ex.body.workspace).toEqual({ id: 'demo', name: 'Acme Inc', tier: 'pro' });
  const user = await h.db.user.findUniqueOrThrow({ where: { id: ex.body.user.id } });
  expect(user).toMatchObject({ idpIssuer: idp.issuer, idpSubject: subjectOf(DEMO_USER.email) });

  const bearer = `Bearer ${ex.body.access_token}`;
  expect((await request(h.app).get('/context/auth/validate').set('authorization', bearer)).status).toBe(200);
  const refreshed = await request(h.app).post('/context/auth/refresh').send({ access_token: ex.body.access_token });
  expect(refreshed.status).toBe(200);
  expect((await request(h.app).post('/context/auth/logout').send({ access_token: refreshed.body.access_token })).body).toEqual({ success: true });
  const after = await request(h.app).get('/context/auth/validate').set('authorization', bearer);
  expect(after.status).toBe(401);
  expect(after.body.error).toBe('SESSION_INVALIDATED');
  expect((await request(h.app).post('/context/auth/exchange').send({ token: svcToken })).body.error).toBe('TOKEN_USED');
});

it('magic-link sign-in works the same way', async () => {
  const { authorizeUrl, cookie } = await login('http://localhost:4105/');
  const callbackUrl = await signInWithMagicLink(authorizeUrl, { email: 'alice@latchkey.dev' });
  const cb = await followCallback(callbackUrl, cookie);
  const token = new URL(cb.headers.location!).searchParams.get('svc_token')!;
  const ex = await request(h.app).post('/context/auth/exchange').send({ token });
  expect(ex.status).toBe(200);
  expect(ex.body.user.email).toBe('alice@latchkey.dev');
});

it('a replayed callback (same code and state) is refused and issues nothing', async () => {
  const { authorizeUrl, cookie } = await login('http://localhost:4105/');
  const callbackUrl = await signInWithPassword(authorizeUrl, DEMO_USER);
  expect((await followCallback(callbackUrl, cookie)).status).toBe(302);
  const before = await h.db.exchangeToken.count();
  const replay = await followCallback(callbackUrl, cookie);
  expect(replay.status).toBe(400);
  expect(replay.headers['content-type']).toMatch(/text\/html/);
  expect(await h.db.exchangeToken.count()).toBe(before);
});

it('a code whose state belongs to another login is refused by the provider checks (error=login_failed)', async () => {
  const a = await login('http://localhost:4105/a');
  const b = await login('http://localhost:4105/b');
  const cbA = new URL(await signInWithPassword(a.authorizeUrl, DEMO_USER));
  const cbB = new URL(await signInWithPassword(b.authorizeUrl, DEMO_USER));
  // Login B's state with login A's code: the PKCE verifier of B does not match A's code.
  const mixed = await request(h.app)
    .get(
      `/context/auth/callback?code=${encodeURIComponent(cbA.searchParams.get('code')!)}&state=${encodeURIComponent(cbB.searchParams.get('state')!)}&iss=${encodeURIComponent(idp.issuer)}`,
    )
    .set('cookie', b.cookie);
  expect(mixed.status).toBe(302);
  expect(mixed.headers.location).toBe('http://localhost:4105/b?error=login_failed');
});

it('wrong credentials stay at the IdP (no callback)', async () => {
  const { authorizeUrl } = await login('http://localhost:4105/');
  await expect(signInWithPassword(authorizeUrl, { email: DEMO_USER.email, password: 'wrong' })).rejects.toBeInstanceOf(SignInError);
});
