/**
 * Fuzz pass over every public `/a/<app>/api/auth` route of app-signin: at
 * least 100 malformed requests per route (wrong types, huge strings, NUL and
 * invalid UTF-8, deep JSON, wrong content types, malformed JSON, empty and
 * oversized bodies, bad %-encoding in the path), anonymous and with a live
 * session. None may answer 5xx; the requests that are bad whatever the route
 * must change nothing in the app's database.
 */
import type pg from 'pg';
import { Browser, startSignin, type Harness, type LiveApp } from '../../apps/app-signin/test/helpers.js';
import { badPaths, fieldCases, fuzz, malformedBodies, send, type FuzzCase } from './fuzz.js';

let h: Harness;
let app: LiveApp;
let db: pg.Pool;
let cookie: string;
let userId: string;
const ORIGIN = 'https://shop.example.com';
/** Above the end-user routes' 64 kB JSON limit. */
const OVERSIZED = 100 * 1024;

beforeAll(async () => {
  h = await startSignin();
  app = await h.liveApp({ origins: [ORIGIN] });
  db = await h.appDb(app.appId);
  const b = new Browser(app.base);
  const up = await b.post('/sign-up/email', { name: 'Fuzz Target', email: 'fuzz-target@example.com', password: 'fuzz-password-123' });
  expect(up.status).toBe(200);
  userId = up.body.user.id;
  cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(() => h?.close());

/** Everything a request could write: row counts of each sign-in table, and the fuzzed user's row. */
async function state(): Promise<unknown> {
  const counts = await db.query(
    `SELECT (SELECT count(*) FROM latchkey_auth."user") AS users, (SELECT count(*) FROM latchkey_auth.session) AS sessions,
            (SELECT count(*) FROM latchkey_auth.account) AS accounts, (SELECT count(*) FROM latchkey_auth.two_factor) AS two_factor,
            (SELECT count(*) FROM latchkey_auth.verification) AS verification`,
  );
  const user = await db.query(`SELECT * FROM latchkey_auth."user" WHERE id = $1`, [userId]);
  const sessions = await db.query(`SELECT id, expires_at, updated_at FROM latchkey_auth.session WHERE user_id = $1 ORDER BY id`, [userId]);
  return { counts: counts.rows[0], user: user.rows[0], sessions: sessions.rows };
}

/**
 * Each POST route with a valid body, its required fields (whose wrong types
 * must be refused) and whether it needs a session. Routes that take no body
 * (`sign-out`, `revoke-sessions`…) get the body-level cases only.
 */
const POSTS: Array<{ path: string; base: Record<string, unknown>; required: string[]; optional?: string[]; session?: boolean; emptyOk?: boolean }> = [
  {
    path: '/sign-up/email',
    base: { name: 'New', email: 'fuzz-new@example.com', password: 'fuzz-password-123' },
    required: ['name', 'email', 'password'],
    optional: ['image', 'rememberMe', 'callbackURL'],
  },
  {
    path: '/sign-in/email',
    base: { email: 'fuzz-target@example.com', password: 'wrong-password-1' },
    required: ['email', 'password'],
    optional: ['rememberMe', 'callbackURL'],
  },
  {
    path: '/sign-in/social',
    base: { provider: 'nope' },
    required: ['provider'],
    optional: ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'disableRedirect', 'scopes', 'loginHint'],
  },
  { path: '/sign-out', base: {}, required: [], session: true, emptyOk: true },
  { path: '/two-factor/enable', base: { password: 'wrong-password-1' }, required: ['password'], optional: ['issuer'], session: true },
  { path: '/two-factor/verify-totp', base: { code: '000000' }, required: ['code'], optional: ['trustDevice'], session: true },
  { path: '/two-factor/verify-backup-code', base: { code: 'aaaaa-bbbbb' }, required: ['code'], optional: ['trustDevice'], session: true },
  { path: '/two-factor/generate-backup-codes', base: { password: 'wrong-password-1' }, required: ['password'], session: true },
  { path: '/two-factor/disable', base: { password: 'wrong-password-1' }, required: ['password'], session: true },
  { path: '/send-verification-email', base: { email: 'fuzz-unknown@example.com' }, required: ['email'], optional: ['callbackURL'] },
  { path: '/request-password-reset', base: { email: 'fuzz-unknown@example.com' }, required: ['email'], optional: ['redirectTo'] },
  { path: '/reset-password', base: { newPassword: 'fuzz-password-456', token: 'a'.repeat(32) }, required: ['newPassword', 'token'] },
  { path: '/revoke-session', base: { token: 'not-a-session' }, required: ['token'], session: true },
  { path: '/revoke-sessions', base: {}, required: [], session: true, emptyOk: true },
  { path: '/revoke-other-sessions', base: {}, required: [], session: true, emptyOk: true },
  {
    path: '/change-password',
    base: { currentPassword: 'wrong-password-1', newPassword: 'fuzz-password-456' },
    required: ['currentPassword', 'newPassword'],
    optional: ['revokeOtherSessions'],
    session: true,
  },
  { path: '/change-email', base: { newEmail: 'fuzz-target@example.com' }, required: ['newEmail'], optional: ['callbackURL'], session: true },
  { path: '/update-user', base: { name: 'Fuzz Target' }, required: ['name'], optional: ['image'], session: true },
  // A session younger than a day may delete its user without a password (README): an empty body is a valid request.
  { path: '/delete-user', base: { password: 'wrong-password-1' }, required: ['password'], optional: ['callbackURL'], session: true, emptyOk: true },
  {
    path: '/link-social',
    base: { provider: 'nope' },
    required: ['provider'],
    optional: ['callbackURL', 'errorCallbackURL', 'disableRedirect', 'scopes'],
    session: true,
  },
  { path: '/unlink-account', base: { accountId: 'not-an-account' }, required: ['accountId'], session: true },
  { path: '/callback/nope', base: { code: 'x', state: 'y' }, required: ['code', 'state'] },
];

/**
 * The cases of one route. A route that takes no body (`sign-out`,
 * `revoke-sessions`…) ignores a body that is not JSON, so for it only a body
 * sent as JSON that does not parse must be refused. Passwords are hashed,
 * never stored: a NUL in one is only a wrong password.
 */
const SECRETS = new Set(['password', 'newPassword', 'currentPassword']);
function casesFor(route: (typeof POSTS)[number]): FuzzCase[] {
  const body = malformedBodies(OVERSIZED).map((c) =>
    route.emptyOk && !(c.unparsable && c.contentType?.startsWith('application/json')) ? { ...c, kind: 'odd' as const } : c,
  );
  const required = fieldCases(route.base, route.required).map((c) =>
    SECRETS.has(c.field!) && typeof c.value === 'string' ? { ...c, kind: 'odd' as const } : c,
  );
  // Unknown and privileged fields, every value an attacker may try: the route may ignore them (kind odd).
  const extra = fieldCases(route.base, ['role', 'emailVerified', 'id', 'userId']).map((c) => ({ ...c, kind: 'odd' as const }));
  const optional = fieldCases(route.base, route.optional ?? []).map((c) => ({ ...c, kind: 'odd' as const }));
  // At least 100 per route, not many more (the suite runs on 2 cores).
  const all = [...body, ...required, ...optional, ...extra];
  return all.slice(0, Math.max(100, body.length + required.length));
}

/**
 * Sends every route its refused cases (each must be a 4xx; the provider
 * callback's form_post is always a 302 to its own GET) and checks that
 * nothing changed, then the odd ones (only: never a 5xx). The routes that end
 * the session go last.
 */
async function pass(withSession: boolean) {
  const rank = (r: (typeof POSTS)[number]) => ['/revoke-other-sessions', '/revoke-sessions', '/sign-out', '/delete-user'].indexOf(r.path);
  const routes = POSTS.filter((r) => !withSession || r.session).sort((a, b) => rank(a) - rank(b));
  const headers: Record<string, string> = withSession ? { cookie, origin: ORIGIN } : {};
  const prefix = new URL(app.base).pathname;
  const before = await state();
  const errors: string[] = [];
  const accepted: string[] = [];
  let sent = 0;
  for (const route of routes) {
    const cases = casesFor(route);
    expect(cases.length).toBeGreaterThanOrEqual(100);
    const r = await fuzz(
      app.base,
      'POST',
      `${prefix}${route.path}`,
      cases.filter((c) => c.kind === 'refused'),
      headers,
    );
    errors.push(...r.serverErrors);
    if (!route.path.startsWith('/callback/')) accepted.push(...r.accepted);
    sent += r.sent;
  }
  await h.signin.idle();
  expect(accepted).toEqual([]);
  expect(await state()).toEqual(before);
  for (const route of routes) {
    const r = await fuzz(
      app.base,
      'POST',
      `${prefix}${route.path}`,
      casesFor(route).filter((c) => c.kind === 'odd'),
      headers,
    );
    errors.push(...r.serverErrors);
    sent += r.sent;
  }
  expect(errors).toEqual([]);
  return sent;
}

describe('fuzz: malformed requests to every app-signin end-user route → 0 × 5xx, nothing written', () => {
  it('POST routes, anonymous: wrong types, NUL, invalid UTF-8, deep and malformed JSON, wrong content types, empty and oversized bodies', async () => {
    expect(await pass(false)).toBeGreaterThanOrEqual(100 * POSTS.length);
  }, 120_000);

  it('POST routes with a live session cookie: the same cases leave the user, sessions and second factor as they were', async () => {
    expect(await pass(true)).toBeGreaterThanOrEqual(100 * POSTS.filter((r) => r.session).length);
  }, 120_000);

  it('GET routes: malformed queries, cookies and Authorization headers', async () => {
    const prefix = new URL(app.base).pathname;
    const gets = ['/get-session', '/token', '/jwks', '/ok', '/verify-email', '/reset-password', '/list-sessions', '/list-accounts', '/callback/nope', '/error'];
    const queries = [
      '',
      '?token=%00',
      '?token=%E0%A4%A',
      `?token=${'a'.repeat(10_000)}`,
      '?token[]=x&token[]=y',
      '?token[a]=b',
      '?callbackURL=javascript:alert(1)&token=x',
      '?callbackURL=%2F%2Fevil.example&token=x',
      '?error=%00%ff',
      '?code=%E0%A4%A&state=%ZZ',
      '?%%%=%%%',
      '?state=' + '%41'.repeat(3000),
      '?a=\u00ff',
    ];
    const authHeaders: Array<Record<string, string>> = [
      {},
      { cookie: 'better-auth.session_token=%E0%A4%A' },
      { cookie: `better-auth.session_token=${'x'.repeat(4000)}` },
      { cookie: 'better-auth.session_token=a.b.c; better-auth.session_token=d' },
      { cookie: '__Secure-better-auth.session_token=\u00ff' },
      { authorization: 'Bearer %00' },
      { authorization: `Bearer ${'x'.repeat(8000)}` },
      { authorization: 'Bearer a.b.c' },
      { authorization: 'Basic Zm9vOmJhcg==' },
    ];
    const before = await state();
    const errors: string[] = [];
    for (const path of gets) {
      let sent = 0;
      for (const q of queries) {
        for (const hd of authHeaders) {
          const res = await send(app.base, 'GET', `${prefix}${path}${q}`, { headers: hd });
          sent++;
          if (res.status >= 500 || res.status === 0)
            errors.push(`GET ${path}${q.slice(0, 60)} ${JSON.stringify(hd).slice(0, 60)} → ${res.status} ${res.text.slice(0, 200)}`);
        }
      }
      expect(sent).toBeGreaterThanOrEqual(100);
    }
    expect(errors).toEqual([]);
    expect(await state()).toEqual(before);
  }, 120_000);

  it('bad %-encoding in the app address and in route parameters → 4xx', async () => {
    const slug = new URL(app.base).pathname.split('/')[2]!;
    const paths = [
      ...badPaths('/a').map((p) => `${p}/api/auth/ok`),
      ...badPaths(`/a/${slug}/api/auth`),
      ...badPaths(`/a/${slug}/api/auth/callback`),
      ...badPaths(`/a/${slug}/api/auth/sign-in`),
    ];
    const errors: string[] = [];
    for (const p of paths) {
      for (const method of ['GET', 'POST']) {
        const res = await send(app.base, method, p, method === 'POST' ? { contentType: 'application/json', body: '{}' } : {});
        // A provider callback for an unknown provider goes to the app's own error page (README, GET /callback/:id).
        const ownRedirect = res.status === 302 && String(res.headers.location).startsWith(app.signinUrl);
        if (!ownRedirect && (res.status < 400 || res.status >= 500)) errors.push(`${method} ${p.slice(0, 80)} → ${res.status}`);
      }
    }
    expect(errors).toEqual([]);
  });
});
