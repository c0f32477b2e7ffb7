/**
 * End users' sign-in with an OAuth 2.0 / OpenID Connect provider (RFC 6749,
 * OpenID Connect Core 1.0): authorization code flow with PKCE S256 (RFC 7636),
 * `state` and `nonce`. Presets for Google, Microsoft (both OIDC) and GitHub
 * (OAuth 2.0 with its user API); any other OIDC issuer by discovery.
 *
 * ID tokens are verified with jose against the issuer's JWKS: signature,
 * `iss`, `aud` = client id, `exp`, and `nonce`.
 */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export type ProviderKind = 'google' | 'github' | 'microsoft' | 'oidc';

export const PROVIDER_KINDS: ProviderKind[] = ['google', 'github', 'microsoft', 'oidc'];

export interface ProviderConfig {
  /** The id in `sign-in/social {provider}` and `callback/<id>`. */
  id: string;
  kind: ProviderKind;
  clientId: string;
  clientSecret: string;
  /** OIDC issuer (google and microsoft have defaults; github has none). */
  issuer: string | null;
  /** Extra scopes beyond the preset's. */
  scopes: string[];
}

/** What the provider says about the user. */
export interface ProviderProfile {
  /** The provider's stable subject (account id). */
  sub: string;
  email: string | null;
  /** Only a provider's explicit statement counts; absent means not verified. */
  emailVerified: boolean;
  name: string | null;
  image: string | null;
}

/** A failure of the provider round trip; `code` is better-auth's callback error code. */
export class OAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const DEFAULT_ISSUERS: Partial<Record<ProviderKind, string>> = {
  google: 'https://accounts.google.com',
  microsoft: 'https://login.microsoftonline.com/common/v2.0',
};

const GITHUB = {
  authorization_endpoint: 'https://github.com/login/oauth/authorize',
  token_endpoint: 'https://github.com/login/oauth/access_token',
  userinfo_endpoint: 'https://api.github.com/user',
  emails_endpoint: 'https://api.github.com/user/emails',
};

const BASE_SCOPES: Record<ProviderKind, string[]> = {
  google: ['openid', 'email', 'profile'],
  microsoft: ['openid', 'email', 'profile', 'offline_access'],
  oidc: ['openid', 'email', 'profile'],
  github: ['read:user', 'user:email'],
};

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
}

const FETCH_TIMEOUT_MS = 10_000;
const DISCOVERY_TTL_MS = 10 * 60_000;
const discoveries = new Map<string, { at: number; doc: Promise<Discovery> }>();
const jwksSets = new Map<string, JWTVerifyGetKey>();

async function getJson(url: string, init: RequestInit = {}): Promise<unknown> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    throw new OAuthError('unable_to_get_user_info', `${new URL(url).host} answered ${res.status} without JSON`);
  }
  if (!res.ok) {
    const err = (body as { error?: string } | undefined)?.error;
    throw new OAuthError(
      err === 'invalid_grant' ? 'invalid_code' : 'unable_to_get_user_info',
      `${new URL(url).host} answered ${res.status}${err ? ` (${err})` : ''}`,
    );
  }
  return body;
}

/** The issuer of a provider (preset default or configured). */
export function issuerOf(p: ProviderConfig): string | null {
  return p.issuer ?? DEFAULT_ISSUERS[p.kind] ?? null;
}

/** OpenID Provider metadata (cached 10 minutes per issuer). @throws OAuthError when discovery fails. */
export async function discover(issuer: string): Promise<Discovery> {
  const cached = discoveries.get(issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
  const doc = (async () => {
    const d = (await getJson(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`)) as Partial<Discovery>;
    if (!d.authorization_endpoint || !d.token_endpoint || !d.jwks_uri || !d.issuer) {
      throw new OAuthError('unable_to_get_user_info', `the discovery document of ${issuer} lacks endpoints`);
    }
    return d as Discovery;
  })();
  discoveries.set(issuer, { at: Date.now(), doc });
  doc.catch(() => discoveries.delete(issuer));
  return doc;
}

/** PKCE S256 challenge of a verifier (RFC 7636 4.2). */
export function codeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/**
 * The provider's authorization URL for one sign-in.
 * @param opts.redirectUri `{signin_url}/api/auth/callback/<id>`, registered at the provider.
 */
export async function authorizationUrl(
  p: ProviderConfig,
  opts: { redirectUri: string; state: string; codeVerifier: string; nonce: string; scopes?: string[]; loginHint?: string },
): Promise<string> {
  const issuer = issuerOf(p);
  const endpoint = p.kind === 'github' ? GITHUB.authorization_endpoint : (await discover(issuer!)).authorization_endpoint;
  const url = new URL(endpoint);
  const scopes = [...new Set([...BASE_SCOPES[p.kind], ...p.scopes, ...(opts.scopes ?? [])])];
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('state', opts.state);
  url.searchParams.set('code_challenge', codeChallenge(opts.codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (p.kind !== 'github') url.searchParams.set('nonce', opts.nonce);
  if (opts.loginHint) url.searchParams.set('login_hint', opts.loginHint);
  if (p.kind === 'google') url.searchParams.set('include_granted_scopes', 'true');
  return url.href;
}

function tokenRequest(p: ProviderConfig, endpoint: string, opts: { code: string; redirectUri: string; codeVerifier: string }) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: opts.code,
    redirect_uri: opts.redirectUri,
    code_verifier: opts.codeVerifier,
    client_id: p.clientId,
    client_secret: p.clientSecret,
  });
  return getJson(endpoint, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }) as Promise<{
    access_token?: string;
    id_token?: string;
    error?: string;
  }>;
}

const MICROSOFT_ISSUER = /^https:\/\/login\.microsoftonline\.com\/[0-9a-f-]{36}\/v2\.0$/;

/**
 * Exchanges the authorization code and reads the user's profile.
 * @throws OAuthError (`invalid_code`, `unable_to_get_user_info`, `email_not_found`…).
 */
export async function exchangeCode(
  p: ProviderConfig,
  opts: { code: string; redirectUri: string; codeVerifier: string; nonce: string },
): Promise<ProviderProfile> {
  if (p.kind === 'github') {
    const tokens = await tokenRequest(p, GITHUB.token_endpoint, opts);
    if (!tokens.access_token) throw new OAuthError('invalid_code', `GitHub refused the code${tokens.error ? ` (${tokens.error})` : ''}`);
    const auth = { authorization: `Bearer ${tokens.access_token}`, 'user-agent': 'latchkey-app-signin' };
    const user = (await getJson(GITHUB.userinfo_endpoint, { headers: auth })) as { id?: number; name?: string; login?: string; avatar_url?: string };
    const emails = (await getJson(GITHUB.emails_endpoint, { headers: auth })) as Array<{ email: string; primary: boolean; verified: boolean }>;
    const primary = Array.isArray(emails) ? (emails.find((e) => e.primary) ?? emails[0]) : undefined;
    if (user.id === undefined) throw new OAuthError('unable_to_get_user_info', 'GitHub returned no user id');
    return {
      sub: String(user.id),
      email: primary?.email ?? null,
      emailVerified: primary?.verified === true,
      name: user.name ?? user.login ?? null,
      image: user.avatar_url ?? null,
    };
  }
  const issuer = issuerOf(p)!;
  const d = await discover(issuer);
  const tokens = await tokenRequest(p, d.token_endpoint, opts);
  if (!tokens.id_token) throw new OAuthError('invalid_code', 'the provider returned no ID token');
  let jwks = jwksSets.get(d.jwks_uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(d.jwks_uri));
    jwksSets.set(d.jwks_uri, jwks);
  }
  let claims: Record<string, unknown>;
  try {
    // Microsoft's multi-tenant issuer is a template: the token's iss names the tenant.
    const { payload } = await jwtVerify(tokens.id_token, jwks, { audience: p.clientId, ...(p.kind === 'microsoft' ? {} : { issuer: d.issuer }) });
    if (p.kind === 'microsoft' && !(payload.iss === d.issuer || MICROSOFT_ISSUER.test(String(payload.iss)))) throw new Error('unexpected issuer');
    claims = payload as Record<string, unknown>;
  } catch (err) {
    throw new OAuthError('invalid_code', `the ID token does not verify: ${(err as Error).message}`);
  }
  if (claims.nonce !== opts.nonce) throw new OAuthError('nonce_binding_missing', 'the ID token nonce does not match this sign-in');
  let email = typeof claims.email === 'string' ? claims.email : null;
  let verified = claims.email_verified === true || claims.email_verified === 'true';
  let name = typeof claims.name === 'string' ? claims.name : null;
  const image = typeof claims.picture === 'string' ? claims.picture : null;
  if (!email && d.userinfo_endpoint && tokens.access_token) {
    const info = (await getJson(d.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } })) as Record<string, unknown>;
    if (info.sub === claims.sub) {
      email = typeof info.email === 'string' ? info.email : null;
      verified = info.email_verified === true;
      name ??= typeof info.name === 'string' ? info.name : null;
    }
  }
  if (typeof claims.sub !== 'string' || !claims.sub) throw new OAuthError('unable_to_get_user_info', 'the ID token has no subject');
  return { sub: claims.sub, email, emailVerified: verified, name, image };
}
