/**
 * POST /sign-in/social `{provider, callbackURL?, errorCallbackURL?, newUserCallbackURL?, disableRedirect?, scopes?, loginHint?}`
 *      → `{url, redirect}` (+ `Location`); the browser goes to the provider
 */
import type { Router } from 'express';
import { SigninError } from '../errors.js';
import { clientIp, stateOf, type Services } from '../http/context.js';
import { trustedRedirect } from '../http/mail-links.js';
import { parseBody } from '../http/validation.js';
import { socialBody, startProviderFlow } from '../http/provider-flow.js';

export function register(router: Router, svc: Services): void {
  router.post('/sign-in/social', async (req, res) => {
    const state = stateOf(req);
    const { app } = state;
    await svc.limits.signInAttempt(app.id, clientIp(req));
    const input = parseBody(socialBody, req.body);
    const provider = app.providers.get(input.provider);
    if (!provider) throw new SigninError('PROVIDER_NOT_FOUND', 'Provider not found');
    if (input.idToken !== undefined) throw new SigninError('ID_TOKEN_NOT_SUPPORTED', 'id_token not supported');
    const fallback = app.origins[0] ? `${app.origins[0]}/` : `${app.signinUrl}/api/auth/error`;
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL') ?? fallback;
    const errorURL = trustedRedirect(req, input.errorCallbackURL, 'errorCallbackURL') ?? `${app.signinUrl}/api/auth/error`;
    const newUserURL = trustedRedirect(req, input.newUserCallbackURL, 'newUserCallbackURL');
    const url = await startProviderFlow(req, res, svc, provider, { callbackURL, errorURL, newUserURL, scopes: input.scopes, loginHint: input.loginHint });
    const redirect = input.disableRedirect !== true;
    if (redirect) res.setHeader('Location', url);
    res.json({ url, redirect });
  });
}
