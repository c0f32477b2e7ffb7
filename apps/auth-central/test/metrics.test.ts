/** `GET /metrics` of auth-central: requests by route pattern and status (the fast validate path included), dependency health. */
import request from 'supertest';
import { createHarness, seedApp, seedExchangeToken, type Harness } from './helpers.js';
import { metricSample } from '@latchkey/testing';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await seedApp(h.db);
});
afterAll(() => h.close());

it('counts exchanges and validations (fast path and Express route alike) by status, and reports the database', async () => {
  const before = (await request(h.app).get('/metrics').expect(200)).text;
  const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
  const ex = await request(h.app).post('/context/auth/exchange').send({ token });
  expect(ex.status).toBe(200);
  expect((await request(h.app).get('/context/auth/validate').set('authorization', `Bearer ${ex.body.access_token}`)).status).toBe(200);
  expect((await request(h.app).post('/context/auth/exchange').send({ token })).status).toBeGreaterThanOrEqual(400); // replay
  expect((await request(h.app).get('/context/auth/validate').set('authorization', 'Bearer nope')).status).toBe(401);
  expect((await request(h.app).get('/context/auth/validate/').set('authorization', 'Bearer nope')).status).toBe(401);
  const after = (await request(h.app).get('/metrics').expect(200)).text;

  const delta = (labels: Record<string, string>) =>
    metricSample(after, 'latchkey_http_requests_total', { service: 'auth-central', ...labels }) -
    metricSample(before, 'latchkey_http_requests_total', { service: 'auth-central', ...labels });
  expect(delta({ route: '/context/auth/exchange', status: '200' })).toBe(1);
  expect(delta({ route: '/context/auth/validate', status: '200' })).toBe(1);
  // One refused on the fast path, one by the Express route: each counted once.
  expect(delta({ route: '/context/auth/validate', status: '401' })).toBe(2);
  expect(metricSample(after, 'latchkey_dependency_up', { service: 'auth-central', dependency: 'database' })).toBe(1);
  expect(after).not.toContain(ex.body.access_token);
});
