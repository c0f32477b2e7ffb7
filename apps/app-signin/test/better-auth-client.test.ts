/**
 * better-auth's own client (`better-auth/client` + `twoFactorClient`),
 * unmodified, against app-signin: sign-up → enable two-factor → sign out →
 * sign in with twoFactorRedirect → verify-totp → token. Cookies are kept by a
 * small jar around Node's fetch (what a browser does); codes from totpCode (RFC 6238).
 */
import { createAuthClient } from 'better-auth/client';
import { jwtClient, twoFactorClient } from 'better-auth/client/plugins';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { totpCode, secretOf, startSignin, testClock, type Harness, type LiveApp } from './helpers.js';

const clock = testClock(Date.now());
let h: Harness;
let app: LiveApp;

beforeAll(async () => {
  h = await startSignin({ now: clock.now });
  app = await h.liveApp();
});
afterAll(() => h?.close());

/** fetch with a cookie jar, as a browser would keep the HttpOnly cookies. */
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

const nextStep = () => clock.set((Math.floor(clock.now() / 30_000) + 1) * 30_000 + 1000);

it('runs sign-up, two-factor enrolment, sign-out, sign-in with twoFactorRedirect, verify-totp and token', async () => {
  const { jar, impl } = cookieFetch();
  const redirects: unknown[] = [];
  const client = createAuthClient({
    baseURL: app.base,
    plugins: [twoFactorClient({ onTwoFactorRedirect: (ctx) => void redirects.push(ctx) }), jwtClient()],
    fetchOptions: { customFetchImpl: impl as typeof fetch },
  });

  const email = `client-${Date.now()}@example.com`;
  const up = await client.signUp.email({ name: 'Client', email, password: 'password-123' });
  expect(up.error).toBeNull();
  expect(up.data).toMatchObject({ token: expect.any(String), user: { email, name: 'Client' } });
  expect(jar.has('better-auth.session_token')).toBe(true);

  const en = await client.twoFactor.enable({ password: 'password-123' });
  expect(en.error).toBeNull();
  const enrolment = en.data as { totpURI: string; backupCodes: string[] };
  expect(enrolment.backupCodes).toHaveLength(10);
  const secret = secretOf(enrolment.totpURI);

  nextStep();
  const confirm = await client.twoFactor.verifyTotp({ code: totpCode(secret, clock.now()) });
  expect(confirm.error).toBeNull();
  expect((confirm.data as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled).toBe(true);

  const out = await client.signOut();
  expect(out.data).toEqual({ success: true });
  expect(jar.has('better-auth.session_token')).toBe(false);
  expect((await client.getSession()).data).toBeNull();

  const inn = await client.signIn.email({ email, password: 'password-123' });
  expect(inn.error).toBeNull();
  expect(inn.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  expect(redirects).toEqual([{ twoFactorMethods: ['totp'] }]);
  expect(jar.has('better-auth.session_token')).toBe(false);
  expect(jar.has('better-auth.two_factor')).toBe(true);

  nextStep();
  const code = totpCode(secret, clock.now());
  const verified = await client.twoFactor.verifyTotp({ code });
  expect(verified.error).toBeNull();
  expect(verified.data).toMatchObject({ token: expect.any(String), user: { email } });
  expect(jar.has('better-auth.session_token')).toBe(true);

  const session = await client.getSession();
  expect(session.data?.user.email).toBe(email);

  const tok = await client.$fetch<{ token: string }>('/token', { method: 'GET' });
  expect(tok.error).toBeNull();
  const { payload } = await jwtVerify(tok.data!.token, createRemoteJWKSet(new URL(`${app.base}/jwks`)), { issuer: app.signinUrl, audience: app.signinUrl });
  expect(payload).toMatchObject({ sub: session.data!.user.id, email, role: 'authenticated' });

  const keys = await client.jwks();
  expect((keys.data as { keys: Array<{ kid: string }> }).keys[0]!.kid).toEqual(expect.any(String));

  // a replayed code, through the client, is refused with better-auth's error shape
  await client.signOut();
  await client.signIn.email({ email, password: 'password-123' });
  const replay = await client.twoFactor.verifyTotp({ code });
  expect(replay.error).toMatchObject({ status: 401, code: 'INVALID_CODE' });
});

it("surfaces app-signin's errors in the client's error shape", async () => {
  const { impl } = cookieFetch();
  const client = createAuthClient({ baseURL: app.base, plugins: [twoFactorClient()], fetchOptions: { customFetchImpl: impl as typeof fetch } });
  const bad = await client.signIn.email({ email: 'nobody@example.com', password: 'password-123' });
  expect(bad.data).toBeNull();
  expect(bad.error).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
  const short = await client.signUp.email({ name: 'x', email: 'short@example.com', password: 'short' });
  expect(short.error).toMatchObject({ status: 400, code: 'PASSWORD_TOO_SHORT' });
  await client.signUp.email({ name: 'x', email: 'twice@example.com', password: 'password-123' });
  const twice = await client.signUp.email({ name: 'x', email: 'twice@example.com', password: 'password-123' });
  expect(twice.error).toMatchObject({ status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' });
});
