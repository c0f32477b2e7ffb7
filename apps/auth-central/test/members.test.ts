/**
 * Organisation membership (issue 10, item 3): signing in through one of an
 * organisation's apps records the person with role `user` and never grants a
 * role; `member`, `admin` and `owner` come only from the operator API
 * (`/admin/organisations/:org/members`). validate reports the role live.
 * Also the data migration that demotes the `member` rows sign-in used to create.
 */
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { applyMigrationsAtomically, prismaDirOf, readMigrations } from '@latchkey/db';
import { createTestDatabase } from '@latchkey/testing';
import { upsertUserAndMembership } from '../src/store/users.js';
import { ADMIN_TOKEN, createHarness, rowCounts, seedApp, seedExchangeToken, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await seedApp(h.db); // app shop of organisation acme
  await seedApp(h.db, 'other-app', ['other.example.com'], 'other');
});
afterAll(() => h.close());

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const members = (org = 'acme') => `/admin/organisations/${org}/members`;

/** A signed-in person's access token (exchange of a token the callback would have issued). */
async function signIn(email: string, appId = 'shop', organisationId = 'acme') {
  const { token, userId } = await seedExchangeToken(h.db, { now: h.clock.now(), email, appId, organisationId });
  const ex = await request(h.app).post('/context/auth/exchange').send({ token });
  expect(ex.status).toBe(200);
  return { userId, accessToken: ex.body.access_token as string, user: ex.body.user as { role: string } };
}

const roleOf = async (accessToken: string) => {
  const res = await request(h.app).get('/context/auth/validate').set('authorization', `Bearer ${accessToken}`);
  expect(res.status).toBe(200);
  return res.body.user.role as string;
};

describe('signing in grants no role', () => {
  it('a first sign-in through an app makes the person a user of its organisation (exchange and validate say so)', async () => {
    const { user, accessToken, userId } = await signIn('stranger@example.com');
    expect(user.role).toBe('user');
    expect(await roleOf(accessToken)).toBe('user');
    expect(await h.db.membership.findUnique({ where: { userId_organisationId: { userId, organisationId: 'acme' } } })).toMatchObject({ role: 'user' });
  });

  it('signing in again never changes a role the organisation gave', async () => {
    const { userId } = await signIn('keeps@example.com');
    await request(h.app).post(members()).set(admin).send({ email: 'keeps@example.com', role: 'admin' }).expect(200);
    await upsertUserAndMembership(h.db, { issuer: 'https://idp.test', subject: 'sub-keeps@example.com', email: 'keeps@example.com', name: 'Keeps' }, 'acme');
    const { user } = await signIn('keeps@example.com');
    expect(user.role).toBe('admin');
    expect(await h.db.membership.count({ where: { userId } })).toBe(1);
  });

  it('a member of one organisation is only a user of another whose app they sign in through', async () => {
    await signIn('two-orgs@example.com');
    await request(h.app).post(members()).set(admin).send({ email: 'two-orgs@example.com' }).expect(200);
    const other = await signIn('two-orgs@example.com', 'other-app', 'other');
    expect(other.user.role).toBe('user');
  });
});

describe('operator API', () => {
  it('add by email: the same access token is a member at its next validate; the role can be changed', async () => {
    const { accessToken, userId } = await signIn('ada.member@example.com');
    expect(await roleOf(accessToken)).toBe('user');
    const added = await request(h.app).post(members()).set(admin).send({ email: 'ADA.member@example.com' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      user_id: userId,
      email: 'ada.member@example.com',
      name: 'Ada Lovelace',
      issuer: 'https://idp.test',
      role: 'member',
      created_at: expect.any(String),
    });
    expect(await roleOf(accessToken)).toBe('member');
    const owner = await request(h.app).post(members()).set(admin).send({ user_id: userId, role: 'owner' });
    expect(owner.status).toBe(200);
    expect(owner.body.role).toBe('owner');
    expect(await roleOf(accessToken)).toBe('owner');
  });

  it('list: granted roles by default, people who only signed in with all=true', async () => {
    await signIn('only-signed-in@example.com');
    await signIn('listed@example.com');
    await request(h.app).post(members()).set(admin).send({ email: 'listed@example.com' }).expect(200);
    const res = await request(h.app).get(members()).set(admin);
    expect(res.status).toBe(200);
    expect(res.body.organisation).toEqual({ id: 'acme', name: 'Acme Inc', tier: 'pro' });
    const emails = res.body.members.map((m: { email: string }) => m.email);
    expect(emails).toContain('listed@example.com');
    expect(emails).not.toContain('only-signed-in@example.com');
    expect(res.body.members.every((m: { role: string }) => m.role !== 'user')).toBe(true);
    const all = await request(h.app).get(`${members()}?all=true`).set(admin);
    expect(all.body.members).toContainEqual(expect.objectContaining({ email: 'only-signed-in@example.com', role: 'user' }));
  });

  it('remove (by email or user id): the person is a user again at the next validate', async () => {
    const a = await signIn('leaves@example.com');
    const b = await signIn('leaves-too@example.com');
    for (const email of ['leaves@example.com', 'leaves-too@example.com']) await request(h.app).post(members()).set(admin).send({ email }).expect(200);
    expect(await roleOf(a.accessToken)).toBe('member');
    expect((await request(h.app).delete(`${members()}/leaves%40example.com`).set(admin)).body).toEqual({ removed: true });
    expect((await request(h.app).delete(`${members()}/${b.userId}`).set(admin)).body).toEqual({ removed: true });
    expect(await roleOf(a.accessToken)).toBe('user');
    expect(await roleOf(b.accessToken)).toBe('user');
    const again = await request(h.app).delete(`${members()}/${b.userId}`).set(admin);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
  });

  it('404 USER_NOT_FOUND for an email nobody signed in with, 409 AMBIGUOUS_USER when identities share it', async () => {
    const unknown = await request(h.app).post(members()).set(admin).send({ email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'USER_NOT_FOUND', message: expect.stringMatching(/signs in once/) });
    const unknownId = await request(h.app).post(members()).set(admin).send({ user_id: '00000000-0000-0000-0000-000000000000' });
    expect(unknownId.status).toBe(404);
    expect(unknownId.body.error).toBe('USER_NOT_FOUND');

    await signIn('shared@example.com');
    await upsertUserAndMembership(h.db, { issuer: 'https://other-idp.test', subject: 'x', email: 'shared@example.com', name: 'Someone Else' }, 'other');
    const before = await rowCounts(h.db);
    const ambiguous = await request(h.app).post(members()).set(admin).send({ email: 'shared@example.com' });
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body).toEqual({ error: 'AMBIGUOUS_USER', message: expect.any(String) });
    // The operator learns which ids to choose from.
    expect(ambiguous.body.message).toContain('Someone Else, https://other-idp.test');
    expect(await rowCounts(h.db)).toEqual(before);
    // Within the organisation only one of them has a membership: remove by email is not ambiguous.
    expect((await request(h.app).delete(`${members()}/shared%40example.com`).set(admin)).status).toBe(200);
  });

  it('404 NOT_FOUND for an unknown organisation on every route', async () => {
    for (const res of [
      await request(h.app).get(members('nope')).set(admin),
      await request(h.app).post(members('nope')).set(admin).send({ email: 'stranger@example.com' }),
      await request(h.app)
        .delete(`${members('nope')}/stranger%40example.com`)
        .set(admin),
      await request(h.app).get(members('Bad%20Id')).set(admin),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('NOT_FOUND');
    }
  });

  it.each([
    [{}, 'neither email nor user_id'],
    [{ email: 'stranger@example.com', user_id: 'abc' }, 'both'],
    [{ email: 'stranger@example.com', role: 'user' }, 'role user (given only by signing in)'],
    [{ email: 'stranger@example.com', role: 'superuser' }, 'unknown role'],
    [{ email: 'not-an-email' }, 'not an email'],
    [{ email: 'a\u0000@example.com' }, 'NUL'],
    [{ user_id: 'x y' }, 'bad user id'],
    [{ email: 42 }, 'wrong type'],
  ])('400 INVALID_REQUEST for %j (%s), nothing written', async (body: object, _why: string) => {
    const before = await rowCounts(h.db);
    const res = await request(h.app).post(members()).set(admin).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'INVALID_REQUEST', message: expect.any(String) });
    expect(await rowCounts(h.db)).toEqual(before);
  });

  it('400 for a body that is not JSON, 401 without the operator token', async () => {
    const notJson = await request(h.app).post(members()).set(admin).set('content-type', 'application/json').send('{"email":');
    expect(notJson.status).toBe(400);
    for (const res of [
      await request(h.app).get(members()),
      await request(h.app).post(members()).send({ email: 'stranger@example.com' }),
      await request(h.app).delete(`${members()}/stranger%40example.com`).set('authorization', 'Bearer wrong'),
    ]) {
      expect(res.status).toBe(401);
    }
    expect(await h.db.membership.findFirst({ where: { organisationId: 'acme', user: { email: 'stranger@example.com' } } })).toMatchObject({ role: 'user' });
  });
});

describe('migration of existing memberships', () => {
  it('member rows (all made by sign-in before this release) become user; owner and admin rows are kept', async () => {
    const database = await createTestDatabase({ prefix: 'auth_members_migration' });
    const client = new pg.Client({ connectionString: database.url });
    try {
      const all = await readMigrations(path.join(prismaDirOf('auth-central'), 'migrations'));
      const at = all.findIndex((m) => m.name.endsWith('_membership_roles'));
      expect(at).toBeGreaterThan(0);
      await applyMigrationsAtomically(database.url, all.slice(0, at));
      await client.connect();
      await client.query(`INSERT INTO organisations (id, name) VALUES ('acme', 'Acme')`);
      for (const [id, role] of [
        ['u-member', 'member'],
        ['u-admin', 'admin'],
        ['u-owner', 'owner'],
      ]) {
        await client.query(`INSERT INTO users (id, idp_issuer, idp_subject, email, name, updated_at) VALUES ($1, 'i', $1, $1, $1, now())`, [id]);
        await client.query(`INSERT INTO memberships (user_id, organisation_id, role) VALUES ($1, 'acme', $2)`, [id, role]);
      }
      await applyMigrationsAtomically(database.url, all);
      const { rows } = await client.query<{ user_id: string; role: string }>('SELECT user_id, role::text FROM memberships ORDER BY user_id');
      expect(rows).toEqual([
        { user_id: 'u-admin', role: 'admin' },
        { user_id: 'u-member', role: 'user' },
        { user_id: 'u-owner', role: 'owner' },
      ]);
    } finally {
      await client.end().catch(() => {});
      await database.drop();
    }
  });
});
