/**
 * Issue 10, item 3: whoever signed in through an organisation's site at the
 * identity provider became a `member` of that organisation, and their Bearer
 * token spent its strategy credits (with a public provider, anyone in the
 * world could). Here, over real services: the dev IdP, auth-central and
 * strategy (with its real credit ledger), and the operator's `latchkey` CLI.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAuthCentral, type RunningAuthCentral } from '../../apps/auth-central/src/index.js';
import { DEFAULT_USERS, signInWithPassword, startDevIdp, type DevIdp } from '../../apps/dev-idp/src/index.js';
import { buildProgram } from '../../apps/cli/src/index.js';
import { body, startHarness, type Harness } from '../../apps/strategy/test/harness.js';
import { createLogger } from '@latchkey/service-kit';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';

const ADMIN_TOKEN = `security-admin-${randomBytes(8).toString('hex')}`;
const PUBLIC_URL = 'https://auth.latchkey.test';
const CLIENT_SECRET = 'membership-test-secret';
const ORG = 'victim-org';
const APP = 'victim-site';
/** strategy's Bearer cache time; its clock is moved past it rather than waited for. */
const CACHE_TTL_MS = 20_000;
/** An end user of the site: anyone who can sign in at the provider. */
const END_USER = DEFAULT_USERS.find((u) => u.email === 'alice@latchkey.dev')!;

let authDb: TestDatabase;
let idp: DevIdp;
let auth: RunningAuthCentral;
let strategy: Harness;
let strategyServer: Server;
let strategyUrl: string;
let offset = 0;

/** Runs `latchkey …` in process as the operator (LATCHKEY_ADMIN_TOKEN, LATCHKEY_AUTH_URL); returns what it printed. */
async function latchkey(...args: string[]): Promise<string> {
  const printed: string[] = [];
  const { log } = console;
  const write = process.stdout.write;
  console.log = (...parts: unknown[]) => void printed.push(parts.join(' '));
  process.stdout.write = ((chunk: string | Uint8Array) => (printed.push(String(chunk)), true)) as typeof process.stdout.write;
  const saved = { token: process.env.LATCHKEY_ADMIN_TOKEN, url: process.env.LATCHKEY_AUTH_URL };
  process.env.LATCHKEY_ADMIN_TOKEN = ADMIN_TOKEN;
  process.env.LATCHKEY_AUTH_URL = auth.url;
  try {
    await buildProgram().parseAsync(['node', 'latchkey', ...args]);
    return printed.join('\n');
  } finally {
    console.log = log;
    process.stdout.write = write;
    process.env.LATCHKEY_ADMIN_TOKEN = saved.token;
    process.env.LATCHKEY_AUTH_URL = saved.url;
    if (saved.token === undefined) delete process.env.LATCHKEY_ADMIN_TOKEN;
    if (saved.url === undefined) delete process.env.LATCHKEY_AUTH_URL;
  }
}

beforeAll(async () => {
  const silent = createLogger('membership-security-test', 'silent');
  [authDb, idp] = await Promise.all([
    createTestDatabase({ service: 'auth-central' }),
    startDevIdp({
      port: 0,
      clients: [{ client_id: 'auth-central', client_secret: CLIENT_SECRET, redirect_uris: [`${PUBLIC_URL}/context/auth/callback`] }],
      logger: silent,
    }),
  ]);
  auth = await startAuthCentral({
    databaseUrl: authDb.url,
    publicUrl: PUBLIC_URL,
    encryptionKey: randomBytes(32),
    adminToken: ADMIN_TOKEN,
    oidc: { issuer: idp.issuer, clientId: 'auth-central', clientSecret: CLIENT_SECRET },
    logger: silent,
    purgeIntervalMs: false,
  });
  await latchkey('host', 'apps', 'register', APP, '--org', ORG, '--domains', 'localhost', '--tier', 'pro');
  strategy = await startHarness({ authUrl: auth.url, authCacheTtlMs: CACHE_TTL_MS, now: () => Date.now() + offset });
  strategyServer = createServer(strategy.app as unknown as Parameters<typeof createServer>[1]);
  await new Promise<void>((resolve) => strategyServer.listen(0, '127.0.0.1', resolve));
  strategyUrl = `http://127.0.0.1:${(strategyServer.address() as AddressInfo).port}`;
  await strategy.ledger.grant(ORG, 50, { note: 'the organisation paid for these' });
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => strategyServer?.close(resolve));
  await strategy?.close();
  await auth?.close();
  await idp?.stop();
  await authDb?.drop();
});

/** The site's sign-in as a browser does it: login → the provider's password form → callback → svc_token → exchange. */
async function signInThroughSite(user: { email: string; password: string }): Promise<{ access_token: string; user: { role: string } }> {
  const query = new URLSearchParams({ app_id: APP, redirect_url: 'http://localhost:4105/' });
  const login = await fetch(`${auth.url}/context/auth/login?${query}`, { redirect: 'manual' });
  expect(login.status).toBe(302);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const callback = new URL(await signInWithPassword(login.headers.get('location')!, user));
  const back = await fetch(`${auth.url}${callback.pathname}${callback.search}`, { headers: { cookie }, redirect: 'manual' });
  expect(back.status).toBe(302);
  const token = new URL(back.headers.get('location')!).searchParams.get('svc_token');
  const exchanged = await fetch(`${auth.url}/context/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(exchanged.status).toBe(200);
  return (await exchanged.json()) as { access_token: string; user: { role: string } };
}

/** A strategic call with the Bearer token: its status and JSON body. */
async function spend(token: string, path = '/v1/framework'): Promise<{ status: number; body: any }> {
  const res = await fetch(`${strategyUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body()),
  });
  return { status: res.status, body: await res.json() };
}

test("an end user who signs in through a site cannot spend the organisation's strategy credits", async () => {
  const signedIn = await signInThroughSite(END_USER);
  expect(signedIn.user.role).toBe('user'); // an identity and a working token, no rights in the organisation
  expect((await fetch(`${auth.url}/context/auth/validate`, { headers: { authorization: `Bearer ${signedIn.access_token}` } })).status).toBe(200);

  for (const path of ['/v1/framework', '/v1/coordinate']) {
    const refused = await spend(signedIn.access_token, path);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: expect.any(String), code: 'FORBIDDEN', details: { reason: 'not_a_member' } });
  }
  expect(await strategy.ledger.balance(ORG)).toBe(50);
  expect(await latchkey('org', 'members', 'list', ORG)).toMatch(/has no members/);

  // The organisation makes them a member: the same token is charged once strategy's cache entry ends.
  expect(await latchkey('org', 'members', 'add', ORG, END_USER.email)).toMatch(/is now member of victim-org/);
  expect(await latchkey('org', 'members', 'list', ORG)).toMatch(/alice@latchkey\.dev\s+member/);
  offset += CACHE_TTL_MS;
  const charged = await spend(signedIn.access_token);
  expect(charged.status).toBe(200);
  expect(charged.body.metadata.creditsUsed).toBe(5);
  expect(await strategy.ledger.balance(ORG)).toBe(45);

  // And removed again: refused at the next validate, nothing charged.
  await latchkey('org', 'members', 'remove', ORG, END_USER.email);
  offset += CACHE_TTL_MS;
  expect((await spend(signedIn.access_token)).status).toBe(403);
  expect(await strategy.ledger.balance(ORG)).toBe(45);
});

test('signing in again never raises a role, nor lowers the one the organisation gave', async () => {
  const bob = DEFAULT_USERS.find((u) => u.email === 'bob@latchkey.dev')!;
  for (let i = 0; i < 2; i++) expect((await signInThroughSite(bob)).user.role).toBe('user');
  await latchkey('org', 'members', 'add', ORG, bob.email, '--role', 'admin');
  expect((await signInThroughSite(bob)).user.role).toBe('admin');
  const everyone = JSON.parse(await latchkey('org', 'members', 'list', ORG, '--all', '--json')) as Array<{ email: string; role: string }>;
  // Alice's membership was removed above; her next sign-in records her as a user again.
  expect(everyone.map(({ email, role }) => ({ email, role }))).toEqual([{ email: bob.email, role: 'admin' }]);
  expect((await signInThroughSite(END_USER)).user.role).toBe('user');
  const again = JSON.parse(await latchkey('org', 'members', 'list', ORG, '--all', '--json')) as Array<{ email: string; role: string }>;
  expect(again.map(({ email, role }) => ({ email, role }))).toEqual([
    { email: bob.email, role: 'admin' },
    { email: END_USER.email, role: 'user' },
  ]);
});
