/**
 * Login and callback (SPEC.md area A, steps 1–4).
 *
 * A login is kept server-side (table `login_states`, 10 minutes, single use)
 * keyed by SHA-256 of the OIDC `state`; it binds `redirect_url`, `app_id`,
 * the PKCE verifier (encrypted) and the nonce. It is also bound to the
 * browser that started it: an HttpOnly cookie holds a random value whose
 * hash is in the row, so a callback URL replayed in another browser (login
 * CSRF) is refused.
 */
import type { Logger } from 'pino';
import { AuthCentralError } from '../errors.js';
import { decryptSecret, encryptSecret, randomHex, safeEqual, sha256Hex } from '@latchkey/service-kit';
import type { Db } from '../store/prisma.js';
import { findApp } from '../store/apps.js';
import { insertLoginState, takeLoginState } from '../store/login-states.js';
import { upsertUserAndMembership } from '../store/users.js';
import { insertExchangeToken } from '../store/sessions.js';
import { checkRedirectUrl } from './domains.js';
import { calculatePKCECodeChallenge, randomNonce, randomPKCECodeVerifier, randomState, type IdentityProvider } from './idp.js';

export const CALLBACK_PATH = '/context/auth/callback';

export interface LoginOptions {
  db: Db;
  idp: IdentityProvider | undefined;
  publicUrl: string;
  encryptionKey: Buffer;
  now: () => number;
  logger?: Logger;
  exchangeTokenTtlSeconds: number;
  loginTtlSeconds: number;
  bindToBrowser: boolean;
}

export interface BindingCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

/** The outcome of a callback: a redirect to the app, or an error page (no safe place to send the browser). */
export type CallbackResult =
  { kind: 'redirect'; location: string; clearCookie?: string } | { kind: 'page'; status: number; title: string; message: string; clearCookie?: string };

/** Standard OAuth error codes passed on to the app as `error=`; anything else becomes `access_denied`. */
const PROVIDER_ERRORS = new Set(['access_denied', 'login_required', 'consent_required', 'interaction_required', 'temporarily_unavailable', 'server_error']);

/**
 * Adds query parameters to a URL, keeping its existing query byte for byte
 * and its fragment; a parameter of the same name already present is replaced.
 */
export function withParams(href: string, params: Record<string, string>): string {
  const url = new URL(href);
  const names = Object.keys(params);
  if (names.some((n) => url.searchParams.has(n))) for (const n of names) url.searchParams.delete(n);
  const added = new URLSearchParams(params).toString();
  url.search = url.search ? `${url.search.slice(1)}&${added}` : added;
  return url.href;
}

export function bindingCookieName(state: string): string {
  return `lk_login_${sha256Hex(state).slice(0, 16)}`;
}

/**
 * Starts logins (`start`: the redirect to the identity provider, with state, nonce and PKCE) and
 * finishes them (`finish`: the callback, which yields a 60-second single-use exchange token for the
 * app's `redirect_url`). Throws `AuthCentralError`/`HttpError` with SPEC.md area A's codes.
 */
export class Logins {
  constructor(private readonly o: LoginOptions) {}

  get callbackUrl(): string {
    return `${this.o.publicUrl}${CALLBACK_PATH}`;
  }

  /** Validates app and redirect, stores the login, returns the provider URL (and the browser-binding cookie). */
  async start(input: { appId: unknown; redirectUrl: unknown }): Promise<{ location: string; cookie?: BindingCookie }> {
    const appId = typeof input.appId === 'string' ? input.appId : '';
    const app = appId && appId.length <= 128 ? await findApp(this.o.db, appId) : null;
    if (!app) throw new AuthCentralError('INVALID_APP_ID', 'app_id is not a registered hosted app.');
    const check = checkRedirectUrl(input.redirectUrl, app.allowed_auth_domains);
    if (!check.ok) throw new AuthCentralError('INVALID_REDIRECT_URL', `${check.reason}.`);
    if (!this.o.idp) throw new AuthCentralError('SERVICE_UNAVAILABLE', 'No identity provider is configured.');

    const state = randomState();
    const nonce = randomNonce();
    const verifier = randomPKCECodeVerifier();
    const stateHash = sha256Hex(state);
    const binding = this.o.bindToBrowser ? randomHex(32) : undefined;
    const now = this.o.now();
    let location: URL;
    try {
      location = await this.o.idp.authorizationUrl({
        redirectUri: this.callbackUrl,
        state,
        nonce,
        codeChallenge: await calculatePKCECodeChallenge(verifier),
      });
    } catch (err) {
      this.o.logger?.error({ err }, 'identity provider unreachable');
      throw new AuthCentralError('SERVICE_UNAVAILABLE', 'The identity provider cannot be reached. Try again shortly.');
    }
    await insertLoginState(this.o.db, {
      stateHash,
      appId: app.app_id,
      redirectUrl: check.url.href,
      codeVerifierEncrypted: encryptSecret(this.o.encryptionKey, verifier, stateHash),
      nonce,
      browserBindingHash: binding ? sha256Hex(binding) : null,
      createdAt: new Date(now),
      expiresAt: new Date(now + this.o.loginTtlSeconds * 1000),
    });
    return {
      location: location.href,
      cookie: binding ? { name: bindingCookieName(state), value: binding, maxAgeSeconds: this.o.loginTtlSeconds } : undefined,
    };
  }

  /**
   * Completes a login. Never throws for a bad request: an unusable state is
   * an error page, a provider refusal or failed code exchange goes back to
   * the app as `error=<code>` on its redirect_url.
   */
  async finish(query: Record<string, unknown>, cookies: Record<string, string>): Promise<CallbackResult> {
    const state = typeof query.state === 'string' ? query.state : '';
    if (!state || state.length > 512) {
      return {
        kind: 'page',
        status: 400,
        title: 'Sign-in could not be completed',
        message: 'The sign-in response has no state. Start the sign-in again from the site.',
      };
    }
    const cookieName = bindingCookieName(state);
    const login = await takeLoginState(this.o.db, sha256Hex(state));
    if (!login) {
      return {
        kind: 'page',
        status: 400,
        title: 'Sign-in could not be completed',
        message: 'This sign-in link is unknown, was already used or has expired. Start the sign-in again from the site.',
        clearCookie: cookieName,
      };
    }
    const now = this.o.now();
    if (login.expiresAt.getTime() <= now) {
      return {
        kind: 'page',
        status: 400,
        title: 'Sign-in expired',
        message: 'The sign-in took too long. Start it again from the site.',
        clearCookie: cookieName,
      };
    }
    if (login.browserBindingHash) {
      const given = cookies[cookieName];
      if (!given || !safeEqual(sha256Hex(given), login.browserBindingHash)) {
        return {
          kind: 'page',
          status: 400,
          title: 'Sign-in could not be completed',
          message: 'This sign-in was started in another browser. Start the sign-in again from the site.',
          clearCookie: cookieName,
        };
      }
    }
    const back = (params: Record<string, string>) => ({ kind: 'redirect' as const, location: withParams(login.redirectUrl, params), clearCookie: cookieName });
    if (typeof query.error === 'string' || query.error !== undefined) {
      const code = typeof query.error === 'string' && PROVIDER_ERRORS.has(query.error) ? query.error : 'access_denied';
      return back({ error: code });
    }
    if (typeof query.code !== 'string' || !query.code) return back({ error: 'access_denied' });

    let identity;
    try {
      const current = new URL(this.callbackUrl);
      for (const [k, v] of Object.entries(query)) if (typeof v === 'string') current.searchParams.set(k, v);
      identity = await this.o.idp!.completeSignIn(current, {
        state,
        nonce: login.nonce,
        codeVerifier: decryptSecret(this.o.encryptionKey, login.codeVerifierEncrypted, login.stateHash),
      });
    } catch (err) {
      this.o.logger?.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'sign-in failed at the provider');
      return back({ error: 'login_failed' });
    }

    const app = await findApp(this.o.db, login.appId);
    if (!app) return back({ error: 'login_failed' });
    const userId = await upsertUserAndMembership(this.o.db, identity, app.organisation.id);
    const token = randomHex(64);
    const issued = this.o.now();
    await insertExchangeToken(this.o.db, {
      tokenHash: sha256Hex(token),
      userId,
      appId: app.app_id,
      organisationId: app.organisation.id,
      redirectUrl: login.redirectUrl,
      createdAt: new Date(issued),
      expiresAt: new Date(issued + this.o.exchangeTokenTtlSeconds * 1000),
    });
    return back({ svc_token: token });
  }
}
