/** The operator API's answers to bad input: 400 in the area C shape, never a 500. */
import request from 'supertest';
import { ADMIN_TOKEN, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const admin = (path: string) => request(h.app).post(path).set('authorization', `Bearer ${ADMIN_TOKEN}`);

test('grants: bad amounts and a balance past the column maximum are 400', async () => {
  expect((await admin('/admin/credits/org-admin/grant').send({ amount: 1_000_000_000 })).status).toBe(201);
  expect((await admin('/admin/credits/org-admin/grant').send({ amount: 1_000_000_000 })).status).toBe(201);
  const over = await admin('/admin/credits/org-admin/grant').send({ amount: 1_000_000_000 });
  expect(over.status).toBe(400);
  expect(over.body).toMatchObject({ error: 'bad_request', code: 'INVALID_REQUEST_FORMAT', details: { field: 'amount' } });
  expect(await h.ledger.balance('org-admin')).toBe(2_000_000_000);
  for (const amount of [0, -5, 1.5, '10', 2e9]) {
    const res = await admin('/admin/credits/org-admin/grant').send({ amount });
    expect(res.status).toBe(400);
    expect(res.body.details.field).toBe('amount');
  }
  const zero = await admin('/admin/credits/org-admin/grant').send({ amount: 0 });
  expect(zero.body).toEqual({
    error: 'bad_request',
    code: 'INVALID_REQUEST_FORMAT',
    message: 'Invalid request: amount Too small: expected number to be >0.',
    details: { field: 'amount', issue: 'Too small: expected number to be >0' },
  });
});

test('the operator API needs the admin token', async () => {
  const res = await request(h.app).post('/admin/credits/org-admin/grant').send({ amount: 5 });
  expect(res.status).toBe(401);
});
