import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { ADMIN_TOKEN, Browser, startSignin, type Harness, type LiveApp } from './helpers.js';

let h: Harness;
let app: LiveApp;

beforeAll(async () => {
  h = await startSignin();
  app = await h.liveApp();
});
afterAll(() => h?.close());

const email = (n: string) => `${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe("open redirect: callbackURL is checked against the app's trusted origins", () => {
  it.each([
    'javascript:alert(1)',
    'https://evil.example.net/',
    '//evil.example.net/x',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example.net@localhost/',
  ])('sign-in and sign-up refuse callbackURL %s with 4xx and never echo it', async (callbackURL) => {
    const addr = email('redir');
    const b = new Browser(app.base);
    const up = await b.post('/sign-up/email', { name: 'R', email: addr, password: 'password-123', callbackURL });
    const inn = await b.post('/sign-in/email', { email: addr, password: 'password-123', callbackURL });
    for (const res of [up, inn]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(JSON.stringify(res.body)).not.toContain(callbackURL);
    }
  });
});

describe('address', () => {
  it('is organisation-scoped and unguessable (>= 80 random bits)', () => {
    expect(app.signinUrl).toMatch(new RegExp(`^${h.url}/a/acme-[a-z2-7]{22}$`));
  });

  it('answers GET ok and 404s elsewhere, including /.well-known/jwks.json', async () => {
    const b = new Browser(app.base);
    expect(await b.get('/ok')).toMatchObject({ status: 200, body: { ok: true } });
    expect((await fetch(`${h.url}/.well-known/jwks.json`)).status).toBe(404);
    expect((await fetch(`${app.signinUrl}/.well-known/jwks.json`)).status).toBe(404);
    const unknown = await fetch(`${h.url}/a/acme-aaaaaaaaaaaaaaaaaaaaaa/api/auth/ok`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });
});

describe('sign-up, sign-in, session, token, sign-out', () => {
  it('runs the whole journey with cookies', async () => {
    const b = new Browser(app.base);
    const addr = email('ada');
    const up = await b.post('/sign-up/email', { name: 'Ada', email: addr, password: 'correct horse battery' });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({
      token: expect.any(String),
      user: expect.objectContaining({ id: expect.any(String), email: addr, name: 'Ada', emailVerified: false, twoFactorEnabled: false }),
    });
    const setCookie = up.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(new RegExp(`Path=${new URL(app.signinUrl).pathname}`));
    expect(setCookie).not.toMatch(/Secure/); // localhost only

    const session = await b.get('/get-session');
    expect(session.status).toBe(200);
    expect(session.body.user.email).toBe(addr);
    expect(session.body.session.userId).toBe(up.body.user.id);

    await b.post('/sign-out');
    expect((await b.get('/get-session')).body).toBeNull();
    expect((await b.get('/token')).status).toBe(401);

    const inn = await b.post('/sign-in/email', { email: addr.toUpperCase(), password: 'correct horse battery' });
    expect(inn.status).toBe(200);
    expect(inn.body).toMatchObject({ redirect: false, token: expect.any(String), user: { email: addr } });

    const tok = await b.get('/token');
    expect(tok.status).toBe(200);
    const jwks = createRemoteJWKSet(new URL(`${app.base}/jwks`));
    const { payload, protectedHeader } = await jwtVerify(tok.body.token, jwks, { issuer: app.signinUrl, audience: app.signinUrl });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({ sub: up.body.user.id, email: addr, role: 'authenticated', app_role: null });
    expect(payload.mfa_required).toBeUndefined();
    expect(payload.exp! - payload.iat!).toBe(900);
  });

  it('accepts the session as a Bearer token for non-browser clients', async () => {
    const addr = email('bearer');
    const up = await new Browser(app.base).post('/sign-up/email', { name: 'B', email: addr, password: 'password-123' });
    const client = new Browser(app.base, { authorization: `Bearer ${up.body.token}` });
    expect((await client.get('/get-session')).body.user.email).toBe(addr);
    const tok = await client.get('/token');
    expect(decodeJwt(tok.body.token).sub).toBe(up.body.user.id);
    // the signed form from set-auth-token works too
    const signed = up.headers.get('set-auth-token')!;
    expect((await new Browser(app.base, { authorization: `Bearer ${signed}` }).get('/get-session')).body.user.email).toBe(addr);
    await client.post('/sign-out');
    expect((await client.get('/get-session')).body).toBeNull();
  });

  it('stores users, sessions and hashes in the app database, never in the registry', async () => {
    const addr = email('where');
    await new Browser(app.base).post('/sign-up/email', { name: 'W', email: addr, password: 'password-123' });
    const db = await h.appDb(app.appId);
    const u = await db.query(`SELECT u.id, a.password FROM latchkey_auth."user" u JOIN latchkey_auth.account a ON a.user_id = u.id WHERE u.email = $1`, [addr]);
    expect(u.rows[0].password).toMatch(/^scrypt\$10\$8\$1\$/);
    const s = await db.query('SELECT token_hash FROM latchkey_auth.session WHERE user_id = $1', [u.rows[0].id]);
    expect(s.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    const tables = await h.prisma.$queryRaw<
      Array<{ table_name: string }>
    >`SELECT table_name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog','information_schema')`;
    expect(tables.map((t) => t.table_name).sort()).toEqual(['_prisma_migrations', 'apps', 'audit_log', 'auth_providers', 'signing_keys']);
  });
});

describe('errors: better-auth codes, 4xx never 500, nothing written', () => {
  it('refuses bad sign-up input', async () => {
    const b = new Browser(app.base);
    const cases: Array<[unknown, number, string]> = [
      [{ name: 'x', email: 'not-an-email', password: 'password-123' }, 400, 'INVALID_EMAIL'],
      [{ name: 'x', email: email('s'), password: 'short' }, 400, 'PASSWORD_TOO_SHORT'],
      [{ name: 'x', email: email('l'), password: 'x'.repeat(129) }, 400, 'PASSWORD_TOO_LONG'],
      [{ email: email('n'), password: 'password-123' }, 400, 'VALIDATION_ERROR'],
      [{ name: 1, email: email('n'), password: 'password-123' }, 400, 'VALIDATION_ERROR'],
      [[], 400, 'VALIDATION_ERROR'],
      ['{"name":', 400, 'INVALID_REQUEST'],
    ];
    for (const [body, status, code] of cases) {
      const r = await b.post('/sign-up/email', body);
      expect({ body, status: r.status, code: r.body.code }).toEqual({ body, status, code });
      expect(typeof r.body.message).toBe('string');
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    const db = await h.appDb(app.appId);
    const n = await db.query(`SELECT count(*)::int AS n FROM latchkey_auth."user" WHERE email LIKE 's-%' OR email LIKE 'l-%' OR email LIKE 'n-%'`);
    expect(n.rows[0].n).toBe(0);
  });

  it('a NUL character in sign-up name or email, or sign-in email: 400, nothing written (was the database error 500)', async () => {
    const b = new Browser(app.base);
    const tag = Math.random().toString(36).slice(2, 8);
    const cases: Array<[string, unknown]> = [
      ['/sign-up/email', { name: 'nu\u0000l', email: `nul-name-${tag}@example.com`, password: 'password-123' }],
      ['/sign-up/email', { name: 'x', email: `nul\u0000-${tag}@example.com`, password: 'password-123' }],
      ['/sign-in/email', { email: `nul\u0000-${tag}@example.com`, password: 'password-123' }],
    ];
    for (const [path, body] of cases) {
      const r = await b.post(path, body);
      expect({ path, status: r.status }).toEqual({ path, status: 400 });
      expect(typeof r.body.code).toBe('string');
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    const db = await h.appDb(app.appId);
    expect((await db.query(`SELECT count(*)::int AS n FROM latchkey_auth."user" WHERE email LIKE $1`, [`%${tag}%`])).rows[0].n).toBe(0);
  });

  it('a control character in a name (sign-up, update-user): 400 VALIDATION_ERROR, nothing written', async () => {
    const b = new Browser(app.base);
    const email = `ctl-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const bad = await b.post('/sign-up/email', { name: 'Ada\u001b[31m admin', email, password: 'password-123' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect((await b.post('/sign-up/email', { name: 'Ada Lovelace', email, password: 'password-123' })).status).toBe(200);
    const update = await b.post('/update-user', { name: 'line one\nline two' });
    expect(update.status).toBe(400);
    expect(update.body.code).toBe('VALIDATION_ERROR');
    expect((await b.get('/get-session')).body.user.name).toBe('Ada Lovelace');
  });

  it('a NUL or control character in the email of send-verification-email or request-password-reset: 400 INVALID_EMAIL (was 200 {status: true})', async () => {
    const b = new Browser(app.base);
    for (const path of ['/send-verification-email', '/request-password-reset']) {
      for (const addr of ['ada\u0000@example.com', 'ada@exam\u0007ple.com']) {
        const r = await b.post(path, { email: addr });
        expect({ path, status: r.status, code: r.body.code }).toEqual({ path, status: 400, code: 'INVALID_EMAIL' });
      }
    }
  });

  it('bad %-encoding in the app address: 400, not 500', async () => {
    const origin = new URL(app.base).origin;
    for (const path of ['/a/%E0%A4%A/api/auth/ok', `/admin/apps/%E0%A4%A/database`]) {
      const r = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect({ path, status: r.status }).toEqual({ path, status: 400 });
    }
  });

  it('refuses bodies that are not JSON or too large, with a 4xx', async () => {
    const form = await fetch(`${app.base}/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x&email=form%40example.com&password=password-123',
    });
    expect(form.status).toBe(400);
    expect((await form.json()).code).toBe('VALIDATION_ERROR');
    const huge = await new Browser(app.base).post('/sign-in/email', { email: 'a@b.co', password: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
    const db = await h.appDb(app.appId);
    expect((await db.query(`SELECT count(*)::int AS n FROM latchkey_auth."user" WHERE email = 'form@example.com'`)).rows[0].n).toBe(0);
  });

  it('refuses a second account with the same email (case-insensitive): 422', async () => {
    const b = new Browser(app.base);
    const addr = email('dup');
    expect((await b.post('/sign-up/email', { name: 'a', email: addr, password: 'password-123' })).status).toBe(200);
    const again = await b.post('/sign-up/email', { name: 'b', email: addr.toUpperCase(), password: 'password-456' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: expect.any(String) });
  });

  it('does not tell unknown emails from wrong passwords', async () => {
    const b = new Browser(app.base);
    const addr = email('enum');
    await b.post('/sign-up/email', { name: 'e', email: addr, password: 'password-123' });
    const wrong = await b.post('/sign-in/email', { email: addr, password: 'password-999' });
    const unknown = await b.post('/sign-in/email', { email: email('nobody'), password: 'password-999' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  });

  it('refuses bad sign-in input and unauthenticated session routes', async () => {
    const b = new Browser(app.base);
    expect((await b.post('/sign-in/email', { email: 'x' })).body.code).toBe('VALIDATION_ERROR');
    expect((await b.post('/sign-in/email', { email: 'x', password: 'y' })).body.code).toBe('INVALID_EMAIL');
    expect((await b.get('/token')).status).toBe(401);
    expect((await b.get('/get-session')).body).toBeNull();
    expect((await b.get('/token', { authorization: 'Bearer garbage' })).status).toBe(401);
    expect((await b.get('/token', { authorization: `Bearer ${'x'.repeat(5000)}` })).status).toBe(401);
    expect((await b.get('/token', { cookie: 'better-auth.session_token=forged.sig' })).status).toBe(401);
    expect((await b.post('/two-factor/enable', { password: 'x' })).status).toBe(401);
    expect((await b.post('/nope')).status).toBe(404);
    expect((await b.post('/sign-out')).status).toBe(200);
  });

  it('takes sessions only from the app they belong to', async () => {
    const other = await h.liveApp();
    const addr = email('cross');
    const up = await new Browser(app.base).post('/sign-up/email', { name: 'c', email: addr, password: 'password-123' });
    const elsewhere = new Browser(other.base, { authorization: `Bearer ${up.body.token}` });
    expect((await elsewhere.get('/get-session')).body).toBeNull();
    expect((await elsewhere.post('/sign-in/email', { email: addr, password: 'password-123' })).status).toBe(401);
  });
});

describe('brute force', () => {
  // One server with low limits; limits are per app, so each test takes an app of its own.
  let limited: Harness;
  beforeAll(async () => {
    limited = await startSignin({
      limits: { signInPerAddressPerMinute: 6, failedSignInsPerAccount: 3, accountLockSeconds: 600, failedCodesPerUser: 5, twoFactorPerAddressPerMinute: 100 },
    });
  });
  afterAll(() => limited?.close());

  it('locks an account after repeated failures: 429 with Retry-After', async () => {
    const a = await limited.liveApp();
    const b = new Browser(a.base);
    const addr = email('brute');
    await b.post('/sign-up/email', { name: 'b', email: addr, password: 'password-123' });
    for (let i = 0; i < 3; i++) expect((await b.post('/sign-in/email', { email: addr, password: `wrong-${i}-xx` })).status).toBe(401);
    const locked = await b.post('/sign-in/email', { email: addr, password: 'password-123' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.headers.get('x-retry-after')).toBe(locked.headers.get('retry-after'));
    expect(locked.body.code).toBe('TOO_MANY_REQUESTS');
  });

  it('limits attempts per address', async () => {
    const a = await limited.liveApp();
    const b = new Browser(a.base);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await b.post('/sign-in/email', { email: email(`ip${i}`), password: 'password-123' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('CORS', () => {
  it("allows the app's own origins with credentials and refuses others", async () => {
    const a = await h.liveApp({ origins: ['https://shop.example.com'] });
    const pre = await fetch(`${a.base}/sign-in/email`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    const ok = await new Browser(a.base, { origin: 'https://shop.example.com' }).get('/ok');
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    const evil = new Browser(a.base, { origin: 'https://evil.example.net' });
    const refused = await evil.post('/sign-up/email', { name: 'x', email: email('cors'), password: 'password-123' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('INVALID_ORIGIN');
    expect((await evil.get('/ok')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
