/**
 * Credits stay exact when the database goes away in the middle of a call:
 * a debit whose call was not answered is refunded (at once, or by the
 * sweeper once the database is back), an answer is only given once its
 * charge is final, and debits − refunds always equals the credits of the
 * answers given.
 */
import type pg from 'pg';
import request from 'supertest';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';

let h: Harness;
let down = false;
/** When set, the next settle commits but its answer is lost (the connection drops after the commit). */
let loseSettleAck = false;
/** When set, runs (once) after the debit, before the answer is built. */
let afterDebit: (() => void | Promise<void>) | undefined;
let targetPool: pg.Pool | undefined;
let targetRelaxed: pg.Pool | undefined;

const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
/** A pool that fails every query while `down`, as pg does while the server is unreachable. */
const flaky = (target: () => pg.Pool) => ({
  query: async (text: string, values?: unknown[]) => {
    if (down) return refused();
    if (loseSettleAck && text.startsWith('DELETE FROM credit_pending WHERE request_id = $1')) {
      loseSettleAck = false;
      await target().query(text, values);
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    }
    return target().query(text, values);
  },
});

beforeAll(async () => {
  h = await startHarness({
    pool: flaky(() => targetPool!) as unknown as pg.Pool,
    relaxedPool: flaky(() => targetRelaxed!) as unknown as pg.Pool,
    // Everything pending is old enough for the explicit sweeps of these tests.
    pendingGraceMs: 0,
    faultInjector: async () => {
      const f = afterDebit;
      afterDebit = undefined;
      await f?.();
    },
  });
  targetPool = h.pool;
  const { createPools } = await import('../src/store/pools.js');
  targetRelaxed = createPools(h.db.url, 4).relaxed;
});
afterAll(async () => {
  await targetRelaxed?.end();
  await h.close();
});

async function ledgerOf(org: string) {
  const { rows } = await h.pool.query<{ debits: string; refunds: string; pending: string; balance: number }>(
    `SELECT COALESCE(-SUM(amount) FILTER (WHERE kind = 'debit'), 0)::text AS debits,
            COALESCE(SUM(amount) FILTER (WHERE kind = 'refund'), 0)::text AS refunds,
            (SELECT count(*) FROM credit_pending WHERE org_id = $1)::text AS pending,
            (SELECT balance FROM credit_accounts WHERE org_id = $1) AS balance
     FROM credit_ledger WHERE org_id = $1`,
    [org],
  );
  const r = rows[0]!;
  return { debits: Number(r.debits), refunds: Number(r.refunds), pending: Number(r.pending), balance: r.balance };
}

test('the database goes away after the debit: no answer, and the debit is refunded once it is back', async () => {
  const key = await keyWithCredits(h, 'org-outage', 50);
  afterDebit = () => {
    down = true;
  };
  const res = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
  down = false;
  expect(res.status).toBeGreaterThanOrEqual(500);
  // The refund could not be written: the debit is still pending.
  expect(await ledgerOf('org-outage')).toMatchObject({ debits: 5, refunds: 0, pending: 1, balance: 45 });
  expect(await h.charges.sweep()).toBe(1);
  expect(await ledgerOf('org-outage')).toMatchObject({ debits: 5, refunds: 5, pending: 0, balance: 50 });
  // A second sweep finds nothing to do.
  expect(await h.charges.sweep()).toBe(0);
});

test('the database is unreachable while the sweeper runs: it refunds later, nothing twice', async () => {
  const key = await keyWithCredits(h, 'org-sweep-down', 20);
  afterDebit = () => {
    down = true;
  };
  await request(h.app).post('/v1/coordinate').set('apikey', key).send(body());
  expect(await h.charges.sweep()).toBe(0);
  down = false;
  const before = await ledgerOf('org-sweep-down');
  expect(before.pending).toBe(1);
  expect(before.debits).toBeGreaterThan(0);
  expect(await h.charges.sweep()).toBe(1);
  expect(await ledgerOf('org-sweep-down')).toMatchObject({ debits: before.debits, refunds: before.debits, pending: 0, balance: 20 });
});

test('a settle that committed but whose answer was lost: no answer, and the call is refunded all the same', async () => {
  const key = await keyWithCredits(h, 'org-lost-ack', 20);
  loseSettleAck = true;
  const res = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
  expect(loseSettleAck).toBe(false);
  expect(res.status).toBeGreaterThanOrEqual(500);
  expect(await ledgerOf('org-lost-ack')).toMatchObject({ debits: 5, refunds: 5, pending: 0, balance: 20 });
});

test('a call whose pending debit the sweeper already refunded gets 503 with Retry-After, and is not charged', async () => {
  const key = await keyWithCredits(h, 'org-slow', 30);
  afterDebit = async () => {
    expect(await h.charges.sweep()).toBe(1);
  };
  const res = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  expect(await ledgerOf('org-slow')).toMatchObject({ debits: 5, refunds: 5, pending: 0, balance: 30 });
});

test('30 concurrent calls with outages at random points: debits − refunds = credits of the answers given', async () => {
  const org = 'org-mixed';
  const key = await keyWithCredits(h, org, 1000);
  let injected = 0;
  const calls = Array.from({ length: 30 }, (_, i) => {
    const path = i % 2 ? '/v1/framework' : '/v1/coordinate';
    return request(h.app).post(path).set('apikey', key).send(body());
  });
  // Take the database away and bring it back a few times while the calls run.
  const flapping = (async () => {
    for (let i = 0; i < 6; i++) {
      await new Promise((r) => setImmediate(r));
      down = !down;
      injected++;
    }
    down = false;
  })();
  const results = await Promise.all(calls);
  await flapping;
  down = false;
  expect(injected).toBe(6);
  await h.charges.sweep();
  const answered = results.filter((r) => r.status === 200);
  const answeredCredits = answered.reduce((n, r) => n + (r.body.metadata.creditsUsed as number), 0);
  for (const r of results) if (r.status !== 200) expect(r.status).toBeGreaterThanOrEqual(500);
  const l = await ledgerOf(org);
  expect(l.pending).toBe(0);
  expect(l.debits - l.refunds).toBe(answeredCredits);
  expect(l.balance).toBe(1000 - answeredCredits);
});
