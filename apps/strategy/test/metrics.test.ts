/** `GET /metrics` of strategy: requests by route and status, credits debited and refunded by organisation, dependencies. */
import request from 'supertest';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';
import { metricSample } from '@latchkey/testing';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

it('counts framework calls by status and the credits they debit for the organisation', async () => {
  const org = `org-metrics-${Math.random().toString(36).slice(2, 8)}`;
  const key = await keyWithCredits(h, org, 100);
  const before = (await request(h.app).get('/metrics').expect(200)).text;
  expect((await request(h.app).post('/v1/framework').set('apikey', key).send(body())).status).toBe(200);
  expect((await request(h.app).post('/v1/framework').set('apikey', 'lk_wrong').send(body())).status).toBe(401);
  const after = (await request(h.app).get('/metrics').expect(200)).text;

  const delta = (name: string, labels: Record<string, string>) => metricSample(after, name, labels) - metricSample(before, name, labels);
  expect(delta('latchkey_http_requests_total', { service: 'strategy', route: '/v1/framework', status: '200' })).toBe(1);
  expect(delta('latchkey_http_requests_total', { service: 'strategy', route: '/v1/framework', status: '401' })).toBe(1);
  const balance = (await h.ledger.balance(org))!;
  expect(metricSample(after, 'latchkey_credits_debited_total', { organisation: org })).toBe(100 - balance);
  expect(100 - balance).toBeGreaterThan(0);
  expect(metricSample(after, 'latchkey_dependency_up', { service: 'strategy', dependency: 'database' })).toBe(1);
  expect(metricSample(after, 'latchkey_dependency_up', { service: 'strategy', dependency: 'redis' })).toBe(1);
  expect(after).not.toContain(key);
});
