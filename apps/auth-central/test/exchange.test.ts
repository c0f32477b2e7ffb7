import request from 'supertest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createHarness, dumpAllTables, seedApp, seedExchangeToken, PUBLIC_URL, type Harness } from './helpers.js';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await seedApp(h.db);
});
afterAll(() => h.close());

const exchange = (token: unknown) => request(h.app).post('/context/auth/exchange').send({ token });

describe('POST /context/auth/exchange', () => {
  it('returns an access token, its expiry, the user and the workspace', async () => {
    const { token, userId } = await seedExchangeToken(h.db, { now: h.clock.now() });
    const res = await exchange(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      expires_at: new Date(h.clock.now() + 3600_000).toISOString(),
      user: { id: userId, email: 'ada@example.com', name: 'Ada Lovelace', role: 'user' },
      workspace: { id: 'acme', name: 'Acme Inc', tier: 'pro' },
    });
    expect(res.body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const claims = decodeJwt(res.body.access_token);
    expect(claims).toMatchObject({ sub: userId, org_id: 'acme', app_id: 'shop', iss: PUBLIC_URL, aud: 'latchkey' });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.sid).toBe('string');
    expect(decodeProtectedHeader(res.body.access_token).alg).toBe('ES256');
    const session = await h.db.session.findUniqueOrThrow({ where: { id: String(claims.sid) } });
    expect(session).toMatchObject({ userId, appId: 'shop', organisationId: 'acme', invalidatedAt: null });
  });

  it.each([
    ['not hex', 'z'.repeat(128)],
    ['too short', 'a'.repeat(127)],
    ['too long', 'a'.repeat(129)],
    ['upper case', 'A'.repeat(128)],
    ['empty', ''],
    ['a number', 12345],
    ['null', null],
    ['an object', { token: 'x' }],
  ])('400 INVALID_TOKEN for a malformed token (%s)', async (_name, token) => {
    const res = await exchange(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'INVALID_TOKEN', message: expect.any(String) });
  });

  it('400 INVALID_TOKEN for a missing token field', async () => {
    const res = await request(h.app).post('/context/auth/exchange').send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_TOKEN');
  });

  it('400 INVALID_TOKEN for a well-formed token that was never issued', async () => {
    const res = await exchange('ab'.repeat(64));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'INVALID_TOKEN', message: expect.any(String) });
  });

  it('400 TOKEN_USED the second time, and revokes the session issued from it', async () => {
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
    const first = await exchange(token);
    expect(first.status).toBe(200);
    const validBefore = await request(h.app).get('/context/auth/validate').set('authorization', `Bearer ${first.body.access_token}`);
    expect(validBefore.status).toBe(200);
    const second = await exchange(token);
    expect(second.status).toBe(400);
    expect(second.body).toEqual({ error: 'TOKEN_USED', message: expect.any(String) });
    const validAfter = await request(h.app).get('/context/auth/validate').set('authorization', `Bearer ${first.body.access_token}`);
    expect(validAfter.status).toBe(401);
    expect(validAfter.body.error).toBe('SESSION_INVALIDATED');
  });

  it('keeps the session on reuse when revocation is turned off', async () => {
    const app = h.makeApp({ settings: { revokeSessionOnTokenReuse: false } });
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
    const first = await request(app).post('/context/auth/exchange').send({ token });
    expect((await request(app).post('/context/auth/exchange').send({ token })).body.error).toBe('TOKEN_USED');
    const valid = await request(app).get('/context/auth/validate').set('authorization', `Bearer ${first.body.access_token}`);
    expect(valid.status).toBe(200);
  });

  it('accepts a token 59 s after issue and refuses it with TOKEN_EXPIRED at 60 s', async () => {
    const issuedAt = h.clock.now();
    const early = await seedExchangeToken(h.db, { now: issuedAt });
    const late = await seedExchangeToken(h.db, { now: issuedAt });
    h.clock.set(issuedAt + 59_000);
    expect((await exchange(early.token)).status).toBe(200);
    h.clock.set(issuedAt + 60_000);
    const res = await exchange(late.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'TOKEN_EXPIRED', message: expect.any(String) });
    // Still expired (not "used") when presented again.
    expect((await exchange(late.token)).body.error).toBe('TOKEN_EXPIRED');
    h.clock.set(issuedAt);
  });

  it('a used token presented again after its 60 s is still TOKEN_USED (the "used" row of the state table has no time condition)', async () => {
    const issuedAt = h.clock.now();
    const { token } = await seedExchangeToken(h.db, { now: issuedAt, email: 'late-replay@example.com' });
    h.clock.set(issuedAt + 10_000);
    const first = await exchange(token);
    expect(first.status).toBe(200);
    h.clock.set(issuedAt + 61_000);
    const again = await exchange(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'TOKEN_USED', message: expect.any(String) });
    // ...and the replay still revokes the session issued from it
    const v = await request(h.app).get('/context/auth/validate').set('authorization', `Bearer ${first.body.access_token}`);
    expect(v.body.error).toBe('SESSION_INVALIDATED');
    h.clock.set(issuedAt);
  });

  it('the upper-case spelling of an issued token is malformed (400 INVALID_TOKEN): it neither consumes nor revokes anything', async () => {
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email: 'upper@example.com' });
    const upper = await exchange(token.toUpperCase());
    expect(upper.status).toBe(400);
    expect(upper.body).toEqual({ error: 'INVALID_TOKEN', message: expect.any(String) });
    const ok = await exchange(token);
    expect(ok.status).toBe(200);
    const upperAgain = await exchange(token.toUpperCase());
    expect(upperAgain.body.error).toBe('INVALID_TOKEN');
    const v = await request(h.app).get('/context/auth/validate').set('authorization', `Bearer ${ok.body.access_token}`);
    expect(v.status).toBe(200);
  });

  it('50 concurrent exchanges of one token: exactly one 200, 49 TOKEN_USED, one session', async () => {
    const app = h.makeApp({ settings: { revokeSessionOnTokenReuse: false, rateLimits: { exchangePerMinute: 0 } } });
    const { token, userId } = await seedExchangeToken(h.db, { now: h.clock.now(), email: 'race@example.com' });
    const results = await Promise.all(Array.from({ length: 50 }, () => request(app).post('/context/auth/exchange').send({ token })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.error === 'TOKEN_USED')).toHaveLength(49);
    expect(await h.db.session.count({ where: { userId } })).toBe(1);
  });

  it('with revocation on (the default), a concurrent replay also ends the session the winner got', async () => {
    const app = h.makeApp({ settings: { rateLimits: { exchangePerMinute: 0 } } });
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email: 'race2@example.com' });
    const results = await Promise.all(Array.from({ length: 10 }, () => request(app).post('/context/auth/exchange').send({ token })));
    const winner = results.filter((r) => r.status === 200);
    expect(winner).toHaveLength(1);
    expect(results.filter((r) => r.body.error === 'TOKEN_USED')).toHaveLength(9);
    const v = await request(app).get('/context/auth/validate').set('authorization', `Bearer ${winner[0]!.body.access_token}`);
    expect(v.body.error).toBe('SESSION_INVALIDATED');
  });

  it('stores only the SHA-256 of exchange tokens: the raw value appears in no table', async () => {
    const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email: 'dump@example.com' });
    const unused = await seedExchangeToken(h.db, { now: h.clock.now(), email: 'dump2@example.com' });
    const res = await exchange(token);
    expect(res.status).toBe(200);
    const dump = await dumpAllTables(h.database.url);
    expect(dump).toContain('exchange_tokens');
    for (const raw of [token, unused.token]) {
      expect(dump).not.toContain(raw);
      expect(dump).not.toContain(raw.slice(0, 32));
    }
    expect(dump).not.toContain(res.body.access_token);
    expect(dump).not.toMatch(/"d":"/); // no private JWK in clear
  });
});
