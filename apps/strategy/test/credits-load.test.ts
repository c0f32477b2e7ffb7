/**
 * 200 concurrent framework calls on an account holding 50 credits (rate
 * limits out of the way): exactly 10 succeed, 190 get 402, the balance ends
 * at 0 and the ledger sums to the grants.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';

let h: Harness;
let server: Server;
let url: string;

beforeAll(async () => {
  h = await startHarness();
  server = await new Promise<Server>((resolve) => {
    const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await h.close();
});

test('200 concurrent calls on 50 credits: 10 succeed, 190 get 402, balance 0', async () => {
  const key = await keyWithCredits(h, 'org-load', 50);
  const payload = JSON.stringify(body());
  const results = await Promise.all(
    Array.from({ length: 200 }, () =>
      fetch(`${url}/v1/framework`, { method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: payload }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { code?: string; details?: { creditsRequired?: number; creditsAvailable?: number } },
      })),
    ),
  );
  const ok = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 402);
  expect(ok).toHaveLength(10);
  expect(refused).toHaveLength(190);
  for (const r of refused) {
    expect(r.body.code).toBe('INSUFFICIENT_CREDITS');
    expect(r.body.details?.creditsRequired).toBe(5);
    expect(r.body.details?.creditsAvailable).toBeLessThan(5);
  }
  expect(await h.ledger.balance('org-load')).toBe(0);
  const sum = await h.ledger.ledgerSum('org-load');
  expect(sum).toEqual({ total: 0, grants: 50, debits: -50, refunds: 0 });
  const debits = await h.prisma.creditLedgerEntry.count({ where: { orgId: 'org-load', kind: 'debit' } });
  expect(debits).toBe(10);
}, 30_000);
