/**
 * A coordination answer is re-priced when other requests spend the balance
 * between its price and its debit: it gets the deepest answer that still fits,
 * and a 402 only when not even the cheapest one does.
 */
import type pg from 'pg';
import request from 'supertest';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';

let h: Harness;
let spendBeforeDebits = 0;
let target: pg.Pool | undefined;
/** The request path's pool; before each debit it lets a rival request of the same organisation spend 3 credits first. */
const racing = {
  async query(text: string, values?: unknown[]) {
    if (spendBeforeDebits > 0 && /UPDATE credit_accounts SET balance = balance - \$2/.test(text)) {
      spendBeforeDebits--;
      await h.ledger.debit({ orgId: values![0] as string, requestId: `rival-${Math.random()}`, endpoint: '/v1/coordinate', amount: 3 });
    }
    return target!.query(text, values);
  },
};

beforeAll(async () => {
  h = await startHarness({ relaxedPool: racing as unknown as pg.Pool });
  target = h.pool;
});
afterAll(() => h.close());

const COMPREHENSIVE =
  'We need a comprehensive turnaround plan: costs grew 18% while revenue grew 5%, customers churn after two months and the board wants a full review of strategy and the organisation.';

test('rivals spending three times before the debit: the answer shrinks to what is left instead of a 402', async () => {
  const key = await keyWithCredits(h, 'org-race', 10);
  spendBeforeDebits = 3;
  const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body(COMPREHENSIVE));
  expect(res.status).toBe(200);
  expect(res.body.metadata.creditsUsed).toBe(1);
  expect(await h.ledger.balance('org-race')).toBe(0);
  const sum = await h.ledger.ledgerSum('org-race');
  expect(sum.total).toBe(0);
});

test('when rivals leave nothing: 402 for the cheapest answer', async () => {
  const key = await keyWithCredits(h, 'org-race-2', 9);
  spendBeforeDebits = 3;
  const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body(COMPREHENSIVE));
  expect(res.status).toBe(402);
  expect(res.body.details).toEqual({ creditsRequired: 1, creditsAvailable: 0 });
  expect(await h.ledger.balance('org-race-2')).toBe(0);
});
