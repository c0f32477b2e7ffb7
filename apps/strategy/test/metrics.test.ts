/** `GET /metrics` of strategy: requests by route and status, credits debited and refunded by organisation, dependencies. */
import request from 'supertest';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const got = Object.fromEntries([...line.slice(name.length + 1, line.lastIndexOf('}')).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

it('counts framework calls by status and the credits they debit for the organisation', async () => {
  const org = `org-metrics-${Math.random().toString(36).slice(2, 8)}`;
  const key = await keyWithCredits(h, org, 100);
  const before = (await request(h.app).get('/metrics').expect(200)).text;
  expect((await request(h.app).post('/v1/framework').set('apikey', key).send(body())).status).toBe(200);
  expect((await request(h.app).post('/v1/framework').set('apikey', 'lk_wrong').send(body())).status).toBe(401);
  const after = (await request(h.app).get('/metrics').expect(200)).text;

  const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
  expect(delta('latchkey_http_requests_total', { service: 'strategy', route: '/v1/framework', status: '200' })).toBe(1);
  expect(delta('latchkey_http_requests_total', { service: 'strategy', route: '/v1/framework', status: '401' })).toBe(1);
  const balance = (await h.ledger.balance(org))!;
  expect(sample(after, 'latchkey_credits_debited_total', { organisation: org })).toBe(100 - balance);
  expect(100 - balance).toBeGreaterThan(0);
  expect(sample(after, 'latchkey_dependency_up', { service: 'strategy', dependency: 'database' })).toBe(1);
  expect(sample(after, 'latchkey_dependency_up', { service: 'strategy', dependency: 'redis' })).toBe(1);
  expect(after).not.toContain(key);
});
