/**
 * What sign-in/social and link-social share: the body, and the start of a provider round trip (state cookie with state, PKCE verifier, nonce and redirect targets; the authorization URL). The callback (routes/callback.ts) reads the same cookie.
 */
import type { Request, Response } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { randomToken, sealPayload } from '../domain/crypto.js';
import { authorizationUrl, type ProviderConfig } from '../domain/oauth.js';
import { setCookie } from './cookies.js';
import { stateOf, type Services } from './context.js';

export const STATE_COOKIE_SEC = 600;

export const socialBody = z.object({
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

export interface PendingSignIn extends Record<string, unknown> {
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

/** Starts a provider round trip: the state cookie (state, PKCE verifier, nonce, targets) and the authorization URL. */
export async function startProviderFlow(
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
    throw new SigninError('PROVIDER_UNAVAILABLE', `The sign-in provider ${provider.id} does not answer; try again later.`);
  }
  setCookie(res, state.scope, state.names.oauthState, sealPayload(app.keys.cookie, pending), STATE_COOKIE_SEC);
  return url;
}
