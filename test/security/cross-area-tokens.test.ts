/**
 * Tokens presented where they do not belong: an app-signin (area B) JWT or
 * session token to auth-central's validate and to strategy's Bearer path, an
 * auth-central (area A) access token to app-signin, and area A tokens signed
 * with auth-central's own key but for another issuer or audience, or expired.
 * Every one is refused (401, or no session), and strategy charges nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthCentralLocals } from '../../apps/auth-central/src/app.js';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../../apps/auth-central/src/app.js';
import { PUBLIC_URL, createHarness, seedApp, seedExchangeToken, type Harness as AuthHarness } from '../../apps/auth-central/test/helpers.js';
import { fakeIdp } from '../../apps/auth-central/test/fake-idp.js';
import { Browser, startSignin, type Harness as SigninHarness, type LiveApp } from '../../apps/app-signin/test/helpers.js';
import { QUESTION, startHarness, type Harness as StrategyHarness } from '../../apps/strategy/test/harness.js';
import { send } from './fuzz.js';

const ORG = 'acme';
/** The payload of a JWT, unverified. */
const decodeJwt = (token: string): Record<string, unknown> => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
let auth: AuthHarness;
let authServer: Server;
let authUrl: string;
let signin: SigninHarness;
let app: LiveApp;
let strategy: StrategyHarness;
let strategyServer: Server;
let strategyUrl: string;
/** An area B user's session token and JWT (GET /token). */
let areaB: { session: string; jwt: string };

beforeAll(async () => {
  auth = await createHarness({ idp: fakeIdp() });
  await seedApp(auth.db, 'shop', ['shop.example.com'], ORG);
  authServer = createServer(auth.app);
  await new Promise<void>((resolve) => authServer.listen(0, '127.0.0.1', resolve));
  authUrl = `http://127.0.0.1:${(authServer.address() as AddressInfo).port}`;
  signin = await startSignin();
  app = await signin.liveApp({ origins: ['https://shop.example.com'] });
  const b = new Browser(app.base);
  const up = await b.post('/sign-up/email', { name: 'Area B', email: 'area-b@example.com', password: 'area-b-password' });
  expect(up.status).toBe(200);
  const jwt = await b.get('/token');
  expect(jwt.status).toBe(200);
  areaB = { session: up.body.token, jwt: jwt.body.token };
  strategy = await startHarness({ authUrl, now: auth.clock.now, authCacheTtlMs: 0 });
  await strategy.ledger.grant(ORG, 1000, { note: 'test' });
  strategyServer = createServer(strategy.app);
  await new Promise<void>((resolve) => strategyServer.listen(0, '127.0.0.1', resolve));
  strategyUrl = `http://127.0.0.1:${(strategyServer.address() as AddressInfo).port}`;
}, 90_000);
afterAll(async () => {
  await new Promise((r) => strategyServer?.close(r));
  await strategy?.close();
  await signin?.close();
  await new Promise((r) => authServer?.close(r));
  await auth?.close();
});

async function areaAToken(email: string): Promise<string> {
  const { token } = await seedExchangeToken(auth.db, { now: auth.clock.now(), email, organisationId: ORG, role: 'member' });
  const res = await send(authUrl, 'POST', '/context/auth/exchange', { contentType: 'application/json', body: JSON.stringify({ token }) });
  expect(res.status).toBe(200);
  return JSON.parse(res.text).access_token;
}

/** Signs `claims` with auth-central's own active key (what a confused or compromised issuer config would produce). */
async function signedByAuthCentral(over: {
  issuer?: string;
  audience?: string;
  iatOffset?: number;
  claims: Record<string, unknown>;
  subject: string;
}): Promise<string> {
  const { keys } = (auth.app.express.locals as { authCentral: AuthCentralLocals }).authCentral;
  const now = Math.floor(auth.clock.now() / 1000) + (over.iatOffset ?? 0);
  return keys.sign(over.claims, {
    issuer: over.issuer ?? PUBLIC_URL,
    audience: over.audience ?? 'latchkey',
    expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS,
    now,
    subject: over.subject,
  });
}

const validate = (token: string) => send(authUrl, 'GET', '/context/auth/validate', { headers: { authorization: `Bearer ${token}` } });
const strategyCall = (token: string) =>
  send(strategyUrl, 'POST', '/v1/framework', {
    headers: { authorization: `Bearer ${token}` },
    contentType: 'application/json',
    body: JSON.stringify({ messages: [{ role: 'user', content: QUESTION }] }),
  });

/** Asserts both auth-central's validate and strategy refuse `token` with 401, and strategy charged nothing. */
async function refusedByAreaAAndC(token: string) {
  const balance = await strategy.ledger.balance(ORG);
  const v = await validate(token);
  expect({ status: v.status, error: JSON.parse(v.text).error }).toEqual({ status: 401, error: 'INVALID_TOKEN' });
  const s = await strategyCall(token);
  expect({ status: s.status, code: JSON.parse(s.text).code }).toEqual({ status: 401, code: 'UNAUTHORIZED' });
  expect(await strategy.ledger.balance(ORG)).toBe(balance);
}

describe('tokens of one area presented to another', () => {
  it('control: a real area A token is served by validate and by strategy', async () => {
    const token = await areaAToken('control@example.com');
    expect((await validate(token)).status).toBe(200);
    expect((await strategyCall(token)).status).toBe(200);
  });

  it("an app-signin JWT (area B, EdDSA, its app's key) is refused by auth-central validate and by strategy", async () => {
    expect(decodeJwt(areaB.jwt).sub).toBeTruthy();
    await refusedByAreaAAndC(areaB.jwt);
  });

  it('an app-signin session token is refused by auth-central validate and by strategy', async () => {
    await refusedByAreaAAndC(areaB.session);
  });

  it('an auth-central access token (area A) opens no session at app-signin and gets no app JWT', async () => {
    const token = await areaAToken('to-area-b@example.com');
    const prefix = new URL(app.base).pathname;
    const session = await send(app.base, 'GET', `${prefix}/get-session`, { headers: { authorization: `Bearer ${token}` } });
    expect(session.status).toBe(200);
    expect(JSON.parse(session.text)).toBeNull();
    for (const path of ['/token', '/list-sessions', '/list-accounts']) {
      const res = await send(app.base, 'GET', `${prefix}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
    }
    const cookie = await send(app.base, 'GET', `${prefix}/get-session`, { headers: { cookie: `better-auth.session_token=${token}` } });
    expect(JSON.parse(cookie.text)).toBeNull();
    const out = await send(app.base, 'POST', `${prefix}/update-user`, {
      headers: { authorization: `Bearer ${token}` },
      contentType: 'application/json',
      body: '{"name":"x"}',
    });
    expect(out.status).toBe(401);
  });

  it('an app-signin JWT of one app opens no session at another app', async () => {
    const other = await signin.liveApp({ origins: ['https://other.example.com'] });
    const prefix = new URL(other.base).pathname;
    for (const token of [areaB.jwt, areaB.session]) {
      const res = await send(other.base, 'GET', `${prefix}/get-session`, { headers: { authorization: `Bearer ${token}` } });
      expect(JSON.parse(res.text)).toBeNull();
      expect((await send(other.base, 'GET', `${prefix}/token`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    }
  });
});

describe('area A tokens with the wrong issuer, audience or lifetime', () => {
  it.each([
    ['another issuer', { issuer: 'https://evil.example' }],
    ['the issuer with a trailing slash', { issuer: `${PUBLIC_URL}/` }],
    ['another audience', { audience: 'not-latchkey' }],
    ["an app's id as audience", { audience: 'shop' }],
    ['expired an hour ago', { iatOffset: -2 * ACCESS_TOKEN_LIFETIME_SECONDS }],
  ])("signed by auth-central's own key, %s: refused by validate and by strategy", async (_name, over) => {
    const real = decodeJwt(await areaAToken(`claims-${Math.random().toString(36).slice(2, 8)}@example.com`));
    const { org_id, app_id, sid } = real as Record<string, unknown>;
    const token = await signedByAuthCentral({ ...over, claims: { org_id, app_id, sid }, subject: String(real.sub) });
    // The same claims with the right issuer and audience are served: only the changed claim is refused.
    expect((await validate(await signedByAuthCentral({ claims: { org_id, app_id, sid }, subject: String(real.sub) }))).status).toBe(200);
    await refusedByAreaAAndC(token);
  });

  it('a real token, once its hour has passed, is refused by validate and by strategy', async () => {
    const token = await areaAToken('expires@example.com');
    expect((await validate(token)).status).toBe(200);
    auth.clock.advance(ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
    await refusedByAreaAAndC(token);
  });
});
