import { jest } from '@jest/globals';
import {
  AuthError,
  createAuthClient,
  REFRESH_AFTER_MS,
  storageKey,
  withoutParam,
  type AuthClientOptions,
  type BrowserWindow,
  type SessionStore,
} from './index.js';

const AUTH = 'https://auth.example.test';
const APP = 'app_demo';
const USER = { id: 'usr_1', email: 'demo@latchkey.dev', name: 'Demo User', role: 'member' };
const WORKSPACE = { id: 'org_1', name: 'Demo Org', tier: 'pro' };
const TOKEN = 'a'.repeat(128);

class MemoryStorage implements SessionStore {
  readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

/** A small fake of `window`: location (assign records navigations), history.replaceState, two storages. */
function fakeWindow(href: string) {
  const navigations: string[] = [];
  const replaced: string[] = [];
  const win = {
    location: {
      href,
      assign(url: string) {
        navigations.push(url);
      },
    },
    history: {
      state: { from: 'app' } as unknown,
      replaceState(data: unknown, _unused: string, url?: string | URL | null) {
        win.history.state = data;
        if (url != null) {
          win.location.href = new URL(String(url), win.location.href).href;
          replaced.push(win.location.href);
        }
      },
    },
    sessionStorage: new MemoryStorage(),
    localStorage: new MemoryStorage(),
  } satisfies BrowserWindow;
  return { win, navigations, replaced };
}

type Call = { url: string; init: RequestInit; body: unknown };

/** A scripted auth-central: answers per path, records every call. */
function fakeAuthCentral(routes: Record<string, (body: any, call: Call) => { status?: number; body: unknown } | Promise<never>>) {
  const calls: Call[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { url, init, body };
    calls.push(call);
    const route = routes[new URL(url).pathname];
    if (!route) return new Response(JSON.stringify({ ok: true, auth: new Headers(init.headers).get('authorization') }), { status: 200 });
    const out = await route(body, call);
    return new Response(JSON.stringify(out.body), { status: out.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const exchangeOk = (expiresAt = new Date(Date.now() + 3600_000).toISOString()) => ({
  body: { access_token: 'at-1', expires_at: expiresAt, user: USER, workspace: WORKSPACE },
});

function setup(href: string, routes: Parameters<typeof fakeAuthCentral>[0], extra: Partial<AuthClientOptions> = {}) {
  const w = fakeWindow(href);
  const server = fakeAuthCentral(routes);
  const client = createAuthClient({ authUrl: `${AUTH}/`, appId: APP, window: w.win, fetch: server.fetch, ...extra });
  return { ...w, ...server, client };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('login', () => {
  test('sends the browser to auth-central with redirect_url and app_id', () => {
    const { client, navigations } = setup('https://site.example.test/dash?tab=1#top', {});
    client.login();
    expect(navigations).toHaveLength(1);
    const url = new URL(navigations[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${AUTH}/context/auth/login`);
    expect(url.searchParams.get('app_id')).toBe(APP);
    expect(url.searchParams.get('redirect_url')).toBe('https://site.example.test/dash?tab=1#top');
  });

  test('uses the configured redirectUrl, and never forwards a stale svc_token', () => {
    const a = setup('https://site.example.test/?svc_token=old&x=1', {});
    expect(new URL(a.client.loginUrl()).searchParams.get('redirect_url')).toBe('https://site.example.test/?x=1');
    const b = setup('https://site.example.test/', {}, { redirectUrl: 'https://site.example.test/back' });
    expect(new URL(b.client.loginUrl()).searchParams.get('redirect_url')).toBe('https://site.example.test/back');
  });
});

describe('handleRedirect', () => {
  test('removes svc_token from the URL, exchanges it and stores the session in sessionStorage only', async () => {
    const { client, win, calls, replaced } = setup(`https://site.example.test/app?a=1&svc_token=${TOKEN}&b=x%20y#section`, {
      '/context/auth/exchange': () => exchangeOk(),
    });
    const session = await client.handleRedirect();
    expect(replaced).toEqual(['https://site.example.test/app?a=1&b=x%20y#section']);
    expect(win.history.state).toEqual({ from: 'app' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${AUTH}/context/auth/exchange`);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.credentials).toBe('omit');
    expect(calls[0]!.body).toEqual({ token: TOKEN });
    expect(session).toMatchObject({ accessToken: 'at-1', user: USER, workspace: WORKSPACE });
    const stored = JSON.parse(win.sessionStorage.getItem(storageKey(APP))!);
    expect(stored).toMatchObject({ access_token: 'at-1', user: USER, workspace: WORKSPACE });
    expect(win.localStorage.items.size).toBe(0);
    expect(client.getSession()).toEqual(session);
    client.destroy();
  });

  test('without svc_token it returns the stored session, or null', async () => {
    const { client } = setup('https://site.example.test/', {});
    await expect(client.handleRedirect()).resolves.toBeNull();
  });

  test('a second call while the exchange runs shares it (no second exchange)', async () => {
    const { client, calls } = setup(`https://site.example.test/?svc_token=${TOKEN}`, { '/context/auth/exchange': () => exchangeOk() });
    const [a, b] = await Promise.all([client.handleRedirect(), client.handleRedirect()]);
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
    client.destroy();
  });

  test.each([
    ['TOKEN_EXPIRED', 400, true],
    ['TOKEN_USED', 400, true],
    ['INVALID_TOKEN', 400, true],
    ['CORS_REJECTED', 403, false],
  ] as const)('an exchange answered %s surfaces as a typed error, URL cleaned, nothing stored', async (code, status, restart) => {
    const { client, win, replaced, navigations } = setup(`https://site.example.test/?svc_token=${TOKEN}`, {
      '/context/auth/exchange': () => ({ status, body: { error: code, message: 'no' } }),
    });
    const err = (await client.handleRedirect().catch((e: unknown) => e)) as AuthError;
    expect(err).toBeInstanceOf(AuthError);
    expect(err.code).toBe(code);
    expect(err.status).toBe(status);
    expect(err.restartLogin).toBe(restart);
    expect(replaced).toEqual(['https://site.example.test/']);
    expect(win.sessionStorage.getItem(storageKey(APP))).toBeNull();
    // Only TOKEN_EXPIRED restarts the sign-in by itself (by default).
    expect(err.loginRestarted).toBe(code === 'TOKEN_EXPIRED');
    expect(navigations).toHaveLength(code === 'TOKEN_EXPIRED' ? 1 : 0);
  });

  test('TOKEN_EXPIRED restarts the sign-in at most once a minute (no loop)', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const routes = { '/context/auth/exchange': () => ({ status: 400, body: { error: 'TOKEN_EXPIRED', message: 'too old' } }) };
    const first = setup(`https://site.example.test/a?x=1&svc_token=${TOKEN}`, routes);
    await expect(first.client.handleRedirect()).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', loginRestarted: true });
    expect(first.navigations).toHaveLength(1);
    const login = new URL(first.navigations[0]!);
    expect(login.pathname).toBe('/context/auth/login');
    expect(login.searchParams.get('redirect_url')).toBe('https://site.example.test/a?x=1');

    // Back again with another expired token 10 s later: the error is left to the app.
    jest.setSystemTime(Date.UTC(2026, 0, 1, 12, 0, 10));
    first.win.location.href = `https://site.example.test/a?x=1&svc_token=${TOKEN}`;
    await expect(first.client.handleRedirect()).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', loginRestarted: false });
    expect(first.navigations).toHaveLength(1);

    // A minute later it restarts again; and restartLoginOn: [] turns it off.
    jest.setSystemTime(Date.UTC(2026, 0, 1, 12, 1, 11));
    first.win.location.href = `https://site.example.test/a?x=1&svc_token=${TOKEN}`;
    await expect(first.client.handleRedirect()).rejects.toMatchObject({ loginRestarted: true });
    const off = setup(`https://site.example.test/?svc_token=${TOKEN}`, routes, { restartLoginOn: [] });
    await expect(off.client.handleRedirect()).rejects.toMatchObject({ code: 'TOKEN_EXPIRED', loginRestarted: false });
    expect(off.navigations).toHaveLength(0);
  });

  test('an unreachable auth-central is a NETWORK_ERROR', async () => {
    const { client } = setup(`https://site.example.test/?svc_token=${TOKEN}`, {
      '/context/auth/exchange': () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(client.handleRedirect()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('refresh', () => {
  test('refreshes 50 minutes after issue, then 50 minutes after that', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    let n = 1;
    const { client, calls, win } = setup(`https://site.example.test/?svc_token=${TOKEN}`, {
      '/context/auth/exchange': () => exchangeOk(),
      '/context/auth/refresh': () => ({ body: { access_token: `at-${++n}`, expires_at: new Date(Date.now() + 3600_000).toISOString() } }),
    });
    await client.handleRedirect();
    await jest.advanceTimersByTimeAsync(REFRESH_AFTER_MS - 1000);
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1000);
    const refreshes = calls.filter((c) => c.url.endsWith('/refresh'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({ access_token: 'at-1' });
    expect(client.getSession()).toMatchObject({ accessToken: 'at-2', issuedAt: Date.UTC(2026, 0, 1, 12, 50), user: USER });
    expect(JSON.parse(win.sessionStorage.getItem(storageKey(APP))!).access_token).toBe('at-2');

    await jest.advanceTimersByTimeAsync(REFRESH_AFTER_MS);
    expect(calls.filter((c) => c.url.endsWith('/refresh')).map((c) => c.body)).toEqual([{ access_token: 'at-1' }, { access_token: 'at-2' }]);
    expect(client.getSession()!.accessToken).toBe('at-3');
    client.destroy();
  });

  test('a session restored from storage (page reload) keeps its original refresh point', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const routes = {
      '/context/auth/exchange': () => exchangeOk(),
      '/context/auth/refresh': () => ({ body: { access_token: 'at-2', expires_at: new Date(Date.now() + 3600_000).toISOString() } }),
    };
    const first = setup(`https://site.example.test/?svc_token=${TOKEN}`, routes);
    await first.client.handleRedirect();
    first.client.destroy();
    await jest.advanceTimersByTimeAsync(30 * 60_000);
    // "Reload": a new client on the same tab storage.
    const server = fakeAuthCentral(routes);
    const again = createAuthClient({ authUrl: AUTH, appId: APP, window: first.win, fetch: server.fetch });
    expect(again.getSession()!.accessToken).toBe('at-1');
    await jest.advanceTimersByTimeAsync(20 * 60_000 - 1);
    expect(server.calls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(server.calls.map((c) => new URL(c.url).pathname)).toEqual(['/context/auth/refresh']);
    again.destroy();
  });

  test('SESSION_INVALIDATED on refresh ends the session and tells the app', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const ended: AuthError[] = [];
    const { client, win } = setup(
      `https://site.example.test/?svc_token=${TOKEN}`,
      {
        '/context/auth/exchange': () => exchangeOk(),
        '/context/auth/refresh': () => ({ status: 401, body: { error: 'SESSION_INVALIDATED', message: 'logged out' } }),
      },
      { onSessionEnd: (e) => ended.push(e) },
    );
    await client.handleRedirect();
    await jest.advanceTimersByTimeAsync(REFRESH_AFTER_MS);
    expect(ended.map((e) => e.code)).toEqual(['SESSION_INVALIDATED']);
    expect(ended[0]!.restartLogin).toBe(true);
    expect(client.getSession()).toBeNull();
    expect(win.sessionStorage.items.size).toBe(0);
  });

  test('a transient failure is retried a minute later, while the token is still valid', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    let fail = true;
    const { client, calls } = setup(`https://site.example.test/?svc_token=${TOKEN}`, {
      '/context/auth/exchange': () => exchangeOk(),
      '/context/auth/refresh': () =>
        fail ? { status: 503, body: { error: 'unavailable' } } : { body: { access_token: 'at-2', expires_at: new Date(Date.now() + 3600_000).toISOString() } },
    });
    await client.handleRedirect();
    await jest.advanceTimersByTimeAsync(REFRESH_AFTER_MS);
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(1);
    expect(client.getSession()!.accessToken).toBe('at-1');
    fail = false;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(2);
    expect(client.getSession()!.accessToken).toBe('at-2');
    client.destroy();
  });

  test('getSession is null once expires_at has passed', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const { client } = setup(`https://site.example.test/?svc_token=${TOKEN}`, {
      '/context/auth/exchange': () => exchangeOk(new Date(Date.UTC(2026, 0, 1, 12, 10)).toISOString()),
    });
    await client.handleRedirect();
    client.destroy();
    jest.setSystemTime(Date.UTC(2026, 0, 1, 12, 10));
    expect(client.getSession()).toBeNull();
  });
});

describe('logout and authFetch', () => {
  test('logout posts the access token, clears storage and stops the refresh timer', async () => {
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12) });
    const { client, calls, win } = setup(`https://site.example.test/?svc_token=${TOKEN}`, {
      '/context/auth/exchange': () => exchangeOk(),
      '/context/auth/logout': () => ({ body: { success: true } }),
    });
    await client.handleRedirect();
    await expect(client.logout()).resolves.toEqual({ serverConfirmed: true });
    expect(calls.at(-1)).toMatchObject({ url: `${AUTH}/context/auth/logout`, body: { access_token: 'at-1' } });
    expect(win.sessionStorage.items.size).toBe(0);
    expect(client.getSession()).toBeNull();
    await jest.advanceTimersByTimeAsync(2 * REFRESH_AFTER_MS);
    expect(calls.filter((c) => c.url.endsWith('/refresh'))).toHaveLength(0);
  });

  test('logout clears the tab even when auth-central cannot be reached', async () => {
    const { client, win } = setup(`https://site.example.test/?svc_token=${TOKEN}`, {
      '/context/auth/exchange': () => exchangeOk(),
      '/context/auth/logout': () => Promise.reject(new TypeError('offline')),
    });
    await client.handleRedirect();
    await expect(client.logout()).resolves.toEqual({ serverConfirmed: false });
    expect(win.sessionStorage.items.size).toBe(0);
  });

  test('authFetch sends the Bearer token and keeps the caller’s headers', async () => {
    const { client, fetch } = setup(`https://site.example.test/?svc_token=${TOKEN}`, { '/context/auth/exchange': () => exchangeOk() });
    await client.handleRedirect();
    const res = await client.authFetch('https://api.example.test/things', { headers: { 'x-extra': '1' }, method: 'GET' });
    expect(await res.json()).toEqual({ ok: true, auth: 'Bearer at-1' });
    const init = (fetch as unknown as jest.Mock).mock.calls.at(-1)![1] as RequestInit;
    expect(new Headers(init.headers).get('x-extra')).toBe('1');
    client.destroy();
  });

  test('authFetch without a session throws NOT_AUTHENTICATED', async () => {
    const { client } = setup('https://site.example.test/', {});
    await expect(client.authFetch('https://api.example.test/')).rejects.toMatchObject({ code: 'NOT_AUTHENTICATED', restartLogin: true });
  });

  test('authFetch refreshes first when the refresh is overdue (throttled background tab)', async () => {
    let t = Date.UTC(2026, 0, 1, 12);
    const { client, calls } = setup(
      `https://site.example.test/?svc_token=${TOKEN}`,
      {
        '/context/auth/exchange': () => exchangeOk(new Date(t + 3600_000).toISOString()),
        '/context/auth/refresh': () => ({ body: { access_token: 'at-2', expires_at: new Date(t + 3600_000).toISOString() } }),
      },
      { now: () => t },
    );
    await client.handleRedirect();
    client.destroy();
    t += 55 * 60_000;
    const res = await client.authFetch('https://api.example.test/');
    expect((await res.json()).auth).toBe('Bearer at-2');
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/context/auth/exchange', '/context/auth/refresh', '/']);
    client.destroy();
  });
});

describe('storage rule', () => {
  test('refuses localStorage', () => {
    const { win } = fakeWindow('https://site.example.test/');
    expect(() => createAuthClient({ authUrl: AUTH, appId: APP, window: win, storage: win.localStorage })).toThrow(/never in localStorage/);
  });

  test('withoutParam keeps the other parameters byte for byte', () => {
    expect(withoutParam('?svc_token=abc', 'svc_token')).toBe('');
    expect(withoutParam('?a=1&svc_token=abc&b=%2F+x&c', 'svc_token')).toBe('?a=1&b=%2F+x&c');
    expect(withoutParam('?svc%5Ftoken=abc&a=1', 'svc_token')).toBe('?a=1');
    expect(withoutParam('', 'svc_token')).toBe('');
  });
});
