import vm from 'node:vm';
import request from 'supertest';
import { createDemoSite } from './app.js';

const AUTH = 'http://localhost:4999';

function fakeValidate(answers: Record<string, { status: number; body: unknown }>) {
  const seen: Array<{ url: string; auth: string | null }> = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization');
    seen.push({ url: String(input), auth });
    const answer = answers[auth ?? ''] ?? { status: 401, body: { error: 'INVALID_TOKEN', message: 'unknown token' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('demo site', () => {
  test('serves the page with its configuration and a strict CSP', async () => {
    const app = await createDemoSite({ authUrl: AUTH, appId: 'demo' });
    const res = await request(app).get('/').expect(200);
    expect(res.text).toContain(`data-auth-url="${AUTH}"`);
    expect(res.text).toContain('data-app-id="demo"');
    expect(res.text).toContain('id="sign-in"');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ${AUTH}`);
    await request(app)
      .get('/app.js')
      .expect(200)
      .expect('content-type', /javascript/);
    app.close();
  });

  test('serves the auth-client browser bundle (global LatchkeyAuth)', async () => {
    const app = await createDemoSite({ authUrl: AUTH, appId: 'demo' });
    const res = await request(app)
      .get('/latchkey-auth.js')
      .expect(200)
      .expect('content-type', /javascript/);
    const sandbox: Record<string, unknown> = {};
    vm.runInNewContext(`${res.text};this.exported = LatchkeyAuth;`, sandbox);
    expect(Object.keys(sandbox.exported as object)).toEqual(expect.arrayContaining(['createAuthClient', 'AuthError']));
    app.close();
  });

  test('the backend route validates the Bearer token through auth-central', async () => {
    const user = { id: 'usr_1', email: 'demo@latchkey.dev', name: 'Demo', role: 'member' };
    const workspace = { id: 'org_1', name: 'Demo Org', tier: 'pro' };
    const { fetch, seen } = fakeValidate({
      'Bearer good': { status: 200, body: { user, workspace, app_id: 'demo' } },
      'Bearer other-tenant': { status: 200, body: { user, workspace: { id: 'org_2', name: 'Another Org', tier: 'free' }, app_id: 'another-app' } },
      'Bearer old': { status: 401, body: { error: 'SESSION_INVALIDATED', message: 'logged out' } },
    });
    // The stub's tokens are opaque names, not JWTs: no local JWKS check in this test of the relay.
    const app = await createDemoSite({ authUrl: AUTH, appId: 'demo', fetch, verifyTokensLocally: false });

    const ok = await request(app).get('/api/me').set('authorization', 'Bearer good').expect(200);
    expect(ok.body).toMatchObject({ user, workspace });
    expect(seen.at(-1)).toEqual({ url: `${AUTH}/context/auth/validate`, auth: 'Bearer good' });

    // Another organisation's app's token, valid at auth-central, is not for this site (was 200).
    const foreign = await request(app).get('/api/me').set('authorization', 'Bearer other-tenant').expect(401);
    expect(foreign.body).toEqual({ error: 'INVALID_TOKEN', message: 'The access token was issued for another app.' });

    const old = await request(app).get('/api/me').set('authorization', 'Bearer old').expect(401);
    expect(old.body).toEqual({ error: 'SESSION_INVALIDATED', message: 'logged out' });

    const none = await request(app).get('/api/me').expect(401);
    expect(none.body.error).toBe('INVALID_TOKEN');
    const calls = seen.length;
    await request(app).get('/api/me').set('authorization', 'Basic abc').expect(401);
    expect(seen).toHaveLength(calls);
    app.close();
  });

  test('an unreachable auth-central is a 503 SERVICE_UNAVAILABLE, not a 401', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    const app = await createDemoSite({ authUrl: AUTH, appId: 'demo', fetch, verifyTokensLocally: false });
    const res = await request(app).get('/api/me').set('authorization', 'Bearer x').expect(503);
    expect(res.body.error).toBe('SERVICE_UNAVAILABLE');
    app.close();
  });
});
