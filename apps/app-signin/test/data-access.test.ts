/**
 * "The database trusts the JWT": the token verified with the app's JWKS
 * (jose), then in the app's database `SET LOCAL ROLE <role claim>` with
 * `request.jwt.claims`, as PostgREST-style data APIs do; row-level security
 * on a table created by `db migrate` after deploy.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type pg from 'pg';
import { Browser, totpCode, secretOf, startSignin, uniqueId, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await startSignin();
});
afterAll(() => h?.close());

const PASSWORD = 'password-123';
const email = (n: string) => `${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const NOTES = {
  name: '0002_notes',
  sql: `
CREATE TABLE public.notes (
  id serial PRIMARY KEY,
  owner text NOT NULL DEFAULT auth.uid(),
  body text NOT NULL
);
ALTER TABLE public.notes ENABLE ROW LEVEL SECURITY;
CREATE POLICY notes_owner ON public.notes TO authenticated
  USING (owner = auth.uid()) WITH CHECK (owner = auth.uid());
GRANT SELECT ON public.notes TO anonymous;`,
};
const PLAIN = { name: '0003_plain', sql: 'CREATE TABLE public.plain (x int); CREATE VIEW public.plain_view AS SELECT x FROM public.plain;' };
const FIRST = { name: '0001_first', sql: 'CREATE TABLE public.first (x int);' };

/** Runs `sql` as the data API would for a verified token. */
async function asToken(db: pg.Pool, claims: JWTPayload, sql: string, params: unknown[] = []) {
  const role = claims.role;
  if (role !== 'authenticated' && role !== 'anonymous') throw new Error(`unexpected role ${String(role)}`);
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await client.query(`SET LOCAL ROLE ${role}`);
    const r = await client.query(sql, params);
    await client.query('COMMIT');
    return r.rows;
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

async function userToken(base: string, jwks: ReturnType<typeof createRemoteJWKSet>, signinUrl: string, name: string) {
  const b = new Browser(base);
  const addr = email(name);
  await b.post('/sign-up/email', { name, email: addr, password: PASSWORD });
  const { body } = await b.get('/token');
  const { payload } = await jwtVerify(body.token, jwks, { issuer: signinUrl, audience: signinUrl, algorithms: ['EdDSA'] });
  return { b, addr, claims: payload };
}

describe('the spec order: db create, db connect, auth provision, auth deploy, db migrate', () => {
  it('refuses a migration that references authenticated before deploy, then row-level security works', async () => {
    const appId = uniqueId('rls');
    h.appIds.push(appId);
    expect((await h.admin('POST', `/apps/${appId}/database`, { org: 'acme' })).status).toBe(201);
    const conn = await h.admin('GET', `/apps/${appId}/database`);
    expect(conn.body.connectionString).toContain(`app_${appId.replace(/-/g, '_')}`);
    expect((await h.admin('POST', `/apps/${appId}/auth/provision`)).body.state).toBe('provisioned');

    // Before deploy: refused, with what to do, and nothing applied from that migration on.
    const early = await h.admin('POST', `/apps/${appId}/migrations`, { migrations: [NOTES, FIRST] });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('DEPLOY_FIRST');
    expect(early.body.message).toMatch(/latchkey host db auth deploy/);
    const db = await h.appDb(appId);
    // in name order: 0001_first went in, 0002_notes stopped the run
    expect((await db.query(`SELECT to_regclass('public.first') AS f, to_regclass('public.notes') AS n`)).rows[0]).toEqual({ f: 'first', n: null });

    const dep = await h.admin('POST', `/apps/${appId}/auth/deploy`);
    expect(dep.status).toBe(200);
    expect(dep.body).toMatchObject({ state: 'live', signinUrl: expect.stringMatching(/\/a\/acme-[a-z2-7]{22}$/), kid: expect.any(String) });
    const mig = await h.admin('POST', `/apps/${appId}/migrations`, { migrations: [PLAIN, NOTES, FIRST] });
    expect(mig.status).toBe(200);
    expect(mig.body).toMatchObject({ applied: ['0002_notes', '0003_plain'], skipped: ['0001_first'] });
    const again = await h.admin('POST', `/apps/${appId}/migrations`, { migrations: [FIRST, NOTES, PLAIN] });
    expect(again.body).toMatchObject({ applied: [], skipped: ['0001_first', '0002_notes', '0003_plain'] });
    const recorded = await db.query('SELECT name FROM latchkey_auth.app_migrations ORDER BY applied_at, name');
    expect(recorded.rows.map((r) => r.name)).toEqual(['0001_first', '0002_notes', '0003_plain']);

    const base = `${dep.body.signinUrl}/api/auth`;
    const jwks = createRemoteJWKSet(new URL(`${base}/jwks`));
    const alice = await userToken(base, jwks, dep.body.signinUrl, 'alice');
    const bob = await userToken(base, jwks, dep.body.signinUrl, 'bob');

    await asToken(db, alice.claims, `INSERT INTO notes (body) VALUES ('alice 1'), ('alice 2')`);
    await asToken(db, bob.claims, `INSERT INTO notes (body) VALUES ('bob 1')`);
    expect((await asToken(db, alice.claims, 'SELECT body FROM notes ORDER BY id')).map((r) => r.body)).toEqual(['alice 1', 'alice 2']);
    expect((await asToken(db, bob.claims, 'SELECT body FROM notes ORDER BY id')).map((r) => r.body)).toEqual(['bob 1']);
    // writing a row for someone else is refused by the policy
    await expect(asToken(db, bob.claims, `INSERT INTO notes (owner, body) VALUES ($1, 'forged')`, [alice.claims.sub])).rejects.toThrow(/row-level security/);

    // anonymous sees none
    const anon = { ...alice.claims, role: 'anonymous', mfa_required: true };
    expect(await asToken(db, anon, 'SELECT * FROM notes')).toEqual([]);

    // later tables and views in public are readable and writable by authenticated (default privileges)
    await asToken(db, alice.claims, 'INSERT INTO plain VALUES (1)');
    expect(await asToken(db, alice.claims, 'SELECT x FROM plain_view')).toEqual([{ x: 1 }]);
    await expect(asToken(db, anon, 'SELECT * FROM plain')).rejects.toThrow(/permission denied/);

    // latchkey_auth is out of reach: no password hashes, sessions or secrets
    for (const table of ['"user"', 'account', 'session', 'two_factor', 'verification']) {
      await expect(asToken(db, alice.claims, `SELECT * FROM latchkey_auth.${table}`)).rejects.toThrow(/permission denied/);
    }
    // a data-API-style revoke does not leak: grants on latchkey_auth stay off after a re-deploy
    await h.admin('POST', `/apps/${appId}/auth/deploy`);
    await expect(asToken(db, alice.claims, 'SELECT * FROM latchkey_auth.account')).rejects.toThrow(/permission denied/);
  });

  it('reports a failing migration clearly and applies nothing of it', async () => {
    const app = await h.liveApp();
    const r = await h.admin('POST', `/apps/${app.appId}/migrations`, {
      migrations: [
        { name: '0001_ok', sql: 'CREATE TABLE public.ok (x int);' },
        { name: '0002_bad', sql: 'CREATE TABLE public.half (x int); SELEC 1;' },
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('MIGRATION_FAILED');
    expect(r.body.message).toMatch(/0002_bad/);
    const db = await h.appDb(app.appId);
    expect((await db.query(`SELECT to_regclass('public.ok') AS a, to_regclass('public.half') AS b`)).rows[0]).toEqual({ a: 'ok', b: null });
    const changed = await h.admin('POST', `/apps/${app.appId}/migrations`, { migrations: [{ name: '0001_ok', sql: 'CREATE TABLE public.ok2 (x int);' }] });
    expect(changed.body.code).toBe('MIGRATION_CHANGED');
    expect((await h.admin('POST', `/apps/${app.appId}/migrations`, { migrations: [{ name: '../x', sql: 'SELECT 1' }] })).status).toBe(400);
  });
});

describe('role policy', () => {
  it('saved has no effect; deploy applies it; required role without enrolment gets anonymous + mfa_required', async () => {
    const app = await h.liveApp();
    const db = await h.appDb(app.appId);
    const b = new Browser(app.base);
    const addr = email('admin');
    await b.post('/sign-up/email', { name: 'Adm', email: addr, password: PASSWORD });
    await db.query(`UPDATE latchkey_auth."user" SET role = 'Admin' WHERE email = $1`, [addr]);
    const m = new Browser(app.base);
    const maddr = email('member');
    await m.post('/sign-up/email', { name: 'Mem', email: maddr, password: PASSWORD });
    await db.query(`UPDATE latchkey_auth."user" SET role = 'member' WHERE email = $1`, [maddr]);
    const claims = async (br: Browser) => JSON.parse(Buffer.from((await br.get('/token')).body.token.split('.')[1], 'base64url').toString());

    expect(await claims(b)).toMatchObject({ role: 'authenticated', app_role: 'Admin' });
    const saved = await h.admin('PUT', `/apps/${app.appId}/auth/policy`, { require: ['ADMIN', 'owner', 'admin'] });
    expect(saved.body).toMatchObject({ saved: ['ADMIN', 'owner'], applied: [], pendingDeploy: true });
    expect(await claims(b)).toMatchObject({ role: 'authenticated' }); // saved, not applied

    await h.admin('POST', `/apps/${app.appId}/auth/deploy`);
    const applied = await claims(b);
    expect(applied).toMatchObject({ role: 'anonymous', mfa_required: true, app_role: 'Admin' });
    const member = await claims(m);
    expect(member).toMatchObject({ role: 'authenticated', app_role: 'member' });
    expect(member.mfa_required).toBeUndefined();

    // enrolment lifts it
    const en = await b.post('/two-factor/enable', { password: PASSWORD });
    await b.post('/two-factor/verify-totp', { code: totpCode(secretOf(en.body.totpURI)) });
    const after = await claims(b);
    expect(after).toMatchObject({ role: 'authenticated' });
    expect(after.mfa_required).toBeUndefined();

    // an empty list requires it of nobody
    await h.admin('PUT', `/apps/${app.appId}/auth/policy`, { require: [] });
    const c = new Browser(app.base);
    const caddr = email('owner');
    await c.post('/sign-up/email', { name: 'Own', email: caddr, password: PASSWORD });
    await db.query(`UPDATE latchkey_auth."user" SET role = 'owner' WHERE email = $1`, [caddr]);
    expect(await claims(c)).toMatchObject({ role: 'anonymous', mfa_required: true });
    await h.admin('POST', `/apps/${app.appId}/auth/deploy`);
    expect(await claims(c)).toMatchObject({ role: 'authenticated' });
  });

  it('refuses bad policy input', async () => {
    const app = await h.liveApp();
    expect((await h.admin('PUT', `/apps/${app.appId}/auth/policy`, { require: ['bad role!'] })).body.code).toBe('INVALID_ROLE');
    expect((await h.admin('PUT', `/apps/${app.appId}/auth/policy`, { require: 'admin' })).body.code).toBe('VALIDATION_ERROR');
    expect((await h.admin('PUT', `/apps/nope-${Date.now()}/auth/policy`, { require: [] })).status).toBe(404);
  });
});
