import express from 'express';
import request from 'supertest';
import { AuthUnavailableError, TokenRejectedError, createValidator, parseBearer, requireAccessToken, type AccessTokenValidator } from './index.js';

const AUTH = { user: { id: 'u1', email: 'a@b.c', name: 'A', role: 'member' }, workspace: { id: 'o1', name: 'O', tier: 'pro' } };

/** An injected fetch standing in for auth-central's validate endpoint; records the tokens it is asked about. */
function fakeFetch(answers: Record<string, { status: number; body?: unknown } | 'throw'>) {
  const calls: string[] = [];
  const impl = (async (_url: string | URL | Request, init?: RequestInit) => {
    const token = String((init?.headers as Record<string, string>).authorization).slice(7);
    calls.push(token);
    const answer = answers[token] ?? { status: 401, body: { error: 'INVALID_TOKEN', message: 'bad' } };
    if (answer === 'throw') throw new TypeError('fetch failed');
    return new Response(answer.body === undefined ? 'not json' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { impl, calls };
}

const opened: AccessTokenValidator[] = [];
afterAll(() => opened.forEach((v) => v.close()));
function validator(f: ReturnType<typeof fakeFetch>, opts: Partial<Parameters<typeof createValidator>[0]> = {}) {
  // The stub's tokens are opaque names, not JWTs: these tests are about the relay, so no local JWKS check.
  const v = createValidator({ authUrl: 'http://auth.test/', fetch: f.impl, verifyLocally: false, ...opts });
  opened.push(v);
  return v;
}

const SECRET = 'tok-secret-value-1234567890';

it('validate resolves {user, workspace} for a valid token', async () => {
  const f = fakeFetch({ good: { status: 200, body: AUTH } });
  await expect(validator(f).validate('good')).resolves.toEqual(AUTH);
});

it('throws TokenRejectedError with auth-central’s code and message on 401/400', async () => {
  const f = fakeFetch({ gone: { status: 401, body: { error: 'SESSION_INVALIDATED', message: 'logged out' } }, odd: { status: 400 } });
  const v = validator(f);
  const gone = await v.validate('gone').catch((e: unknown) => e);
  expect(gone).toBeInstanceOf(TokenRejectedError);
  expect(gone).toMatchObject({ status: 401, code: 'SESSION_INVALIDATED', message: 'logged out' });
  await expect(v.validate('odd')).rejects.toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
});

it.each([
  ['a network failure', 'throw' as const],
  ['a 500', { status: 500, body: { error: 'INTERNAL_ERROR', message: 'x' } }],
  ['a 403', { status: 403, body: { error: 'CORS_REJECTED', message: 'x' } }],
  ['a 200 without user.id', { status: 200, body: { user: {}, workspace: { id: 'o1' } } }],
  ['a 200 that is not JSON', { status: 200 }],
])('throws AuthUnavailableError (503) on %s, never cached, the token in no message', async (_name, answer) => {
  const f = fakeFetch({ [SECRET]: answer });
  const v = validator(f);
  for (let i = 0; i < 2; i++) {
    const err = await v.validate(SECRET).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthUnavailableError);
    expect(err).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(String((err as Error).message)).not.toContain(SECRET);
    expect(String((err as Error).stack)).not.toContain(SECRET);
  }
  expect(f.calls).toEqual([SECRET, SECRET]);
});

it('an open breaker is an AuthUnavailableError too', async () => {
  const f = fakeFetch({ [SECRET]: 'throw' });
  const v = validator(f, { cacheTtlMs: 0, breaker: { volumeThreshold: 2, errorThresholdPercentage: 50, resetTimeout: 60_000 } });
  for (let i = 0; i < 2; i++) await expect(v.validate(SECRET)).rejects.toBeInstanceOf(AuthUnavailableError);
  expect(v.breaker.opened).toBe(true);
  const err = await v.validate(SECRET).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AuthUnavailableError);
  expect((err as Error).message).not.toContain(SECRET);
  expect(f.calls).toHaveLength(2);
});

it('caches by default for 10 s, refusals for negativeCacheTtlMs', async () => {
  let t = 5_000_000;
  const f = fakeFetch({ good: { status: 200, body: AUTH } });
  const v = validator(f, { negativeCacheTtlMs: 2_000, now: () => t });
  await v.validate('good');
  await expect(v.validate('bad')).rejects.toBeInstanceOf(TokenRejectedError);
  t += 1_999;
  await v.validate('good');
  await expect(v.validate('bad')).rejects.toBeInstanceOf(TokenRejectedError);
  expect(f.calls).toEqual(['good', 'bad']);
  t += 1;
  await expect(v.validate('bad')).rejects.toBeInstanceOf(TokenRejectedError);
  expect(f.calls).toEqual(['good', 'bad', 'bad']);
  t += 8_000 - 1;
  await v.validate('good');
  expect(f.calls).toHaveLength(3);
  t += 1;
  await v.validate('good');
  expect(f.calls).toEqual(['good', 'bad', 'bad', 'good']);
  v.clearCache();
  await v.validate('good');
  expect(f.calls).toHaveLength(5);
});

it('parseBearer takes one token after a case-insensitive Bearer scheme', () => {
  expect(parseBearer('Bearer abc.def')).toBe('abc.def');
  expect(parseBearer('bearer abc')).toBe('abc');
  for (const bad of [undefined, null, '', 'Bearer', 'Bearer ', 'Bearer a b', 'Basic abc', 'Bearerabc']) expect(parseBearer(bad)).toBeNull();
});

describe('requireAccessToken onError', () => {
  const f = fakeFetch({
    good: { status: 200, body: AUTH },
    gone: { status: 401, body: { error: 'SESSION_INVALIDATED', message: 'logged out' } },
    down: { status: 502 },
  });
  const mw = requireAccessToken({
    authUrl: 'http://auth.test',
    fetch: f.impl,
    verifyLocally: false,
    onError: (err, _req, res) => {
      res.status(err.status).json({ error: err instanceof AuthUnavailableError ? 'service_unavailable' : 'unauthorized', code: err.code, details: {} });
    },
  });
  afterAll(() => mw.close());
  const app = express();
  app.get('/me', mw, (req, res) => res.json(req.auth));

  it('answers refusals in the service’s own shape', async () => {
    expect((await request(app).get('/me')).body).toEqual({ error: 'unauthorized', code: 'INVALID_TOKEN', details: {} });
    const gone = await request(app).get('/me').set('authorization', 'Bearer gone');
    expect(gone.status).toBe(401);
    expect(gone.body).toEqual({ error: 'unauthorized', code: 'SESSION_INVALIDATED', details: {} });
    const down = await request(app).get('/me').set('authorization', 'Bearer down');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: 'service_unavailable', code: 'SERVICE_UNAVAILABLE', details: {} });
    const ok = await request(app).get('/me').set('authorization', 'Bearer good');
    expect(ok.body).toEqual(AUTH);
    expect(mw.validator).toBeDefined();
  });
});

it('cross-tenant tokens: `apps` and `organisations` refuse tokens of other tenants with 401 INVALID_TOKEN', async () => {
  const f = fakeFetch({
    mine: { status: 200, body: { ...AUTH, app_id: 'shop' } },
    otherApp: { status: 200, body: { ...AUTH, app_id: 'elsewhere' } },
    otherOrg: { status: 200, body: { ...AUTH, workspace: { id: 'o2', name: 'P', tier: 'pro' }, app_id: 'shop' } },
    noApp: { status: 200, body: AUTH },
  });
  const v = validator(f, { apps: ['shop'], organisations: [AUTH.workspace.id] });
  await expect(v.validate('mine')).resolves.toEqual({ ...AUTH, app_id: 'shop' });
  for (const token of ['otherApp', 'otherOrg', 'noApp']) {
    await expect(v.validate(token)).rejects.toMatchObject({ name: 'TokenRejectedError', status: 401, code: 'INVALID_TOKEN' });
  }
  // Without the options every app and organisation of the platform is served (SPEC).
  await expect(validator(f).validate('otherOrg')).resolves.toMatchObject({ app_id: 'shop', workspace: { id: 'o2' } });
});
