import request from 'supertest';
import { createTestRedis, waitFor, type TestRedis } from '@latchkey/testing';
import { createHarness, seedApp, type Harness } from './helpers.js';
import { fakeIdp } from './fake-idp.js';

let h: Harness;
let redis: TestRedis;
beforeAll(async () => {
  h = await createHarness({ idp: fakeIdp() });
  redis = await createTestRedis();
  await seedApp(h.db);
});
afterAll(async () => {
  await h.close();
  await redis.close();
});

const exchange = (app: Harness['app'], ip: string) =>
  request(app)
    .post('/context/auth/exchange')
    .set('x-forwarded-for', ip)
    .send({ token: 'ab'.repeat(64) });

it('in process: 429 RATE_LIMITED with Retry-After once an IP is over its per-minute limit; other IPs unaffected', async () => {
  const app = h.makeApp({ settings: { rateLimits: { exchangePerMinute: 3, loginPerMinute: 2 } } });
  for (let i = 0; i < 3; i++) expect((await exchange(app, '10.0.0.1')).status).toBe(400);
  const over = await exchange(app, '10.0.0.1');
  expect(over.status).toBe(429);
  expect(over.body).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  expect((await exchange(app, '10.0.0.2')).status).toBe(400);
  const login = () => request(app).get('/context/auth/login').query({ app_id: 'shop', redirect_url: 'https://shop.example.com/' });
  expect((await login()).status).toBe(302);
  expect((await login()).status).toBe(302);
  expect((await login()).status).toBe(429);
});

it('with Redis: the limit is shared by every instance', async () => {
  if (!redis.redis) return console.warn('no Redis: skipped');
  const settings = { rateLimits: { exchangePerMinute: 4 } };
  const a = h.makeApp({ redis: redis.redis, redisPrefix: redis.prefix, settings });
  const b = h.makeApp({ redis: redis.redis, redisPrefix: redis.prefix, settings });
  const statuses = [];
  for (const app of [a, b, a, b, a, b]) statuses.push((await exchange(app, '10.9.9.9')).status);
  expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  expect((await redis.redis.keys(`${redis.prefix}*`)).length).toBeGreaterThan(0);
});

it('refresh, logout and validate: an IP over its limit of refused tokens gets 429; valid tokens never count', async () => {
  const app = h.makeApp({ settings: { rateLimits: { tokenFailuresPerMinute: 3 } } });
  const { seedExchangeToken } = await import('./helpers.js');
  const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email: 'limits@example.com' });
  const ex = await request(app).post('/context/auth/exchange').set('x-forwarded-for', '10.1.0.1').send({ token });
  expect(ex.status).toBe(200);
  const good = () => request(app).get('/context/auth/validate').set('x-forwarded-for', '10.1.0.1').set('authorization', `Bearer ${ex.body.access_token}`);
  for (let i = 0; i < 5; i++) expect((await good()).status).toBe(200);
  const bad = [
    () => request(app).get('/context/auth/validate').set('x-forwarded-for', '10.1.0.1').set('authorization', 'Bearer junk'),
    () => request(app).post('/context/auth/refresh').set('x-forwarded-for', '10.1.0.1').send({ access_token: 'junk' }),
    () => request(app).post('/context/auth/logout').set('x-forwarded-for', '10.1.0.1').send({ access_token: 'junk' }),
  ];
  for (const call of bad) expect((await call()).status).toBe(401);
  const over = await bad[0]!();
  expect(over.status).toBe(429);
  expect(over.body).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  // The IP is held back until the window frees, except for tokens we signed (relay lockout).
  expect((await good()).status).toBe(200);
  const refresh = await request(app).post('/context/auth/refresh').set('x-forwarded-for', '10.1.0.1').send({ access_token: ex.body.access_token });
  expect(refresh.status).toBe(429);
  const other = await request(app).get('/context/auth/validate').set('x-forwarded-for', '10.1.0.2').set('authorization', `Bearer ${ex.body.access_token}`);
  expect(other.status).toBe(200);
});

it('with Redis: refused tokens are counted across instances; an instance re-reads an IP it found under the limit after 1 s at most', async () => {
  if (!redis.redis) return console.warn('no Redis: skipped');
  const settings = { rateLimits: { tokenFailuresPerMinute: 3 } };
  const a = h.makeApp({ redis: redis.redis, redisPrefix: redis.prefix, settings });
  const b = h.makeApp({ redis: redis.redis, redisPrefix: redis.prefix, settings });
  const { seedExchangeToken } = await import('./helpers.js');
  const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email: 'limits-redis@example.com' });
  const ex = await request(a).post('/context/auth/exchange').set('x-forwarded-for', '10.7.7.7').send({ token });
  expect(ex.status).toBe(200);
  // Refresh is the probe: validate serves our own tokens even over the limit (relay lockout).
  const good = (app: Harness['app']) =>
    request(app).post('/context/auth/refresh').set('x-forwarded-for', '10.7.7.7').send({ access_token: ex.body.access_token });
  const junk = (app: Harness['app']) => request(app).get('/context/auth/validate').set('x-forwarded-for', '10.7.7.7').set('authorization', 'Bearer junk');
  const start = h.clock.now();
  try {
    expect((await good(b)).status).toBe(200); // b has now looked: under the limit
    for (let i = 0; i < 3; i++) expect((await junk(a)).status).toBe(401);
    // a knows from its own penalties once Redis has counted them (a valid token never adds one).
    await waitFor(async () => (await good(a)).status === 429, 5_000, 'the penalties to land in Redis');
    expect((await good(b)).status).toBe(200); // b still trusts its look of < 1 s ago
    h.clock.set(start + 1001);
    const late = await good(b);
    expect(late.status).toBe(429); // …and asks Redis again after 1 s
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
    // A fresh instance asks Redis on its first request.
    expect((await good(h.makeApp({ redis: redis.redis, redisPrefix: redis.prefix, settings }))).status).toBe(429);
  } finally {
    h.clock.set(start);
  }
});

describe('relay lockout', () => {
  it.each([
    ['fast path (no proxy)', undefined],
    ['Express path (behind a proxy)', '10.9.9.9'],
  ])('%s: 700 garbage tokens from a relaying backend, then a real token from the same address → the real token is served', async (_name, xff) => {
    const app = h.makeApp({ settings: { rateLimits: { tokenFailuresPerMinute: 600 } } });
    const { seedExchangeToken } = await import('./helpers.js');
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email: `relay-${xff ?? 'fast'}@example.com` });
    const ex = await request(app).post('/context/auth/exchange').set('x-forwarded-for', '10.8.8.8').send({ token });
    expect(ex.status).toBe(200);
    const validate = (bearer: string) => {
      const r = request(app).get('/context/auth/validate').set('authorization', `Bearer ${bearer}`);
      return xff ? r.set('x-forwarded-for', xff) : r;
    };
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 700; i += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => validate(`garbage.${i + j}.token`)));
      for (const r of batch) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
    await waitFor(async () => (await validate('garbage.last.token')).status === 429, 5_000, 'the address to be over its limit');
    expect(statuses[401]).toBeGreaterThanOrEqual(600);
    const real = await validate(ex.body.access_token);
    expect(real.status).toBe(200);
    expect(real.body.user).toMatchObject({ email: `relay-${xff ?? 'fast'}@example.com` });
  });
});

describe('X-Forwarded-For spoofing (TRUST_PROXY)', () => {
  it('a peer that is not the configured edge is limited by its real address, whatever X-Forwarded-For it sends', async () => {
    // The edge is 192.0.2.10; this request comes from 127.0.0.1, which is not it.
    const app = h.makeApp({ settings: { trustProxy: ['192.0.2.10'], rateLimits: { exchangePerMinute: 3 } } });
    for (let i = 0; i < 3; i++) expect((await exchange(app, `203.0.113.${i}`)).status).toBe(400);
    expect((await exchange(app, '203.0.113.99')).status).toBe(429);
    expect(
      (
        await request(app)
          .post('/context/auth/exchange')
          .send({ token: 'ab'.repeat(64) })
      ).status,
    ).toBe(429);
  });

  it('the edge itself (here loopback) is believed: its clients are counted apart', async () => {
    const app = h.makeApp({ settings: { trustProxy: ['loopback'], rateLimits: { exchangePerMinute: 3 } } });
    for (let i = 0; i < 5; i++) expect((await exchange(app, `198.51.100.${i}`)).status).toBe(400);
  });
});
