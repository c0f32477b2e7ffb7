/**
 * Dependency outages (README, "Dependency outages"): while Redis is down,
 * sign-up, sign-in and the account lock keep working on the in-memory
 * insurance limiters of this instance — no 5xx and no hang — and the shared
 * Redis limits apply again once it is back.
 */
import { connectRedis } from '@latchkey/service-kit';
import { describeWithPrivateRedis, startPrivateRedis, type PrivateServer } from '@latchkey/testing';
import { Browser, startSignin, type Harness } from './helpers.js';

/** Generous bound for "fails fast" on a loaded machine; the design target is ≤ 1 s. */
const FAST_MS = 2000;

describeWithPrivateRedis()('app-signin while Redis is down', () => {
  let redis: PrivateServer;
  let client: ReturnType<typeof connectRedis>;
  let h: Harness;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    client = connectRedis(redis.url, 'app-signin-test');
    await client!.ping();
    h = await startSignin(
      {
        limits: {
          signInPerAddressPerMinute: 10_000,
          twoFactorPerAddressPerMinute: 10_000,
          failedSignInsPerAccount: 3,
          accountLockSeconds: 900,
          failedCodesPerUser: 5,
        },
      },
      { redis: client! },
    );
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    client?.disconnect();
    await redis?.close();
  }, 60_000);

  it('signs up, signs in and still locks an account on the in-memory limiter, then uses Redis again', async () => {
    const app = await h.liveApp();
    const a = new Browser(app.base);
    expect((await a.post('/sign-up/email', { name: 'Up', email: 'up@example.com', password: 'password-123' })).status).toBe(200);

    await redis.stop({ kill: true });
    const started = performance.now();
    const b = new Browser(app.base);
    expect((await b.post('/sign-up/email', { name: 'Down', email: 'down@example.com', password: 'password-123' })).status).toBe(200);
    expect((await b.post('/sign-in/email', { email: 'up@example.com', password: 'password-123' })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2 * FAST_MS);

    // the account lock still holds, per instance
    for (let i = 0; i < 3; i++) {
      expect((await b.post('/sign-in/email', { email: 'down@example.com', password: `wrong-${i}-password` })).status).toBe(401);
    }
    const locked = await b.post('/sign-in/email', { email: 'down@example.com', password: 'password-123' });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);

    await redis.start();
    const deadline = Date.now() + 10_000;
    while (client!.status !== 'ready' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(client!.status).toBe('ready');
    expect((await new Browser(app.base).post('/sign-in/email', { email: 'up@example.com', password: 'password-123' })).status).toBe(200);
    expect((await client!.keys('*{signin}*')).length).toBeGreaterThan(0);
  }, 60_000);
});
