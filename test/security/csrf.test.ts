/**
 * CSRF: a page on another site makes the victim's browser POST to a
 * cookie-authenticated route (the browser attaches the cookie, and sends the
 * page's `Origin`). app-signin's session routes must refuse it (403
 * INVALID_ORIGIN) and change nothing; auth-central's token endpoints take no
 * session cookie at all, and refuse a foreign origin (403 CORS_REJECTED)
 * without touching the session. (Scoping token-endpoint CORS to the token's
 * own app is tested with that change, not here.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { createHarness, seedApp, seedExchangeToken, type Harness as AuthHarness } from '../../apps/auth-central/test/helpers.js';
import { fakeIdp } from '../../apps/auth-central/test/fake-idp.js';
import { Browser, startSignin, type Harness as SigninHarness, type LiveApp } from '../../apps/app-signin/test/helpers.js';
import { send } from './fuzz.js';

const APP_ORIGIN = 'https://shop.example.com';
/** Origins a cross-site page may have: another site, a look-alike, another port or scheme, a sandboxed frame, an IDN look-alike (as browsers send it, in punycode). */
const FOREIGN = [
  'https://evil.example',
  'https://shop.example.com.evil.example',
  'https://evil.shop.example.com',
  'http://shop.example.com',
  'https://shop.example.com:8443',
  'null',
  new URL('https://shоp.example.com').origin,
];

describe('CSRF on app-signin cookie-authenticated POSTs', () => {
  let h: SigninHarness;
  let app: LiveApp;
  let db: pg.Pool;
  let victim: Browser;
  beforeAll(async () => {
    h = await startSignin();
    app = await h.liveApp({ origins: [APP_ORIGIN] });
    db = await h.appDb(app.appId);
    victim = new Browser(app.base);
    const up = await victim.post('/sign-up/email', { name: 'Victim', email: 'csrf-victim@example.com', password: 'csrf-password-1' });
    expect(up.status).toBe(200);
    // A second session, so that "revoke other sessions" has something to end.
    expect((await new Browser(app.base).post('/sign-in/email', { email: 'csrf-victim@example.com', password: 'csrf-password-1' })).status).toBe(200);
  }, 60_000);
  afterAll(() => h?.close());

  const state = async () => ({
    user: (
      await db.query(
        `SELECT name, email, image, email_verified, two_factor_enabled, updated_at FROM latchkey_auth."user" WHERE email = 'csrf-victim@example.com'`,
      )
    ).rows,
    sessions: (await db.query('SELECT id, expires_at FROM latchkey_auth.session ORDER BY id')).rows,
    accounts: (await db.query('SELECT id, password FROM latchkey_auth.account ORDER BY id')).rows,
    twoFactor: (await db.query('SELECT count(*)::int AS n FROM latchkey_auth.two_factor')).rows,
    verification: (await db.query('SELECT count(*)::int AS n FROM latchkey_auth.verification')).rows,
  });

  /** Every state-changing route a cookie authenticates, with a body that would succeed from the app's own origin. */
  const ROUTES: Array<[string, Record<string, unknown>]> = [
    ['/sign-out', {}],
    ['/revoke-sessions', {}],
    ['/revoke-other-sessions', {}],
    ['/revoke-session', { token: 'x' }],
    ['/update-user', { name: 'Pwned' }],
    ['/change-password', { currentPassword: 'csrf-password-1', newPassword: 'csrf-password-2', revokeOtherSessions: true }],
    ['/change-email', { newEmail: 'attacker@evil.example' }],
    ['/delete-user', {}],
    ['/two-factor/enable', { password: 'csrf-password-1' }],
    ['/two-factor/disable', { password: 'csrf-password-1' }],
    ['/two-factor/generate-backup-codes', { password: 'csrf-password-1' }],
    ['/send-verification-email', { email: 'csrf-victim@example.com' }],
    ['/link-social', { provider: 'github' }],
    ['/unlink-account', { accountId: 'x' }],
  ];

  it.each(['application/json', 'text/plain', 'application/x-www-form-urlencoded'])(
    "a cross-site form or fetch (%s) with the victim's cookie is refused with 403 INVALID_ORIGIN and changes nothing",
    async (contentType) => {
      const before = await state();
      const cookie = [...victim.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const prefix = new URL(app.base).pathname;
      const failures: string[] = [];
      for (const origin of FOREIGN) {
        for (const [path, body] of ROUTES) {
          const payload =
            contentType === 'application/x-www-form-urlencoded' ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
          const res = await send(app.base, 'POST', `${prefix}${path}`, { headers: { cookie, origin }, contentType, body: payload });
          const code = res.text.includes('"INVALID_ORIGIN"');
          if (res.status !== 403 || !code) failures.push(`${origin} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
          if (res.headers['access-control-allow-origin'] !== undefined)
            failures.push(`${origin} ${path}: CORS header ${String(res.headers['access-control-allow-origin'])}`);
          if (res.headers['set-cookie'] !== undefined) failures.push(`${origin} ${path}: sets a cookie`);
        }
      }
      expect(failures).toEqual([]);
      expect(await state()).toEqual(before);
      // The victim's session still works from the app's own origin.
      expect((await victim.get('/get-session', { origin: APP_ORIGIN })).body?.user?.name).toBe('Victim');
    },
    60_000,
  );

  it("a foreign origin's preflight gets no CORS headers (its fetch cannot read answers or send credentials with JSON)", async () => {
    const prefix = new URL(app.base).pathname;
    for (const origin of FOREIGN) {
      const res = await send(app.base, 'OPTIONS', `${prefix}/update-user`, {
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('the session cookie is HttpOnly and SameSite (a cross-site subrequest does not carry it)', async () => {
    const res = await fetch(`${app.base}/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'csrf-victim@example.com', password: 'csrf-password-1' }),
    });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => /session_token=/.test(c));
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=(Lax|Strict)/i);
  });
});

describe('CSRF on auth-central refresh and logout', () => {
  let auth: AuthHarness;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    auth = await createHarness({ idp: fakeIdp() });
    await seedApp(auth.db, 'shop', ['shop.example.com']);
    server = createServer(auth.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await auth?.close();
  });

  it('a foreign origin posting refresh or logout (with the token, or only cookies) is refused with 403 CORS_REJECTED; the session stays valid', async () => {
    const { token } = await seedExchangeToken(auth.db, { now: auth.clock.now(), email: 'csrf-auth@example.com' });
    const ex = await send(base, 'POST', '/context/auth/exchange', { contentType: 'application/json', body: JSON.stringify({ token }) });
    expect(ex.status).toBe(200);
    const access = JSON.parse(ex.text).access_token as string;
    const failures: string[] = [];
    // auth-central's allow-list names domains, any port of a listed host is its owner's (README): :8443 is not foreign there.
    for (const origin of FOREIGN.filter((o) => o !== 'https://shop.example.com:8443')) {
      for (const path of ['/context/auth/refresh', '/context/auth/logout']) {
        for (const [contentType, body] of [
          ['application/json', JSON.stringify({ access_token: access })],
          ['text/plain', JSON.stringify({ access_token: access })],
          ['application/x-www-form-urlencoded', `access_token=${access}`],
          ['application/json', '{}'],
        ] as const) {
          const res = await send(base, 'POST', path, { headers: { origin, cookie: `latchkey_session=${access}; lk_login=x` }, contentType, body });
          if (res.status !== 403 || !res.text.includes('CORS_REJECTED'))
            failures.push(`${origin} ${path} ${contentType} → ${res.status} ${res.text.slice(0, 100)}`);
          if (res.headers['access-control-allow-origin'] !== undefined) failures.push(`${origin} ${path}: CORS header`);
        }
      }
    }
    expect(failures).toEqual([]);
    const validate = await fetch(`${base}/context/auth/validate`, { headers: { authorization: `Bearer ${access}` } });
    expect(validate.status).toBe(200);
    expect(await auth.db.session.count({ where: { invalidatedAt: { not: null } } })).toBe(0);
  }, 60_000);
});
