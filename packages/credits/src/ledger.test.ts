import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { CreditLedger, CreditsError } from './index.js';

let db: TestDatabase;
let pool: pg.Pool;
let ledger: CreditLedger;

beforeAll(async () => {
  db = await createTestDatabase({ service: 'strategy', prefix: 'credits' });
  pool = new pg.Pool({ connectionString: db.url, max: 20 });
  // An idle connection the server closes (the database dropped WITH (FORCE) at
  // the end, a restart) is an 'error' event on the pool; without a listener it
  // fails whichever test is running. The pool replaces the connection.
  pool.on('error', () => {});
  ledger = new CreditLedger(pool);
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

test('grant creates the account and records the balance after it', async () => {
  const g = await ledger.grant('org-a', 30, { note: 'welcome' });
  expect(g.balance).toBe(30);
  expect(g.entry).toMatchObject({ orgId: 'org-a', kind: 'grant', amount: 30, balanceAfter: 30, note: 'welcome' });
  const again = await ledger.grant('org-a', 12);
  expect(again.balance).toBe(42);
  expect(await ledger.balance('org-a')).toBe(42);
});

test('a grant under the same request id is added once', async () => {
  await ledger.grant('org-g', 10, { requestId: 'grant-1' });
  const dup = await ledger.grant('org-g', 10, { requestId: 'grant-1' });
  expect(dup.duplicate).toBe(true);
  expect(await ledger.balance('org-g')).toBe(10);
});

test('debit charges once per request id and never below zero', async () => {
  await ledger.grant('org-b', 7);
  const d1 = await ledger.debit({ orgId: 'org-b', requestId: 'r1', endpoint: '/v1/framework', amount: 5 });
  expect(d1).toMatchObject({ ok: true, balance: 2 });
  const dup = await ledger.debit({ orgId: 'org-b', requestId: 'r1', endpoint: '/v1/framework', amount: 5 });
  expect(dup).toMatchObject({ ok: false, reason: 'duplicate' });
  const low = await ledger.debit({ orgId: 'org-b', requestId: 'r2', endpoint: '/v1/framework', amount: 5 });
  expect(low).toEqual({ ok: false, reason: 'insufficient', balance: 2 });
  expect(await ledger.balance('org-b')).toBe(2);
});

test('debit on an organisation without an account is insufficient', async () => {
  expect(await ledger.debit({ orgId: 'nobody', requestId: 'x', endpoint: '/v1/coordinate', amount: 1 })).toEqual({
    ok: false,
    reason: 'insufficient',
    balance: 0,
  });
});

test('refund gives back the debit exactly once', async () => {
  await ledger.grant('org-c', 10);
  await ledger.debit({ orgId: 'org-c', requestId: 'rc', endpoint: '/v1/coordinate', amount: 8 });
  const [a, b] = await Promise.all([ledger.refund('rc', 'failed'), ledger.refund('rc', 'failed')]);
  expect([a, b].filter(Boolean)).toHaveLength(1);
  expect(await ledger.refund('rc')).toBeNull();
  expect(await ledger.refund('never-debited')).toBeNull();
  expect(await ledger.balance('org-c')).toBe(10);
  const sum = await ledger.ledgerSum('org-c');
  expect(sum).toEqual({ total: 10, grants: 10, debits: -8, refunds: 8 });
});

test('concurrent debits: exactly floor(balance / cost) succeed and the ledger sums to the balance', async () => {
  await ledger.grant('org-d', 50);
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) => ledger.debit({ orgId: 'org-d', requestId: `d-${i}`, endpoint: '/v1/framework', amount: 5 })),
  );
  expect(results.filter((r) => r.ok)).toHaveLength(10);
  expect(await ledger.balance('org-d')).toBe(0);
  const sum = await ledger.ledgerSum('org-d');
  expect(sum.total).toBe(0);
  expect(sum.grants).toBe(50);
});

test('account view lists recent entries newest first', async () => {
  await ledger.grant('org-e', 9);
  await ledger.debit({ orgId: 'org-e', requestId: 'e1', endpoint: '/v1/coordinate', amount: 2 });
  const view = await ledger.account('org-e', 10);
  expect(view?.balance).toBe(7);
  expect(view?.entries.map((e) => e.kind)).toEqual(['debit', 'grant']);
  expect(await ledger.account('org-missing')).toBeNull();
});

test('rejects bad amounts', async () => {
  await expect(ledger.grant('org-f', 0)).rejects.toBeInstanceOf(CreditsError);
  await expect(ledger.debit({ orgId: 'org-f', requestId: 'f', endpoint: 'x', amount: -1 })).rejects.toBeInstanceOf(CreditsError);
});

test('a grant that would take the balance past the column maximum is refused, not a database error', async () => {
  await ledger.grant('org-big', 2_000_000_000);
  await expect(ledger.grant('org-big', 200_000_000)).rejects.toThrow(CreditsError);
  await expect(ledger.grant('org-big', 2 ** 31)).rejects.toThrow(CreditsError);
  expect(await ledger.balance('org-big')).toBe(2_000_000_000);
  expect((await ledger.grant('org-big', 147_483_647)).balance).toBe(2 ** 31 - 1);
});

describe('pending debits', () => {
  test('a settled debit stands; a settled request can no longer be refunded', async () => {
    await ledger.grant('org-p1', 10);
    expect(await ledger.debit({ orgId: 'org-p1', requestId: 'p1', endpoint: '/v1/framework', amount: 5, pending: true })).toMatchObject({
      ok: true,
      balance: 5,
    });
    expect(await ledger.settle('p1')).toBe(true);
    expect(await ledger.settle('p1')).toBe(false);
    expect(await ledger.refundPending('p1', 'late')).toBeNull();
    expect(await ledger.balance('org-p1')).toBe(5);
  });

  test('refundPending gives the debit back once, and the answer can then no longer be settled', async () => {
    await ledger.grant('org-p2', 10);
    await ledger.debit({ orgId: 'org-p2', requestId: 'p2', endpoint: '/v1/coordinate', amount: 4, pending: true });
    const r = await ledger.refundPending('p2', 'failed');
    expect(r).toMatchObject({ kind: 'refund', amount: 4, balanceAfter: 10, note: 'failed' });
    expect(await ledger.refundPending('p2', 'again')).toBeNull();
    expect(await ledger.settle('p2')).toBe(false);
    expect(await ledger.balance('org-p2')).toBe(10);
  });

  test('the sweeper refunds only pending debits older than the grace, and each once under concurrency', async () => {
    await ledger.grant('org-p3', 100);
    for (let i = 0; i < 6; i++) await ledger.debit({ orgId: 'org-p3', requestId: `p3-${i}`, endpoint: '/v1/framework', amount: 5, pending: true });
    expect(await ledger.sweepPending(60_000)).toEqual([]);
    await pool.query(`UPDATE credit_pending SET created_at = now() - interval '2 minutes' WHERE request_id IN ('p3-0', 'p3-1', 'p3-2', 'p3-3')`);
    expect(await ledger.settle('p3-3')).toBe(true);
    const swept = (await Promise.all([ledger.sweepPending(60_000), ledger.sweepPending(60_000), ledger.sweepPending(60_000)])).flat().sort();
    expect(swept).toEqual(['p3-0', 'p3-1', 'p3-2']);
    // 6 debits of 5, 3 refunded: 100 - 15.
    expect(await ledger.balance('org-p3')).toBe(85);
    const sum = await ledger.ledgerSum('org-p3');
    expect(sum).toMatchObject({ total: 85, debits: -30, refunds: 15 });
    expect(await ledger.settle('p3-4')).toBe(true);
    expect(await ledger.settle('p3-5')).toBe(true);
    expect(await ledger.pendingCount()).toBe(0);
  });

  test('refundUnanswered refunds once even after the pending row is gone (a settle whose answer was lost)', async () => {
    await ledger.grant('org-p5', 10);
    await ledger.debit({ orgId: 'org-p5', requestId: 'p5', endpoint: '/v1/framework', amount: 5, pending: true });
    expect(await ledger.settle('p5')).toBe(true);
    expect(await ledger.refundUnanswered('p5', 'lost')).toMatchObject({ kind: 'refund', amount: 5, balanceAfter: 10 });
    expect(await ledger.refundUnanswered('p5', 'again')).toBeNull();
    expect(await ledger.sweepPending(0)).toEqual([]);
    expect(await ledger.balance('org-p5')).toBe(10);
    expect(await ledger.refundUnanswered('never-debited')).toBeNull();
  });

  test('a settle racing a refund: exactly one of them wins', async () => {
    await ledger.grant('org-p4', 500);
    for (let i = 0; i < 40; i++) await ledger.debit({ orgId: 'org-p4', requestId: `p4-${i}`, endpoint: '/v1/framework', amount: 5, pending: true });
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const [settled, refund] = await Promise.all([ledger.settle(`p4-${i}`), ledger.refundPending(`p4-${i}`, 'race')]);
        return { settled, refunded: refund !== null };
      }),
    );
    for (const r of results) expect(Number(r.settled) + Number(r.refunded)).toBe(1);
    const refunds = results.filter((r) => r.refunded).length;
    expect(await ledger.balance('org-p4')).toBe(500 - 5 * (40 - refunds));
  });
});
