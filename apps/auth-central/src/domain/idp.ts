/**
 * The identity provider: any standard OpenID Provider (the dev IdP, Auth0,
 * Okta, Keycloak, Entra ID, Google) through `openid-client` v6, with the
 * authorization code flow, PKCE (S256), `state` and `nonce`.
 */
import * as oidc from 'openid-client';
import type { IdentityClaims } from '../store/users.js';

export interface AuthorizationParams {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface CallbackChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityProvider {
  /** The provider's sign-in URL for one login. */
  authorizationUrl(params: AuthorizationParams): Promise<URL>;
  /**
   * Exchanges the code of `callbackUrl` (the full callback URL with its
   * query) and verifies the ID token (signature, issuer, audience, nonce, expiry).
   */
  completeSignIn(callbackUrl: URL, checks: CallbackChecks): Promise<IdentityClaims>;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Space-separated scopes; default `openid email profile`. */
  scopes?: string;
  /** HTTP timeout towards the provider, in seconds (default 10). */
  timeoutSeconds?: number;
}

/** An OpenID Provider reached by discovery (`{issuer}/.well-known/openid-configuration`), discovered on first use. */
export function oidcProvider(settings: OidcSettings): IdentityProvider {
  let configuration: Promise<oidc.Configuration> | undefined;
  const config = () => {
    configuration ??= (async () => {
      const issuer = new URL(settings.issuer);
      const insecure = issuer.protocol === 'http:';
      return oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: settings.timeoutSeconds ?? 10,
      });
    })().catch((err) => {
      configuration = undefined; // retry discovery on the next login
      throw err;
    });
    return configuration;
  };
  return {
    async authorizationUrl(p) {
      return oidc.buildAuthorizationUrl(await config(), {
        redirect_uri: p.redirectUri,
        response_type: 'code',
        scope: settings.scopes ?? 'openid email profile',
        state: p.state,
        nonce: p.nonce,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async completeSignIn(callbackUrl, checks) {
      const cfg = await config();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let name = typeof claims.name === 'string' ? claims.name : undefined;
      if ((!email || !name) && tokens.access_token && cfg.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(cfg, tokens.access_token, claims.sub);
        email ??= typeof info.email === 'string' ? info.email : undefined;
        name ??= typeof info.name === 'string' ? info.name : undefined;
      }
      if (!email) throw new Error('the provider did not share an email address (request the email scope)');
      return { issuer: claims.iss, subject: claims.sub, email, name: name ?? email };
    },
  };
}

export const { randomState, randomNonce, randomPKCECodeVerifier, calculatePKCECodeChallenge } = oidc;
