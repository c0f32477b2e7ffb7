/**
 * `/readyz`: the registry database always, and Redis when the app is given
 * one (the shared limiter store). Sign-in goes on while Redis is down (limits
 * in memory), so that outage leaves the service ready, reported `degraded`.
 */
import { connectRedis, type Redis } from '@latchkey/service-kit';
import { createTestRedis, type TestRedis } from '@latchkey/testing';
import { startSignin, type Harness } from './helpers.js';

let redis: TestRedis;
let withRedis: Harness;
let withoutRedis: Harness;
let deadRedis: Redis;
let withDeadRedis: Harness;

beforeAll(async () => {
  redis = await createTestRedis();
  withoutRedis = await startSignin();
  withRedis = await startSignin({ redisPrefix: redis.prefix }, { registry: withoutRedis.registry, redis: redis.redis });
  // Nothing listens on port 1: every command fails.
  deadRedis = connectRedis('redis://127.0.0.1:1', 'app-signin-test')!;
  deadRedis.on('error', () => {});
  withDeadRedis = await startSignin({}, { registry: withoutRedis.registry, redis: deadRedis });
}, 60_000);
afterAll(async () => {
  await withDeadRedis?.close();
  deadRedis?.disconnect();
  await withRedis?.close();
  await withoutRedis?.close();
  await redis?.close();
}, 60_000);

async function readyz(h: Harness): Promise<{ status: number; body: { status: string; checks: Record<string, string> } }> {
  const res = await fetch(`${h.url}/readyz`);
  return { status: res.status, body: await res.json() };
}

it('reports the database and Redis when Redis is configured', async () => {
  if (!redis.redis) return; // no Redis server in this environment
  expect(await readyz(withRedis)).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', redis: 'ok' } } });
});

it('reports only the database without Redis', async () => {
  expect(await readyz(withoutRedis)).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
});

it('stays ready, reported degraded, while its Redis does not answer', async () => {
  expect(await readyz(withDeadRedis)).toEqual({ status: 200, body: { status: 'degraded', checks: { database: 'ok', redis: 'failing' } } });
});
