/**
 * Stateless processes: two app-signin instances behind one address share
 * everything through PostgreSQL and Redis: sessions, the TOTP replay guard,
 * the single-use two-factor challenge and the brute-force limits.
 */
import { createTestRedis, type TestRedis } from '@latchkey/testing';
import { Browser, totpCode, secretOf, startSignin, testClock, type Harness } from './helpers.js';

const clock = testClock(Date.now());
let redis: TestRedis;
let one: Harness;
let two: Harness;

beforeAll(async () => {
  redis = await createTestRedis();
  const limits = {
    signInPerAddressPerMinute: 1000,
    failedSignInsPerAccount: 3,
    accountLockSeconds: 600,
    failedCodesPerUser: 5,
    twoFactorPerAddressPerMinute: 1000,
  };
  one = await startSignin({ limits, redisPrefix: redis.prefix, now: clock.now }, { redis: redis.redis });
  two = await startSignin(
    { limits, redisPrefix: redis.prefix, publicUrl: one.url, encryptionKey: one.config.encryptionKey, now: clock.now },
    { registry: one.registry, redis: redis.redis },
  );
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  await redis?.close();
});

const onTwo = (signinUrl: string) => `${signinUrl.replace(one.url, two.url)}/api/auth`;
const nextStep = () => clock.set((Math.floor(clock.now() / 30_000) + 1) * 30_000 + 1000);

it('serves one app from either instance', async () => {
  const app = await one.liveApp();
  const a = new Browser(app.base);
  await a.post('/sign-up/email', { name: 'Two', email: 'two@example.com', password: 'password-123' });
  const b = new Browser(onTwo(app.signinUrl));
  for (const [k, v] of a.cookies) b.cookies.set(k, v);
  expect((await b.get('/get-session')).body.user.email).toBe('two@example.com');
  expect((await b.get('/token')).status).toBe(200);

  // two-factor: enrol on one, the pending sign-in started on one finishes on two, a replay on one fails
  const en = await a.post('/two-factor/enable', { password: 'password-123' });
  const secret = secretOf(en.body.totpURI);
  nextStep();
  await a.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) });
  const c = new Browser(app.base);
  expect((await c.post('/sign-in/email', { email: 'two@example.com', password: 'password-123' })).body.twoFactorRedirect).toBe(true);
  const d = new Browser(onTwo(app.signinUrl));
  for (const [k, v] of c.cookies) d.cookies.set(k, v);
  nextStep();
  const code = totpCode(secret, clock.now());
  expect((await d.post('/two-factor/verify-totp', { code })).status).toBe(200);
  const e = new Browser(app.base);
  await e.post('/sign-in/email', { email: 'two@example.com', password: 'password-123' });
  expect((await e.post('/two-factor/verify-totp', { code })).body.code).toBe('INVALID_CODE');
  // the challenge used on two cannot be used again on one
  nextStep();
  const again = await c.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) });
  expect(again.body.code).toBe('INVALID_TWO_FACTOR_COOKIE');
});

it('shares the account lock through Redis', async () => {
  if (!redis.redis) return; // no Redis: each instance limits on its own
  const app = await one.liveApp();
  const a = new Browser(app.base);
  const b = new Browser(onTwo(app.signinUrl));
  await a.post('/sign-up/email', { name: 'L', email: 'lock@example.com', password: 'password-123' });
  expect((await a.post('/sign-in/email', { email: 'lock@example.com', password: 'wrong-one-1' })).status).toBe(401);
  expect((await b.post('/sign-in/email', { email: 'lock@example.com', password: 'wrong-two-2' })).status).toBe(401);
  expect((await a.post('/sign-in/email', { email: 'lock@example.com', password: 'wrong-one-3' })).status).toBe(401);
  expect((await b.post('/sign-in/email', { email: 'lock@example.com', password: 'password-123' })).status).toBe(429);
  const keys = await redis.redis.keys(`${redis.prefix}{signin}:*`);
  expect(keys.length).toBeGreaterThan(0);
});
