import request from 'supertest';
import { createHarness, rowCounts, seedApp, PUBLIC_URL, type Harness } from './helpers.js';
import { fakeIdp } from './fake-idp.js';

let h: Harness;
const idp = fakeIdp();

beforeAll(async () => {
  h = await createHarness({ idp });
  await seedApp(h.db);
});
afterAll(() => h.close());

/** Starts a login and returns the provider URL and the browser-binding cookie. */
async function startLogin(redirect = 'https://shop.example.com/account?tab=1#top') {
  const res = await request(h.app).get('/context/auth/login').query({ app_id: 'shop', redirect_url: redirect });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.location!);
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return { location, state: location.searchParams.get('state')!, cookie };
}

const callback = (query: Record<string, string>, cookie?: string) => {
  const req = request(h.app).get('/context/auth/callback').query(query);
  if (cookie) req.set('cookie', cookie);
  return req;
};

describe('login', () => {
  it('GET: 302 to the provider with the callback URL, state, nonce and an S256 PKCE challenge', async () => {
    const res = await request(h.app).get('/context/auth/login').query({ app_id: 'shop', redirect_url: 'https://shop.example.com/' });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location!);
    expect(url.origin).toBe('https://idp.test');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/context/auth/callback`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(32);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^lk_login_[0-9a-f]{16}=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/context\/auth\/callback/);
    expect(cookie).toMatch(/Secure/); // the public URL is https
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('POST with JSON: the same 302', async () => {
    const res = await request(h.app).post('/context/auth/login').send({ app_id: 'shop', redirect_url: 'https://www.shop.example.com/x' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.location!).origin).toBe('https://idp.test');
  });

  it('keeps the state server-side: only a hash of the state and an encrypted PKCE verifier', async () => {
    const { state } = await startLogin();
    const rows = await h.db.loginState.findMany();
    expect(JSON.stringify(rows)).not.toContain(state);
    for (const r of rows) expect(r.codeVerifierEncrypted).toMatch(/^v1\./);
  });

  it.each([
    ['unknown app', { app_id: 'nope', redirect_url: 'https://shop.example.com/' }],
    ['missing app_id', { redirect_url: 'https://shop.example.com/' }],
    ['empty app_id', { app_id: '', redirect_url: 'https://shop.example.com/' }],
  ])('400 INVALID_APP_ID for %s, no redirect, nothing stored', async (_n, query) => {
    const before = await rowCounts(h.db);
    const res = await request(h.app).get('/context/auth/login').query(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'INVALID_APP_ID', message: expect.any(String) });
    expect(res.headers.location).toBeUndefined();
    expect(await rowCounts(h.db)).toEqual(before);
  });

  it.each([
    ['a domain not in the list', 'https://evil.com/'],
    ['a subdomain not in the list', 'https://a.shop.example.com/'],
    ['missing', undefined],
    ['plain http on a public domain', 'http://shop.example.com/'],
    ['userinfo', 'https://shop.example.com@evil.com/'],
  ])('400 INVALID_REDIRECT_URL for %s, no redirect', async (_n, redirect) => {
    const res = await request(h.app)
      .get('/context/auth/login')
      .query(redirect === undefined ? { app_id: 'shop' } : { app_id: 'shop', redirect_url: redirect });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'INVALID_REDIRECT_URL', message: expect.any(String) });
    expect(res.headers.location).toBeUndefined();
  });

  it('POST: wrong-typed fields are refused with the spec codes', async () => {
    const a = await request(h.app).post('/context/auth/login').send({ app_id: 42, redirect_url: 'https://shop.example.com/' });
    expect(a.body.error).toBe('INVALID_APP_ID');
    const b = await request(h.app)
      .post('/context/auth/login')
      .send({ app_id: 'shop', redirect_url: ['https://shop.example.com/'] });
    expect(b.body.error).toBe('INVALID_REDIRECT_URL');
  });

  it('503 when no identity provider is configured', async () => {
    const app = h.makeApp({ idp: undefined });
    const res = await request(app).get('/context/auth/login').query({ app_id: 'shop', redirect_url: 'https://shop.example.com/' });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('callback', () => {
  it('302 to redirect_url with svc_token (128 hex), keeping its query and fragment; the token exchanges once', async () => {
    const { state, cookie } = await startLogin('https://shop.example.com/account?tab=1&q=a%20b#top');
    const res = await callback({ code: 'good-code', state }, cookie);
    expect(res.status).toBe(302);
    const location = res.headers.location!;
    expect(location).toMatch(/^https:\/\/shop\.example\.com\/account\?tab=1&q=a%20b&svc_token=[0-9a-f]{128}#top$/);
    expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(/lk_login_[0-9a-f]{16}=;/);
    const token = new URL(location).searchParams.get('svc_token')!;
    const row = await h.db.exchangeToken.findFirstOrThrow({ orderBy: { createdAt: 'desc' } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(60_000);
    expect(row.tokenHash).not.toBe(token);
    const ex = await request(h.app).post('/context/auth/exchange').send({ token });
    expect(ex.status).toBe(200);
    expect(ex.body.user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace', role: 'user' });
    expect(ex.body.workspace).toEqual({ id: 'acme', name: 'Acme Inc', tier: 'pro' });
  });

  it('the same state cannot be used twice (replay): an HTML error page, not a redirect', async () => {
    const { state, cookie } = await startLogin();
    expect((await callback({ code: 'good-code', state }, cookie)).status).toBe(302);
    const replay = await callback({ code: 'good-code', state }, cookie);
    expect(replay.status).toBe(400);
    expect(replay.headers['content-type']).toMatch(/text\/html/);
    expect(replay.text).toMatch(/already used|unknown|expired/);
    expect(replay.headers.location).toBeUndefined();
  });

  it.each([
    ['no state', { code: 'good-code' }],
    ['an unknown state', { code: 'good-code', state: 'x'.repeat(43) }],
    ['a huge state', { code: 'good-code', state: 'x'.repeat(5000) }],
    ['nothing at all', {}],
  ])('%s: 400 HTML page, no exchange token', async (_n, query) => {
    const before = await h.db.exchangeToken.count();
    const res = await callback(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<h1>');
    expect(await h.db.exchangeToken.count()).toBe(before);
  });

  it('access_denied from the provider goes back to the app as error=access_denied', async () => {
    const { state, cookie } = await startLogin('https://shop.example.com/cb');
    const res = await callback({ error: 'access_denied', error_description: 'User cancelled', state }, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://shop.example.com/cb?error=access_denied');
  });

  it('an unknown provider error code is passed on as access_denied (no free text reaches the app)', async () => {
    const { state, cookie } = await startLogin('https://shop.example.com/cb');
    const res = await callback({ error: '<script>', state }, cookie);
    expect(res.headers.location).toBe('https://shop.example.com/cb?error=access_denied');
  });

  it('a failed code exchange (bad code, provider down) goes back as error=login_failed', async () => {
    const a = await startLogin('https://shop.example.com/cb');
    const bad = await callback({ code: 'stolen-or-wrong', state: a.state }, a.cookie);
    expect(bad.headers.location).toBe('https://shop.example.com/cb?error=login_failed');
    const b = await startLogin('https://shop.example.com/cb');
    idp.failNext(new Error('connect ECONNREFUSED'));
    const down = await callback({ code: 'good-code', state: b.state }, b.cookie);
    expect(down.status).toBe(302);
    expect(down.headers.location).toBe('https://shop.example.com/cb?error=login_failed');
  });

  it('passes the stored nonce and PKCE verifier to the provider check', async () => {
    const { location, state, cookie } = await startLogin();
    await callback({ code: 'good-code', state }, cookie);
    const call = idp.calls.at(-1)!;
    expect(call.state).toBe(state);
    expect(call.nonce).toBe(location.searchParams.get('nonce'));
  });

  it('a callback from another browser (no or wrong binding cookie) is refused', async () => {
    const a = await startLogin();
    const none = await callback({ code: 'good-code', state: a.state });
    expect(none.status).toBe(400);
    expect(none.text).toMatch(/another browser/);
    const b = await startLogin();
    const wrong = await callback({ code: 'good-code', state: b.state }, `${b.cookie.split('=')[0]}=${'0'.repeat(64)}`);
    expect(wrong.status).toBe(400);
  });

  it('a login older than 10 minutes is refused', async () => {
    const start = h.clock.now();
    const { state, cookie } = await startLogin();
    h.clock.set(start + 600_000);
    const res = await callback({ code: 'good-code', state }, cookie);
    h.clock.set(start);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/took too long/);
  });

  it('re-sign-in updates the user and keeps one user per provider subject', async () => {
    for (let i = 0; i < 2; i++) {
      const { state, cookie } = await startLogin();
      expect((await callback({ code: 'good-code', state }, cookie)).status).toBe(302);
    }
    expect(await h.db.user.count({ where: { idpSubject: 'sub-ada' } })).toBe(1);
  });
});
