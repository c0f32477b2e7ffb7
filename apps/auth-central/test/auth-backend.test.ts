/**
 * @latchkey/auth-backend against a real auth-central listening on an
 * ephemeral port (startAuthCentral), as a backend service would use it.
 */
import express from 'express';
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { requireAccessToken, type AccessTokenMiddleware } from '@latchkey/auth-backend';
import { createTestClock, createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { startAuthCentral, type RunningAuthCentral } from '../src/server.js';
import { seedApp, seedExchangeToken, silentLogger } from './helpers.js';

let database: TestDatabase;
let auth: RunningAuthCentral;
const clock = createTestClock(Date.now());
const opened: AccessTokenMiddleware[] = [];
/** One key for every instance on this database (it encrypts the signing keys they share). */
const encryptionKey = randomBytes(32);

beforeAll(async () => {
  database = await createTestDatabase({ service: 'auth-central' });
  auth = await startAuthCentral({ databaseUrl: database.url, encryptionKey, logger: silentLogger, now: clock.now, purgeIntervalMs: false });
  await seedApp(auth.db);
});
afterAll(async () => {
  for (const m of opened) m.close();
  await auth.close();
  await database.drop();
});

function backend(cacheTtlMs: number, authUrl = auth.url) {
  let t = 0;
  const mw = requireAccessToken({ authUrl, cacheTtlMs, timeoutMs: 1000, now: () => t });
  opened.push(mw);
  const app = express();
  app.get('/api/orders', mw, (req, res) => res.json({ orders: [], for: req.auth }));
  return { app, advance: (ms: number) => (t += ms) };
}

async function accessToken(email = 'ada@example.com') {
  const { token } = await seedExchangeToken(auth.db, { now: clock.now(), email });
  const res = await request(auth.url).post('/context/auth/exchange').send({ token });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

it('lets a valid token through with req.auth from auth-central', async () => {
  const { app } = backend(10_000);
  const res = await request(app)
    .get('/api/orders')
    .set('authorization', `Bearer ${await accessToken()}`);
  expect(res.status).toBe(200);
  expect(res.body.for).toEqual({
    user: { id: expect.any(String), email: 'ada@example.com', name: 'Ada Lovelace', role: 'user' },
    workspace: { id: 'acme', name: 'Acme Inc', tier: 'pro' },
    app_id: 'shop',
  });
});

it('401 for a missing or forged token', async () => {
  const { app } = backend(10_000);
  expect((await request(app).get('/api/orders')).status).toBe(401);
  const forged = await request(app).get('/api/orders').set('authorization', 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.sig');
  expect(forged.status).toBe(401);
  expect(forged.body.error).toBe('INVALID_TOKEN');
});

it('after logout: refused at once without a cache, after the cache time with one', async () => {
  const token = await accessToken('bob@example.com');
  const uncached = backend(0);
  const cached = backend(10_000);
  await request(uncached.app).get('/api/orders').set('authorization', `Bearer ${token}`).expect(200);
  await request(cached.app).get('/api/orders').set('authorization', `Bearer ${token}`).expect(200);
  await request(auth.url).post('/context/auth/logout').send({ access_token: token }).expect(200);

  const now = await request(uncached.app).get('/api/orders').set('authorization', `Bearer ${token}`);
  expect(now.status).toBe(401);
  expect(now.body.error).toBe('SESSION_INVALIDATED');
  // The cached backend keeps the answer it had for its cache time (SPEC.md rule 5)...
  await request(cached.app).get('/api/orders').set('authorization', `Bearer ${token}`).expect(200);
  cached.advance(10_000);
  // ...and no longer.
  const later = await request(cached.app).get('/api/orders').set('authorization', `Bearer ${token}`);
  expect(later.status).toBe(401);
  expect(later.body.error).toBe('SESSION_INVALIDATED');
});

it('503 when auth-central is not reachable', async () => {
  const { app } = backend(10_000, 'http://127.0.0.1:1');
  const res = await request(app)
    .get('/api/orders')
    .set('authorization', `Bearer ${await accessToken()}`);
  expect(res.status).toBe(503);
  expect(res.body.error).toBe('SERVICE_UNAVAILABLE');
});

describe('a relay is not an amplifier (a stranger cannot lock out a backend’s real users)', () => {
  let strict: RunningAuthCentral;
  beforeAll(async () => {
    // auth-central refuses a caller after 20 refused tokens a minute: the backend's whole allowance.
    strict = await startAuthCentral({
      databaseUrl: database.url,
      encryptionKey,
      logger: silentLogger,
      now: clock.now,
      purgeIntervalMs: false,
      rateLimits: { tokenFailuresPerMinute: 20 },
    });
  });
  afterAll(() => strict?.close());

  it('60 garbage and 60 forged Bearer tokens, then a real one: the real one is served', async () => {
    const { app } = backend(0, strict.url);
    const forgedHeader = Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'not-a-key-of-ours', typ: 'JWT' })).toString('base64url');
    const forgedBody = (i: number) =>
      Buffer.from(JSON.stringify({ sub: `u${i}`, org_id: 'acme', app_id: 'shop', sid: `s${i}`, exp: 4_102_444_800 })).toString('base64url');
    for (let i = 0; i < 60; i++) {
      expect((await request(app).get('/api/orders').set('authorization', `Bearer garbage-${i}`)).status).toBe(401);
      expect(
        (
          await request(app)
            .get('/api/orders')
            .set('authorization', `Bearer ${forgedHeader}.${forgedBody(i)}.${'A'.repeat(86)}`)
        ).status,
      ).toBe(401);
    }
    // Had they been relayed, auth-central would now answer this backend 429 for a minute (its users 503).
    const real = await request(app)
      .get('/api/orders')
      .set('authorization', `Bearer ${await accessTokenAt(strict.url)}`);
    expect(real.status).toBe(200);
  });

  it('a relay without the local check: the garbage reaches auth-central and is cut off there, the real token is still served', async () => {
    const mw = requireAccessToken({ authUrl: strict.url, cacheTtlMs: 0, timeoutMs: 1000, verifyLocally: false, now: () => 0 });
    opened.push(mw);
    const app = express();
    app.get('/api/orders', mw, (req, res) => res.json({ for: req.auth }));
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await request(app).get('/api/orders').set('authorization', `Bearer garbage-${i}`)).status);
    // Relayed: past auth-central's limit it answers this backend 429, which the backend reports as 503.
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(21)).toContain(503);
    // auth-central's own defence: a token with its valid signature is served from an address over the limit.
    expect(
      (
        await request(app)
          .get('/api/orders')
          .set('authorization', `Bearer ${await accessTokenAt(strict.url)}`)
      ).status,
    ).toBe(200);
  });
});

async function accessTokenAt(authUrl: string) {
  const { token } = await seedExchangeToken(auth.db, { now: clock.now(), email: 'ada@example.com' });
  const res = await request(authUrl).post('/context/auth/exchange').send({ token });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}
