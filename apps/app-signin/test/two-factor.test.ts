import { decodeJwt } from 'jose';
import { Browser, totpCode, secretOf, startSignin, testClock, type Harness, type LiveApp } from './helpers.js';

const clock = testClock();
let h: Harness;
let app: LiveApp;

beforeAll(async () => {
  h = await startSignin({ now: clock.now });
  app = await h.liveApp();
});
afterAll(() => h?.close());

const PASSWORD = 'password-123';
const email = (n: string) => `${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
/** Moves to the start of the next 30-second step, so each code is fresh. */
const nextStep = () => clock.set((Math.floor(clock.now() / 30_000) + 1) * 30_000 + 1000);

async function enrolled(name: string) {
  const b = new Browser(app.base);
  const addr = email(name);
  const up = await b.post('/sign-up/email', { name, email: addr, password: PASSWORD });
  const en = await b.post('/two-factor/enable', { password: PASSWORD });
  const secret = secretOf(en.body.totpURI);
  nextStep();
  const ok = await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) });
  expect(ok.status).toBe(200);
  return { b, addr, secret, userId: up.body.user.id as string, backupCodes: en.body.backupCodes as string[] };
}

describe('enrolment', () => {
  it('returns the otpauth URI, the secret, a QR code and 10 backup codes; on only after the first correct code', async () => {
    const b = new Browser(app.base);
    const addr = email('enrol');
    await b.post('/sign-up/email', { name: 'E', email: addr, password: PASSWORD });
    expect((await b.post('/two-factor/enable', { password: 'wrong-password' })).body).toEqual({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
    const en = await b.post('/two-factor/enable', { password: PASSWORD });
    expect(en.status).toBe(200);
    expect(en.body.method).toBe('totp');
    expect(en.body.totpURI).toMatch(/^otpauth:\/\/totp\//);
    const url = new URL(en.body.totpURI);
    expect(url.searchParams.get('secret')).toBe(en.body.secret);
    expect(url.searchParams.get('period') ?? '30').toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(addr);
    expect(en.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(en.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(en.body.backupCodes).toHaveLength(10);
    expect(new Set(en.body.backupCodes).size).toBe(10);

    // Not on yet: sign-in still gives a session directly.
    const other = new Browser(app.base);
    expect((await other.post('/sign-in/email', { email: addr, password: PASSWORD })).body.redirect).toBe(false);
    expect((await b.get('/get-session')).body.user.twoFactorEnabled).toBe(false);

    nextStep();
    expect((await b.post('/two-factor/verify-totp', { code: '000000' })).body.code).toBe('INVALID_CODE');
    const ok = await b.post('/two-factor/verify-totp', { code: totpCode(en.body.secret, clock.now()) });
    expect(ok.status).toBe(200);
    expect(ok.body.user.twoFactorEnabled).toBe(true);
    expect((await b.post('/two-factor/enable', { password: PASSWORD })).body.code).toBe('TOTP_ALREADY_ENABLED');

    // Secrets and codes are not stored in the clear.
    const db = await h.appDb(app.appId);
    const row = (await db.query('SELECT secret, backup_codes, backup_code_hashes FROM latchkey_auth.two_factor WHERE user_id = $1', [ok.body.user.id])).rows[0];
    expect(row.secret).not.toContain(en.body.secret);
    expect(row.secret).toMatch(/^v1\./);
    expect(row.backup_codes).toMatch(/^v1\./);
    for (const c of en.body.backupCodes) expect(row.backup_codes).not.toContain(c);
    expect(row.backup_code_hashes).toHaveLength(10);
    expect(row.backup_code_hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sign-in with two-factor', () => {
  it('answers twoFactorRedirect with no session, then verify-totp creates it', async () => {
    const { addr, secret, userId } = await enrolled('tf');
    const b = new Browser(app.base);
    const first = await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(b.cookies.has('better-auth.session_token')).toBe(false);
    expect(b.cookies.has('better-auth.two_factor')).toBe(true);
    expect((await b.get('/get-session')).body).toBeNull();
    expect((await b.get('/token')).status).toBe(401);
    const db = await h.appDb(app.appId);
    const before = (await db.query('SELECT count(*)::int AS n FROM latchkey_auth.session WHERE user_id = $1', [userId])).rows[0].n;

    nextStep();
    const v = await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) });
    expect(v.status).toBe(200);
    expect(v.body).toMatchObject({ token: expect.any(String), user: { id: userId, twoFactorEnabled: true } });
    expect(b.cookies.has('better-auth.two_factor')).toBe(false);
    expect((await db.query('SELECT count(*)::int AS n FROM latchkey_auth.session WHERE user_id = $1', [userId])).rows[0].n).toBe(before + 1);
    const tok = await b.get('/token');
    expect(decodeJwt(tok.body.token)).toMatchObject({ sub: userId, role: 'authenticated' });
  });

  it('never accepts a TOTP code twice (RFC 6238 5.2)', async () => {
    const { addr, secret } = await enrolled('replay');
    nextStep();
    const code = totpCode(secret, clock.now());
    const a = new Browser(app.base);
    await a.post('/sign-in/email', { email: addr, password: PASSWORD });
    expect((await a.post('/two-factor/verify-totp', { code })).status).toBe(200);
    const b = new Browser(app.base);
    await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    const replay = await b.post('/two-factor/verify-totp', { code });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_CODE');
    // the previous step's code is also spent (only later steps pass)
    clock.advance(30_000);
    expect((await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now() - 30_000) })).status).toBe(401);
    expect((await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) })).status).toBe(200);
  });

  it('accepts the previous step for clock skew, and not older ones', async () => {
    const { addr, secret } = await enrolled('skew');
    // enrolment used step S; now at S+3: S+1 is too old, S+2 is the previous step
    nextStep();
    nextStep();
    nextStep();
    const b = new Browser(app.base);
    await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    expect((await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now() - 60_000) })).status).toBe(401);
    expect((await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now() - 30_000) })).status).toBe(200);
  });

  it('uses each backup code once', async () => {
    const { addr, backupCodes } = await enrolled('backup');
    const a = new Browser(app.base);
    await a.post('/sign-in/email', { email: addr, password: PASSWORD });
    const used = await a.post('/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(used.status).toBe(200);
    expect(used.body.token).toEqual(expect.any(String));
    expect((await a.get('/get-session')).body.user.email).toBe(addr);
    const b = new Browser(app.base);
    await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    const again = await b.post('/two-factor/verify-backup-code', { code: backupCodes[0] });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('INVALID_BACKUP_CODE');
    expect((await b.post('/two-factor/verify-backup-code', { code: backupCodes[1]!.toUpperCase() })).status).toBe(200);
  });

  it('refuses verify-totp without a pending sign-in, with a forged or expired cookie, and a used challenge', async () => {
    const { addr, secret } = await enrolled('cookie');
    const none = new Browser(app.base);
    expect((await none.post('/two-factor/verify-totp', { code: '123456' })).body.code).toBe('INVALID_TWO_FACTOR_COOKIE');
    const forged = await none.post('/two-factor/verify-totp', { code: '123456' }, { cookie: 'better-auth.two_factor=eyJ1IjoieCJ9.forged' });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('INVALID_TWO_FACTOR_COOKIE');

    const b = new Browser(app.base);
    await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    const challenge = b.cookies.get('better-auth.two_factor')!;
    nextStep();
    expect((await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) })).status).toBe(200);
    // the same challenge cookie cannot start a second session
    nextStep();
    const reuse = await new Browser(app.base).post(
      '/two-factor/verify-totp',
      { code: totpCode(secret, clock.now()) },
      { cookie: `better-auth.two_factor=${challenge}` },
    );
    expect(reuse.body.code).toBe('INVALID_TWO_FACTOR_COOKIE');

    const late = new Browser(app.base);
    await late.post('/sign-in/email', { email: addr, password: PASSWORD });
    clock.advance(11 * 60_000);
    expect((await late.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) })).body.code).toBe('INVALID_TWO_FACTOR_COOKIE');
  });

  it('limits failed codes per user: 429 with Retry-After', async () => {
    const { addr, secret } = await enrolled('limit');
    const b = new Browser(app.base);
    await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    for (let i = 0; i < 5; i++) expect((await b.post('/two-factor/verify-totp', { code: '000000' })).status).toBe(401);
    nextStep();
    const locked = await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(locked.headers.get('x-retry-after')).toMatch(/^\d+$/);
  });

  it('trusts a device when asked, until two-factor is re-enrolled', async () => {
    const { addr, secret } = await enrolled('trust');
    const b = new Browser(app.base);
    await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    nextStep();
    await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()), trustDevice: true });
    expect(b.cookies.has('better-auth.trust_device')).toBe(true);
    await b.post('/sign-out');
    const again = await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    expect(again.body.redirect).toBe(false);
    expect(again.body.token).toEqual(expect.any(String));
    // re-enrolment makes the old trust worthless
    await b.post('/two-factor/disable', { password: PASSWORD });
    const en = await b.post('/two-factor/enable', { password: PASSWORD });
    nextStep();
    expect((await b.post('/two-factor/verify-totp', { code: totpCode(secretOf(en.body.totpURI), clock.now()) })).status).toBe(200);
    await b.post('/sign-out');
    expect((await b.post('/sign-in/email', { email: addr, password: PASSWORD })).body.twoFactorRedirect).toBe(true);
  });
});

describe('backup codes and disable', () => {
  it('generate-backup-codes replaces the codes; disable turns two-factor off', async () => {
    const { b, addr, backupCodes } = await enrolled('regen');
    expect((await b.post('/two-factor/generate-backup-codes', { password: 'nope-nope' })).body.code).toBe('INVALID_PASSWORD');
    const gen = await b.post('/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(gen.status).toBe(200);
    expect(gen.body.status).toBe(true);
    expect(gen.body.backupCodes).toHaveLength(10);
    const c = new Browser(app.base);
    await c.post('/sign-in/email', { email: addr, password: PASSWORD });
    expect((await c.post('/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(401);
    expect((await c.post('/two-factor/verify-backup-code', { code: gen.body.backupCodes[0] })).status).toBe(200);

    expect((await b.post('/two-factor/disable', { password: 'nope-nope' })).body.code).toBe('INVALID_PASSWORD');
    expect((await b.post('/two-factor/disable', { password: PASSWORD })).body).toEqual({ status: true });
    const d = new Browser(app.base);
    expect((await d.post('/sign-in/email', { email: addr, password: PASSWORD })).body.redirect).toBe(false);
    expect((await b.post('/two-factor/generate-backup-codes', { password: PASSWORD })).body.code).toBe('TWO_FACTOR_NOT_ENABLED');
  });

  it('refuses bad two-factor input with 4xx and clear bodies', async () => {
    const b = new Browser(app.base);
    await b.post('/sign-up/email', { name: 'bad', email: email('bad'), password: PASSWORD });
    for (const [path, body] of [
      ['/two-factor/enable', {}],
      ['/two-factor/enable', { password: 12 }],
      ['/two-factor/verify-totp', {}],
      ['/two-factor/verify-totp', { code: 123456 }],
      ['/two-factor/verify-backup-code', { code: ['a'] }],
      ['/two-factor/generate-backup-codes', {}],
      ['/two-factor/disable', { password: null }],
    ] as const) {
      const r = await b.post(path, body);
      expect({ path, status: r.status, code: r.body.code }).toEqual({ path, status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await b.post('/two-factor/verify-totp', { code: '123456' })).body.code).toBe('TOTP_NOT_ENABLED');
    expect((await b.post('/two-factor/verify-backup-code', { code: 'aaaaa-bbbbb' })).body.code).toBe('TOTP_NOT_ENABLED');
  });
});

describe('disable signs everyone out, including sign-ins waiting for their second factor', () => {
  it('a two-factor sign-in started before disable cannot be finished after the next deploy', async () => {
    const own = await h.liveApp();
    const b = new Browser(own.base);
    const addr = email('off');
    await b.post('/sign-up/email', { name: 'Off', email: addr, password: PASSWORD });
    const en = await b.post('/two-factor/enable', { password: PASSWORD });
    const secret = secretOf(en.body.totpURI);
    nextStep();
    expect((await b.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) })).status).toBe(200);

    const pending = new Browser(own.base);
    expect((await pending.post('/sign-in/email', { email: addr, password: PASSWORD })).body.twoFactorRedirect).toBe(true);
    expect((await h.admin('POST', `/apps/${own.appId}/auth/disable`, { confirm: true })).status).toBe(200);
    expect((await h.admin('POST', `/apps/${own.appId}/auth/deploy`)).status).toBe(200);

    nextStep();
    const late = await pending.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) });
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('INVALID_TWO_FACTOR_COOKIE');
    expect((await pending.get('/get-session')).body).toBeNull();

    // a sign-in started after the deploy works
    const fresh = new Browser(own.base);
    expect((await fresh.post('/sign-in/email', { email: addr, password: PASSWORD })).body.twoFactorRedirect).toBe(true);
    nextStep();
    expect((await fresh.post('/two-factor/verify-totp', { code: totpCode(secret, clock.now()) })).status).toBe(200);
  });
});
