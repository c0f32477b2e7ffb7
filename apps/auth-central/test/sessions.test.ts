import request from 'supertest';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { ADMIN_TOKEN, PUBLIC_URL, createHarness, seedApp, seedExchangeToken, type Harness } from './helpers.js';

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await seedApp(h.db);
});
afterAll(() => h.close());

async function signIn(app = h.app, email = 'ada@example.com') {
  const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email });
  const res = await request(app).post('/context/auth/exchange').send({ token });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; expires_at: string; user: { id: string } };
}
const validate = (token: string, app = h.app) => request(app).get('/context/auth/validate').set('authorization', `Bearer ${token}`);
const refresh = (body: unknown, app = h.app) =>
  request(app)
    .post('/context/auth/refresh')
    .send(body as object);
const logout = (body: unknown, app = h.app) =>
  request(app)
    .post('/context/auth/logout')
    .send(body as object);

describe('GET /context/auth/validate', () => {
  it('returns the user and the workspace for a valid token', async () => {
    const s = await signIn();
    const res = await validate(s.access_token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { id: s.user.id, email: 'ada@example.com', name: 'Ada Lovelace', role: 'user' },
      workspace: { id: 'acme', name: 'Acme Inc', tier: 'pro' },
      app_id: 'shop',
    });
  });

  it.each([
    ['no header', undefined],
    ['another scheme', 'Basic abc'],
    ['Bearer without a token', 'Bearer '],
    ['no space', 'Bearerabc'],
    ['garbage', 'Bearer not.a.jwt'],
    ['two spaces after Bearer', 'Bearer  TOKEN'],
    ['a tab after Bearer', 'Bearer\tTOKEN'],
    ['the token without the scheme', 'TOKEN'],
    ['two tokens', 'Bearer TOKEN TOKEN'],
  ])('401 INVALID_TOKEN with %s', async (_n, header) => {
    const req = request(h.app).get('/context/auth/validate');
    // TOKEN stands for a valid access token: the refusal is about the header's form only.
    if (header !== undefined) req.set('authorization', header.includes('TOKEN') ? header.replaceAll('TOKEN', (await signIn()).access_token) : header);
    const res = await req;
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'INVALID_TOKEN', message: expect.any(String) });
  });

  it('accepts the Bearer scheme in any letter case (RFC 7235 §2.1)', async () => {
    const s = await signIn();
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const res = await request(h.app).get('/context/auth/validate').set('authorization', `${scheme} ${s.access_token}`);
      expect([scheme, res.status]).toEqual([scheme, 200]);
    }
  });

  it('401 INVALID_TOKEN for a token signed by someone else, or with a changed claim', async () => {
    const s = await signIn();
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ ...decodeJwt(s.access_token) })
      .setProtectedHeader({ alg: 'ES256', kid: decodeProtectedHeader(s.access_token).kid })
      .sign(privateKey);
    expect((await validate(forged)).body.error).toBe('INVALID_TOKEN');
    const [head, , sig] = s.access_token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(s.access_token), org_id: 'other' })).toString('base64url');
    const tampered = await validate(`${head}.${payload}.${sig}`);
    expect(tampered.status).toBe(401);
    expect(tampered.body.error).toBe('INVALID_TOKEN');
  });

  it('401 INVALID_TOKEN once the access token is one hour old', async () => {
    const start = h.clock.now();
    const s = await signIn();
    h.clock.set(start + 3600_000 - 1000);
    expect((await validate(s.access_token)).status).toBe(200);
    h.clock.set(start + 3600_000);
    const res = await validate(s.access_token);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
    h.clock.set(start);
  });

  it('401 INVALID_TOKEN for a token issued in the future (an instance whose clock ran ahead), beyond 60 s of skew', async () => {
    const start = h.clock.now();
    h.clock.set(start + 10 * 60_000);
    const ahead = await signIn();
    h.clock.set(start + 30_000);
    const slightlyAhead = await signIn();
    h.clock.set(start);
    const res = await validate(ahead.access_token);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
    expect((await validate(slightlyAhead.access_token)).status).toBe(200);
    // Once its issue time has come, it is an ordinary token.
    h.clock.set(start + 10 * 60_000);
    expect((await validate(ahead.access_token)).status).toBe(200);
    h.clock.set(start);
  });

  it('401 INVALID_TOKEN when the session does not exist', async () => {
    const s = await signIn();
    await h.db.session.delete({ where: { id: String(decodeJwt(s.access_token).sid) } });
    expect((await validate(s.access_token)).body.error).toBe('INVALID_TOKEN');
  });
});

describe('POST /context/auth/refresh', () => {
  it('returns a new one-hour token for the same session', async () => {
    const start = h.clock.now();
    const s = await signIn();
    h.clock.set(start + 50 * 60_000);
    const res = await refresh({ access_token: s.access_token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), expires_at: new Date(start + 110 * 60_000).toISOString() });
    expect(decodeJwt(res.body.access_token).sid).toBe(decodeJwt(s.access_token).sid);
    expect((await validate(res.body.access_token)).status).toBe(200);
    h.clock.set(start);
  });

  it.each([
    ['missing', {}],
    ['not a string', { access_token: 42 }],
    ['garbage', { access_token: 'abc' }],
  ])('401 INVALID_TOKEN when the token is %s', async (_n, body) => {
    const res = await refresh(body);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'INVALID_TOKEN', message: expect.any(String) });
  });

  it('refuses an expired (validly signed) token by default: 401 INVALID_TOKEN', async () => {
    const start = h.clock.now();
    const s = await signIn();
    h.clock.set(start + 3600_000 + 1000);
    const res = await refresh({ access_token: s.access_token });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
    h.clock.set(start);
  });

  it('accepts an expired token within REFRESH_GRACE_SECONDS when configured, not after', async () => {
    const app = h.makeApp({ settings: { refreshGraceSeconds: 600 } });
    const start = h.clock.now();
    const s = await signIn(app);
    h.clock.set(start + 3600_000 + 599_000);
    expect((await refresh({ access_token: s.access_token }, app)).status).toBe(200);
    h.clock.set(start + 3600_000 + 600_000);
    expect((await refresh({ access_token: s.access_token }, app)).body.error).toBe('INVALID_TOKEN');
    h.clock.set(start);
  });
});

describe('POST /context/auth/logout', () => {
  it('invalidates the session at once on every instance sharing the database', async () => {
    const a = h.app;
    const b = h.makeApp();
    const s = await signIn(a);
    const refreshed = (await refresh({ access_token: s.access_token }, b)).body.access_token as string;
    expect((await validate(s.access_token, b)).status).toBe(200);
    const out = await logout({ access_token: s.access_token }, a);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    for (const app of [a, b]) {
      for (const token of [s.access_token, refreshed]) {
        const v = await validate(token, app);
        expect(v.status).toBe(401);
        expect(v.body).toEqual({ error: 'SESSION_INVALIDATED', message: expect.any(String) });
        const r = await refresh({ access_token: token }, app);
        expect(r.status).toBe(401);
        expect(r.body.error).toBe('SESSION_INVALIDATED');
      }
    }
    // Idempotent.
    expect((await logout({ access_token: s.access_token }, b)).body).toEqual({ success: true });
  });

  it('an instance running its hot queries through Prisma (no pg pool) sees the same sessions and logouts', async () => {
    const a = h.app; // pg pool, prepared statements
    const b = h.makeApp({ pool: undefined });
    const s = await signIn(b);
    expect((await validate(s.access_token, a)).status).toBe(200);
    const v = await validate(s.access_token, b);
    expect(v.status).toBe(200);
    expect(v.body).toEqual((await validate(s.access_token, a)).body);
    expect((await logout({ access_token: s.access_token }, a)).status).toBe(200);
    expect((await validate(s.access_token, b)).body.error).toBe('SESSION_INVALIDATED');
    expect((await validate(s.access_token, a)).body.error).toBe('SESSION_INVALIDATED');
  });

  it('logs out with an expired but validly signed token', async () => {
    const start = h.clock.now();
    const s = await signIn();
    h.clock.set(start + 2 * 3600_000);
    expect((await logout({ access_token: s.access_token })).status).toBe(200);
    h.clock.set(start);
    expect((await validate(s.access_token)).body.error).toBe('SESSION_INVALIDATED');
  });

  it('401 INVALID_TOKEN for a missing or foreign token, and leaves other sessions alone', async () => {
    const s = await signIn();
    expect((await logout({})).status).toBe(401);
    const res = await logout({ access_token: 'x.y.z' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_TOKEN');
    expect((await validate(s.access_token)).status).toBe(200);
  });
});

describe('signing keys', () => {
  it('publishes the JWKS without private parts', async () => {
    const res = await request(h.app).get('/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.body.keys.length).toBeGreaterThanOrEqual(1);
    for (const k of res.body.keys) {
      expect(k).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) });
      expect(k.d).toBeUndefined();
    }
  });

  it('stores private keys encrypted', async () => {
    const rows = await h.db.signingKey.findMany();
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const r of rows) expect(r.privateJwkEncrypted).toMatch(/^v1\./);
  });

  it('rotation keeps old tokens valid, signs new ones with the new key, and other instances follow', async () => {
    const other = h.makeApp();
    const before = await signIn();
    const oldKid = decodeProtectedHeader(before.access_token).kid;
    expect((await validate(before.access_token, other)).status).toBe(200); // other instance loads the old ring now
    const rotated = await request(h.app).post('/admin/keys/rotate').set('authorization', `Bearer ${ADMIN_TOKEN}`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.kid).not.toBe(oldKid);
    const after = await signIn();
    expect(decodeProtectedHeader(after.access_token).kid).toBe(rotated.body.kid);
    expect((await validate(before.access_token)).status).toBe(200);
    expect((await validate(after.access_token)).status).toBe(200);
    // The other instance has not seen the new key yet: it reloads on the unknown kid.
    expect((await validate(after.access_token, other)).status).toBe(200);
    expect((await validate(before.access_token, other)).status).toBe(200);
    const jwks = await request(h.app).get('/.well-known/jwks.json');
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toEqual(expect.arrayContaining([oldKid, rotated.body.kid]));
    expect(decodeJwt(after.access_token).iss).toBe(PUBLIC_URL);
  });

  it('a retired key stops verifying once its tokens have all expired', async () => {
    const start = h.clock.now();
    const s = await signIn();
    await request(h.app).post('/admin/keys/rotate').set('authorization', `Bearer ${ADMIN_TOKEN}`).expect(201);
    h.clock.set(start + 2 * 3600_000);
    const jwks = await request(h.app).get('/.well-known/jwks.json');
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).not.toContain(decodeProtectedHeader(s.access_token).kid);
    h.clock.set(start);
  });
});
