/**
 * better-auth's own client (`better-auth/client` + `twoFactorClient`),
 * unmodified, through the whole account lifecycle against app-signin:
 * verification, password reset, sessions, account changes, deletion, and
 * social sign-in with the dev IdP acting as the app's OpenID provider
 * (account creation, linking by verified email, refusal of an unverified one,
 * two-factor after a provider sign-in).
 */
import { createAuthClient } from 'better-auth/client';
import { twoFactorClient } from 'better-auth/client/plugins';
import { DEMO_USER, signInWithPassword, startDevIdp, type DevIdp } from '@latchkey/dev-idp';
import { Browser, secretOf, startSignin, testClock, totpCode, type Harness, type LiveApp } from './helpers.js';

const ORIGIN = 'https://shop.example';
const clock = testClock(Date.now());
let h: Harness;
let app: LiveApp;
let idp: DevIdp;
const UNVERIFIED = { email: 'unverified@latchkey.dev', password: 'unverified-password', name: 'Una Verified', emailVerified: false };
const LINKER = { email: 'linker@latchkey.dev', password: 'linker-password', name: 'Lin Ker' };
const TWOFA = { email: 'twofa@latchkey.dev', password: 'twofa-password', name: 'Two Fa' };
const LINK2 = { email: 'link2@latchkey.dev', password: 'link2-password', name: 'Link Two' };

beforeAll(async () => {
  h = await startSignin({ now: clock.now });
  app = await h.liveApp({ origins: [ORIGIN] });
  idp = await startDevIdp({
    clients: [{ client_id: 'shop', client_secret: 'shop-secret-0123456789', redirect_uris: [`${app.base}/callback/dev`] }],
    users: [DEMO_USER, UNVERIFIED, LINKER, TWOFA, LINK2],
  });
  const saved = await h.admin('PUT', `/apps/${app.appId}/auth/providers/dev`, {
    kind: 'oidc',
    clientId: 'shop',
    clientSecret: 'shop-secret-0123456789',
    issuer: idp.issuer,
  });
  expect(saved.status).toBe(200);
  expect(saved.body.redirectUri).toBe(`${app.base}/callback/dev`);
  expect(JSON.stringify(saved.body)).not.toContain('shop-secret');
});
afterAll(async () => {
  await h?.close();
  await idp?.stop();
});

/** fetch with a cookie jar, as a browser keeps the HttpOnly cookies. */
function cookieFetch() {
  const jar = new Map<string, string>();
  const impl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return { jar, impl };
}

function newClient(headers: Record<string, string> = {}) {
  const { jar, impl } = cookieFetch();
  const client = createAuthClient({
    baseURL: app.base,
    plugins: [twoFactorClient()],
    fetchOptions: { customFetchImpl: impl as typeof fetch, headers },
  });
  return { client, jar, impl };
}

const email = (n: string) => `${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

it('verifies the email address, resets the password and manages sessions through the client', async () => {
  const laptop = newClient({ 'user-agent': 'Laptop' });
  const addr = email('ba');
  expect((await laptop.client.signUp.email({ name: 'BA', email: addr, password: 'password-123' })).error).toBeNull();

  const sent = await laptop.client.sendVerificationEmail({ email: addr, callbackURL: `${ORIGIN}/verified` });
  expect(sent).toMatchObject({ data: { status: true }, error: null });
  const [verifyMail] = await h.mail(addr);
  const verified = await laptop.client.verifyEmail({ query: { token: tokenOf(verifyMail!.link) } });
  expect(verified).toMatchObject({ data: { status: true }, error: null });
  expect((await laptop.client.getSession()).data?.user.emailVerified).toBe(true);
  const reused = await laptop.client.verifyEmail({ query: { token: tokenOf(verifyMail!.link) } });
  expect(reused.error).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });

  const phone = newClient({ 'user-agent': 'Phone' });
  expect((await phone.client.signIn.email({ email: addr, password: 'password-123' })).error).toBeNull();
  const sessions = await laptop.client.listSessions();
  expect(sessions.error).toBeNull();
  expect(sessions.data!.map((s) => s.userAgent).sort()).toEqual(['Laptop', 'Phone']);
  const phoneSession = sessions.data!.find((s) => s.userAgent === 'Phone')!;
  expect((await laptop.client.revokeSession({ token: phoneSession.token })).data).toEqual({ status: true });
  expect((await phone.client.getSession()).data).toBeNull();
  await phone.client.signIn.email({ email: addr, password: 'password-123' });
  expect((await laptop.client.revokeOtherSessions()).data).toEqual({ status: true });
  expect((await phone.client.getSession()).data).toBeNull();

  const stranger = newClient();
  const asked = await stranger.client.requestPasswordReset({ email: addr, redirectTo: `${ORIGIN}/reset` });
  expect(asked.data).toEqual({ status: true, message: 'If this email exists in our system, check your email for the reset link' });
  const unknown = await stranger.client.requestPasswordReset({ email: email('nobody'), redirectTo: `${ORIGIN}/reset` });
  expect(unknown.data).toEqual(asked.data);
  const resetMail = (await h.mail(addr)).find((m) => m.kind === 'reset-password')!;
  const compromised = await stranger.client.resetPassword({ newPassword: 'password1', token: tokenOf(resetMail.link) });
  expect(compromised.error).toMatchObject({ status: 400, code: 'PASSWORD_COMPROMISED' });
  const reset = await stranger.client.resetPassword({ newPassword: 'reset-password-456', token: tokenOf(resetMail.link) });
  expect(reset).toMatchObject({ data: { status: true }, error: null });
  expect((await laptop.client.getSession()).data).toBeNull(); // every session ended
  const again = await stranger.client.resetPassword({ newPassword: 'reset-password-789', token: tokenOf(resetMail.link) });
  expect(again.error).toMatchObject({ status: 400, code: 'INVALID_TOKEN' });
  expect((await laptop.client.signIn.email({ email: addr, password: 'reset-password-456' })).error).toBeNull();
  expect((await laptop.client.revokeSessions()).data).toEqual({ status: true });
  expect((await laptop.client.getSession()).data).toBeNull();
});

it('changes password, profile and email, then deletes the account, through the client', async () => {
  const { client } = newClient();
  const addr = email('acct');
  await client.signUp.email({ name: 'Acct', email: addr, password: 'password-123' });
  const wrong = await client.changePassword({ currentPassword: 'not-the-password', newPassword: 'changed-password-1' });
  expect(wrong.error).toMatchObject({ status: 400, code: 'INVALID_PASSWORD' });
  const changed = await client.changePassword({ currentPassword: 'password-123', newPassword: 'changed-password-1', revokeOtherSessions: true });
  expect(changed.error).toBeNull();
  expect(changed.data).toMatchObject({ token: expect.any(String), user: { email: addr } });
  expect((await client.getSession()).data?.user.email).toBe(addr);

  expect((await client.updateUser({ name: 'Renamed', image: 'https://img.example/me.png' })).data).toEqual({ status: true });
  expect((await client.getSession()).data?.user).toMatchObject({ name: 'Renamed', image: 'https://img.example/me.png' });

  const next = email('acct-new');
  expect((await client.changeEmail({ newEmail: next, callbackURL: `${ORIGIN}/settings` })).data).toEqual({ status: true });
  const [mail] = await h.mail(next);
  expect((await client.verifyEmail({ query: { token: tokenOf(mail!.link) } })).data).toMatchObject({ status: true });
  expect((await client.getSession()).data?.user).toMatchObject({ email: next, emailVerified: true });

  const bad = await client.deleteUser({ password: 'not-the-password' });
  expect(bad.error).toMatchObject({ status: 400, code: 'INVALID_PASSWORD' });
  const deleted = await client.deleteUser({ password: 'changed-password-1' });
  expect(deleted.data).toEqual({ success: true, message: 'User deleted' });
  expect((await client.getSession()).data).toBeNull();
  expect((await client.signIn.email({ email: next, password: 'changed-password-1' })).error).toMatchObject({ status: 401 });
});

/** Follows a provider sign-in: the client's sign-in/social, the IdP's page, and the callback (in the client's cookie jar). */
async function socialSignIn(
  c: ReturnType<typeof newClient>,
  user: { email: string; password: string },
  opts: { callbackURL?: string; newUserCallbackURL?: string } = {},
) {
  const started = await c.client.signIn.social({
    provider: 'dev' as 'google',
    callbackURL: opts.callbackURL ?? `${ORIGIN}/home`,
    newUserCallbackURL: opts.newUserCallbackURL,
    disableRedirect: true,
  });
  expect(started.error).toBeNull();
  const url = new URL(started.data!.url!);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const callback = await signInWithPassword(url.href, user);
  expect(callback.startsWith(`${app.base}/callback/dev?`)).toBe(true);
  const res = await c.impl(callback, { redirect: 'manual' });
  return { callback, status: res.status, location: res.headers.get('location') ?? '' };
}

it('signs in with the dev IdP: creates the user, then signs the same user in again', async () => {
  const c = newClient();
  const first = await socialSignIn(c, DEMO_USER, { newUserCallbackURL: `${ORIGIN}/welcome` });
  expect(first).toMatchObject({ status: 302, location: `${ORIGIN}/welcome` });
  const session = await c.client.getSession();
  expect(session.data?.user).toMatchObject({ email: DEMO_USER.email, name: DEMO_USER.name, emailVerified: true });
  // the callback works once
  const replay = await c.impl(first.callback, { redirect: 'manual' });
  expect(replay.headers.get('location')).toContain('error=state_mismatch');

  const again = newClient();
  const second = await socialSignIn(again, DEMO_USER, { newUserCallbackURL: `${ORIGIN}/welcome` });
  expect(second.location).toBe(`${ORIGIN}/home`);
  expect((await again.client.getSession()).data?.user.id).toBe(session.data!.user.id);
});

it('links a provider to an existing account only when both addresses are verified', async () => {
  // an unverified local account with the provider's address: not linked (pre-registration takeover)
  const local = newClient();
  await local.client.signUp.email({ name: 'Local', email: LINKER.email, password: 'password-123' });
  const refused = await socialSignIn(newClient(), LINKER, { callbackURL: `${ORIGIN}/home` });
  expect(refused.location).toBe(`${app.base}/error?error=account_not_linked`);
  // once the local address is verified, the provider's verified address links
  await local.client.sendVerificationEmail({ email: LINKER.email });
  const [mail] = await h.mail(LINKER.email);
  await local.client.verifyEmail({ query: { token: tokenOf(mail!.link) } });
  const linked = newClient();
  expect((await socialSignIn(linked, LINKER)).location).toBe(`${ORIGIN}/home`);
  expect((await linked.client.getSession()).data?.user.id).toBe((await local.client.getSession()).data?.user.id);

  // the provider says the address is NOT verified: never linked to the existing (verified) account
  const owner = newClient();
  await owner.client.signUp.email({ name: 'Owner', email: UNVERIFIED.email, password: 'password-123' });
  await owner.client.sendVerificationEmail({ email: UNVERIFIED.email });
  await owner.client.verifyEmail({ query: { token: tokenOf((await h.mail(UNVERIFIED.email))[0]!.link) } });
  const attacker = newClient();
  const r = await socialSignIn(attacker, UNVERIFIED, { callbackURL: `${ORIGIN}/home` });
  expect(r.location).toBe(`${app.base}/error?error=account_not_linked`);
  expect((await attacker.client.getSession()).data).toBeNull();
  const errorPage = await fetch(r.location);
  expect(await errorPage.text()).toContain('account_not_linked');
});

it('links and unlinks a provider from the account settings (linkSocial, listAccounts, unlinkAccount)', async () => {
  const c = newClient();
  await c.client.signUp.email({ name: 'Link', email: LINK2.email, password: 'password-123' });
  const before = await c.client.listAccounts();
  expect(before.error).toBeNull();
  expect(before.data!.map((a) => a.providerId)).toEqual(['credential']);
  const last = await c.client.unlinkAccount({ accountId: before.data![0]!.id });
  expect(last.error).toMatchObject({ status: 400, code: 'FAILED_TO_UNLINK_LAST_ACCOUNT' });

  const started = await c.client.linkSocial({ provider: 'dev' as 'google', callbackURL: `${ORIGIN}/linked`, disableRedirect: true });
  expect(started.error).toBeNull();
  const back = await c.impl(await signInWithPassword(started.data!.url!, LINK2), { redirect: 'manual' });
  expect(back.headers.get('location')).toBe(`${ORIGIN}/linked`);
  const after = await c.client.listAccounts();
  expect(after.data!.map((a) => a.providerId).sort()).toEqual(['credential', 'dev']);
  // the linked provider now signs this user in
  const other = newClient();
  await socialSignIn(other, LINK2);
  expect((await other.client.getSession()).data?.user.id).toBe((await c.client.getSession()).data?.user.id);

  // a provider identity with another address is not linked
  const wrong = await c.client.linkSocial({ provider: 'dev' as 'google', callbackURL: `${ORIGIN}/linked`, disableRedirect: true });
  const refused = await c.impl(await signInWithPassword(wrong.data!.url!, DEMO_USER), { redirect: 'manual' });
  expect(refused.headers.get('location')).toBe(`${ORIGIN}/linked?error=email_does_not_match`);

  const dev = after.data!.find((a) => a.providerId === 'dev')!;
  expect((await c.client.unlinkAccount({ accountId: dev.id })).data).toEqual({ status: true });
  expect((await c.client.listAccounts()).data!.map((a) => a.providerId)).toEqual(['credential']);
  expect((await c.client.unlinkAccount({ accountId: 'no-such-account' })).error).toMatchObject({ status: 400, code: 'ACCOUNT_NOT_FOUND' });
  expect((await newClient().client.linkSocial({ provider: 'dev' as 'google' })).error).toMatchObject({ status: 401 });
});

it('asks for the second factor after a provider sign-in of a user who has one', async () => {
  const c = newClient();
  await socialSignIn(c, TWOFA);
  // a provider-only user has no password: reset sets one, then two-factor can be enrolled
  await new Browser(app.base).post('/request-password-reset', { email: TWOFA.email });
  const reset = (await h.mail(TWOFA.email)).find((m) => m.kind === 'reset-password')!;
  expect((await c.client.resetPassword({ newPassword: 'twofa-local-password', token: tokenOf(reset.link) })).data).toEqual({ status: true });
  await c.client.signIn.email({ email: TWOFA.email, password: 'twofa-local-password' });
  const en = await c.client.twoFactor.enable({ password: 'twofa-local-password' });
  const secret = secretOf((en.data as { totpURI: string }).totpURI);
  clock.set((Math.floor(clock.now() / 30_000) + 1) * 30_000 + 1000);
  expect((await c.client.twoFactor.verifyTotp({ code: totpCode(secret, clock.now()) })).error).toBeNull();

  const next = newClient();
  const r = await socialSignIn(next, TWOFA);
  expect(r.location).toBe(`${ORIGIN}/home?twoFactorRedirect=true`);
  expect(next.jar.has('better-auth.session_token')).toBe(false);
  expect(next.jar.has('better-auth.two_factor')).toBe(true);
  clock.advance(30_000);
  const v = await next.client.twoFactor.verifyTotp({ code: totpCode(secret, clock.now()) });
  expect(v.error).toBeNull();
  expect((await next.client.getSession()).data?.user.email).toBe(TWOFA.email);
});

it('answers better-auth codes for an unknown provider and refuses foreign redirect targets', async () => {
  const { client } = newClient();
  const unknown = await client.signIn.social({ provider: 'nope' as 'google', disableRedirect: true });
  expect(unknown.error).toMatchObject({ status: 404, code: 'PROVIDER_NOT_FOUND' });
  const evil = await client.signIn.social({ provider: 'dev' as 'google', callbackURL: 'https://evil.example/', disableRedirect: true });
  expect(evil.error).toMatchObject({ status: 403, code: 'INVALID_CALLBACK_URL' });
  const js = await client.signIn.social({ provider: 'dev' as 'google', callbackURL: 'javascript:alert(1)', errorCallbackURL: '/x', disableRedirect: true });
  expect(js.error).toMatchObject({ status: 403, code: 'INVALID_CALLBACK_URL' });
  const errUrl = await client.signIn.social({ provider: 'dev' as 'google', errorCallbackURL: 'https://evil.example/', disableRedirect: true });
  expect(errUrl.error).toMatchObject({ status: 403, code: 'INVALID_ERROR_CALLBACK_URL' });
  // a callback without the browser's state cookie is refused
  const forged = await fetch(`${app.base}/callback/dev?code=abc&state=${'A'.repeat(43)}`, { redirect: 'manual' });
  expect(forged.headers.get('location')).toBe(`${app.base}/error?error=state_mismatch`);
  // form_post (response_mode=form_post) from the provider's origin: redirected to the GET form, which checks state
  const posted = await fetch(`${app.base}/callback/dev`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: idp.issuer, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'code=abc&state=xyz&evil=1',
  });
  expect(posted.status).toBe(302);
  expect(posted.headers.get('location')).toBe(`${app.base}/callback/dev?code=abc&state=xyz`);
  // other POSTs from foreign origins stay refused
  expect(
    (
      await fetch(`${app.base}/sign-in/social`, {
        method: 'POST',
        headers: { origin: idp.issuer, 'content-type': 'application/json' },
        body: '{"provider":"dev"}',
      })
    ).status,
  ).toBe(403);
  const noState = await fetch(`${app.base}/callback/dev?code=abc`, { redirect: 'manual' });
  expect(noState.headers.get('location')).toBe(`${app.base}/error?error=state_not_found`);
});
