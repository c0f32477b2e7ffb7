/**
 * Per-organisation limits over the minute, hour and day windows and the
 * concurrency cap, each exceeded in turn, with an injected clock: 429
 * rate_limited with the right resetTime and tier, and X-RateLimit-* headers
 * counting down.
 */
import request from 'supertest';
import { createTestClock } from '@latchkey/testing';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';

const T0 = Date.UTC(2026, 0, 1, 0, 0, 0);
const clock = createTestClock(T0);
let gate: Promise<void> | undefined;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    now: clock.now,
    limits: { pro: { minute: 3, hour: 5, day: 7, concurrent: 2 } },
    faultInjector: async () => {
      if (gate) await gate;
    },
  });
});
afterAll(() => h.close());

const unix = (ms: number) => String(Math.ceil(ms / 1000));

test('minute, hour and day windows, each exceeded in turn', async () => {
  const key = await keyWithCredits(h, 'org-rl', 1000);
  const call = () => request(h.app).post('/v1/framework').set('apikey', key).send(body());

  // Minute window: 3 allowed, counting down.
  for (const remaining of [2, 1, 0]) {
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('3');
    expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
    expect(res.headers['x-ratelimit-reset']).toBe(unix(T0 + 60_000));
    expect(res.headers['x-ratelimit-window']).toBe('minute');
  }
  let res = await call();
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({
    error: 'rate_limited',
    code: 'RATE_LIMIT_EXCEEDED',
    details: { resetTime: new Date(T0 + 60_000).toISOString(), tier: 'pro' },
  });
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(res.headers['x-ratelimit-window']).toBe('minute');
  expect(res.headers['retry-after']).toBe('60');
  // A refused request costs nothing.
  expect(await h.ledger.balance('org-rl')).toBe(1000 - 15);

  // Hour window: 5 per hour; two more in the next minute.
  clock.advance(60_000);
  res = await call();
  expect(res.status).toBe(200);
  expect(res.headers['x-ratelimit-window']).toBe('hour');
  expect(res.headers['x-ratelimit-remaining']).toBe('1');
  res = await call();
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
  expect(res.headers['x-ratelimit-reset']).toBe(unix(T0 + 3_600_000));
  res = await call();
  expect(res.status).toBe(429);
  expect(res.body.details).toMatchObject({ resetTime: new Date(T0 + 3_600_000).toISOString(), tier: 'pro', window: 'hour' });
  expect(res.headers['x-ratelimit-window']).toBe('hour');

  // Day window: 7 per day.
  clock.set(T0 + 3_600_000);
  expect((await call()).headers['x-ratelimit-remaining']).toBe('1');
  res = await call();
  expect(res.status).toBe(200);
  expect(res.headers['x-ratelimit-window']).toBe('day');
  expect(res.headers['x-ratelimit-reset']).toBe(unix(T0 + 86_400_000));
  res = await call();
  expect(res.status).toBe(429);
  expect(res.body.details).toMatchObject({ resetTime: new Date(T0 + 86_400_000).toISOString(), window: 'day' });

  // A new day opens every window again.
  clock.set(T0 + 86_400_000);
  res = await call();
  expect(res.status).toBe(200);
  expect(res.headers['x-ratelimit-remaining']).toBe('2');
  expect(res.headers['x-ratelimit-window']).toBe('minute');
});

test('the limits are per organisation and bad requests count too', async () => {
  clock.set(T0 + 10 * 86_400_000);
  const a = await keyWithCredits(h, 'org-rl-a', 100);
  const a2 = (await h.keys.create('org-rl-a', 'pro')).key;
  const b = await keyWithCredits(h, 'org-rl-b', 100);
  await request(h.app).post('/v1/framework').set('apikey', a).send({});
  await request(h.app).post('/v1/framework').set('apikey', a2).send(body());
  const third = await request(h.app).post('/v1/framework').set('apikey', a).send(body());
  expect(third.headers['x-ratelimit-remaining']).toBe('0');
  expect((await request(h.app).post('/v1/framework').set('apikey', a2).send(body())).status).toBe(429);
  const other = await request(h.app).post('/v1/framework').set('apikey', b).send(body());
  expect(other.status).toBe(200);
  expect(other.headers['x-ratelimit-remaining']).toBe('2');
});

test('the concurrency cap', async () => {
  clock.set(T0 + 20 * 86_400_000);
  const key = await keyWithCredits(h, 'org-rl-c', 100);
  let open!: () => void;
  gate = new Promise<void>((r) => (open = r));
  const inFlight = [1, 2].map(() =>
    request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send(body())
      .then((r) => r),
  );
  // Wait until both hold their slots (they are parked after the debit).
  for (let i = 0; i < 100; i++) {
    const n = await h.prisma.creditLedgerEntry.count({ where: { orgId: 'org-rl-c', kind: 'debit' } });
    if (n === 2) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const refused = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
  expect(refused.status).toBe(429);
  expect(refused.body.details).toMatchObject({ resetTime: new Date(clock.now() + 1000).toISOString(), tier: 'pro', window: 'concurrent' });
  expect(refused.headers['x-ratelimit-window']).toBe('concurrent');
  expect(refused.headers['x-ratelimit-limit']).toBe('2');
  gate = undefined;
  open();
  expect((await Promise.all(inFlight)).map((r) => r.status)).toEqual([200, 200]);
  // Slots are released when the answers finish.
  let after = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
  for (let i = 0; i < 20 && after.status === 429; i++) {
    await new Promise((r) => setTimeout(r, 20));
    after = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
  }
  expect(after.status).toBe(200);
});
