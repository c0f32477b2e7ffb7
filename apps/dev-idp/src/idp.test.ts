import * as oidc from 'openid-client';
import { DEMO_USER, SignInError, signInWithMagicLink, signInWithPassword, startDevIdp, subjectOf, type DevIdp } from './index.js';

const REDIRECT = 'http://rp.localhost.test/callback';
const CLIENT = { client_id: 'rp', client_secret: 'rp-secret-0123456789', redirect_uris: [REDIRECT] };

let idp: DevIdp;
let config: oidc.Configuration;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, clients: [CLIENT] });
  config = await oidc.discovery(new URL(idp.issuer), CLIENT.client_id, CLIENT.client_secret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
});

afterAll(async () => {
  await idp.stop();
});

async function authorizeUrl(extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  return { url, verifier, state };
}

describe('dev-idp', () => {
  test('publishes discovery and JWKS with the code flow, PKCE and introspection', async () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(idp.issuer);
    expect(idp.issuer).toBe(`http://localhost:${idp.port}`);
    expect(meta.response_types_supported).toContain('code');
    expect(meta.code_challenge_methods_supported).toContain('S256');
    expect(meta.introspection_endpoint).toBe(`${idp.issuer}/token/introspection`);
    expect(meta.userinfo_endpoint).toBeDefined();
    const jwks = (await (await fetch(meta.jwks_uri!)).json()) as { keys: Array<{ kty: string; d?: string }> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]!.kty).toBe('RSA');
    expect(jwks.keys[0]!.d).toBeUndefined();
  });

  test('code flow end to end: password sign-in, ID token, userinfo, introspection', async () => {
    const { url, verifier, state } = await authorizeUrl();
    const callback = await signInWithPassword(url.href, DEMO_USER);
    const cb = new URL(callback);
    expect(`${cb.origin}${cb.pathname}`).toBe(REDIRECT);
    expect(cb.searchParams.get('state')).toBe(state);
    expect(cb.searchParams.get('code')).toBeTruthy();

    const tokens = await oidc.authorizationCodeGrant(config, cb, { pkceCodeVerifier: verifier, expectedState: state });
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(subjectOf(DEMO_USER.email));
    expect(claims.email).toBe(DEMO_USER.email);
    expect(claims.name).toBe(DEMO_USER.name);
    expect(claims.aud).toBe(CLIENT.client_id);

    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, email: DEMO_USER.email, email_verified: true, name: DEMO_USER.name });

    const active = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(active.active).toBe(true);
    expect(active.sub).toBe(claims.sub);
    expect(active.client_id).toBe(CLIENT.client_id);
    const inactive = await oidc.tokenIntrospection(config, 'not-a-token');
    expect(inactive.active).toBe(false);

    // The code is single-use.
    await expect(oidc.authorizationCodeGrant(config, cb, { pkceCodeVerifier: verifier, expectedState: state })).rejects.toThrow();
  });

  test('client_secret_basic works as well as client_secret_post', async () => {
    const basic = await oidc.discovery(new URL(idp.issuer), CLIENT.client_id, undefined, oidc.ClientSecretBasic(CLIENT.client_secret), {
      execute: [oidc.allowInsecureRequests],
    });
    const { url, verifier, state } = await authorizeUrl();
    const tokens = await oidc.authorizationCodeGrant(basic, new URL(await signInWithPassword(url.href, DEMO_USER)), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()!.email).toBe(DEMO_USER.email);
    const wrong = await oidc.discovery(new URL(idp.issuer), CLIENT.client_id, undefined, oidc.ClientSecretBasic('wrong'), {
      execute: [oidc.allowInsecureRequests],
    });
    await expect(oidc.tokenIntrospection(wrong, tokens.access_token)).rejects.toThrow();
  });

  test('PKCE is required', async () => {
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: REDIRECT, scope: 'openid', state: 'x' });
    const res = await fetch(url, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  test('a wrong password shows the sign-in page with an error and signs nobody in', async () => {
    const { url } = await authorizeUrl();
    const err = (await signInWithPassword(url.href, { email: DEMO_USER.email, password: 'wrong' }).catch((e: unknown) => e)) as SignInError;
    expect(err).toBeInstanceOf(SignInError);
    expect(err.status).toBe(401);
    expect(err.body).toContain('Wrong email or password.');
    expect(err.body).toContain('id="login-form"');
    const unknown = (await signInWithPassword(url.href, { email: 'nobody@latchkey.dev', password: 'x' }).catch((e: unknown) => e)) as SignInError;
    expect(unknown.body).toContain('Wrong email or password.');
  });

  test('magic link: the link lands in the mailbox and signs in once', async () => {
    const before = idp.mailbox().length;
    const { url, verifier, state } = await authorizeUrl();
    const callback = await signInWithMagicLink(url.href, { email: 'Alice@latchkey.dev' });
    const mailbox = idp.mailbox();
    expect(mailbox).toHaveLength(before + 1);
    const message = mailbox.at(-1)!;
    expect(message.to).toBe('alice@latchkey.dev');
    expect(message.link).toMatch(new RegExp(`^${idp.issuer}/interaction/[^/]+/magic/[0-9a-f]{64}$`));
    const http = (await (await fetch(`${idp.url}/dev/mailbox`)).json()) as unknown[];
    expect(http).toEqual(mailbox);

    const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.claims()!.email).toBe('alice@latchkey.dev');

    // Used links are refused.
    const again = await fetch(message.link, { redirect: 'manual' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('expired or was already used');
  });

  test('no magic link is sent for an unknown address, and the page says the same', async () => {
    const before = idp.mailbox().length;
    const { url } = await authorizeUrl();
    await expect(signInWithMagicLink(url.href, { email: 'nobody@latchkey.dev' })).rejects.toThrow('no magic link');
    expect(idp.mailbox()).toHaveLength(before);
  });

  test('refuses to start with NODE_ENV=production', async () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await expect(startDevIdp({ clients: [CLIENT] })).rejects.toThrow(/NODE_ENV=production/);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});
