/**
 * The account lifecycle over HTTP, with the security properties of each step:
 * email verification and password reset tokens (single use, expiring, hashed
 * at rest, same answer for unknown accounts, limited per address and per
 * account), reset ends every session, sessions listed and revoked, change of
 * password / email / profile, deletion (delete or anonymise, audited),
 * redirect targets refused off the app's origins, mail never logged.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Logger } from '@latchkey/service-kit';
import { DEFAULT_LIMITS } from '../src/domain/limits.js';
import { Browser, startSignin, testClock, type Harness, type LiveApp } from './helpers.js';

const ORIGIN = 'https://shop.example';
const PASSWORD = 'password-123';
const clock = testClock(Date.now());
let h: Harness;
let app: LiveApp;
const email = (n: string) => `${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

beforeAll(async () => {
  h = await startSignin({ now: clock.now });
  app = await h.liveApp({ origins: [ORIGIN] });
});
afterAll(() => h?.close());

async function signUp(name: string, headers: Record<string, string> = {}) {
  const addr = email(name);
  const b = new Browser(app.base, headers);
  const r = await b.post('/sign-up/email', { name, email: addr, password: PASSWORD });
  expect(r.status).toBe(200);
  return { b, addr, id: r.body.user.id as string };
}

describe('email verification', () => {
  it('mails a single-use link that verifies the address; the user and the JWT say so', async () => {
    const { b, addr } = await signUp('ver');
    expect((await b.get('/get-session')).body.user.emailVerified).toBe(false);
    const sent = await b.post('/send-verification-email', { email: addr, callbackURL: '/welcome' });
    expect(sent).toMatchObject({ status: 200, body: { status: true } });
    const [msg] = await h.mail(addr);
    expect(msg).toMatchObject({ kind: 'verify-email', from: 'Latchkey Test <no-reply@test.example>', subject: 'Verify your email address' });
    const link = new URL(msg!.link);
    expect(link.pathname).toBe(new URL(`${app.base}/verify-email`).pathname);
    expect(link.searchParams.get('callbackURL')).toBe(`${ORIGIN}/welcome`);

    // stored only as a hash
    const db = await h.appDb(app.appId);
    const rows = await db.query('SELECT token_hash, purpose, expires_at FROM latchkey_auth.verification');
    const token = tokenOf(msg!.link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    expect(rows.rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));

    const first = await fetch(msg!.link, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`${ORIGIN}/welcome`);
    const session = await b.get('/get-session');
    expect(session.body.user.emailVerified).toBe(true);
    const jwt = (await b.get('/token')).body.token as string;
    expect(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString())).toMatchObject({ email: addr, email_verified: true });

    // single use
    const again = await fetch(msg!.link, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(`${ORIGIN}/welcome?error=INVALID_TOKEN`);
    const json = await new Browser(app.base).get(`/verify-email?token=${token}`);
    expect(json).toMatchObject({ status: 401, body: { code: 'INVALID_TOKEN' } });
    expect((await b.post('/send-verification-email', { email: addr })).body.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('refuses an expired link (TOKEN_EXPIRED) and a link for another address of the session', async () => {
    const { b, addr } = await signUp('exp');
    await b.post('/send-verification-email', { email: addr });
    const [msg] = await h.mail(addr);
    clock.advance(3601_000);
    const r = await new Browser(app.base).get(`/verify-email?token=${tokenOf(msg!.link)}`);
    expect(r).toMatchObject({ status: 401, body: { code: 'TOKEN_EXPIRED' } });
    expect((await b.get('/get-session')).status).toBe(200);
    expect((await b.post('/send-verification-email', { email: 'someone-else@example.com' })).body.code).toBe('EMAIL_MISMATCH');
  });

  it('answers the same for unknown, unverified and verified addresses without a session', async () => {
    const { addr } = await signUp('same');
    const anon = new Browser(app.base);
    const known = await anon.post('/send-verification-email', { email: addr });
    const unknown = await anon.post('/send-verification-email', { email: email('nobody') });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await h.mail(addr)).toHaveLength(1);
  });

  it('with verification required: no session at sign-up, sign-in refused with EMAIL_NOT_VERIFIED until the link is opened', async () => {
    const strict = await h.liveApp({ origins: [ORIGIN] });
    expect((await h.admin('PUT', `/apps/${strict.appId}/auth/settings`, { requireEmailVerification: true })).status).toBe(200);
    const b = new Browser(strict.base);
    const addr = email('strict');
    const up = await b.post('/sign-up/email', { name: 'S', email: addr, password: PASSWORD });
    expect(up.body).toMatchObject({ token: null, user: { email: addr, emailVerified: false } });
    expect(b.cookies.size).toBe(0);
    const wrong = await b.post('/sign-in/email', { email: addr, password: 'wrong-password' });
    expect(wrong.body.code).toBe('INVALID_EMAIL_OR_PASSWORD'); // the password is checked first: nothing revealed
    const refused = await b.post('/sign-in/email', { email: addr, password: PASSWORD });
    expect(refused).toMatchObject({ status: 403, body: { code: 'EMAIL_NOT_VERIFIED' } });
    const mails = await h.mail(addr);
    expect(mails).toHaveLength(2); // at sign-up and at the refused sign-in; only the newest works
    expect((await new Browser(strict.base).get(`/verify-email?token=${tokenOf(mails[0]!.link)}`)).body.code).toBe('INVALID_TOKEN');
    expect((await new Browser(strict.base).get(`/verify-email?token=${tokenOf(mails[1]!.link)}`)).body).toEqual({ status: true, user: null });
    expect((await b.post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a link; reset-password sets the password once and ends every session', async () => {
    const { b: first, addr } = await signUp('reset');
    const second = new Browser(app.base);
    await second.post('/sign-in/email', { email: addr, password: PASSWORD });
    const anon = new Browser(app.base);
    const asked = await anon.post('/request-password-reset', { email: addr, redirectTo: `${ORIGIN}/reset` });
    expect(asked.body).toEqual({ status: true, message: 'If this email exists in our system, check your email for the reset link' });
    const [msg] = await h.mail(addr);
    expect(msg).toMatchObject({ kind: 'reset-password', subject: 'Reset your password' });
    const token = tokenOf(msg!.link);

    // the link checks the token and hands it to the app's page (better-auth's flow)
    const landing = await fetch(msg!.link, { redirect: 'manual' });
    expect(landing.headers.get('location')).toBe(`${ORIGIN}/reset?token=${token}`);

    expect((await anon.post('/reset-password', { token, newPassword: 'short' })).body.code).toBe('PASSWORD_TOO_SHORT');
    expect((await anon.post('/reset-password', { token, newPassword: 'x'.repeat(129) })).body.code).toBe('PASSWORD_TOO_LONG');
    expect((await anon.post('/reset-password', { token, newPassword: 'Password123' })).body).toMatchObject({ code: 'PASSWORD_COMPROMISED' });
    expect((await anon.post('/reset-password', { token, newPassword: 'qwertyuiop' })).body.code).toBe('PASSWORD_COMPROMISED');
    const done = await anon.post('/reset-password', { token, newPassword: 'a-new-long-password' });
    expect(done).toMatchObject({ status: 200, body: { status: true } });
    expect((await anon.post('/reset-password', { token, newPassword: 'another-new-password' })).body).toMatchObject({ code: 'INVALID_TOKEN' });

    expect((await first.get('/get-session')).body).toBeNull();
    expect((await second.get('/get-session')).body).toBeNull();
    expect((await anon.post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(401);
    expect((await anon.post('/sign-in/email', { email: addr, password: 'a-new-long-password' })).status).toBe(200);
    const landingAfter = await fetch(msg!.link, { redirect: 'manual' });
    expect(landingAfter.headers.get('location')).toBe(`${ORIGIN}/reset?error=INVALID_TOKEN`);
  });

  it('answers the same for an unknown address, sends it nothing, and refuses a guessed or expired token', async () => {
    const { addr } = await signUp('enum');
    const anon = new Browser(app.base);
    const unknownAddr = email('ghost');
    const known = await anon.post('/request-password-reset', { email: addr });
    const unknown = await anon.post('/request-password-reset', { email: unknownAddr });
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    expect(await h.mail(unknownAddr)).toHaveLength(0);
    expect((await anon.post('/reset-password', { token: 'A'.repeat(43), newPassword: 'a-new-long-password' })).body.code).toBe('INVALID_TOKEN');
    expect((await anon.post('/reset-password', { newPassword: 'a-new-long-password' })).body.code).toBe('INVALID_TOKEN');
    const [msg] = await h.mail(addr);
    clock.advance(3601_000);
    expect((await anon.post('/reset-password', { token: tokenOf(msg!.link), newPassword: 'a-new-long-password' })).body.code).toBe('INVALID_TOKEN');
    // the token was not used: the old password still works
    expect((await anon.post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(200);
  });

  it('uses a token once when two resets race', async () => {
    const { addr } = await signUp('race');
    await new Browser(app.base).post('/request-password-reset', { email: addr });
    const token = tokenOf((await h.mail(addr))[0]!.link);
    const results = await Promise.all(
      ['first-new-password', 'second-new-password', 'third-new-password'].map((p) => new Browser(app.base).post('/reset-password', { token, newPassword: p })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('without a redirectTo, the link opens a page that sets the password', async () => {
    const { addr } = await signUp('page');
    await new Browser(app.base).post('/request-password-reset', { email: addr });
    const [msg] = await h.mail(addr);
    const page = await fetch(msg!.link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'nonce-");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('id="f"');
    expect(html).not.toContain(tokenOf(msg!.link)); // read from the address bar by the page, then removed from it
    const bad = await (await fetch(`${app.base}/reset-password?token=nope`)).text();
    expect(bad).toContain('not valid any more');
  });

  it('is limited per address and per account (429 whether or not the account exists)', async () => {
    const limited = await startSignin({
      now: clock.now,
      limits: { ...DEFAULT_LIMITS, signInPerAddressPerMinute: 1000, mailPerAddressPerHour: 4, mailPerAccountPerHour: 2 },
    });
    try {
      const a = await limited.liveApp();
      const target = email('victim');
      const one = new Browser(a.base, { 'x-forwarded-for': '203.0.113.1' });
      expect((await one.post('/request-password-reset', { email: target })).status).toBe(200);
      expect((await one.post('/request-password-reset', { email: target })).status).toBe(200);
      const third = await one.post('/request-password-reset', { email: target });
      expect(third).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      // per account: another client address gets the same 429 for that address
      const other = new Browser(a.base, { 'x-forwarded-for': '203.0.113.2' });
      expect((await other.post('/send-verification-email', { email: target })).status).toBe(429);
      // per address: a fourth address from the first client is over its budget
      expect((await one.post('/request-password-reset', { email: email('x') })).status).toBe(200);
      expect((await one.post('/request-password-reset', { email: email('y') })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('lists the sessions with device and address, and revokes one, the others, or all', async () => {
    const { b: laptop, addr } = await signUp('sess', { 'user-agent': 'Laptop/1.0' });
    const phone = new Browser(app.base, { 'user-agent': 'Phone/2.0' });
    await phone.post('/sign-in/email', { email: addr, password: PASSWORD });
    const tablet = new Browser(app.base, { 'user-agent': 'Tablet/3.0' });
    await tablet.post('/sign-in/email', { email: addr, password: PASSWORD });
    const list = await laptop.get('/list-sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    expect(list.body.map((s: { userAgent: string }) => s.userAgent).sort()).toEqual(['Laptop/1.0', 'Phone/2.0', 'Tablet/3.0']);
    expect(list.body.every((s: { ipAddress: string }) => typeof s.ipAddress === 'string' && s.ipAddress.length > 0)).toBe(true);
    const mine = list.body.find((s: { current: boolean }) => s.current);
    expect(mine.userAgent).toBe('Laptop/1.0');
    const phoneRow = list.body.find((s: { userAgent: string }) => s.userAgent === 'Phone/2.0');
    expect(phoneRow.token).toBe(phoneRow.id); // never another session's bearer token

    // someone else cannot revoke this user's session
    const { b: stranger } = await signUp('stranger');
    expect((await stranger.post('/revoke-session', { token: phoneRow.id })).body).toEqual({ status: true });
    expect((await phone.get('/get-session')).body).not.toBeNull();

    expect((await laptop.post('/revoke-session', { token: phoneRow.token })).body).toEqual({ status: true });
    expect((await phone.get('/get-session')).body).toBeNull();
    expect((await laptop.post('/revoke-other-sessions')).body).toEqual({ status: true });
    expect((await tablet.get('/get-session')).body).toBeNull();
    expect((await laptop.get('/list-sessions')).body).toHaveLength(1);
    expect((await laptop.post('/revoke-sessions')).body).toEqual({ status: true });
    expect((await laptop.get('/get-session')).body).toBeNull();
    expect((await laptop.get('/list-sessions')).status).toBe(401);
    expect((await laptop.post('/revoke-session', {})).status).toBe(401);
  });

  it('validates revoke-session input', async () => {
    const { b } = await signUp('rv');
    expect((await b.post('/revoke-session', {})).body.code).toBe('VALIDATION_ERROR');
    expect((await b.post('/revoke-session', { token: 42 })).body.code).toBe('VALIDATION_ERROR');
    expect((await b.post('/revoke-session', '{not json', { 'content-type': 'application/json' })).status).toBe(400);
  });
});

describe('account changes', () => {
  it('change-password needs the current password and may end the other sessions', async () => {
    const { b, addr } = await signUp('cp');
    const other = new Browser(app.base);
    await other.post('/sign-in/email', { email: addr, password: PASSWORD });
    expect((await b.post('/change-password', { currentPassword: 'wrong-password', newPassword: 'brand-new-password' })).body.code).toBe('INVALID_PASSWORD');
    expect((await b.post('/change-password', { currentPassword: PASSWORD, newPassword: 'short' })).body.code).toBe('PASSWORD_TOO_SHORT');
    expect((await b.post('/change-password', { currentPassword: PASSWORD, newPassword: '11111111' })).body.code).toBe('PASSWORD_COMPROMISED');
    const kept = await b.post('/change-password', { currentPassword: PASSWORD, newPassword: 'brand-new-password' });
    expect(kept.body).toMatchObject({ token: null, user: { email: addr } });
    expect((await other.get('/get-session')).body).not.toBeNull();
    const ended = await b.post('/change-password', { currentPassword: 'brand-new-password', newPassword: 'newer-still-password', revokeOtherSessions: true });
    expect(ended.body.token).toEqual(expect.any(String));
    expect((await other.get('/get-session')).body).toBeNull();
    expect((await b.get('/get-session')).body.user.email).toBe(addr); // this client got a new session
    expect((await new Browser(app.base).post('/sign-in/email', { email: addr, password: 'newer-still-password' })).status).toBe(200);
  });

  it('update-user changes name and image only', async () => {
    const { b } = await signUp('uu');
    expect((await b.post('/update-user', { name: 'New Name', image: 'https://img.example/a.png' })).body).toEqual({ status: true });
    expect((await b.get('/get-session')).body.user).toMatchObject({ name: 'New Name', image: 'https://img.example/a.png' });
    expect((await b.post('/update-user', { email: 'x@example.com' })).body.code).toBe('EMAIL_CAN_NOT_BE_UPDATED');
    expect((await b.post('/update-user', { role: 'admin' })).body.code).toBe('FIELD_NOT_ALLOWED');
    expect((await b.post('/update-user', { emailVerified: true })).body.code).toBe('FIELD_NOT_ALLOWED');
    expect((await b.post('/update-user', {})).body.code).toBe('NO_FIELDS_TO_UPDATE');
    expect((await b.post('/update-user', { name: 5 })).body.code).toBe('VALIDATION_ERROR');
    expect((await b.post('/update-user', { image: 'javascript:alert(1)' })).body.code).toBe('VALIDATION_ERROR');
    expect((await b.get('/get-session')).body.user.role).toBeNull();
    expect((await new Browser(app.base).post('/update-user', { name: 'x' })).status).toBe(401);
  });

  it('change-email sends a link to the new address; the address changes, verified, when it is opened', async () => {
    const { b, addr } = await signUp('ce');
    const next = email('ce-new');
    expect((await b.post('/change-email', { newEmail: addr })).body.code).toBe('EMAIL_IS_THE_SAME');
    expect((await b.post('/change-email', { newEmail: next, callbackURL: `${ORIGIN}/settings` })).body).toEqual({ status: true });
    expect((await b.get('/get-session')).body.user.email).toBe(addr); // unchanged until verified
    const [msg] = await h.mail(next);
    expect(msg).toMatchObject({ kind: 'change-email', subject: 'Confirm your new email address' });
    const opened = await fetch(msg!.link, { redirect: 'manual' });
    expect(opened.headers.get('location')).toBe(`${ORIGIN}/settings`);
    expect((await b.get('/get-session')).body.user).toMatchObject({ email: next, emailVerified: true });
    // the old address is told, without a link
    const notice = (await h.mail(addr)).find((m) => m.kind === 'email-changed')!;
    expect(notice).toMatchObject({ subject: 'Your email address was changed', link: '' });
    expect(notice.text).toContain(`New address: ${next}`);
    expect(notice.text).not.toContain('http');
    // an address another account has: same answer, no mail
    const { addr: taken } = await signUp('taken');
    expect((await b.post('/change-email', { newEmail: taken })).body).toEqual({ status: true });
    expect(await h.mail(taken)).toHaveLength(0);
  });

  it('delete-user needs the password or a fresh session; removes the rows and audits it', async () => {
    const { b, addr, id } = await signUp('del');
    expect((await b.post('/delete-user', { password: 'wrong-password' })).body.code).toBe('INVALID_PASSWORD');
    clock.advance(24 * 3600_000 + 1000);
    expect((await b.post('/delete-user', {})).body.code).toBe('SESSION_EXPIRED');
    expect((await b.post('/delete-user', { password: PASSWORD })).body).toEqual({ success: true, message: 'User deleted' });
    expect((await b.get('/get-session')).body).toBeNull();
    const db = await h.appDb(app.appId);
    expect((await db.query('SELECT count(*)::int AS n FROM latchkey_auth."user" WHERE id = $1', [id])).rows[0].n).toBe(0);
    expect((await db.query('SELECT count(*)::int AS n FROM latchkey_auth.account WHERE user_id = $1', [id])).rows[0].n).toBe(0);
    expect((await new Browser(app.base).post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(401);
    const audit = (await h.admin('GET', `/apps/${app.appId}/audit`)).body.entries;
    expect(audit.at(-1)).toMatchObject({
      action: 'delete-user',
      subject: id,
      actor: `end-user:${id}`,
      details: { mode: 'delete', reauthenticated: 'password' },
    });
  });

  it('unlink-account needs a fresh session and keeps the last sign-in method', async () => {
    const { b, id } = await signUp('unl');
    const db = await h.appDb(app.appId);
    await db.query(`INSERT INTO latchkey_auth.account (id, user_id, provider_id, account_id) VALUES ('acc-' || $1, $1, 'dev', 'sub-' || $1)`, [id]);
    const accounts = (await b.get('/list-accounts')).body as Array<{ id: string; providerId: string; userId: string }>;
    expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'dev']);
    expect(accounts.every((a) => a.userId === id)).toBe(true);
    const { b: other } = await signUp('unl-other');
    expect((await other.post('/unlink-account', { accountId: `acc-${id}` })).body.code).toBe('ACCOUNT_NOT_FOUND'); // not theirs
    expect((await b.post('/unlink-account', {})).body.code).toBe('VALIDATION_ERROR');
    clock.advance(24 * 3600_000 + 1000);
    expect((await b.post('/unlink-account', { accountId: `acc-${id}` })).body).toMatchObject({ code: 'SESSION_NOT_FRESH' });
    const fresh = new Browser(app.base);
    await fresh.post('/sign-in/email', { email: (await b.get('/get-session')).body.user.email, password: PASSWORD });
    expect((await fresh.post('/unlink-account', { accountId: `acc-${id}` })).body).toEqual({ status: true });
    const credential = accounts.find((a) => a.providerId === 'credential')!;
    expect((await fresh.post('/unlink-account', { accountId: credential.id })).body.code).toBe('FAILED_TO_UNLINK_LAST_ACCOUNT');
  });

  it('delete-user anonymises the row when the app keeps it', async () => {
    const anon = await h.liveApp();
    await h.admin('PUT', `/apps/${anon.appId}/auth/settings`, { userDeletion: 'anonymise' });
    const b = new Browser(anon.base);
    const addr = email('anon');
    const id = (await b.post('/sign-up/email', { name: 'Real Name', email: addr, password: PASSWORD })).body.user.id;
    expect((await b.post('/delete-user', {})).body).toEqual({ success: true, message: 'User deleted' }); // fresh session
    const db = await h.appDb(anon.appId);
    const row = (await db.query('SELECT name, email, image, deleted_at FROM latchkey_auth."user" WHERE id = $1', [id])).rows[0];
    expect(row).toMatchObject({ name: 'Deleted user', email: `deleted+${id}@deleted.invalid`, image: null });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await db.query('SELECT count(*)::int AS n FROM latchkey_auth.account WHERE user_id = $1', [id])).rows[0].n).toBe(0);
    expect((await new Browser(anon.base).post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(401);
  });
});

describe('redirect targets', () => {
  const bad = [
    'javascript:alert(1)',
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    'data:text/html,x',
    `https://user:pw@shop.example/`,
    'https://shop.example.evil.example/',
  ];

  it.each(bad)('refuses %s with better-auth codes, before doing anything', async (target) => {
    const { b, addr } = await signUp('redir');
    const anon = new Browser(app.base);
    expect((await anon.post('/request-password-reset', { email: addr, redirectTo: target })).body.code).toBe('INVALID_REDIRECT_URL');
    expect((await b.post('/send-verification-email', { email: addr, callbackURL: target })).body.code).toBe('INVALID_CALLBACK_URL');
    expect((await anon.post('/sign-in/email', { email: addr, password: PASSWORD, callbackURL: target })).status).toBe(403);
    expect((await anon.get(`/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`)).body.code).toBe('INVALID_CALLBACK_URL');
    expect((await anon.get(`/reset-password?token=x&callbackURL=${encodeURIComponent(target)}`)).status).toBe(403);
    expect(await h.mail(addr)).toHaveLength(0);
  });

  it('accepts the app origin, the service origin and relative paths', async () => {
    const { b, addr } = await signUp('okredir');
    for (const target of [`${ORIGIN}/done`, '/done', `${new URL(app.base).origin}/x`]) {
      expect((await b.post('/send-verification-email', { email: addr, callbackURL: target })).status).toBe(200);
    }
  });
});

describe('logs', () => {
  it('never carry a token or a link', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const logged = await startSignin({ now: clock.now }, { logger: pino({ level: 'debug' }, sink) as unknown as Logger });
    try {
      const a = await logged.liveApp();
      const b = new Browser(a.base);
      const addr = email('log');
      await b.post('/sign-up/email', { name: 'L', email: addr, password: PASSWORD });
      await b.post('/request-password-reset', { email: addr });
      await b.post('/send-verification-email', { email: addr });
      const msgs = await logged.mail(addr);
      expect(msgs).toHaveLength(2);
      const text = lines.join('');
      expect(text).toContain('mail sent');
      expect(text).toContain('request-password-reset'); // the access log is there, and speaks of paths only
      for (const m of msgs) {
        expect(text).not.toContain(tokenOf(m.link));
        expect(text).not.toContain(m.link);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('schema upgrade', () => {
  it('upgrades an app database at version 1 to the current version, keeping its users', async () => {
    const old = await h.liveApp();
    const b = new Browser(old.base);
    const addr = email('old');
    await b.post('/sign-up/email', { name: 'Old', email: addr, password: PASSWORD });
    const db = await h.appDb(old.appId);
    // What an app database provisioned before version 2 looks like.
    await db.query(`DELETE FROM latchkey_auth.schema_version WHERE version = 2;
      DROP TABLE latchkey_auth.verification;
      ALTER TABLE latchkey_auth."user" DROP COLUMN deleted_at;
      ALTER TABLE latchkey_auth.account DROP COLUMN email;`);
    const doctor = (await h.admin('GET', `/apps/${old.appId}/doctor`)).body;
    expect(doctor.schema).toMatchObject({ installed: 1, expected: 2, current: false });
    expect(doctor.advice.join(' ')).toContain('re-run `latchkey host db auth provision');
    expect((await h.admin('POST', `/apps/${old.appId}/auth/deploy`)).body.code).toBe('SCHEMA_OUT_OF_DATE');
    const up = await h.admin('POST', `/apps/${old.appId}/auth/provision`);
    expect(up.body).toMatchObject({ schemaVersion: 2, applied: [2] });
    expect((await h.admin('GET', `/apps/${old.appId}/doctor`)).body.schema.current).toBe(true);
    expect((await new Browser(old.base).post('/sign-in/email', { email: addr, password: PASSWORD })).status).toBe(200);
    expect((await new Browser(old.base).post('/request-password-reset', { email: addr })).status).toBe(200);
    expect(await h.mail(addr)).toHaveLength(1);
  });
});
