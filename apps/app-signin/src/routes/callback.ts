/**
 * GET  /callback/:id?code&state → 302 to callbackURL (newUserCallbackURL for a new user) with the session cookie,
 *      or to errorCallbackURL (default `/api/auth/error`) with `?error=<better-auth's code>`
 * POST /callback/:id (form_post) → 302 to the GET form
 *
 * The pending sign-in (state, PKCE verifier, nonce, redirect targets) lives in a signed, HttpOnly,
 * 10-minute cookie bound to this browser (http/provider-flow.ts); the callback compares `state` in
 * constant time and uses it once. Linking to an existing account by email happens only when BOTH the
 * provider says the address is verified AND the existing account's address is verified; otherwise
 * `account_not_linked` (an attacker cannot pre-register a victim's address and inherit their provider
 * sign-in, nor take over an account with an unverified provider email).
 */
import { timingSafeEqual } from 'node:crypto';
import type { Router } from 'express';
import { z } from 'zod';
import { HttpError } from '@latchkey/errors';
import { openPayload } from '../domain/crypto.js';
import { exchangeCode, OAuthError, type ProviderProfile } from '../domain/oauth.js';
import { withQuery } from '../domain/redirects.js';
import { createProviderUser, liveSessionEmail } from '../domain/users.js';
import { findUserByAccount, linkAccount } from '../store/accounts.js';
import { findUserByEmail, type UserRow } from '../store/users.js';
import { clearCookie } from '../http/cookies.js';
import { clientIp, stateOf, type Services } from '../http/context.js';
import { issueSession } from '../http/session.js';
import { sendVerification } from '../http/mail-links.js';
import { startTwoFactor } from '../http/two-factor-challenge.js';
import { type PendingSignIn } from '../http/provider-flow.js';

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(2048).optional(),
});

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function register(router: Router, svc: Services): void {
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
      const mayMail = await svc.limits.mailRequest(app.id, clientIp(req), user.email).then(
        () => true,
        () => false,
      );
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
}
