import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import request from 'supertest';
import { requireAccessToken, type AccessTokenMiddleware } from './index.js';

/** A stand-in validate endpoint: token `good` is valid, `gone` logged out, `boom` a 500. */
function stubAuth() {
  const calls: string[] = [];
  const app = express();
  let down = false;
  app.get('/context/auth/validate', (req, res) => {
    const token = (req.get('authorization') ?? '').slice(7);
    calls.push(token);
    if (down || token === 'boom') return void res.status(500).json({ error: 'INTERNAL_ERROR', message: 'x' });
    if (token.startsWith('good'))
      return void res.json({ user: { id: 'u1', email: 'a@b.c', name: 'A', role: 'member' }, workspace: { id: 'o1', name: 'O', tier: 'free' } });
    if (token === 'gone') return void res.status(401).json({ error: 'SESSION_INVALIDATED', message: 'logged out' });
    res.status(401).json({ error: 'INVALID_TOKEN', message: 'bad' });
  });
  return { app, calls, setDown: (v: boolean) => (down = v) };
}

let server: Server;
let stub: ReturnType<typeof stubAuth>;
let authUrl: string;
const opened: AccessTokenMiddleware[] = [];

beforeAll(async () => {
  stub = stubAuth();
  server = stub.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const m of opened) m.close();
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  stub.calls.length = 0;
  stub.setDown(false);
});

function backend(opts: Partial<Parameters<typeof requireAccessToken>[0]> = {}) {
  // The stub's tokens are opaque names, not JWTs: these tests are about the relay, so no local JWKS check.
  const mw = requireAccessToken({ authUrl, verifyLocally: false, ...opts });
  opened.push(mw);
  const app = express();
  app.get('/me', mw, (req, res) => res.json(req.auth));
  return { app, mw };
}

it('sets req.auth for a valid token', async () => {
  const { app } = backend();
  const res = await request(app).get('/me').set('authorization', 'Bearer good');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ user: { id: 'u1', email: 'a@b.c', name: 'A', role: 'member' }, workspace: { id: 'o1', name: 'O', tier: 'free' } });
});

it.each([undefined, 'Basic x', 'Bearer', 'Bearer a b'])('401 INVALID_TOKEN without a usable header (%s), no call to auth-central', async (header) => {
  const { app } = backend();
  const req = request(app).get('/me');
  if (header) req.set('authorization', header);
  const res = await req;
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: 'INVALID_TOKEN', message: expect.any(String) });
  expect(stub.calls).toHaveLength(0);
});

it('passes auth-central’s refusal on as 401 with its code', async () => {
  const { app } = backend();
  expect((await request(app).get('/me').set('authorization', 'Bearer bad')).body.error).toBe('INVALID_TOKEN');
  const gone = await request(app).get('/me').set('authorization', 'Bearer gone');
  expect(gone.status).toBe(401);
  expect(gone.body).toEqual({ error: 'SESSION_INVALIDATED', message: 'logged out' });
});

it('caches valid and invalid answers for cacheTtlMs, then asks again', async () => {
  let t = 1_000_000;
  const { app } = backend({ cacheTtlMs: 10_000, now: () => t });
  for (let i = 0; i < 3; i++) {
    await request(app).get('/me').set('authorization', 'Bearer good').expect(200);
    await request(app).get('/me').set('authorization', 'Bearer bad').expect(401);
  }
  expect(stub.calls).toEqual(['good', 'bad']);
  t += 9_999;
  await request(app).get('/me').set('authorization', 'Bearer good').expect(200);
  expect(stub.calls).toHaveLength(2);
  t += 1;
  await request(app).get('/me').set('authorization', 'Bearer good').expect(200);
  await request(app).get('/me').set('authorization', 'Bearer bad').expect(401);
  expect(stub.calls).toEqual(['good', 'bad', 'good', 'bad']);
});

it('never caches with cacheTtlMs 0, and shares one call between concurrent requests', async () => {
  const { app } = backend({ cacheTtlMs: 0 });
  await request(app).get('/me').set('authorization', 'Bearer good').expect(200);
  await request(app).get('/me').set('authorization', 'Bearer good').expect(200);
  expect(stub.calls).toHaveLength(2);
  stub.calls.length = 0;
  const { app: cached } = backend();
  await Promise.all(Array.from({ length: 10 }, () => request(cached).get('/me').set('authorization', 'Bearer good-concurrent').expect(200)));
  expect(stub.calls.length).toBeLessThan(10);
});

it('ends a cache entry at the token’s own expiry', async () => {
  let t = 1_700_000_000_000;
  const exp = Math.floor(t / 1000) + 2;
  const token = `good.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.sig`;
  const { app } = backend({ cacheTtlMs: 60_000, now: () => t });
  await request(app).get('/me').set('authorization', `Bearer ${token}`).expect(200);
  t += 2_000;
  await request(app).get('/me').set('authorization', `Bearer ${token}`).expect(200);
  expect(stub.calls).toHaveLength(2);
});

it('503 when auth-central is unreachable or failing; such answers are not cached', async () => {
  const { app } = backend({ authUrl: 'http://127.0.0.1:1', timeoutMs: 500 });
  const res = await request(app).get('/me').set('authorization', 'Bearer good');
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ error: 'SERVICE_UNAVAILABLE', message: expect.any(String) });
  const { app: failing } = backend();
  expect((await request(failing).get('/me').set('authorization', 'Bearer boom')).status).toBe(503);
  expect((await request(failing).get('/me').set('authorization', 'Bearer boom')).status).toBe(503);
  expect(stub.calls).toEqual(['boom', 'boom']);
});

it('opens the breaker after repeated failures (no more calls), and closes again after resetTimeout', async () => {
  const { app, mw } = backend({ cacheTtlMs: 0, breaker: { volumeThreshold: 3, errorThresholdPercentage: 50, resetTimeout: 200 } });
  stub.setDown(true);
  for (let i = 0; i < 3; i++) await request(app).get('/me').set('authorization', 'Bearer good').expect(503);
  expect(mw.breaker.opened).toBe(true);
  const calls = stub.calls.length;
  await request(app).get('/me').set('authorization', 'Bearer good').expect(503);
  expect(stub.calls.length).toBe(calls); // refused by the open breaker without a call
  stub.setDown(false);
  // After resetTimeout the breaker lets one trial call through (half-open).
  for (const deadline = Date.now() + 5_000; !mw.breaker.halfOpen && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
  expect(mw.breaker.halfOpen).toBe(true);
  await request(app).get('/me').set('authorization', 'Bearer good').expect(200);
  expect(mw.breaker.closed).toBe(true);
});
