/**
 * The plain `GET /context/auth/validate` is answered before Express
 * (src/http/fast-validate.ts); other forms go through the Express route.
 * Both must give the same answers: status, body and headers, the shared
 * per-IP limit on refused tokens, and the access log.
 */
import request from 'supertest';
import { captureLogs, waitFor } from '@latchkey/testing';
import { createLogger } from '@latchkey/service-kit';
import { createHarness, seedApp, seedExchangeToken, type Harness } from './helpers.js';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await seedApp(h.db);
});
afterAll(() => h.close());

async function signIn(app = h.app) {
  const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
  const res = await request(app).post('/context/auth/exchange').send({ token });
  expect(res.status).toBe(200);
  return res.body as { access_token: string };
}

type Form = 'fast' | 'express';
/** The same request, answered before Express ('fast') or by the Express route (trailing slash: not the fast path's exact path). */
function validate(app: Harness['app'], form: Form, authorization?: string, extra: Record<string, string> = {}) {
  const req = request(app).get(form === 'fast' ? '/context/auth/validate' : '/context/auth/validate/');
  if (authorization !== undefined) req.set('authorization', authorization);
  for (const [k, v] of Object.entries(extra)) req.set(k, v);
  return req;
}

function shape(res: request.Response) {
  return {
    status: res.status,
    body: res.body,
    contentType: res.headers['content-type'],
    cacheControl: res.headers['cache-control'],
    vary: res.headers.vary,
    retryAfter: res.headers['retry-after'],
  };
}

describe('same answers before and through Express', () => {
  it.each([
    ['a valid token', async () => `Bearer ${(await signIn()).access_token}`],
    ['a lower-case scheme', async () => `bearer ${(await signIn()).access_token}`],
    ['no header', async () => undefined],
    ['garbage', async () => 'Bearer not.a.jwt'],
    ['two spaces', async () => `Bearer  ${(await signIn()).access_token}`],
    ['another scheme', async () => 'Basic abc'],
  ])('%s', async (_name, make) => {
    const auth = await make();
    const fast = await validate(h.app, 'fast', auth);
    const express = await validate(h.app, 'express', auth);
    expect(shape(fast)).toEqual(shape(express));
    expect(fast.headers['cache-control']).toBe('no-store');
    expect(fast.headers.vary).toMatch(/Origin/);
  });

  it('a logged-out session and an expired token', async () => {
    const s = await signIn();
    const start = h.clock.now();
    h.clock.set(start + 3600_000);
    expect(shape(await validate(h.app, 'fast', `Bearer ${s.access_token}`))).toEqual(shape(await validate(h.app, 'express', `Bearer ${s.access_token}`)));
    expect((await validate(h.app, 'fast', `Bearer ${s.access_token}`)).body.error).toBe('INVALID_TOKEN');
    h.clock.set(start);
    expect((await request(h.app).post('/context/auth/logout').send({ access_token: s.access_token })).status).toBe(200);
    const fast = await validate(h.app, 'fast', `Bearer ${s.access_token}`);
    expect(fast.body).toEqual({ error: 'SESSION_INVALIDATED', message: expect.any(String) });
    expect(shape(fast)).toEqual(shape(await validate(h.app, 'express', `Bearer ${s.access_token}`)));
  });

  it('request ids: a sane one is echoed, another replaced', async () => {
    const s = await signIn();
    const ok = await validate(h.app, 'fast', `Bearer ${s.access_token}`, { 'x-request-id': 'abc-123' });
    expect(ok.headers['x-request-id']).toBe('abc-123');
    const bad = await validate(h.app, 'fast', `Bearer ${s.access_token}`, { 'x-request-id': 'not sane!' });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('cross-origin and HEAD requests go through Express (CORS check)', async () => {
    const s = await signIn();
    const foreign = await validate(h.app, 'fast', `Bearer ${s.access_token}`, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('CORS_REJECTED');
    const allowed = await validate(h.app, 'fast', `Bearer ${s.access_token}`, { origin: 'https://shop.example.com' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
    expect((await request(h.app).head('/context/auth/validate').set('authorization', `Bearer ${s.access_token}`)).status).toBe(200);
  });
});

it('refused tokens count toward one per-IP limit on both paths, valid tokens never', async () => {
  const app = h.makeApp({ settings: { rateLimits: { tokenFailuresPerMinute: 3 } } });
  const s = await signIn(app);
  expect((await validate(app, 'fast', 'Bearer junk')).status).toBe(401);
  expect((await validate(app, 'express', 'Bearer junk')).status).toBe(401);
  for (let i = 0; i < 5; i++) expect((await validate(app, 'fast', `Bearer ${s.access_token}`)).status).toBe(200);
  expect((await validate(app, 'fast', 'Bearer junk')).status).toBe(401);
  // Penalties are recorded after the answer: wait until they have landed (valid tokens add none).
  await waitFor(async () => (await validate(app, 'fast', 'Bearer junk')).status === 429, 5_000, 'the penalties to land');
  for (const form of ['fast', 'express'] as Form[]) {
    const res = await validate(app, form, 'Bearer junk');
    expect([form, res.status, res.body.error]).toEqual([form, 429, 'RATE_LIMITED']);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Tokens we signed are still served from an address over the limit (relay lockout).
    expect((await validate(app, form, `Bearer ${s.access_token}`)).status).toBe(200);
  }
});

it('access log: refusals at info with the path only, successes at debug', async () => {
  const logs = captureLogs();
  const logger = createLogger('auth-central', 'debug', logs.stream);
  const app = h.makeApp({ logger });
  const s = await signIn(app);
  await request(app).get(`/context/auth/validate?x=secret-query`).set('authorization', `Bearer ${s.access_token}`);
  await request(app).get('/context/auth/validate').set('authorization', 'Bearer junk');
  const parsed = logs.lines
    .flatMap((l) => l.split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as { level: number; req?: { path?: string }; res?: { statusCode?: number } });
  const lines = parsed.filter((l) => l.req?.path === '/context/auth/validate');
  expect(lines.map((l) => [l.level, l.res?.statusCode])).toEqual([
    [20, 200],
    [30, 401],
  ]);
  expect(logs.text()).not.toContain(s.access_token);
  expect(logs.text()).not.toContain('secret-query');
});
