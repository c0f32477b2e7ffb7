/**
 * POST /link-social `{provider, callbackURL?, errorCallbackURL?, scopes?}` → `{url, redirect}`: links a provider
 * account to the signed-in user; the callback (routes/callback.ts) links it only when the provider's verified
 * address is the user's.
 */
import type { Router } from 'express';
import { SigninError } from '../errors.js';
import { requireSession, stateOf, type Services } from '../http/context.js';
import { trustedRedirect } from '../http/mail-links.js';
import { parseBody } from '../http/validation.js';
import { socialBody, startProviderFlow } from '../http/provider-flow.js';

export function register(router: Router, svc: Services): void {
  router.post('/link-social', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    const session = await requireSession(req, svc);
    const input = parseBody(socialBody, req.body);
    const provider = app.providers.get(input.provider);
    if (!provider) throw new SigninError('PROVIDER_NOT_FOUND', 'Provider not found');
    if (input.idToken !== undefined) throw new SigninError('ID_TOKEN_NOT_SUPPORTED', 'id_token not supported');
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL') ?? (app.origins[0] ? `${app.origins[0]}/` : `${app.signinUrl}/api/auth/error`);
    const errorURL = trustedRedirect(req, input.errorCallbackURL, 'errorCallbackURL') ?? callbackURL;
    const url = await startProviderFlow(req, res, svc, provider, {
      callbackURL,
      errorURL,
      scopes: input.scopes,
      loginHint: input.loginHint,
      link: { u: session.user.id, s: session.session.id },
    });
    const redirect = input.disableRedirect !== true;
    if (redirect) res.setHeader('Location', url);
    res.json({ url, redirect });
  });
}
