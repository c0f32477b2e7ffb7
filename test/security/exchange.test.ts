/**
 * Exchange-token brute force: a stranger guessing exchange tokens gets
 * INVALID_TOKEN for every guess, then 429 once over the per-address limit,
 * and creates, consumes and revokes nothing.
 *
 * Replay is covered where the exchange is: `apps/auth-central/test/exchange.test.ts`
 * ("50 concurrent exchanges of one token: exactly one 200, 49 TOKEN_USED, one
 * session"; "a concurrent replay also ends the session the winner got"), and the
 * limiter itself in `apps/auth-central/test/limits.test.ts`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHarness, rowCounts, seedApp, seedExchangeToken, type Harness } from '../../apps/auth-central/test/helpers.js';
import { fakeIdp } from '../../apps/auth-central/test/fake-idp.js';
import { send } from './fuzz.js';

let h: Harness;
const servers: Server[] = [];

beforeAll(async () => {
  h = await createHarness({ idp: fakeIdp() });
  await seedApp(h.db);
}, 60_000);
afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  await h?.close();
});

/** A new auth-central instance on the same database, listening (its per-address counters are its own: no Redis). */
async function instance(): Promise<string> {
  const server = createServer(h.makeApp());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const exchange = (base: string, token: string) =>
  send(base, 'POST', '/context/auth/exchange', { contentType: 'application/json', body: JSON.stringify({ token }) });

it('brute force: 120 random well-formed exchange tokens are each INVALID_TOKEN, the 121st guess is 429, and nothing is consumed or created', async () => {
  const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email: 'brute@example.com' });
  const before = await rowCounts(h.db);
  const attacker = await instance();
  const statuses = new Map<string, number>();
  for (let i = 0; i < 120; i++) {
    const res = await exchange(attacker, randomBytes(64).toString('hex'));
    const key = `${res.status} ${JSON.parse(res.text).error}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  expect(Object.fromEntries(statuses)).toEqual({ '400 INVALID_TOKEN': 120 });
  // Over the limit: refused before the database is asked, even for the real token.
  for (const guess of [randomBytes(64).toString('hex'), token]) {
    const limited = await exchange(attacker, guess);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.text).error).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  }
  expect(await rowCounts(h.db)).toEqual(before);
  // The real token was neither consumed nor revoked by the guessing: its owner still exchanges it.
  const owner = await exchange(await instance(), token);
  expect(owner.status).toBe(200);
}, 60_000);

it('brute force in a concurrent burst: no more guesses are checked than the limit allows', async () => {
  const attacker = await instance();
  const results = await Promise.all(Array.from({ length: 200 }, () => exchange(attacker, randomBytes(64).toString('hex'))));
  const counts = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
  expect(counts[400]).toBeLessThanOrEqual(120);
  expect(counts[429]).toBeGreaterThanOrEqual(80);
  expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(200);
}, 60_000);
