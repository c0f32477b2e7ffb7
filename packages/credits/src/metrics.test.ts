import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { CreditLedger, creditsDebited, creditsRefunded } from './index.js';

let db: TestDatabase;
let pool: pg.Pool;
let ledger: CreditLedger;

beforeAll(async () => {
  db = await createTestDatabase({ service: 'strategy', prefix: 'creditsmetrics' });
  pool = new pg.Pool({ connectionString: db.url, max: 5 });
  pool.on('error', () => {});
  ledger = new CreditLedger(pool);
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

const value = async (c: typeof creditsDebited, organisation: string) => (await c.get()).values.find((v) => v.labels.organisation === organisation)?.value ?? 0;

test('counts credits debited and refunded by organisation, once per ledger row', async () => {
  await ledger.grant('org-m', 20);
  await ledger.grant('org-n', 20);
  await ledger.debit({ orgId: 'org-m', requestId: 'm1', endpoint: '/v1/framework', amount: 3 });
  await ledger.debit({ orgId: 'org-m', requestId: 'm1', endpoint: '/v1/framework', amount: 3 }); // duplicate: not charged, not counted
  await ledger.debit({ orgId: 'org-m', requestId: 'm2', endpoint: '/v1/coordinate', amount: 4, pending: true });
  await ledger.debit({ orgId: 'org-m', requestId: 'm3', endpoint: '/v1/coordinate', amount: 50 }); // insufficient
  await ledger.debit({ orgId: 'org-n', requestId: 'n1', endpoint: '/v1/framework', amount: 2 });
  expect(await value(creditsDebited, 'org-m')).toBe(7);
  expect(await value(creditsDebited, 'org-n')).toBe(2);

  expect(await ledger.refundPending('m2')).not.toBeNull();
  expect(await ledger.refund('m2')).toBeNull(); // already refunded: not counted again
  expect(await ledger.refund('m1')).not.toBeNull();
  expect(await value(creditsRefunded, 'org-m')).toBe(7);
  expect(await value(creditsRefunded, 'org-n')).toBe(0);
  // The counters agree with the ledger.
  const sums = await ledger.ledgerSum('org-m');
  expect(-sums.debits).toBe(await value(creditsDebited, 'org-m'));
  expect(sums.refunds).toBe(await value(creditsRefunded, 'org-m'));
});
