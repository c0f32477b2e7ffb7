import { authorizationUrl, codeChallenge, DEFAULT_ISSUERS, exchangeCode, issuerOf, type ProviderConfig } from './oauth.js';

const github: ProviderConfig = { id: 'github', kind: 'github', clientId: 'gh-client', clientSecret: 'gh-secret', issuer: null, scopes: [] };

describe('oauth', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('computes the PKCE S256 challenge of RFC 7636 appendix B', () => {
    expect(codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('has the issuers of the OIDC presets', () => {
    expect(issuerOf({ ...github, kind: 'google' })).toBe('https://accounts.google.com');
    expect(issuerOf({ ...github, kind: 'microsoft' })).toBe(DEFAULT_ISSUERS.microsoft);
    expect(issuerOf({ ...github, kind: 'microsoft', issuer: 'https://login.microsoftonline.com/t/v2.0' })).toBe('https://login.microsoftonline.com/t/v2.0');
    expect(issuerOf(github)).toBeNull();
  });

  it("builds GitHub's authorization URL with PKCE and state, without a nonce", async () => {
    const url = new URL(
      await authorizationUrl(github, {
        redirectUri: 'https://s.example/a/x/api/auth/callback/github',
        state: 'st',
        codeVerifier: 'v'.repeat(43),
        nonce: 'n',
        scopes: ['repo'],
      }),
    );
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'gh-client',
      redirect_uri: 'https://s.example/a/x/api/auth/callback/github',
      scope: 'read:user user:email repo',
      state: 'st',
      code_challenge: codeChallenge('v'.repeat(43)),
      code_challenge_method: 'S256',
    });
  });

  it("reads GitHub's user and its verified primary address (a fake GitHub: no network)", async () => {
    const calls: Array<{ url: string; body?: string }> = [];
    const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? String(init.body) : undefined });
      if (url.endsWith('/access_token')) return answer({ access_token: 'gho_x', token_type: 'bearer' });
      if (url.endsWith('/user')) return answer({ id: 42, login: 'octo', name: null, avatar_url: 'https://avatars.example/42' });
      return answer([
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'octo@example.com', primary: true, verified: false },
      ]);
    }) as typeof fetch;
    const profile = await exchangeCode(github, { code: 'c', redirectUri: 'https://s.example/cb', codeVerifier: 'v'.repeat(43), nonce: 'n' });
    expect(profile).toEqual({ sub: '42', email: 'octo@example.com', emailVerified: false, name: 'octo', image: 'https://avatars.example/42' });
    const token = new URLSearchParams(calls[0]!.body);
    expect(token.get('code_verifier')).toBe('v'.repeat(43));
    expect(token.get('grant_type')).toBe('authorization_code');
  });

  it('maps a refused code to invalid_code', async () => {
    globalThis.fetch = (async () => new Response(JSON.stringify({ error: 'bad_verification_code' }), { status: 200 })) as typeof fetch;
    await expect(exchangeCode(github, { code: 'c', redirectUri: 'r', codeVerifier: 'v', nonce: 'n' })).rejects.toMatchObject({ code: 'invalid_code' });
  });
});
