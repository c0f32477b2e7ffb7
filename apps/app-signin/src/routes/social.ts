/**
 * Sign-in with a provider, better-auth's routes:
 * POST /sign-in/social `{provider, callbackURL?, errorCallbackURL?, newUserCallbackURL?, disableRedirect?, scopes?, loginHint?}`
 *      → `{url, redirect}` (+ `Location`); the browser goes to the provider
 * GET  /callback/:id?code&state → 302 to callbackURL (newUserCallbackURL for a new user) with the session cookie,
 *      or to errorCallbackURL (default `/api/auth/error`) with `?error=<better-auth's code>`
 * POST /callback/:id (form_post) → 302 to the GET form
 * GET  /error?error=… → a short page saying what went wrong
 *
 * The pending sign-in (state, PKCE verifier, nonce, redirect targets) lives in
 * a signed, HttpOnly, 10-minute cookie bound to this browser; the callback
 * compares `state` in constant time and uses it once. Linking to an existing
 * account by email happens only when BOTH the provider says the address is
 * verified AND the existing account's address is verified; otherwise
 * `account_not_linked` (an attacker cannot pre-register a victim's address
 * and inherit their provider sign-in, nor take over an account with an
 * unverified provider email).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { HttpError } from '@latchkey/errors';
import { openPayload, randomToken, sealPayload } from '../domain/crypto.js';
import { authorizationUrl, exchangeCode, OAuthError, type ProviderConfig, type ProviderProfile } from '../domain/oauth.js';
import { withQuery } from '../domain/redirects.js';
import { createProviderUser, findUserByAccount, findUserByEmail, linkAccount, liveSessionEmail, type UserRow } from '../domain/users.js';
import { clearCookie, setCookie } from '../http/cookies.js';
import { clientIp, requireSession, stateOf, type Services } from '../http/context.js';
import { issueSession } from '../http/session.js';
import { sendVerification, trustedRedirect } from '../http/mail-links.js';
import { startTwoFactor } from '../http/two-factor-challenge.js';
import { parseBody } from '../http/validation.js';

const STATE_COOKIE_SEC = 600;

const socialBody = z.object({
  provider: z.string().min(1).max(64),
  callbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
  disableRedirect: z.boolean().optional(),
  scopes: z.array(z.string().max(128)).max(20).optional(),
  loginHint: z.string().max(320).optional(),
  requestSignUp: z.boolean().optional(),
  idToken: z.unknown().optional(),
  additionalData: z.unknown().optional(),
});

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(2048).optional(),
});

interface PendingSignIn extends Record<string, unknown> {
  s: string;
  v: string;
  n: string;
  p: string;
  c: string;
  x: string;
  u?: string;
  /** link-social: the user and session that asked for the link. */
  l?: { u: string; s: string };
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}


/** Starts a provider round trip: the state cookie (state, PKCE verifier, nonce, targets) and the authorization URL. */
async function startProviderFlow(
  req: Request,
  res: Response,
  svc: Services,
  provider: ProviderConfig,
  opts: { callbackURL: string; errorURL: string; newUserURL?: string; scopes?: string[]; loginHint?: string; link?: { u: string; s: string } },
): Promise<string> {
  const state = stateOf(req);
  const { app } = state;
  const pending: PendingSignIn = {
    s: randomToken(32),
    v: randomToken(48),
    n: randomToken(16),
    p: provider.id,
    c: opts.callbackURL,
    x: opts.errorURL,
    ...(opts.newUserURL ? { u: opts.newUserURL } : {}),
    ...(opts.link ? { l: opts.link } : {}),
    e: svc.now() + STATE_COOKIE_SEC * 1000,
  };
  let url: string;
  try {
    url = await authorizationUrl(provider, {
      redirectUri: `${app.signinUrl}/api/auth/callback/${encodeURIComponent(provider.id)}`,
      state: pending.s,
      codeVerifier: pending.v,
      nonce: pending.n,
      scopes: opts.scopes,
      loginHint: opts.loginHint,
    });
  } catch (err) {
    svc.logger.warn({ provider: provider.id, err: { message: (err as Error).message } }, 'provider discovery failed');
    throw new HttpError(502, 'PROVIDER_UNAVAILABLE', `The sign-in provider ${provider.id} does not answer; try again later.`);
  }
  setCookie(res, state.scope, state.names.oauthState, sealPayload(app.keys.cookie, pending), STATE_COOKIE_SEC);
  return url;
}

export function register(router: Router, svc: Services): void {

  router.post('/sign-in/social', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    await svc.limits.signInAttempt(app.id, clientIp(req));
    const input = parseBody(socialBody, req.body);
    const provider = app.providers.get(input.provider);
    if (!provider) throw new HttpError(404, 'PROVIDER_NOT_FOUND', 'Provider not found');
    if (input.idToken !== undefined) throw new HttpError(404, 'ID_TOKEN_NOT_SUPPORTED', 'id_token not supported');
    const fallback = app.origins[0] ? `${app.origins[0]}/` : `${app.signinUrl}/api/auth/error`;
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL') ?? fallback;
    const errorURL = trustedRedirect(req, input.errorCallbackURL, 'errorCallbackURL') ?? `${app.signinUrl}/api/auth/error`;
    const newUserURL = trustedRedirect(req, input.newUserCallbackURL, 'newUserCallbackURL');
    const url = await startProviderFlow(req, res, svc, provider, { callbackURL, errorURL, newUserURL, scopes: input.scopes, loginHint: input.loginHint });
    const redirect = input.disableRedirect !== true;
    if (redirect) res.setHeader('Location', url);
    res.json({ url, redirect });
  });

  router.post('/link-social', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    const session = await requireSession(req, svc);
    const input = parseBody(socialBody, req.body);
    const provider = app.providers.get(input.provider);
    if (!provider) throw new HttpError(404, 'PROVIDER_NOT_FOUND', 'Provider not found');
    if (input.idToken !== undefined) throw new HttpError(404, 'ID_TOKEN_NOT_SUPPORTED', 'id_token not supported');
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL') ?? (app.origins[0] ? `${app.origins[0]}/` : `${app.signinUrl}/api/auth/error`);
    const errorURL = trustedRedirect(req, input.errorCallbackURL, 'errorCallbackURL') ?? callbackURL;
    const url = await startProviderFlow(req, res, svc, provider, { callbackURL, errorURL, scopes: input.scopes, loginHint: input.loginHint, link: { u: session.user.id, s: session.session.id } });
    const redirect = input.disableRedirect !== true;
    if (redirect) res.setHeader('Location', url);
    res.json({ url, redirect });
  });

  router.post('/callback/:id', (req, res) => {
    // form_post response mode: the same parameters, as a GET (better-auth does the same).
    const params = new URLSearchParams();
    const merged = { ...(typeof req.body === 'object' && req.body ? req.body : {}), ...req.query } as Record<string, unknown>;
    for (const k of ['code', 'state', 'error', 'error_description', 'iss']) if (typeof merged[k] === 'string') params.set(k, merged[k] as string);
    res.redirect(302, `${stateOf(req).app.signinUrl}/api/auth/callback/${encodeURIComponent(String(req.params.id))}?${params}`);
  });

  router.get('/callback/:id', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    const defaultError = `${app.signinUrl}/api/auth/error`;
    const fail = (url: string, code: string) => {
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, withQuery(url, { error: code }));
    };
    const q = callbackQuery.safeParse(req.query);
    if (!q.success) return fail(defaultError, 'invalid_callback_request');
    const pending = openPayload<PendingSignIn>(app.keys.cookie, state.cookies[state.names.oauthState], svc.now());
    clearCookie(res, state.scope, state.names.oauthState);
    if (!q.data.state) return fail(defaultError, 'state_not_found');
    if (!pending || !sameString(pending.s, q.data.state) || pending.p !== String(req.params.id)) return fail(defaultError, 'state_mismatch');
    // Single use: a replayed callback (same state) is refused even with the cookie.
    if (!(await svc.limits.useChallenge(app.id, `oauth:${pending.s}`))) return fail(pending.x, 'state_mismatch');
    if (q.data.error) return fail(pending.x, /^[a-z_]{1,64}$/.test(q.data.error) ? q.data.error : 'oauth_error');
    if (!q.data.code) return fail(pending.x, 'no_code');
    const provider = app.providers.get(pending.p);
    if (!provider) return fail(pending.x, 'oauth_provider_not_found');

    let profile: ProviderProfile;
    try {
      profile = await exchangeCode(provider, {
        code: q.data.code,
        redirectUri: `${app.signinUrl}/api/auth/callback/${encodeURIComponent(provider.id)}`,
        codeVerifier: pending.v,
        nonce: pending.n,
      });
    } catch (err) {
      const code = err instanceof OAuthError ? err.code : 'unable_to_get_user_info';
      svc.logger.warn({ provider: provider.id, code, err: { message: (err as Error).message } }, 'provider sign-in failed');
      return fail(pending.x, code);
    }
    if (!profile.email) return fail(pending.x, 'email_not_found');

    const now = new Date(svc.now());
    if (pending.l) {
      // link-social: the session that asked must still be live, and the provider's verified address must be its user's.
      const email = await liveSessionEmail(app.db, pending.l.s, pending.l.u, now);
      if (!email || !profile.emailVerified) return fail(pending.x, 'unable_to_link_account');
      if (email.toLowerCase() !== profile.email.toLowerCase()) return fail(pending.x, 'email_does_not_match');
      const owner = await findUserByAccount(app.db, provider.id, profile.sub);
      if (owner && owner.id !== pending.l.u) return fail(pending.x, 'account_already_linked_to_different_user');
      if (!owner) await linkAccount(app.db, { userId: pending.l.u, providerId: provider.id, accountId: profile.sub, email: profile.email, now });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, pending.c);
      return;
    }
    let user: UserRow | null = await findUserByAccount(app.db, provider.id, profile.sub);
    let isNew = false;
    if (!user) {
      const existing = await findUserByEmail(app.db, profile.email);
      if (existing) {
        if (!profile.emailVerified || !existing.email_verified) return fail(pending.x, 'account_not_linked');
        await linkAccount(app.db, { userId: existing.id, providerId: provider.id, accountId: profile.sub, email: profile.email, now });
        user = existing;
      } else {
        try {
          user = await createProviderUser(app.db, {
            name: (profile.name ?? profile.email.split('@')[0] ?? '').slice(0, 256),
            email: profile.email.toLowerCase(),
            emailVerified: profile.emailVerified,
            image: profile.image && profile.image.length <= 2048 ? profile.image : null,
            providerId: provider.id,
            accountId: profile.sub,
            now,
          });
          isNew = true;
        } catch (err) {
          if (err instanceof HttpError) return fail(pending.x, 'unable_to_link_account');
          throw err;
        }
      }
    }
    if (app.requireEmailVerification && !user.email_verified) {
      const mayMail = await svc.limits.mailRequest(app.id, clientIp(req), user.email).then(() => true, () => false);
      if (mayMail) await sendVerification(req, svc, user, pending.c);
      return fail(pending.x, 'email_not_verified');
    }
    if (await startTwoFactor(req, res, svc, user, true)) {
      res.redirect(302, withQuery(pending.c, { twoFactorRedirect: 'true' }));
      return;
    }
    await issueSession(req, res, svc, user);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, isNew && pending.u ? pending.u : pending.c);
  });

  router.get('/error', (req: Request, res: Response) => {
    const raw = typeof req.query.error === 'string' ? req.query.error : 'unknown_error';
    const code = /^[A-Za-z0-9_]{1,64}$/.test(raw) ? raw : 'unknown_error';
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    res.status(400).type('html').send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><h1>Sign-in did not complete</h1><p>Error: <code id="error">${code}</code></p><p>Go back to the app and try again.</p></body></html>`,
    );
  });
}
