/**
 * The browser client of Latchkey's central sign-in (SPEC area A):
 * 1. `login()` sends the browser to `{authUrl}/context/auth/login?redirect_url=…&app_id=…`;
 * 2. on return `handleRedirect()` takes `svc_token` out of the URL, exchanges it for an
 *    access token and keeps the session in tab-scoped `sessionStorage` (never `localStorage`);
 * 3. the access token is refreshed 50 minutes after issue; `authFetch` sends it as a Bearer token;
 * 4. `logout()` ends the session on the server and clears the tab's storage.
 */
import { AuthError, errorFromResponse, type AuthErrorCode } from './errors.js';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: string;
}

export interface AuthWorkspace {
  id: string;
  name: string;
  tier: string;
}

export interface AuthSession {
  accessToken: string;
  /** ISO 8601 UTC, as auth-central answered. */
  expiresAt: string;
  /** When this tab received the token (epoch ms, local clock); the refresh is due 50 minutes later. */
  issuedAt: number;
  user: AuthUser;
  workspace: AuthWorkspace;
}

/** The part of the Web Storage API the client uses. */
export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The parts of `window` the client uses (injectable for tests and non-window hosts). */
export interface BrowserWindow {
  location: { href: string; assign(url: string): void };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void };
  sessionStorage?: SessionStore;
  localStorage?: SessionStore;
}

export interface AuthClientOptions {
  /** `{auth_url}`, e.g. `https://auth.example.com` (no trailing slash needed). */
  authUrl: string;
  /** The registered hosted app id. */
  appId: string;
  /** Where auth-central sends the browser back to (default: the current URL). Its domain must be in the app's allowed domains. */
  redirectUrl?: string;
  /** Default `window.sessionStorage`. Persistent storage (`localStorage`) is refused. */
  storage?: SessionStore;
  fetch?: typeof fetch;
  /** Clock, epoch milliseconds (default `Date.now`). */
  now?: () => number;
  /** Default `globalThis` (the browser's `window`). */
  window?: BrowserWindow;
  /** Refresh point after issue, ms (default 50 minutes, per the spec). */
  refreshAfterMs?: number;
  /** Retry delay after a refresh that failed for a transient reason, ms (default 60 s). */
  refreshRetryMs?: number;
  /**
   * Exchange errors after which `handleRedirect()` itself sends the browser to a new sign-in (default
   * `['TOKEN_EXPIRED']`: the svc_token was older than 60 s). At most once a minute per tab, so a
   * misconfigured clock cannot loop. `[]` turns it off.
   */
  restartLoginOn?: AuthErrorCode[];
  /** Called whenever the session changes (sign-in, refresh, logout, end). */
  onSessionChange?: (session: AuthSession | null) => void;
  /** Called when the session ended without `logout()` (refresh refused, token expired): the app usually calls `login()`. */
  onSessionEnd?: (error: AuthError) => void;
}

export interface AuthClient {
  /** The URL `login()` navigates to. */
  loginUrl(opts?: { redirectUrl?: string }): string;
  /** Sends the browser to auth-central's login. */
  login(opts?: { redirectUrl?: string }): void;
  /**
   * Call on every page load. When the URL carries `svc_token`, removes it (keeping the other query
   * parameters and the fragment), exchanges it and stores the session; otherwise returns the stored
   * session (or null). Throws `AuthError` (e.g. TOKEN_EXPIRED: call `login()` again).
   */
  handleRedirect(): Promise<AuthSession | null>;
  /** The session of this tab, or null (also null once `expires_at` has passed). */
  getSession(): AuthSession | null;
  /** A new access token now (also done automatically 50 minutes after issue). */
  refresh(): Promise<AuthSession>;
  /** Ends the session on the server and clears this tab's storage. Never throws; `serverConfirmed` says whether auth-central answered success. */
  logout(): Promise<{ serverConfirmed: boolean }>;
  /** `fetch` with `Authorization: Bearer <access token>`. Throws NOT_AUTHENTICATED without a session. */
  authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Stops the refresh timer (for single-page apps that unmount the client). */
  destroy(): void;
}

export const REFRESH_AFTER_MS = 50 * 60 * 1000;
export const TOKEN_PARAM = 'svc_token';

export function storageKey(appId: string): string {
  return `latchkey.auth:${appId}`;
}

interface StoredSession {
  access_token: string;
  expires_at: string;
  issued_at: number;
  user: AuthUser;
  workspace: AuthWorkspace;
}

/** `search` (with its `?`) without the given parameter, other parameters byte for byte as they were. */
export function withoutParam(search: string, name: string): string {
  if (!search || search === '?') return '';
  const kept = search
    .slice(1)
    .split('&')
    .filter((part) => {
      if (!part) return false;
      const key = part.split('=')[0]!;
      try {
        return decodeURIComponent(key.replace(/\+/g, ' ')) !== name;
      } catch {
        return true;
      }
    });
  return kept.length ? `?${kept.join('&')}` : '';
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

export function createAuthClient(options: AuthClientOptions): AuthClient {
  const win = options.window ?? (globalThis as unknown as BrowserWindow);
  const storage = options.storage ?? win.sessionStorage;
  if (!storage) throw new Error('@latchkey/auth-client: no sessionStorage available; pass `storage`');
  if (win.localStorage && storage === win.localStorage) {
    throw new Error('@latchkey/auth-client: access tokens are kept in tab-scoped sessionStorage, never in localStorage');
  }
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? (() => Date.now());
  const authUrl = options.authUrl.replace(/\/+$/, '');
  const key = storageKey(options.appId);
  const refreshAfter = options.refreshAfterMs ?? REFRESH_AFTER_MS;
  const retryAfter = options.refreshRetryMs ?? 60_000;
  const restartOn = new Set<AuthErrorCode>(options.restartLoginOn ?? ['TOKEN_EXPIRED']);
  const restartKey = `${key}:login-restarted-at`;
  const RESTART_GUARD_MS = 60_000;

  let timer: ReturnType<typeof setTimeout> | undefined;
  let exchanging: Promise<AuthSession> | undefined;
  let refreshing: Promise<AuthSession> | undefined;

  const read = (): StoredSession | null => {
    const raw = storage.getItem(key);
    if (!raw) return null;
    try {
      const s = JSON.parse(raw) as StoredSession;
      if (typeof s.access_token !== 'string' || typeof s.expires_at !== 'string' || typeof s.issued_at !== 'number') return null;
      return s;
    } catch {
      return null;
    }
  };

  const toSession = (s: StoredSession): AuthSession => ({
    accessToken: s.access_token,
    expiresAt: s.expires_at,
    issuedAt: s.issued_at,
    user: s.user,
    workspace: s.workspace,
  });

  const expired = (s: StoredSession) => {
    const at = Date.parse(s.expires_at);
    return Number.isFinite(at) && now() >= at;
  };

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const clear = () => {
    clearTimer();
    storage.removeItem(key);
    options.onSessionChange?.(null);
  };

  const end = (error: AuthError) => {
    clear();
    options.onSessionEnd?.(error);
  };

  const schedule = (delayMs: number) => {
    clearTimer();
    timer = setTimeout(
      () => {
        timer = undefined;
        refresh().catch(() => {
          /* handled in refresh */
        });
      },
      Math.max(0, delayMs),
    );
    // Node (tests, SSR): do not keep the process alive for a refresh.
    (timer as { unref?: () => void }).unref?.();
  };

  const save = (s: StoredSession) => {
    storage.setItem(key, JSON.stringify(s));
    schedule(s.issued_at + refreshAfter - now());
    const session = toSession(s);
    options.onSessionChange?.(session);
    return session;
  };

  const post = async (path: string, body: unknown): Promise<unknown> => {
    let res: Response;
    try {
      res = await doFetch(`${authUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (cause) {
      throw new AuthError('NETWORK_ERROR', `could not reach ${authUrl}`, undefined, { cause });
    }
    if (!res.ok) throw await errorFromResponse(res);
    try {
      return await res.json();
    } catch (cause) {
      throw new AuthError('NETWORK_ERROR', `auth-central answered ${path} with a body that is not JSON`, res.status, { cause });
    }
  };

  const getSession = (): AuthSession | null => {
    const s = read();
    if (!s) return null;
    if (expired(s)) {
      clearTimer();
      storage.removeItem(key);
      return null;
    }
    return toSession(s);
  };

  const refresh = (): Promise<AuthSession> => {
    refreshing ??= (async () => {
      const current = read();
      if (!current || expired(current)) {
        const err = new AuthError('NOT_AUTHENTICATED', 'no session to refresh');
        if (current) end(new AuthError('TOKEN_EXPIRED', 'the access token expired before it could be refreshed'));
        throw err;
      }
      try {
        const body = await post('/context/auth/refresh', { access_token: current.access_token });
        if (!isObject(body) || typeof body.access_token !== 'string' || typeof body.expires_at !== 'string') {
          throw new AuthError('NETWORK_ERROR', 'unexpected refresh response');
        }
        return save({ ...current, access_token: body.access_token, expires_at: body.expires_at, issued_at: now() });
      } catch (err) {
        const e = err instanceof AuthError ? err : new AuthError('NETWORK_ERROR', String(err), undefined, { cause: err });
        if (e.restartLogin) end(e);
        else if (!expired(current)) schedule(retryAfter);
        throw e;
      }
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  const exchange = async (token: string): Promise<AuthSession> => {
    const body = await post('/context/auth/exchange', { token });
    if (!isObject(body) || typeof body.access_token !== 'string' || typeof body.expires_at !== 'string' || !isObject(body.user) || !isObject(body.workspace)) {
      throw new AuthError('NETWORK_ERROR', 'unexpected exchange response');
    }
    return save({
      access_token: body.access_token,
      expires_at: body.expires_at,
      issued_at: now(),
      user: body.user as unknown as AuthUser,
      workspace: body.workspace as unknown as AuthWorkspace,
    });
  };

  const currentUrlWithoutToken = (): string => {
    const url = new URL(win.location.href);
    return `${url.origin}${url.pathname}${withoutParam(url.search, TOKEN_PARAM)}${url.hash}`;
  };

  const loginUrl = (opts: { redirectUrl?: string } = {}): string => {
    const redirect = opts.redirectUrl ?? options.redirectUrl ?? currentUrlWithoutToken();
    const q = new URLSearchParams({ redirect_url: redirect, app_id: options.appId });
    return `${authUrl}/context/auth/login?${q.toString()}`;
  };

  // A session restored from this tab's storage gets its refresh scheduled again.
  const restored = read();
  if (restored && !expired(restored)) schedule(restored.issued_at + refreshAfter - now());

  return {
    loginUrl,
    login(opts) {
      win.location.assign(loginUrl(opts));
    },
    async handleRedirect() {
      const url = new URL(win.location.href);
      const token = url.searchParams.get(TOKEN_PARAM);
      if (token === null) return exchanging ?? getSession();
      // Out of the address bar and history first, whatever the exchange answers.
      win.history.replaceState(win.history.state, '', `${url.pathname}${withoutParam(url.search, TOKEN_PARAM)}${url.hash}`);
      exchanging = exchange(token)
        .catch((err: unknown) => {
          if (err instanceof AuthError && restartOn.has(err.code)) {
            const last = Number(storage.getItem(restartKey) ?? 0);
            if (!(now() - last < RESTART_GUARD_MS)) {
              storage.setItem(restartKey, String(now()));
              err.loginRestarted = true;
              win.location.assign(loginUrl());
            }
          }
          throw err;
        })
        .finally(() => {
          exchanging = undefined;
        });
      return exchanging;
    },
    getSession,
    refresh,
    async logout() {
      const current = read();
      clear();
      if (!current) return { serverConfirmed: false };
      try {
        const body = await post('/context/auth/logout', { access_token: current.access_token });
        return { serverConfirmed: isObject(body) && body.success === true };
      } catch {
        return { serverConfirmed: false };
      }
    },
    async authFetch(input, init) {
      let s = read();
      if (!s || expired(s)) {
        if (s) end(new AuthError('TOKEN_EXPIRED', 'the access token expired'));
        throw new AuthError('NOT_AUTHENTICATED', 'not signed in in this tab');
      }
      // A background tab's timer may have been throttled: refresh first when it is overdue.
      if (now() >= s.issued_at + refreshAfter) {
        await refresh().catch(() => undefined);
        s = read();
        if (!s) throw new AuthError('NOT_AUTHENTICATED', 'the session ended');
      }
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set('authorization', `Bearer ${s.access_token}`);
      return doFetch(input, { ...init, headers });
    },
    destroy: clearTimer,
  };
}
