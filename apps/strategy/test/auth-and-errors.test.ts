/**
 * Credentials (API key and Bearer through a validate endpoint), the area C
 * error body for every failure, bad input (always 4xx, never charged) and
 * the refunded 500.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import request from 'supertest';
import { createBearerValidator } from '../src/http/bearer.js';
import { body, keyWithCredits, startHarness, QUESTION, type Harness } from './harness.js';

/** A stand-in of auth-central's GET /context/auth/validate (SPEC.md area A). */
function startValidateDouble(): Promise<{ url: string; calls: () => number; server: Server }> {
  let calls = 0;
  const app = express();
  app.get('/context/auth/validate', (req, res) => {
    calls++;
    const token = (req.get('authorization') ?? '').replace(/^Bearer /, '');
    if (token === 'good-token') {
      res.json({
        user: { id: 'user-1', email: 'ada@example.com', name: 'Ada', role: 'owner' },
        workspace: { id: 'org-bearer', name: 'Acme', tier: 'enterprise' },
      });
    } else if (token === 'other-org-token') {
      res.json({ user: { id: 'user-2', email: 'bob@example.com', name: 'Bob', role: 'member' }, workspace: { id: 'org-other', name: 'Other', tier: 'free' } });
    } else if (token.startsWith('role-')) {
      // role-<role>: a valid token of org-roles whose user has that role (role-none: no role field at all).
      const role = token.slice('role-'.length);
      res.json({
        user: { id: `user-${role}`, email: `${role}@example.com`, name: role, ...(role === 'none' ? {} : { role }) },
        workspace: { id: 'org-roles', name: 'Roles', tier: 'pro' },
      });
    } else if (token === 'logged-out') {
      res.status(401).json({ error: 'SESSION_INVALIDATED', message: 'logged out' });
    } else if (token === 'auth-down') {
      res.status(500).json({ error: 'INTERNAL_ERROR', message: 'boom' });
    } else {
      res.status(401).json({ error: 'INVALID_TOKEN', message: 'invalid' });
    }
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls, server }));
  });
}

let h: Harness;
let key: string;
let double: Awaited<ReturnType<typeof startValidateDouble>>;
let failNext = false;

beforeAll(async () => {
  double = await startValidateDouble();
  h = await startHarness({
    // The double's tokens are opaque names, not JWTs: these tests are about the relay, so no local JWKS check.
    bearer: createBearerValidator({ authUrl: double.url, cacheTtlMs: 60_000, verifyLocally: false }),
    faultInjector: () => {
      if (failNext) {
        failNext = false;
        throw new Error('injected failure');
      }
    },
  });
  key = await keyWithCredits(h, 'org-errors', 1000);
  await h.ledger.grant('org-bearer', 100);
});
afterAll(async () => {
  await h.close();
  await new Promise((r) => double.server.close(r));
});

const expectBody = (res: request.Response, status: number, error: string, code: string) => {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ error, code });
  expect(typeof res.body.message).toBe('string');
  expect(typeof res.body.details).toBe('object');
};

describe('credentials', () => {
  test('no credentials: 401 unauthorized', async () => {
    for (const path of ['/v1/framework', '/v1/coordinate']) {
      const res = await request(h.app).post(path).send(body());
      expectBody(res, 401, 'unauthorized', 'UNAUTHORIZED');
    }
  });

  test('unknown, malformed and revoked API keys: 401', async () => {
    expectBody(await request(h.app).post('/v1/framework').set('apikey', 'nope').send(body()), 401, 'unauthorized', 'UNAUTHORIZED');
    expectBody(
      await request(h.app)
        .post('/v1/framework')
        .set('apikey', `lk_strategy_${'A'.repeat(43)}`)
        .send(body()),
      401,
      'unauthorized',
      'UNAUTHORIZED',
    );
    const { key: doomed, record } = await h.keys.create('org-errors', 'pro');
    expect((await request(h.app).post('/v1/framework').set('apikey', doomed).send(body())).status).toBe(200);
    await h.keys.revoke(record.id);
    expectBody(await request(h.app).post('/v1/framework').set('apikey', doomed).send(body()), 401, 'unauthorized', 'UNAUTHORIZED');
  });

  test('the key is stored only as a fingerprint', async () => {
    const { key: k, record } = await h.keys.create('org-errors', 'free');
    const row = await h.prisma.apiKey.findUnique({ where: { id: record.id } });
    expect(JSON.stringify(row)).not.toContain(k.slice(12));
    expect(row!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  test('Bearer token validated through auth-central: org and tier come from the workspace', async () => {
    const before = double.calls();
    const res = await request(h.app).post('/v1/framework').set('authorization', 'Bearer good-token').send(body());
    expect(res.status).toBe(200);
    expect(await h.ledger.balance('org-bearer')).toBe(95);
    const again = await request(h.app).post('/v1/coordinate').set('authorization', 'Bearer good-token').send(body());
    expect(again.status).toBe(200);
    expect(double.calls() - before).toBe(1); // cached
    let row = null;
    for (let i = 0; i < 50 && !row; i++) {
      row = await h.prisma.requestLog.findFirst({ where: { traceId: res.headers['x-request-id'] } });
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row).toMatchObject({ authMethod: 'bearer', principal: 'user-1', orgId: 'org-bearer' });
  });

  test('what each role may do: owner, admin and member tokens are charged; user (only signed in), unknown or no role: 403 FORBIDDEN, free', async () => {
    await h.ledger.grant('org-roles', 100);
    for (const role of ['owner', 'admin', 'member']) {
      const res = await request(h.app).post('/v1/framework').set('authorization', `Bearer role-${role}`).send(body());
      expect(res.status).toBe(200);
    }
    expect(await h.ledger.balance('org-roles')).toBe(85);
    // The three answered calls are logged (asynchronously): wait for them before counting refusals.
    for (let i = 0; i < 100 && (await h.prisma.requestLog.count({ where: { orgId: 'org-roles' } })) < 3; i++) await new Promise((r) => setTimeout(r, 20));
    const logged = await h.prisma.requestLog.count({ where: { orgId: 'org-roles' } });
    expect(logged).toBe(3);
    for (const role of ['user', 'guest', 'Member', '', 'none']) {
      for (const path of ['/v1/framework', '/v1/coordinate']) {
        const res = await request(h.app).post(path).set('authorization', `Bearer role-${role}`).send(body());
        expectBody(res, 403, 'forbidden', 'FORBIDDEN');
        expect(res.body.details).toEqual({ reason: 'not_a_member' });
        expect(res.body.message).toMatch(/not a member of the organisation "org-roles"/);
        expect(res.headers['x-ratelimit-remaining']).toBeUndefined(); // refused before it counts
      }
    }
    expect(await h.ledger.balance('org-roles')).toBe(85);
    expect(await h.prisma.requestLog.count({ where: { orgId: 'org-roles' } })).toBe(logged);
    // The organisation's API keys do not depend on anyone's role.
    const orgKey = (await h.keys.create('org-roles', 'pro')).key;
    expect((await request(h.app).post('/v1/framework').set('apikey', orgKey).send(body())).status).toBe(200);
    expect(await h.ledger.balance('org-roles')).toBe(80);
  });

  test('invalid or logged-out Bearer token, or a malformed header: 401', async () => {
    expectBody(await request(h.app).post('/v1/framework').set('authorization', 'Bearer logged-out').send(body()), 401, 'unauthorized', 'UNAUTHORIZED');
    expectBody(await request(h.app).post('/v1/framework').set('authorization', 'Bearer garbage').send(body()), 401, 'unauthorized', 'UNAUTHORIZED');
    expectBody(await request(h.app).post('/v1/framework').set('authorization', 'Basic dXNlcjpwdw==').send(body()), 401, 'unauthorized', 'UNAUTHORIZED');
  });

  test('auth-central failing: 503, never a 500', async () => {
    const res = await request(h.app).post('/v1/framework').set('authorization', 'Bearer auth-down').send(body());
    expectBody(res, 503, 'service_unavailable', 'SERVICE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBeDefined();
  });

  test('a session id of another organisation: answered as an unknown session, never 403 (sessions.test.ts: session oracle)', async () => {
    const first = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
    const sessionId = first.body.metadata.sessionId;
    const res = await request(h.app).post('/v1/framework').set('authorization', 'Bearer other-org-token').send(body(QUESTION, { sessionId }));
    const unknown = await request(h.app)
      .post('/v1/framework')
      .set('authorization', 'Bearer other-org-token')
      .send(body(QUESTION, { sessionId: 'ses_unknown' }));
    expect(res.status).not.toBe(403);
    expect(res.status).toBe(unknown.status);
    expect(res.body.error).toBe(unknown.body.error);
  });
});

describe('bad input: 400 INVALID_REQUEST_FORMAT with field and issue, nothing charged', () => {
  const long = 'x'.repeat(20_001);
  const cases: Array<[string, unknown, string, RegExp]> = [
    ['missing messages', {}, 'messages', /required/],
    ['messages not an array', { messages: 'hello' }, 'messages', /array/],
    ['empty messages', { messages: [] }, 'messages', /at least 1/],
    ['too many messages', { messages: Array.from({ length: 51 }, () => ({ role: 'user', content: 'hi' })) }, 'messages', /at most 50/],
    ['bad role', { messages: [{ role: 'robot', content: QUESTION }] }, 'messages[0].role', /one of/],
    ['content not a string', { messages: [{ role: 'user', content: 42 }] }, 'messages[0].content', /string/],
    ['content missing', { messages: [{ role: 'user' }] }, 'messages[0].content', /required/],
    ['content too long', { messages: [{ role: 'user', content: long }] }, 'messages[0].content', /at most 20000/],
    ['no user message', { messages: [{ role: 'system', content: 'be nice' }] }, 'messages', /role "user"/],
    ['empty user message', { messages: [{ role: 'user', content: '   ' }] }, 'messages[0].content', /empty/],
    ['userContext not an object', { ...body(), userContext: 'saas' }, 'userContext', /object/],
    ['bad businessStage', { ...body(), userContext: { businessStage: 'seed' } }, 'userContext.businessStage', /one of/],
    ['bad responseStyle', { ...body(), preferences: { responseStyle: 'poetic' } }, 'preferences.responseStyle', /one of/],
    ['maxCredits not a number', { ...body(), preferences: { maxCredits: 'ten' } }, 'preferences.maxCredits', /number/],
    ['negative maxCredits', { ...body(), preferences: { maxCredits: -1 } }, 'preferences.maxCredits', /at least 0/],
    ['bad sessionId', { ...body(), sessionId: 'has spaces/and slashes' }, 'sessionId', /characters/],
    ['body is an array', [body()], 'body', /object/],
    ['a message is null', { messages: [null] }, 'messages[0]', /object/],
    ['a message is an array', { messages: [['user', QUESTION]] }, 'messages[0]', /object/],
    ['messages is an object', { messages: { 0: { role: 'user', content: QUESTION } } }, 'messages', /array/],
    ['role null', { messages: [{ role: null, content: QUESTION }] }, 'messages[0].role', /one of/],
    ['role in capitals', { messages: [{ role: 'USER', content: QUESTION }] }, 'messages[0].role', /one of/],
    ['content an object', { messages: [{ role: 'user', content: { text: QUESTION } }] }, 'messages[0].content', /string/],
    ['content an array', { messages: [{ role: 'user', content: [QUESTION] }] }, 'messages[0].content', /string/],
    [
      'a later message with a bad role',
      {
        messages: [
          { role: 'user', content: QUESTION },
          { role: 'tool', content: 'x' },
        ],
      },
      'messages[1].role',
      /one of/,
    ],
    ['userContext null', { ...body(), userContext: null }, 'userContext', /object/],
    ['userContext an array', { ...body(), userContext: [] }, 'userContext', /object/],
    ['industry a number', { ...body(), userContext: { industry: 5 } }, 'userContext.industry', /string/],
    ['industry empty', { ...body(), userContext: { industry: '' } }, 'userContext.industry', /empty/],
    ['a NUL in industry (was the database error 500)', { ...body(), userContext: { industry: 'sa\u0000as' } }, 'userContext.industry', /control characters/],
    ['a NUL in role', { ...body(), userContext: { role: 'c\u0000eo' } }, 'userContext.role', /control characters/],
    ['a NUL in a message', { messages: [{ role: 'user', content: `${QUESTION}\u0000` }] }, 'messages[0].content', /control characters/],
    ['role an object', { ...body(), userContext: { role: { title: 'ceo' } } }, 'userContext.role', /string/],
    ['businessStage a number', { ...body(), userContext: { businessStage: 2 } }, 'userContext.businessStage', /one of/],
    ['preferences null', { ...body(), preferences: null }, 'preferences', /object/],
    ['preferences a string', { ...body(), preferences: 'concise' }, 'preferences', /object/],
    ['maxCredits a boolean', { ...body(), preferences: { maxCredits: true } }, 'preferences.maxCredits', /number/],
    ['maxCredits null', { ...body(), preferences: { maxCredits: null } }, 'preferences.maxCredits', /number/],
    ['maxCredits a numeric string', { ...body(), preferences: { maxCredits: '10' } }, 'preferences.maxCredits', /number/],
    ['responseStyle a number', { ...body(), preferences: { responseStyle: 1 } }, 'preferences.responseStyle', /one of/],
    ['sessionId a number', { ...body(), sessionId: 5 }, 'sessionId', /string/],
    ['sessionId null', { ...body(), sessionId: null }, 'sessionId', /string/],
    ['sessionId empty', { ...body(), sessionId: '' }, 'sessionId', /characters/],
    ['sessionId too long', { ...body(), sessionId: 'a'.repeat(129) }, 'sessionId', /characters/],
  ];

  test.each(cases)('%s', async (_name, payload, field, issue) => {
    const before = await h.ledger.balance('org-errors');
    for (const path of ['/v1/framework', '/v1/coordinate']) {
      const res = await request(h.app)
        .post(path)
        .set('apikey', key)
        .send(payload as object);
      expectBody(res, 400, 'bad_request', 'INVALID_REQUEST_FORMAT');
      expect(res.body.details.field).toBe(field);
      expect(res.body.details.issue).toMatch(issue);
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
    expect(await h.ledger.balance('org-errors')).toBe(before);
  });

  test('JSON that is not an object, and numbers JSON cannot hold: 400, free', async () => {
    const before = await h.ledger.balance('org-errors');
    const raw = (text: string) => request(h.app).post('/v1/coordinate').set('apikey', key).set('content-type', 'application/json').send(text);
    for (const text of ['null', '"hello"', '42', 'true']) {
      const res = await raw(text);
      expectBody(res, 400, 'bad_request', 'INVALID_REQUEST_FORMAT');
      expect(res.body.details.field).toBe('body');
    }
    const inf = await raw(`{"messages":[{"role":"user","content":${JSON.stringify(QUESTION)}}],"preferences":{"maxCredits":1e400}}`);
    expectBody(inf, 400, 'bad_request', 'INVALID_REQUEST_FORMAT');
    expect(inf.body.details.field).toBe('preferences.maxCredits');
    expect(await h.ledger.balance('org-errors')).toBe(before);
  });

  test('maxCredits zero, fractional or huge: 402 or an answer within it, never a 500', async () => {
    for (const [maxCredits, status] of [
      [0, 402],
      [0.5, 402],
      [1e300, 200],
      [Number.MAX_SAFE_INTEGER, 200],
    ] as const) {
      const res = await request(h.app)
        .post('/v1/coordinate')
        .set('apikey', key)
        .send(body(QUESTION, { preferences: { maxCredits } }));
      expect(res.status).toBe(status);
      if (status === 200) expect(res.body.metadata.creditsUsed).toBeLessThanOrEqual(15);
    }
    const capped = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .send(body(QUESTION, { preferences: { maxCredits: 2.5 } }));
    expect(capped.body.metadata.creditsUsed).toBeLessThanOrEqual(2);
  });

  test('Content-Type must be application/json', async () => {
    const res = await request(h.app).post('/v1/framework').set('apikey', key).set('content-type', 'text/plain').send(JSON.stringify(body()));
    expectBody(res, 400, 'bad_request', 'INVALID_REQUEST_FORMAT');
    expect(res.body.details).toEqual({ field: 'Content-Type', issue: 'must be application/json' });
    const none = await request(h.app).post('/v1/coordinate').set('apikey', key);
    expect(none.status).toBe(400);
    expect(none.body.details.field).toBe('Content-Type');
  });

  test('malformed JSON', async () => {
    const res = await request(h.app).post('/v1/framework').set('apikey', key).set('content-type', 'application/json').send('{"messages": [');
    expectBody(res, 400, 'bad_request', 'INVALID_REQUEST_FORMAT');
    expect(res.body.details).toEqual({ field: 'body', issue: 'invalid_json' });
  });

  test('a body over 256 kB: 413 in the area C shape', async () => {
    const messages = Array.from({ length: 14 }, () => ({ role: 'user', content: 'y'.repeat(19_999) }));
    const res = await request(h.app).post('/v1/framework').set('apikey', key).send({ messages });
    expectBody(res, 413, 'bad_request', 'INVALID_REQUEST_FORMAT');
    expect(res.body.details).toEqual({ field: 'body', issue: 'too_large' });
  });

  test('deeply nested JSON: previousWork refused with 400, unknown fields ignored, never a 500', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const q = JSON.stringify(QUESTION);
    const before = await h.ledger.balance('org-errors');
    const res = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .set('content-type', 'application/json')
      .send(`{"messages":[{"role":"user","content":${q}}],"userContext":{"previousWork":["okrs",${deep}]}}`);
    expectBody(res, 400, 'bad_request', 'INVALID_REQUEST_FORMAT');
    expect(res.body.details).toEqual({ field: 'userContext.previousWork[1]', issue: 'must not be nested more than 16 levels deep' });
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    expect(await h.ledger.balance('org-errors')).toBe(before);
    // Sixteen levels are fine.
    const ok = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send(
        body(QUESTION, { userContext: { previousWork: [JSON.parse(`${'['.repeat(15)}"okrs"${']'.repeat(15)}`), { a: { b: { c: 'balanced-scorecard' } } }] } }),
      );
    expect(ok.status).toBe(200);
    const ignored = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .set('content-type', 'application/json')
      .send(`{"messages":[{"role":"user","content":${q}}],"extra":${deep}}`);
    expect(ignored.status).toBe(200);
  });

  test('an unsupported charset or content encoding: 400 naming the header, not 415', async () => {
    const before = await h.ledger.balance('org-errors');
    const latin = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .set('content-type', 'application/json; charset=latin1')
      .send(JSON.stringify(body()));
    expectBody(latin, 400, 'bad_request', 'INVALID_REQUEST_FORMAT');
    expect(latin.body.details).toEqual({ field: 'Content-Type', issue: 'charset must be utf-8' });
    const enc = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .set('content-type', 'application/json')
      .set('content-encoding', 'compress')
      .send(JSON.stringify(body()));
    expectBody(enc, 400, 'bad_request', 'INVALID_REQUEST_FORMAT');
    expect(enc.body.details.field).toBe('Content-Encoding');
    for (const r of [latin, enc]) expect(r.headers['x-ratelimit-remaining']).toBeDefined();
    expect(await h.ledger.balance('org-errors')).toBe(before);
  });

  test('unknown routes answer in the same shape', async () => {
    const res = await request(h.app).get('/v1/nothing');
    expectBody(res, 404, 'not_found', 'NOT_FOUND');
  });
});

test('a failure after the debit: 500 COORDINATION_FAILED with the request id, refunded', async () => {
  const before = await h.ledger.balance('org-errors');
  failNext = true;
  const res = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
  expectBody(res, 500, 'internal_error', 'COORDINATION_FAILED');
  const requestId = res.body.details.requestId as string;
  expect(requestId).toMatch(/[0-9a-f-]{36}/);
  expect(await h.ledger.balance('org-errors')).toBe(before);
  expect((await h.ledger.entry(requestId, 'debit'))?.amount).toBe(-5);
  expect((await h.ledger.entry(requestId, 'refund'))?.amount).toBe(5);
  expect(JSON.stringify(res.body)).not.toContain('injected');
});

test('X-RateLimit-* on every answer once the organisation is known (200, 400, 402, 413, 422, 500), none on 401', async () => {
  const poor = await keyWithCredits(h, 'org-headers-poor', 0);
  // Each reset is the end of a window open when its request came in: later than the start of the test (checked
  // after all the requests, a minute's window may already have closed).
  const started = Date.now() / 1000;
  const first = await request(h.app).post('/v1/framework').set('apikey', key).send(body());
  const answers: Array<[number, request.Response]> = [
    [200, first],
    [400, await request(h.app).post('/v1/coordinate').set('apikey', key).send({ messages: [] })],
    [402, await request(h.app).post('/v1/coordinate').set('apikey', poor).send(body())],
    [
      413,
      await request(h.app)
        .post('/v1/framework')
        .set('apikey', key)
        .send({ messages: Array.from({ length: 14 }, () => ({ role: 'user', content: 'y'.repeat(19_999) })) }),
    ],
    [422, await request(h.app).post('/v1/framework').set('apikey', key).send(body('Give me a recipe for vegan chocolate chip cookies.'))],
  ];
  failNext = true;
  answers.push([500, await request(h.app).post('/v1/coordinate').set('apikey', key).send(body())]);
  for (const [status, res] of answers) {
    expect(res.status).toBe(status);
    expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(started);
    expect(['minute', 'hour', 'day']).toContain(res.headers['x-ratelimit-window']);
  }
  const anonymous = await request(h.app).post('/v1/coordinate').send(body());
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers['x-ratelimit-limit']).toBeUndefined();
});

test('x-app-context is recorded with each coordinate call, whatever its outcome', async () => {
  const ok = await request(h.app).post('/v1/coordinate').set('apikey', key).set('x-app-context', 'exec-dashboard').send(body());
  const bad = await request(h.app).post('/v1/coordinate').set('apikey', key).set('x-app-context', 'exec-dashboard').send({ messages: [] });
  for (const [res, status, credits] of [
    [ok, 200, ok.body.metadata.creditsUsed],
    [bad, 400, 0],
  ] as const) {
    let row = null;
    for (let i = 0; i < 50 && !row; i++) {
      row = await h.prisma.requestLog.findFirst({ where: { traceId: res.headers['x-request-id'] } });
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row).toMatchObject({ appContext: 'exec-dashboard', endpoint: '/v1/coordinate', status, creditsUsed: credits, orgId: 'org-errors' });
  }
});
