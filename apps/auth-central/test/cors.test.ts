import request from 'supertest';
import { createHarness, seedApp, seedExchangeToken, PUBLIC_URL, type Harness } from './helpers.js';
import { fakeIdp } from './fake-idp.js';

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ idp: fakeIdp() });
  await seedApp(h.db, 'shop', ['shop.example.com', 'www.shop.example.com']);
  await seedApp(h.db, 'blog', ['blog.example.org', 'localhost'], 'other-org');
});
afterAll(() => h.close());

describe('CORS', () => {
  it('gives an allowed origin its CORS headers (with credentials) on exchange', async () => {
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
    const res = await request(h.app).post('/context/auth/exchange').set('origin', 'https://shop.example.com').send({ token });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it.each([
    ['the www form when listed', 'https://www.shop.example.com'],
    ['another app’s domain', 'https://blog.example.org'],
    ['localhost on any port', 'http://localhost:4105'],
    ['a non-default port on a listed host', 'https://shop.example.com:8443'],
  ])('accepts %s', async (_n, origin) => {
    const res = await request(h.app).post('/context/auth/refresh').set('origin', origin).send({ access_token: 'x' });
    expect(res.status).toBe(401); // reaches the endpoint
    expect(res.headers['access-control-allow-origin']).toBe(origin);
  });

  it.each([
    ['an unlisted domain', 'https://evil.com'],
    ['a suffix trick', 'https://shop.example.com.evil.com'],
    ['an unlisted subdomain', 'https://api.shop.example.com'],
    ['plain http on a listed public domain', 'http://shop.example.com'],
    ['the null origin', 'null'],
    ['a trailing-dot host', 'https://shop.example.com.'],
    ['garbage', 'not an origin'],
  ])('403 CORS_REJECTED for %s, on every endpoint, before anything runs', async (_n, origin) => {
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
    const calls = [
      request(h.app).post('/context/auth/exchange').set('origin', origin).send({ token }),
      request(h.app).post('/context/auth/refresh').set('origin', origin).send({ access_token: 'x' }),
      request(h.app).post('/context/auth/logout').set('origin', origin).send({ access_token: 'x' }),
      request(h.app).get('/context/auth/validate').set('origin', origin).set('authorization', 'Bearer x'),
      request(h.app).get('/context/auth/login').set('origin', origin).query({ app_id: 'shop', redirect_url: 'https://shop.example.com/' }),
      request(h.app).post('/context/auth/login').set('origin', origin).send({ app_id: 'shop', redirect_url: 'https://shop.example.com/' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'CORS_REJECTED', message: expect.any(String) });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    // The exchange token was not consumed by the refused request.
    expect((await request(h.app).post('/context/auth/exchange').send({ token })).status).toBe(200);
  });

  it('answers an allowed preflight with 204 and the allowed methods and headers', async () => {
    const res = await request(h.app)
      .options('/context/auth/exchange')
      .set('origin', 'https://shop.example.com')
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(res.headers['access-control-allow-headers']).toMatch(/Content-Type/i);
    expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/i);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('refuses a preflight from another origin with 403 CORS_REJECTED', async () => {
    const res = await request(h.app)
      .options('/context/auth/validate')
      .set('origin', 'https://evil.com')
      .set('access-control-request-method', 'GET')
      .set('access-control-request-headers', 'authorization');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('CORS_REJECTED');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('scopes the GET login to the app it names: another app’s domain is refused', async () => {
    const res = await request(h.app)
      .get('/context/auth/login')
      .set('origin', 'https://blog.example.org')
      .query({ app_id: 'shop', redirect_url: 'https://shop.example.com/' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('CORS_REJECTED');
    const own = await request(h.app)
      .get('/context/auth/login')
      .set('origin', 'https://shop.example.com')
      .query({ app_id: 'shop', redirect_url: 'https://shop.example.com/' });
    expect(own.status).toBe(302);
  });

  it('scopes the POST login to the app its body names, as the GET login', async () => {
    const foreign = await request(h.app)
      .post('/context/auth/login')
      .set('origin', 'https://blog.example.org')
      .send({ app_id: 'shop', redirect_url: 'https://shop.example.com/' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: 'CORS_REJECTED', message: expect.any(String) });
    expect(foreign.headers.location).toBeUndefined();
    const own = await request(h.app)
      .post('/context/auth/login')
      .set('origin', 'https://www.shop.example.com')
      .send({ app_id: 'shop', redirect_url: 'https://shop.example.com/' });
    expect(own.status).toBe(302);
    expect(own.headers['access-control-allow-origin']).toBe('https://www.shop.example.com');
    // without an app to scope to, the body's own codes apply (as for GET)
    const missing = await request(h.app)
      .post('/context/auth/login')
      .set('origin', 'https://blog.example.org')
      .send({ redirect_url: 'https://shop.example.com/' });
    expect(missing.body.error).toBe('INVALID_APP_ID');
  });

  it('lets requests without Origin through (server to server) with no CORS headers', async () => {
    const res = await request(h.app).get('/context/auth/validate').set('authorization', 'Bearer x');
    expect(res.status).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('follows registration changes at once (no stale allow-list)', async () => {
    const origin = 'https://new.example.net';
    expect((await request(h.app).post('/context/auth/refresh').set('origin', origin).send({ access_token: 'x' })).status).toBe(403);
    await seedApp(h.db, 'new', ['new.example.net']);
    expect((await request(h.app).post('/context/auth/refresh').set('origin', origin).send({ access_token: 'x' })).status).toBe(401);
  });

  it('does not apply to the callback (a top-level navigation from the provider) or to the service’s own origin', async () => {
    const cb = await request(h.app).get('/context/auth/callback').set('origin', 'https://idp.test');
    expect(cb.status).toBe(400); // the HTML page for a missing state, not CORS_REJECTED
    const own = await request(h.app).post('/context/auth/refresh').set('origin', PUBLIC_URL).send({ access_token: 'x' });
    expect(own.status).toBe(401);
  });
});

describe('cross-tenant CORS: a page of one tenant cannot read the answers for another tenant’s token', () => {
  const foreign = 'https://blog.example.org'; // app `blog` of organisation other-org
  const own = 'https://shop.example.com'; // app `shop` of organisation acme, the token's app
  const allowHeaders = (res: request.Response) => [res.headers['access-control-allow-origin'], res.headers['access-control-allow-credentials']];

  it('exchange, validate, refresh and logout keep their status and body but carry no CORS allow headers for another app’s origin', async () => {
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
    const exchange = await request(h.app).post('/context/auth/exchange').set('origin', foreign).send({ token });
    expect(exchange.status).toBe(200);
    expect(exchange.body).toEqual({
      access_token: expect.any(String),
      expires_at: expect.any(String),
      user: expect.any(Object),
      workspace: expect.any(Object),
    });
    expect(allowHeaders(exchange)).toEqual([undefined, undefined]);
    expect(exchange.headers.vary).toMatch(/Origin/);
    const accessToken: string = exchange.body.access_token;

    const validate = await request(h.app).get('/context/auth/validate').set('origin', foreign).set('authorization', `Bearer ${accessToken}`);
    expect(validate.status).toBe(200);
    expect(allowHeaders(validate)).toEqual([undefined, undefined]);
    const refresh = await request(h.app).post('/context/auth/refresh').set('origin', foreign).send({ access_token: accessToken });
    expect(refresh.status).toBe(200);
    expect(allowHeaders(refresh)).toEqual([undefined, undefined]);
    // Naming the origin's own app in the query does not widen the scope.
    const sneaky = await request(h.app)
      .get('/context/auth/validate')
      .query({ app_id: 'blog' })
      .set('origin', foreign)
      .set('authorization', `Bearer ${accessToken}`);
    expect(sneaky.status).toBe(200);
    expect(allowHeaders(sneaky)).toEqual([undefined, undefined]);

    // The token's own app's origin still reads every answer.
    const ownValidate = await request(h.app).get('/context/auth/validate').set('origin', own).set('authorization', `Bearer ${accessToken}`);
    expect(ownValidate.status).toBe(200);
    expect(allowHeaders(ownValidate)).toEqual([own, 'true']);
    const ownRefresh = await request(h.app).post('/context/auth/refresh').set('origin', own).send({ access_token: accessToken });
    expect(allowHeaders(ownRefresh)).toEqual([own, 'true']);

    const logout = await request(h.app).post('/context/auth/logout').set('origin', foreign).send({ access_token: accessToken });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true });
    expect(allowHeaders(logout)).toEqual([undefined, undefined]);
    // After logout the answer (401 SESSION_INVALIDATED) is hidden from the other tenant's page too.
    const after = await request(h.app).get('/context/auth/validate').set('origin', foreign).set('authorization', `Bearer ${accessToken}`);
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('SESSION_INVALIDATED');
    expect(allowHeaders(after)).toEqual([undefined, undefined]);
    const ownAfter = await request(h.app).get('/context/auth/validate').set('origin', own).set('authorization', `Bearer ${accessToken}`);
    expect(allowHeaders(ownAfter)).toEqual([own, 'true']);
  });

  it('gives the token’s own app’s origin its CORS headers on exchange', async () => {
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
    const res = await request(h.app).post('/context/auth/exchange').set('origin', 'https://www.shop.example.com').send({ token });
    expect(res.status).toBe(200);
    expect(allowHeaders(res)).toEqual(['https://www.shop.example.com', 'true']);
  });

  it('still admits a preflight (no token yet) from any registered app’s origin', async () => {
    const res = await request(h.app)
      .options('/context/auth/validate')
      .set('origin', foreign)
      .set('access-control-request-method', 'GET')
      .set('access-control-request-headers', 'authorization');
    expect(res.status).toBe(204);
    expect(allowHeaders(res)).toEqual([foreign, 'true']);
  });
});
