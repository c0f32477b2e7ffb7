/**
 * Lockouts hold under concurrency and are scoped to the address that failed:
 * a failure point is taken before the password or code is checked (and given
 * back on success), so a parallel burst gets no more checks than the limit;
 * a stranger's failures lock out the stranger's address, not the owner's.
 */
import { createTestRedis, type TestRedis } from '@latchkey/testing';
import { DEFAULT_LIMITS } from '../src/domain/limits.js';
import { Browser, secretOf, startSignin, testClock, totpCode, type Harness, type LiveApp } from './helpers.js';

const clock = testClock();
const LIMITS = {
  ...DEFAULT_LIMITS,
  signInPerAddressPerMinute: 10_000,
  twoFactorPerAddressPerMinute: 10_000,
  failedSignInsPerAccount: 10,
  failedCodesPerUser: 5,
};
let h: Harness;
let app: LiveApp;
let redis: TestRedis;

beforeAll(async () => {
  // Shared limits in Redis, as a deployment of several instances runs them.
  redis = await createTestRedis();
  h = await startSignin({ now: clock.now, limits: LIMITS, redisPrefix: redis.prefix }, { redis: redis.redis });
  app = await h.liveApp();
});
afterAll(async () => {
  await h?.close();
  await redis?.close();
});

const PASSWORD = 'password-123';
const email = (n: string) => `${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;

it('a burst of 30 concurrent wrong passwords: at most 10 are checked, the rest 429 (was 29 of 29)', async () => {
  const addr = email('burst');
  await new Browser(app.base).post('/sign-up/email', { name: 'b', email: addr, password: PASSWORD });
  const statuses = await Promise.all(
    Array.from({ length: 30 }, (_, i) => new Browser(app.base).post('/sign-in/email', { email: addr, password: `wrong-${i}-password` }).then((r) => r.status)),
  );
  expect(count(statuses, 401)).toBeLessThanOrEqual(LIMITS.failedSignInsPerAccount);
  expect(count(statuses, 429)).toBeGreaterThanOrEqual(30 - LIMITS.failedSignInsPerAccount);
  expect(count(statuses, 401) + count(statuses, 429)).toBe(30);
  // …and the right password from that address is refused too while the lock lasts.
  expect((await new Browser(app.base).post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(429);
});

it('a burst of 20 concurrent wrong TOTP codes: at most 5 are checked (was 7 to 14)', async () => {
  const b = new Browser(app.base);
  const addr = email('totp');
  await b.post('/sign-up/email', { name: 't', email: addr, password: PASSWORD });
  const en = await b.post('/two-factor/enable', { password: PASSWORD });
  const secret = secretOf(en.body.totpURI);
  expect((await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) })).status).toBe(200);

  const signer = new Browser(app.base);
  expect((await signer.post('/sign-in/email', { email: addr, password: PASSWORD })).body.twoFactorRedirect).toBe(true);
  const cookie = `better-auth.two_factor=${signer.cookies.get('better-auth.two_factor')}`;
  const right = totpCode(secret, clock.now() + 60_000); // a valid code of another step is still a wrong code now
  const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
  const statuses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => new Browser(app.base).post('/two-factor/verify-totp', { code: wrong(i) }, { cookie }).then((r) => r.status)),
  );
  expect(count(statuses, 401)).toBeLessThanOrEqual(LIMITS.failedCodesPerUser);
  expect(count(statuses, 429)).toBeGreaterThanOrEqual(20 - LIMITS.failedCodesPerUser);
  expect(count(statuses, 200)).toBe(0);
});

it("a stranger's wrong passwords from another address do not lock the owner out", async () => {
  const addr = email('owner');
  await new Browser(app.base).post('/sign-up/email', { name: 'o', email: addr, password: PASSWORD });
  const stranger = { 'x-forwarded-for': '203.0.113.77' };
  for (let i = 0; i < LIMITS.failedSignInsPerAccount; i++) {
    expect((await new Browser(app.base).post('/sign-in/email', { email: addr, password: `guess-${i}-password` }, stranger)).status).toBe(401);
  }
  expect((await new Browser(app.base).post('/sign-in/email', { email: addr, password: PASSWORD }, stranger)).status).toBe(429);
  // The owner, from their own address, still signs in.
  expect((await new Browser(app.base).post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(200);
});

it('a right password gives its point back: the owner is never locked out by their own successes', async () => {
  const addr = email('many');
  await new Browser(app.base).post('/sign-up/email', { name: 'm', email: addr, password: PASSWORD });
  for (let i = 0; i < LIMITS.failedSignInsPerAccount * 2; i++) {
    expect((await new Browser(app.base).post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(200);
  }
});
