/**
 * Open-redirect corpus: every way of naming another site that a redirect
 * check can miss (javascript:, data:, protocol-relative, backslashes,
 * userinfo, look-alike and IDN hosts, percent-encoded and whitespace
 * variants), sent to auth-central's login `redirect_url` and to each
 * app-signin field that becomes a redirect (`callbackURL`, `redirectTo`,
 * `errorCallbackURL`, `newUserCallbackURL`). Each is refused with a 4xx, no
 * answer redirects to it, and no answer echoes it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthCentralSettings } from '../../apps/auth-central/src/app.js';
import { createHarness, seedApp, type Harness as AuthHarness } from '../../apps/auth-central/test/helpers.js';
import { fakeIdp } from '../../apps/auth-central/test/fake-idp.js';
import { Browser, startSignin, type Harness as SigninHarness, type LiveApp } from '../../apps/app-signin/test/helpers.js';
import { send } from './fuzz.js';

const APP_HOST = 'shop.example.com';
const APP_ORIGIN = `https://${APP_HOST}`;

/** Targets off the app's origins. Each names `evil.example` or is a look-alike of the app's host. */
const CORPUS: string[] = [
  // Script and data schemes.
  'javascript:alert(1)',
  'JavaScript:alert(document.domain)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'javascript://shop.example.com/%0aalert(1)',
  'javascript:https://shop.example.com/',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://shop.example.com/uuid',
  // Another host, protocol-relative and scheme-relative.
  'https://evil.example/',
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  'https:evil.example',
  'https:/evil.example',
  'https:///evil.example',
  'http://shop.example.com/',
  'ftp://shop.example.com/',
  // Backslashes (browsers read them as slashes in http(s) URLs).
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'https:\\\\evil.example',
  'https://shop.example.com\\@evil.example/',
  'https://evil.example\\.shop.example.com/',
  // Userinfo tricks.
  'https://shop.example.com@evil.example/',
  'https://shop.example.com:443@evil.example/',
  'https://shop.example.com:pass@evil.example/',
  'https://evil.example@shop.example.com/',
  'https://user:pass@shop.example.com/',
  'https://shop.example.com%40evil.example/',
  'https://shop.example.com%2F@evil.example/',
  'https://evil.example%2F@shop.example.com/',
  // Look-alike hosts.
  'https://shop.example.com.evil.example/',
  'https://evil.example/shop.example.com',
  'https://evil.example?shop.example.com',
  'https://evil.example#shop.example.com',
  'https://shop.example.com./',
  'https://shopexample.com/',
  'https://www.shop.example.com.evil.example/',
  // Unicode and IDN look-alikes (Cyrillic о and а, dotless ı, an ideographic full stop, a right-to-left mark).
  'https://shоp.example.com/',
  'https://shop.exаmple.com/',
  'https://shıp.example.com/',
  'https://xn--shp-hpd.example.com/',
  'https://shop.example.com\u3002evil.example/',
  'https://evil.example\u2044shop.example.com',
  'https://\u202eelpmaxe.live//',
  // Percent-encoded and whitespace variants.
  'https%3A%2F%2Fevil.example',
  '%2F%2Fevil.example',
  '%68ttps://evil.example',
  'https://evil.example%00.shop.example.com/',
  'https://shop.example.com%00.evil.example/',
  'https://evil.example%E3%80%82shop.example.com',
  ' //evil.example',
  '\t//evil.example',
  '/\t/evil.example',
  '\n//evil.example',
  'https://evil.example\n.shop.example.com/',
  '\u0000https://evil.example/',
  'https://evil.example\u0000/',
];

/** What an answer must never contain: the target as sent, its host, or a Location off the app's origins. */
function echoes(
  answer: { status: number; headers: Record<string, string | string[] | undefined>; text: string },
  target: string,
  allowed: string[],
): string | undefined {
  const location = answer.headers.location;
  if (location !== undefined) {
    let origin = '';
    try {
      origin = new URL(String(location)).origin;
    } catch {
      return `Location ${String(location)}`;
    }
    if (!allowed.includes(origin)) return `Location ${String(location)}`;
  }
  if (answer.text.includes(target.trim()) && target.trim().length > 3) return `body echoes the target: ${answer.text.slice(0, 200)}`;
  if (/evil\.example|xn--|sh[оı]p|exаmple/.test(answer.text)) return `body names the target's host: ${answer.text.slice(0, 200)}`;
  return undefined;
}

describe('open redirect: auth-central login redirect_url', () => {
  let auth: AuthHarness;
  let server: Server;
  let base: string;
  beforeAll(async () => {
    auth = await createHarness({ idp: fakeIdp() });
    await seedApp(auth.db, 'shop', [APP_HOST, 'localhost']);
    // The per-address login limit (120 a minute) is off: this test sends 2 × the corpus from one address.
    server = createServer(auth.makeApp({ idp: fakeIdp(), settings: { rateLimits: { loginPerMinute: 0 } } as AuthCentralSettings }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await auth?.close();
  });

  it('the corpus is refused on GET and POST login with 400 INVALID_REDIRECT_URL, no redirect, no echo, no login stored', async () => {
    const control = await send(base, 'GET', `/context/auth/login?app_id=shop&redirect_url=${encodeURIComponent(`${APP_ORIGIN}/after`)}`);
    expect(control.status).toBe(302); // to the identity provider: the check below is the redirect rule, not a broken login
    const logins = await auth.db.loginState.count();
    const failures: string[] = [];
    for (const target of CORPUS) {
      const get = await send(base, 'GET', `/context/auth/login?app_id=shop&redirect_url=${encodeURIComponent(target)}`);
      const post = await send(base, 'POST', '/context/auth/login', {
        contentType: 'application/json',
        body: JSON.stringify({ app_id: 'shop', redirect_url: target }),
      });
      for (const [method, res] of [
        ['GET', get],
        ['POST', post],
      ] as const) {
        let code: unknown;
        try {
          code = JSON.parse(res.text).error;
        } catch {
          code = undefined;
        }
        if (res.status !== 400 || code !== 'INVALID_REDIRECT_URL')
          failures.push(`${method} ${JSON.stringify(target)} → ${res.status} ${res.text.slice(0, 120)}`);
        const echo = echoes(res, target, []);
        if (echo) failures.push(`${method} ${JSON.stringify(target)}: ${echo}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await auth.db.loginState.count()).toBe(logins);
  }, 60_000);
});

describe('open redirect: app-signin callbackURL, redirectTo, errorCallbackURL, newUserCallbackURL', () => {
  let h: SigninHarness;
  let app: LiveApp;
  let browser: Browser;
  beforeAll(async () => {
    h = await startSignin();
    app = await h.liveApp({ origins: [APP_ORIGIN] });
    const saved = await h.admin('PUT', `/apps/${app.appId}/auth/providers/github`, {
      kind: 'github',
      clientId: 'shop',
      clientSecret: 'shop-secret-0123456789',
    });
    expect(saved.status).toBe(200);
    browser = new Browser(app.base);
    const up = await browser.post('/sign-up/email', { name: 'Redirect Target', email: 'redirect-target@example.com', password: 'redirect-password-1' });
    expect(up.status).toBe(200);
  }, 60_000);
  afterAll(() => h?.close());

  const allowed = () => [APP_ORIGIN, new URL(app.signinUrl).origin];

  /** [route, body for a target, needs the session] — every POST whose field becomes a redirect. */
  const posts: Array<[string, (t: string) => Record<string, unknown>, string]> = [
    ['/sign-in/email', (t) => ({ email: 'redirect-target@example.com', password: 'redirect-password-1', callbackURL: t }), 'INVALID_CALLBACK_URL'],
    ['/sign-up/email', (t) => ({ name: 'X', email: 'redirect-new@example.com', password: 'redirect-password-1', callbackURL: t }), 'INVALID_CALLBACK_URL'],
    ['/sign-in/social', (t) => ({ provider: 'github', callbackURL: t }), 'INVALID_CALLBACK_URL'],
    ['/sign-in/social', (t) => ({ provider: 'github', errorCallbackURL: t }), 'INVALID_ERROR_CALLBACK_URL'],
    ['/sign-in/social', (t) => ({ provider: 'github', newUserCallbackURL: t }), 'INVALID_NEW_USER_CALLBACK_URL'],
    ['/link-social', (t) => ({ provider: 'github', callbackURL: t }), 'INVALID_CALLBACK_URL'],
    ['/request-password-reset', (t) => ({ email: 'redirect-target@example.com', redirectTo: t }), 'INVALID_REDIRECT_URL'],
    ['/send-verification-email', (t) => ({ email: 'redirect-target@example.com', callbackURL: t }), 'INVALID_CALLBACK_URL'],
    ['/change-email', (t) => ({ newEmail: 'redirect-moved@example.com', callbackURL: t }), 'INVALID_CALLBACK_URL'],
    ['/delete-user', (t) => ({ password: 'redirect-password-1', callbackURL: t }), 'INVALID_CALLBACK_URL'],
  ];

  it("the corpus is refused on every POST with 403 and the field's code before anything happens: no redirect, no echo, no mail, no session", async () => {
    const db = await h.appDb(app.appId);
    const count = async () =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM latchkey_auth.session)::int AS s, (SELECT count(*) FROM latchkey_auth."user")::int AS u, (SELECT count(*) FROM latchkey_auth.verification)::int AS v`,
        )
      ).rows[0];
    const before = await count();
    const mails = (await h.mail('redirect-target@example.com')).length;
    const failures: string[] = [];
    const prefix = new URL(app.base).pathname;
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const target of CORPUS) {
      for (const [path, body, code] of posts) {
        const res = await send(app.base, 'POST', `${prefix}${path}`, {
          headers: { cookie, origin: APP_ORIGIN },
          contentType: 'application/json',
          body: JSON.stringify(body(target)),
        });
        let got: unknown;
        try {
          got = JSON.parse(res.text).code;
        } catch {
          got = undefined;
        }
        if (res.status !== 403 || got !== code) failures.push(`${path} ${JSON.stringify(body(target)).slice(0, 90)} → ${res.status} ${res.text.slice(0, 120)}`);
        const echo = echoes(res, target, allowed());
        if (echo) failures.push(`${path} ${JSON.stringify(target)}: ${echo}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await count()).toEqual(before);
    expect((await h.mail('redirect-target@example.com')).length).toBe(mails);
    expect((await browser.get('/get-session')).body?.user?.email).toBe('redirect-target@example.com');
  }, 90_000);

  it('the mailed links (GET verify-email, reset-password) never redirect to a callbackURL of the corpus', async () => {
    const failures: string[] = [];
    const prefix = new URL(app.base).pathname;
    for (const target of CORPUS) {
      for (const path of ['/verify-email', '/reset-password']) {
        const res = await send(app.base, 'GET', `${prefix}${path}?token=${'a'.repeat(32)}&callbackURL=${encodeURIComponent(target)}`);
        if (res.status < 400 || res.status >= 500) failures.push(`${path} ${JSON.stringify(target)} → ${res.status} ${String(res.headers.location ?? '')}`);
        const echo = echoes(res, target, allowed());
        if (echo) failures.push(`${path} ${JSON.stringify(target)}: ${echo}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
