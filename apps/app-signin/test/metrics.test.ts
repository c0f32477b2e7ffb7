/** `GET /metrics`: requests by route pattern, dependency health, and sign-in attempts by app and result. */
import { Browser, startSignin, type Harness, type LiveApp } from './helpers.js';
import { metricSample } from '@latchkey/testing';

let h: Harness;
let app: LiveApp;

beforeAll(async () => {
  h = await startSignin();
  app = await h.liveApp();
});
afterAll(() => h?.close());

it('counts sign-ins and failures by app, requests by route pattern, and reports the database', async () => {
  const slug = new URL(app.signinUrl).pathname.split('/').pop()!;
  expect(slug).toMatch(/-[a-z2-7]{22}$/);
  const scrape = async () => (await fetch(`${h.url}/metrics`)).text();
  const before = await scrape();
  const key = { service: 'app-signin', app: app.appId, method: 'email' };

  const b = new Browser(app.base);
  const addr = `m-${Math.random().toString(36).slice(2, 8)}@example.com`;
  expect((await b.post('/sign-up/email', { name: 'M', email: addr, password: 'correct horse battery' })).status).toBe(200);
  expect((await b.post('/sign-in/email', { email: addr, password: 'correct horse battery' })).status).toBe(200);
  expect((await b.post('/sign-in/email', { email: addr, password: 'wrong horse battery' })).status).toBe(401);
  expect((await b.post('/sign-in/email', { email: addr, password: 'wrong again battery' })).status).toBe(401);

  const after = await scrape();
  expect(
    metricSample(after, 'latchkey_signins_total', { ...key, result: 'success' }) -
      metricSample(before, 'latchkey_signins_total', { ...key, result: 'success' }),
  ).toBe(1);
  expect(
    metricSample(after, 'latchkey_signins_total', { ...key, result: 'failure' }) -
      metricSample(before, 'latchkey_signins_total', { ...key, result: 'failure' }),
  ).toBe(2);
  // Sign-up and session reads are not sign-in attempts.
  expect(after).not.toMatch(/latchkey_signins_total\{[^}]*method="(sign-up|get-session)"/);
  // Requests are labelled by route pattern, never by the app's secret address.
  expect(
    metricSample(after, 'latchkey_http_requests_total', { service: 'app-signin', route: '/a/:param/api/auth/sign-in/email', status: '401' }),
  ).toBeGreaterThanOrEqual(2);
  // Nor does the metrics text carry the app's unguessable address anywhere.
  expect(after).not.toContain(slug);
  expect(metricSample(after, 'latchkey_dependency_up', { service: 'app-signin', dependency: 'database' })).toBe(1);
});
