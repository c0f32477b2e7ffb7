/** The admin API behind `latchkey host db …`: every state and transition of SPEC.md's tables for one app. */
import { databaseUrl, ensureDatabase, dropDatabase } from '@latchkey/db';
import { Browser, totpCode, secretOf, startSignin, uniqueId, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startSignin();
});
afterAll(() => h?.close());

const PASSWORD = 'password-123';

describe('admin API guard and input', () => {
  it('needs the operator token', async () => {
    expect((await fetch(`${h.url}/admin/apps/x/doctor`)).status).toBe(401);
    expect((await fetch(`${h.url}/admin/apps/x/doctor`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('refuses bad ids, unknown apps and out-of-order steps with clear 4xx', async () => {
    expect((await h.admin('POST', '/apps/Bad_Id/database', {})).body.code).toBe('INVALID_APP_ID');
    expect((await h.admin('POST', `/apps/${uniqueId()}/database`, { org: 'Not-An-Org!' })).body.code).toBe('INVALID_ORG');
    expect((await h.admin('POST', `/apps/${uniqueId()}/database`, { databaseUrl: 'mysql://x' })).body.code).toBe('INVALID_DATABASE_URL');
    const unknown = await h.admin('POST', `/apps/${uniqueId()}/auth/provision`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'APP_NOT_FOUND', message: expect.stringMatching(/latchkey host db create/) });
    const appId = uniqueId();
    h.appIds.push(appId);
    await h.admin('POST', `/apps/${appId}/database`, { org: 'acme' });
    const early = await h.admin('POST', `/apps/${appId}/auth/deploy`);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('PROVISION_FIRST');
    expect((await h.admin('POST', `/apps/${appId}/auth/reset-user`, { email: 'a@b.co' })).body.code).toBe('PROVISION_FIRST');
    expect((await h.admin('POST', `/apps/${appId}/auth/deploy`, { origins: ['not a url'] })).status).toBe(409);
    await h.admin('POST', `/apps/${appId}/auth/provision`);
    expect((await h.admin('POST', `/apps/${appId}/auth/deploy`, { origins: ['https://x.example.com/path'] })).body.code).toBe('INVALID_ORIGIN');
    expect((await h.admin('POST', `/apps/${appId}/migrations`, { migrations: 'x' })).body.code).toBe('VALIDATION_ERROR');
    expect((await h.admin('POST', `/apps/${appId}/auth/reset-user`, {})).body.code).toBe('VALIDATION_ERROR');
  });

  it('says how to proceed without a server for app databases, and attaches an existing one', async () => {
    const bare = await startSignin({ appDatabasesUrl: undefined });
    try {
      const refused = await bare.admin('POST', `/apps/${uniqueId()}/database`, {});
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('NO_DATABASE_SERVER');
      const name = `test_attach_${Date.now()}`;
      const url = databaseUrl(h.serverUrl, name);
      await ensureDatabase(url);
      try {
        const appId = uniqueId();
        const attached = await bare.admin('POST', `/apps/${appId}/database`, { org: 'acme', databaseUrl: url });
        expect(attached.body).toMatchObject({ created: false, state: 'registered', database: name });
        expect((await bare.admin('GET', `/apps/${appId}/database`)).body.connectionString).toBe(url);
        // stored encrypted in the registry
        const row = await bare.prisma.app.findUnique({ where: { id: appId } });
        expect(row!.databaseUrl).not.toContain(name);
        await bare.signin.close();
      } finally {
        await dropDatabase(url);
      }
    } finally {
      await bare.close();
    }
  });
});

describe('sign-in service states: not installed → tables installed → live → removed', () => {
  it('moves through every state; provision and deploy are safe to repeat', async () => {
    const appId = uniqueId();
    h.appIds.push(appId);
    const created = await h.admin('POST', `/apps/${appId}/database`, { org: 'acme' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: 'registered', created: true });
    const base = `${created.body.signinUrl}/api/auth`;
    expect((await fetch(`${base}/ok`)).status).toBe(404);

    const p1 = await h.admin('POST', `/apps/${appId}/auth/provision`);
    expect(p1.body).toMatchObject({ state: 'provisioned', schemaVersion: 2, applied: [1, 2] });
    const p2 = await h.admin('POST', `/apps/${appId}/auth/provision`);
    expect(p2.body).toMatchObject({ state: 'provisioned', applied: [] });
    expect((await fetch(`${base}/ok`)).status).toBe(404); // tables installed, not live

    const d1 = await h.admin('POST', `/apps/${appId}/auth/deploy`);
    expect(d1.body).toMatchObject({ state: 'live', signinUrl: created.body.signinUrl });
    const d2 = await h.admin('POST', `/apps/${appId}/auth/deploy`);
    expect(d2.body.kid).toBe(d1.body.kid);
    const jwks = await (await fetch(`${base}/jwks`)).json();
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual([d1.body.kid]);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const key = await h.prisma.signingKey.findUnique({ where: { kid: d1.body.kid } });
    expect(key!.privateJwk).toMatch(/^v1\./); // encrypted at rest
    expect(key!.privateJwk).not.toContain(jwks.keys[0].x);
    expect((await h.admin('POST', `/apps/${appId}/auth/provision`)).body.state).toBe('live');

    const users = [new Browser(base), new Browser(base)];
    for (const [i, b] of users.entries()) await b.post('/sign-up/email', { name: `u${i}`, email: `u${i}-${appId}@example.com`, password: PASSWORD });

    const refused = await h.admin('POST', `/apps/${appId}/auth/disable`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CONFIRM_REQUIRED');
    expect((await users[0]!.get('/get-session')).body.user).toBeDefined();

    const off = await h.admin('POST', `/apps/${appId}/auth/disable`, { confirm: true, actor: 'ops' });
    expect(off.body).toMatchObject({ state: 'disabled', sessionsEnded: 2 });
    expect((await users[0]!.get('/get-session')).status).toBe(404);
    const db = await h.appDb(appId);
    expect((await db.query('SELECT count(*)::int AS n FROM latchkey_auth."user"')).rows[0].n).toBe(2);
    expect((await db.query('SELECT count(*)::int AS n FROM latchkey_auth.session')).rows[0].n).toBe(0);
    const doc = await h.admin('GET', `/apps/${appId}/doctor`);
    expect(doc.body).toMatchObject({ live: false, state: 'disabled', ok: false });

    await h.admin('POST', `/apps/${appId}/auth/deploy`);
    const back = await users[0]!.post('/sign-in/email', { email: `u0-${appId}@example.com`, password: PASSWORD });
    expect(back.status).toBe(200);
    expect((await h.admin('GET', `/apps/${appId}/audit`)).body.entries).toEqual([expect.objectContaining({ action: 'disable', actor: 'ops' })]);
  });
});

describe('reset-user: any → no second factor', () => {
  it('clears the second factor, ends every session of that user only, records the actor', async () => {
    const app = await h.liveApp();
    const a1 = new Browser(app.base);
    const addr = `reset-${app.appId}@example.com`;
    await a1.post('/sign-up/email', { name: 'R', email: addr, password: PASSWORD });
    const en = await a1.post('/two-factor/enable', { password: PASSWORD });
    await a1.post('/two-factor/verify-totp', { code: totpCode(secretOf(en.body.totpURI)) });
    const other = new Browser(app.base);
    await other.post('/sign-up/email', { name: 'O', email: `other-${app.appId}@example.com`, password: PASSWORD });

    const r = await h.admin('POST', `/apps/${app.appId}/auth/reset-user`, { email: addr.toUpperCase(), actor: 'alice@ops' });
    expect(r.body).toMatchObject({ email: addr, sessionsEnded: 1, hadSecondFactor: true, actor: 'alice@ops' });
    expect((await a1.get('/get-session')).body).toBeNull();
    expect((await other.get('/get-session')).body.user).toBeDefined();
    const again = await new Browser(app.base).post('/sign-in/email', { email: addr, password: PASSWORD });
    expect(again.body).toMatchObject({ redirect: false, user: { twoFactorEnabled: false } });
    const audit = (await h.admin('GET', `/apps/${app.appId}/audit`)).body.entries;
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'alice@ops', action: 'reset-user', details: expect.objectContaining({ email: addr, sessionsEnded: 1 }) }),
    ]);
    expect((await h.admin('POST', `/apps/${app.appId}/auth/reset-user`, { email: 'ghost@example.com' })).status).toBe(404);
  });
});
