/**
 * Area A's 7-step flow in headless Chromium, with the real pieces: the dev IdP,
 * auth-central (`createApp` on a fresh migrated database) and the demo site,
 * each on an ephemeral port of localhost.
 *
 * demo page → "Sign in" → auth-central /login → dev IdP sign-in page (email +
 * password typed) → auth-central /callback → demo page with svc_token →
 * exchange → svc_token gone from the URL → token in sessionStorage only →
 * other tabs (same and new browser context) see nothing → backend call
 * validated through auth-central → logout → the old token is refused with
 * 401 SESSION_INVALIDATED.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import { createTestDatabase, describeWithBinary, findExecutable, type TestDatabase } from '@latchkey/testing';
import { runService, type RunningService } from '@latchkey/service-kit';
import { DEMO_USER, startDevIdp, type DevIdp } from '@latchkey/dev-idp';
import { createApp, createPrisma, oidcProvider, upsertApp, type Db } from '../../auth-central/src/index.js';
import { createDemoSite, type DemoSite } from '../src/app.js';

const APP_ID = 'demo';
const CLIENT_SECRET = randomBytes(24).toString('hex');
// Set per hook and test: in a multi-project jest run the preset's testTimeout does not apply. Generous for
// loaded 2-core CI machines (about 9 s in all on an idle machine).
const TIMEOUT_MS = 60_000;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}

describeWithBinary('chromium')('site sign-in in a real browser (area A, 7 steps)', () => {
  const logger = pino({ level: 'silent' });
  let database: TestDatabase;
  let db: Db;
  let idp: DevIdp;
  let auth: { server: Server; url: string };
  let demo: RunningService & { origin: string; site: DemoSite };
  let browser: Browser;
  /** auth-central's clock runs this much ahead of real time (moved forward by a test). */
  let authClockSkewMs = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ service: 'auth-central' });
    db = createPrisma(database.url);

    // auth-central listens first (its callback URL must be registered at the IdP), and gets its app once the IdP is up.
    let authApp: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
    const listening = await listen((req, res) => (authApp ? authApp(req, res) : res.writeHead(503).end()));
    const authUrl = `http://localhost:${listening.port}`;
    auth = { server: listening.server, url: authUrl };

    idp = await startDevIdp({
      port: 0,
      clients: [{ client_id: 'auth-central', client_secret: CLIENT_SECRET, redirect_uris: [`${authUrl}/context/auth/callback`], client_name: 'Latchkey' }],
      logger,
    });
    authApp = createApp({
      db,
      logger,
      now: () => Date.now() + authClockSkewMs,
      idp: oidcProvider({ issuer: idp.issuer, clientId: 'auth-central', clientSecret: CLIENT_SECRET }),
      settings: { publicUrl: authUrl, encryptionKey: randomBytes(32) },
    }) as unknown as typeof authApp;
    await upsertApp(db, { appId: APP_ID, organisationId: 'org_demo', organisationName: 'Demo Workspace', tier: 'pro', domains: ['localhost'] });

    const site = await createDemoSite({ authUrl, appId: APP_ID, logger });
    const running = await runService({ app: site, port: 0, host: '127.0.0.1', logger, handleSignals: false });
    demo = Object.assign(running, { origin: `http://localhost:${running.port}`, site });

    browser = await chromium.launch({ executablePath: findExecutable('chromium')!, headless: true, args: CHROMIUM_ARGS });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
    demo?.site.close();
    if (auth) {
      auth.server.closeAllConnections();
      await new Promise((resolve) => auth.server.close(resolve));
    }
    await idp?.stop();
    await db?.$disconnect();
    await database?.drop();
  }, TIMEOUT_MS);

  async function tabState(page: Page) {
    return page.evaluate(() => ({
      session: Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)])),
      localStorageKeys: Object.keys(localStorage),
      state: document.body.dataset.state,
    }));
  }

  test(
    'sign in, use the token from a backend, sign out',
    async () => {
      const context: BrowserContext = await browser.newContext();
      const other: BrowserContext = await browser.newContext();
      // Fail with Playwright's message (what was awaited) well before jest's timeout.
      context.setDefaultTimeout(10_000);
      other.setDefaultTimeout(10_000);
      try {
        const page = await context.newPage();
        const navigations: string[] = [];
        const exchanges: Array<{ method: string; url: string }> = [];
        page.on('request', (req) => {
          if (req.isNavigationRequest() && req.frame() === page.mainFrame()) navigations.push(req.url());
          if (req.url().startsWith(`${auth.url}/context/auth/exchange`)) exchanges.push({ method: req.method(), url: req.url() });
        });

        // 1. The demo site, signed out.
        await page.goto(demo.origin);
        await page.waitForSelector('body[data-state="signed-out"]');

        // 1-2. Sign in → auth-central /login → the IdP's sign-in page.
        await page.click('#sign-in');
        await page.waitForURL((url) => url.origin === idp.issuer && url.pathname.startsWith('/interaction/'));
        const login = navigations.find((u) => u.startsWith(`${auth.url}/context/auth/login`));
        expect(login).toBeDefined();
        expect(new URL(login!).searchParams.get('app_id')).toBe(APP_ID);
        expect(new URL(login!).searchParams.get('redirect_url')).toBe(`${demo.origin}/`);

        // 3. Email and password typed on the IdP's page; the IdP returns to auth-central's callback.
        await page.fill('#email', DEMO_USER.email);
        await page.fill('#password', DEMO_USER.password);
        await page.click('#sign-in');

        // 4-6. Back on the demo with svc_token, exchanged, token removed from the URL.
        await page.waitForSelector('body[data-state="signed-in"]');
        expect(navigations.some((u) => u.startsWith(`${auth.url}/context/auth/callback?`))).toBe(true);
        const returned = navigations.find((u) => u.startsWith(demo.origin) && u.includes('svc_token='));
        expect(returned).toBeDefined();
        expect(new URL(returned!).searchParams.get('svc_token')).toMatch(/^[0-9a-f]{128}$/);
        expect(exchanges.map((e) => e.method)).toContain('POST');
        expect(page.url()).toBe(`${demo.origin}/`);
        expect(page.url()).not.toContain('svc_token');

        await expect(page.textContent('#user-email')).resolves.toBe(DEMO_USER.email);
        await expect(page.textContent('#user-name')).resolves.toBe(DEMO_USER.name);
        await expect(page.textContent('#workspace-name')).resolves.toBe('Demo Workspace');

        // The access token: in this tab's sessionStorage only.
        const tab = await tabState(page);
        const stored = JSON.parse(tab.session[`latchkey.auth:${APP_ID}`] ?? 'null') as {
          access_token: string;
          expires_at: string;
          user: { email: string };
          workspace: { id: string };
        };
        expect(stored.access_token.split('.')).toHaveLength(3);
        expect(stored.user.email).toBe(DEMO_USER.email);
        expect(stored.workspace.id).toBe('org_demo');
        expect(new Date(stored.expires_at).toISOString()).toBe(stored.expires_at);
        expect(tab.localStorageKeys).toEqual([]);
        const accessToken = stored.access_token;
        const cookies = await context.cookies();
        for (const c of cookies) expect(c.value).not.toContain(accessToken);
        expect(JSON.stringify(cookies)).not.toContain(accessToken.split('.')[2]);

        // A second tab of the same browser, and a tab of a new browser context, do not see it.
        const sameContextTab = await context.newPage();
        await sameContextTab.goto(demo.origin);
        await sameContextTab.waitForSelector('body[data-state="signed-out"]');
        expect((await tabState(sameContextTab)).session).toEqual({});
        await sameContextTab.close();
        const otherContextTab = await other.newPage();
        await otherContextTab.goto(demo.origin);
        await otherContextTab.waitForSelector('body[data-state="signed-out"]');
        expect((await tabState(otherContextTab)).session).toEqual({});

        // 7. The backend validates the Bearer token through auth-central.
        await page.click('#call-backend');
        await page.waitForSelector('body[data-backend="ok"]');
        expect(await page.textContent('#backend-result')).toContain(DEMO_USER.email);
        const direct = await fetch(`${auth.url}/context/auth/validate`, { headers: { authorization: `Bearer ${accessToken}` } });
        expect(direct.status).toBe(200);
        expect(((await direct.json()) as { user: { email: string } }).user.email).toBe(DEMO_USER.email);

        // Logout: the tab is cleared, and the old token is refused everywhere.
        await page.click('#sign-out');
        await page.waitForSelector('body[data-state="signed-out"]');
        // The tab clears at once; auth-central's answer to the logout POST follows (on a loaded machine, later).
        await page.waitForSelector('body[data-logout="confirmed"]');
        expect((await tabState(page)).session).toEqual({});
        const after = await fetch(`${auth.url}/context/auth/validate`, { headers: { authorization: `Bearer ${accessToken}` } });
        expect(after.status).toBe(401);
        expect(await after.json()).toMatchObject({ error: 'SESSION_INVALIDATED' });
        const backend = await fetch(`${demo.url}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
        expect(backend.status).toBe(401);
        expect(await backend.json()).toMatchObject({ error: 'SESSION_INVALIDATED' });
      } finally {
        await other.close();
        await context.close();
      }
    },
    TIMEOUT_MS,
  );
  test(
    'magic link sign-in; a replayed svc_token URL is refused and cleaned',
    async () => {
      const context = await browser.newContext();
      const other = await browser.newContext();
      context.setDefaultTimeout(10_000);
      other.setDefaultTimeout(10_000);
      try {
        const page = await context.newPage();
        const returns: string[] = [];
        page.on('request', (req) => {
          if (req.isNavigationRequest() && req.url().startsWith(demo.origin) && req.url().includes('svc_token=')) returns.push(req.url());
        });
        await page.goto(`${demo.origin}/?view=orders#list`);
        await page.waitForSelector('body[data-state="signed-out"]');
        await page.click('#sign-in');
        await page.waitForURL((url) => url.origin === idp.issuer);

        const before = idp.mailbox().length;
        await page.fill('#magic-email', 'alice@latchkey.dev');
        await page.click('#send-link');
        await page.waitForSelector('text=Check your email');
        const message = idp.mailbox()[before];
        expect(message?.to).toBe('alice@latchkey.dev');
        await page.goto(message!.link);
        await page.waitForSelector('body[data-state="signed-in"]');
        await expect(page.textContent('#user-email')).resolves.toBe('alice@latchkey.dev');
        // Other query parameters and the fragment survive the round trip; svc_token does not.
        expect(page.url()).toBe(`${demo.origin}/?view=orders#list`);

        // The same svc_token URL opened again (e.g. from history or a shared link) is refused.
        expect(returns).toHaveLength(1);
        const replay = await other.newPage();
        await replay.goto(returns[0]!);
        await replay.waitForSelector('#error:not([hidden])');
        expect(await replay.textContent('#error')).toContain('TOKEN_USED');
        expect(await replay.getAttribute('body', 'data-state')).toBe('signed-out');
        expect(replay.url()).not.toContain('svc_token');
        expect(await replay.evaluate(() => sessionStorage.length)).toBe(0);
      } finally {
        await other.close();
        await context.close();
      }
    },
    TIMEOUT_MS,
  );

  test(
    'an svc_token exchanged after 60 s: TOKEN_EXPIRED, the client signs in again by itself',
    async () => {
      const context = await browser.newContext();
      context.setDefaultTimeout(10_000);
      try {
        const page = await context.newPage();
        const logins: string[] = [];
        page.on('request', (req) => {
          if (req.isNavigationRequest() && req.url().startsWith(`${auth.url}/context/auth/login`)) logins.push(req.url());
        });
        // The first exchange reaches auth-central 61 s "late"; the next one goes through.
        let delayed = false;
        await page.route(`${auth.url}/context/auth/exchange`, async (route) => {
          if (route.request().method() === 'POST' && !delayed) {
            delayed = true;
            authClockSkewMs += 61_000;
          }
          await route.continue();
        });
        await page.goto(demo.origin);
        await page.click('#sign-in');
        await page.waitForURL((url) => url.origin === idp.issuer);
        await page.fill('#email', 'bob@latchkey.dev');
        await page.fill('#password', 'bob-password');
        await page.click('#sign-in');
        await page.waitForSelector('body[data-state="signed-in"]');
        expect(delayed).toBe(true);
        // Two logins: the user's, and the client's restart after TOKEN_EXPIRED (the IdP session made it silent).
        expect(logins).toHaveLength(2);
        await expect(page.textContent('#user-email')).resolves.toBe('bob@latchkey.dev');
        expect(page.url()).toBe(`${demo.origin}/`);
      } finally {
        await context.close();
      }
    },
    TIMEOUT_MS,
  );
});
