/**
 * End users in headless Chromium against app-signin, with the dev IdP as the
 * app's OpenID provider and a small shop page as the app:
 *
 * Every page of the shop runs better-auth's own browser client (bundled by
 * esbuild from `better-auth/client`, unmodified).
 *
 * 1. Social sign-in: shop page → "Sign in with dev" (`authClient.signIn.social`,
 *    which sends the browser on itself) → the IdP's page (email and password
 *    typed) → callback/dev → back on the shop, signed in (`getSession` in the
 *    page; cookies HttpOnly).
 * 1b. The email flows of the client inside the page: sign-up, verification,
 *    sign-out, sign-in, two-factor redirect, sessions, change of password.
 * 2. Password reset from the mailbox link: the link (read from the
 *    development mailbox) opens app-signin's reset page, the new password is
 *    typed, the token leaves the address bar, the old sessions end, the new
 *    password signs in and the link does not work twice.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser as Chromium } from 'playwright-core';
import { describeWithBinary, findExecutable } from '@latchkey/testing';
import { DEMO_USER, startDevIdp, type DevIdp } from '@latchkey/dev-idp';
import { Browser, startSignin, type Harness, type LiveApp } from './helpers.js';

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

/** better-auth's browser client (`better-auth/client` + `twoFactorClient`), unmodified, bundled for the page by esbuild. */
async function clientBundle(): Promise<string> {
  const out = await build({
    stdin: {
      contents: `import { createAuthClient } from 'better-auth/client';
        import { twoFactorClient } from 'better-auth/client/plugins';
        window.createAuthClient = createAuthClient;
        window.twoFactorClient = twoFactorClient;`,
      resolveDir: path.dirname(fileURLToPath(import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
  });
  return out.outputFiles[0]!.text;
}

/** The app's pages: better-auth's client on every page, a "Sign in with dev" button, and a page that shows who is signed in. */
function shopPages(base: () => string) {
  return (url: string): string => {
    const path = new URL(url, 'http://x').pathname;
    const script =
      path === '/home'
        ? `auth.getSession().then(({ data }) => {
             document.getElementById('email').textContent = data ? data.user.email : '';
             document.body.dataset.state = data ? 'signed-in' : 'signed-out';
           });`
        : `document.getElementById('social').addEventListener('click', () => {
             // the client itself sends the browser to the provider (redirect: true)
             auth.signIn.social({ provider: 'dev', callbackURL: location.origin + '/home' });
           });
           document.body.dataset.state = 'ready';`;
    return `<!doctype html><html><body data-state="loading"><h1>Shop</h1><button id="social">Sign in with dev</button><p id="email"></p>
<script src="/client.js"></script>
<script>
window.twoFactorRedirects = 0;
window.auth = createAuthClient({ baseURL: ${JSON.stringify(base())}, plugins: [twoFactorClient({ onTwoFactorRedirect() { window.twoFactorRedirects++; } })] });
${script}
</script></body></html>`;
  };
}

describeWithBinary('chromium')('end-user sign-in in a real browser', () => {
  let h: Harness;
  let app: LiveApp;
  let idp: DevIdp;
  let shop: { server: Server; origin: string };
  let chromiumBrowser: Chromium;

  beforeAll(async () => {
    h = await startSignin();
    let render: ((url: string) => string) | undefined;
    const bundle = await clientBundle();
    const server = createServer((req, res) => {
      if (req.url === '/client.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      res.writeHead(200, { 'content-type': 'text/html' }).end(render ? render(req.url ?? '/') : '');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    shop = { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    app = await h.liveApp({ origins: [shop.origin] });
    render = shopPages(() => app.base);
    idp = await startDevIdp({
      port: 0,
      clients: [{ client_id: 'shop', client_secret: 'shop-secret-0123456789', redirect_uris: [`${app.base}/callback/dev`], client_name: 'Shop' }],
    });
    const saved = await h.admin('PUT', `/apps/${app.appId}/auth/providers/dev`, {
      kind: 'oidc',
      clientId: 'shop',
      clientSecret: 'shop-secret-0123456789',
      issuer: idp.issuer,
    });
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
    chromiumBrowser = await chromium.launch({ executablePath: findExecutable('chromium')!, headless: true, args: CHROMIUM_ARGS });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await chromiumBrowser?.close();
    if (shop) {
      shop.server.closeAllConnections();
      await new Promise((resolve) => shop.server.close(resolve));
    }
    await idp?.stop();
    await h?.close();
  }, TIMEOUT_MS);

  test(
    "signs in with the dev IdP from the shop page, through better-auth's client",
    async () => {
      const context = await chromiumBrowser.newContext();
      context.setDefaultTimeout(10_000);
      try {
        const page = await context.newPage();
        const navigations: string[] = [];
        page.on('request', (req) => {
          if (req.isNavigationRequest() && req.frame() === page.mainFrame()) navigations.push(req.url());
        });
        await page.goto(shop.origin);
        await page.waitForSelector('body[data-state="ready"]');
        await page.click('#social');
        await page.waitForURL((url) => url.origin === idp.issuer && url.pathname.startsWith('/interaction/'));
        const authorize = new URL(navigations.find((u) => u.startsWith(`${idp.issuer}/auth?`))!);
        expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
        expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.base}/callback/dev`);
        await page.fill('#email', DEMO_USER.email);
        await page.fill('#password', DEMO_USER.password);
        await page.click('#sign-in');
        await page.waitForSelector('body[data-state="signed-in"]');
        expect(page.url()).toBe(`${shop.origin}/home`);
        expect(await page.textContent('#email')).toBe(DEMO_USER.email);
        expect(navigations.some((u) => u.startsWith(`${app.base}/callback/dev?code=`))).toBe(true);
        const cookies = await context.cookies(app.base);
        const session = cookies.find((c) => c.name === 'better-auth.session_token')!;
        expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: new URL(app.signinUrl).pathname });
        expect(cookies.find((c) => c.name === 'better-auth.state')).toBeUndefined(); // used once, cleared
      } finally {
        await context.close();
      }
    },
    TIMEOUT_MS,
  );

  test(
    "runs the email flows of better-auth's client inside the page",
    async () => {
      const context = await chromiumBrowser.newContext();
      context.setDefaultTimeout(10_000);
      try {
        const page = await context.newPage();
        await page.goto(shop.origin);
        await page.waitForSelector('body[data-state="ready"]');
        const email = `page-${Date.now()}@example.com`;
        const results = await page.evaluate(async (email) => {
          const auth = (window as any).auth;
          const out: Record<string, unknown> = {};
          out.up = (await auth.signUp.email({ name: 'Page', email, password: 'password-123' })).error;
          out.session = (await auth.getSession()).data?.user.email;
          out.verify = (await auth.sendVerificationEmail({ email, callbackURL: location.origin + '/home' })).data;
          out.sessions = (await auth.listSessions()).data?.length;
          out.change = (await auth.changePassword({ currentPassword: 'password-123', newPassword: 'page-password-2', revokeOtherSessions: true })).error;
          out.out = (await auth.signOut()).data;
          out.after = (await auth.getSession()).data;
          out.wrong = (await auth.signIn.email({ email, password: 'password-123' })).error?.code;
          out.in = (await auth.signIn.email({ email, password: 'page-password-2' })).data?.user.email;
          const en = (await auth.twoFactor.enable({ password: 'page-password-2' })).data;
          out.totpURI = en?.totpURI;
          return out;
        }, email);
        expect(results).toMatchObject({
          up: null,
          session: email,
          verify: { status: true },
          sessions: 1,
          change: null,
          out: { success: true },
          after: null,
          wrong: 'INVALID_EMAIL_OR_PASSWORD',
          in: email,
        });
        expect(String(results.totpURI)).toMatch(/^otpauth:\/\/totp\//);
        const cookies = await context.cookies(app.base);
        expect(cookies.find((c) => c.name === 'better-auth.session_token')?.httpOnly).toBe(true);
        // the verification mail was sent to the address the page gave
        expect((await h.mail(email)).map((m) => m.kind)).toEqual(['verify-email']);
      } finally {
        await context.close();
      }
    },
    TIMEOUT_MS,
  );

  test(
    'resets a password from the mailbox link',
    async () => {
      const email = `reset-${Date.now()}@example.com`;
      const other = new Browser(app.base);
      await other.post('/sign-up/email', { name: 'R', email, password: 'password-123' });
      expect((await new Browser(app.base).post('/request-password-reset', { email })).status).toBe(200);
      await h.signin.idle();
      const mailbox = (await (await fetch(`${h.url}/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as Array<{ kind: string; link: string }>;
      const link = mailbox.find((m) => m.kind === 'reset-password')!.link;

      const context = await chromiumBrowser.newContext();
      context.setDefaultTimeout(10_000);
      try {
        const page = await context.newPage();
        await page.goto(link);
        await page.waitForSelector('#p');
        expect(page.url()).not.toContain('token='); // taken off the address bar (history, screenshots, sharing)
        await page.fill('#p', 'typed-new-password-1');
        await page.click('button[type="submit"]');
        await page.waitForFunction(() => document.getElementById('m')?.textContent?.includes('changed'));
        expect((await other.get('/get-session')).body).toBeNull(); // the other session ended
        expect((await new Browser(app.base).post('/sign-in/email', { email, password: 'password-123' })).status).toBe(401);
        expect((await new Browser(app.base).post('/sign-in/email', { email, password: 'typed-new-password-1' })).status).toBe(200);

        const again = await context.newPage();
        await again.goto(link);
        await again.waitForSelector('#m');
        expect(await again.textContent('#m')).toContain('not valid any more');
      } finally {
        await context.close();
      }
    },
    TIMEOUT_MS,
  );
});
