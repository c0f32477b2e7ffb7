/** Session life: 7 days, extended when used a day or more after the last refresh; "don't remember me" is one day. */
import { Browser, startSignin, testClock, type Harness, type LiveApp } from './helpers.js';

const DAY = 24 * 3600 * 1000;
const clock = testClock(Date.now());
let h: Harness;
let app: LiveApp;

beforeAll(async () => {
  h = await startSignin({ now: clock.now });
  app = await h.liveApp();
});
afterAll(() => h?.close());

it('expires after 7 days unless used, and slides forward when used', async () => {
  const b = new Browser(app.base);
  await b.post('/sign-up/email', { name: 'S', email: 'slide@example.com', password: 'password-123' });
  const first = (await b.get('/get-session')).body.session;
  clock.advance(DAY / 2);
  expect((await b.get('/get-session')).body.session.expiresAt).toBe(first.expiresAt); // too early to refresh
  clock.advance(2 * DAY);
  const slid = await b.get('/get-session');
  expect(Date.parse(slid.body.session.expiresAt)).toBe(clock.now() + 7 * DAY);
  expect(slid.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=') && c.includes(`Max-Age=${7 * 24 * 3600}`))).toBe(true);
  clock.advance(7 * DAY + 1000);
  expect((await b.get('/get-session')).body).toBeNull();
  expect((await b.get('/token')).status).toBe(401);
});

it('keeps "don\'t remember me" sessions to a day, in a browser-session cookie', async () => {
  const b = new Browser(app.base);
  await b.post('/sign-up/email', { name: 'N', email: 'short@example.com', password: 'password-123' });
  await b.post('/sign-out');
  const inn = await b.post('/sign-in/email', { email: 'short@example.com', password: 'password-123', rememberMe: false });
  const cookie = inn.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
  expect(cookie).not.toMatch(/Max-Age/);
  clock.advance(DAY / 2);
  expect((await b.get('/get-session')).body.user.email).toBe('short@example.com');
  clock.advance(DAY);
  expect((await b.get('/get-session')).body).toBeNull();
});
