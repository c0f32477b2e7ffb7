/**
 * X-Forwarded-For spoofing: only the configured edge (`TRUST_PROXY`) may say
 * who the client is. A peer that is not the edge is limited by its own
 * address, whatever X-Forwarded-For it sends, so rotating forged addresses
 * does not reset the per-address sign-in limit.
 */
import { DEFAULT_LIMITS } from '../src/domain/limits.js';
import { Browser, startSignin, type Harness, type LiveApp } from './helpers.js';

let h: Harness;
let app: LiveApp;
beforeAll(async () => {
  // The edge is 192.0.2.10; the test's requests come from 127.0.0.1, which is not it.
  h = await startSignin({
    trustProxy: ['192.0.2.10'],
    limits: {
      ...DEFAULT_LIMITS,
      signInPerAddressPerMinute: 3,
      twoFactorPerAddressPerMinute: 10_000,
      mailPerAddressPerHour: 10_000,
      mailPerAccountPerHour: 10_000,
    },
  });
  app = await h.liveApp();
});
afterAll(() => h?.close());

it('a peer that is not the edge is limited by its real address, whatever X-Forwarded-For it sends', async () => {
  const attempt = (i: number) =>
    new Browser(app.base).post('/sign-in/email', { email: `nobody-${i}@example.com`, password: 'wrong-password-1' }, { 'x-forwarded-for': `203.0.113.${i}` });
  for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
  expect((await attempt(3)).status).toBe(429);
  expect((await attempt(4)).status).toBe(429);
});
