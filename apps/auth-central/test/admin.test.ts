import request from 'supertest';
import { ADMIN_TOKEN, createHarness, seedExchangeToken, type Harness } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const admin = () => ({ authorization: `Bearer ${ADMIN_TOKEN}` });

describe('admin API', () => {
  it('401 without or with a wrong operator token, and when none is configured', async () => {
    expect((await request(h.app).get('/admin/apps')).status).toBe(401);
    const wrong = await request(h.app).get('/admin/apps').set('authorization', 'Bearer nope');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'UNAUTHORIZED', message: expect.any(String) });
    const off = h.makeApp({ settings: { adminToken: undefined } });
    expect((await request(off).get('/admin/apps').set(admin())).status).toBe(401);
  });

  it('registers an app (creating its organisation), normalising domains', async () => {
    const res = await request(h.app)
      .post('/admin/apps')
      .set(admin())
      .send({
        app_id: 'shop',
        organisation_id: 'acme',
        organisation_name: 'Acme',
        allowed_auth_domains: ['Shop.Example.com', 'www.shop.example.com', 'bücher.example'],
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      app_id: 'shop',
      organisation: { id: 'acme', name: 'Acme', tier: 'free' },
      allowed_auth_domains: ['shop.example.com', 'www.shop.example.com', 'xn--bcher-kva.example'],
    });
    const dup = await request(h.app)
      .post('/admin/apps')
      .set(admin())
      .send({ app_id: 'shop', organisation_id: 'acme', allowed_auth_domains: ['a.com'] });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('APP_EXISTS');
  });

  it.each([
    [{ app_id: 'Bad Id', organisation_id: 'acme', allowed_auth_domains: ['a.com'] }, 'INVALID_REQUEST'],
    [{ app_id: 'x', allowed_auth_domains: ['a.com'] }, 'INVALID_REQUEST'],
    [{ app_id: 'x', organisation_id: 'acme', allowed_auth_domains: [] }, 'INVALID_REQUEST'],
    [{ app_id: 'x', organisation_id: 'acme', allowed_auth_domains: 'a.com' }, 'INVALID_REQUEST'],
    [{ app_id: 'x', organisation_id: 'acme', allowed_auth_domains: ['https://a.com'] }, 'INVALID_DOMAIN'],
    [{ app_id: 'x', organisation_id: 'acme', allowed_auth_domains: ['a.com:8080'] }, 'INVALID_DOMAIN'],
    [{ app_id: 'x', organisation_id: 'acme', allowed_auth_domains: ['*.a.com'] }, 'INVALID_DOMAIN'],
    [{ app_id: 'x', organisation_id: 'acme', allowed_auth_domains: ['a.com/path'] }, 'INVALID_DOMAIN'],
    [{ app_id: 'x', organisation_id: 'acme', tier: 'gold', allowed_auth_domains: ['a.com'] }, 'INVALID_REQUEST'],
  ])('refuses %j with 400 %s and stores nothing', async (body, code) => {
    const res = await request(h.app).post('/admin/apps').set(admin()).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: code, message: expect.any(String) });
    expect(await h.db.app.findUnique({ where: { id: 'x' } })).toBeNull();
  });

  it('names the field at fault in the message: "field: message"', async () => {
    const empty = await request(h.app).post('/admin/apps').set(admin()).send({ app_id: 'x', organisation_id: 'acme', allowed_auth_domains: [] });
    expect(empty.body).toEqual({ error: 'INVALID_REQUEST', message: 'allowed_auth_domains: allowed_auth_domains needs at least one domain' });
    const noId = await request(h.app)
      .post('/admin/apps')
      .set(admin())
      .send({ organisation_id: 'acme', allowed_auth_domains: ['a.com'] });
    expect(noId.body).toEqual({ error: 'INVALID_REQUEST', message: expect.stringMatching(/^app_id: /) });
  });

  it('lists, reads, updates domains and deletes', async () => {
    await request(h.app)
      .post('/admin/apps')
      .set(admin())
      .send({ app_id: 'blog', organisation_id: 'acme', allowed_auth_domains: ['blog.example.org'] })
      .expect(201);
    const list = await request(h.app).get('/admin/apps').set(admin());
    expect(list.status).toBe(200);
    expect(list.body.apps.map((a: { app_id: string }) => a.app_id)).toEqual(['blog', 'shop']);
    expect((await request(h.app).get('/admin/apps/blog').set(admin())).body.allowed_auth_domains).toEqual(['blog.example.org']);
    expect((await request(h.app).get('/admin/apps/nope').set(admin())).status).toBe(404);

    const upd = await request(h.app)
      .put('/admin/apps/blog/domains')
      .set(admin())
      .send({ allowed_auth_domains: ['www.blog.example.org'] });
    expect(upd.status).toBe(200);
    expect(upd.body.allowed_auth_domains).toEqual(['www.blog.example.org']);
    expect(
      (
        await request(h.app)
          .put('/admin/apps/nope/domains')
          .set(admin())
          .send({ allowed_auth_domains: ['a.com'] })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(h.app)
          .put('/admin/apps/blog/domains')
          .set(admin())
          .send({ allowed_auth_domains: ['http://x'] })
      ).status,
    ).toBe(400);

    const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), appId: 'blog' });
    const del = await request(h.app).delete('/admin/apps/blog').set(admin());
    expect(del.body).toEqual({ deleted: true });
    expect((await request(h.app).delete('/admin/apps/blog').set(admin())).status).toBe(404);
    expect((await request(h.app).post('/context/auth/exchange').send({ token })).body.error).toBe('INVALID_TOKEN');
  });

  it('lists signing keys without private material', async () => {
    await request(h.app).get('/.well-known/jwks.json').expect(200); // the first use creates the first key
    const res = await request(h.app).get('/admin/keys').set(admin());
    expect(res.status).toBe(200);
    expect(res.body.keys[0]).toEqual({ kid: expect.any(String), alg: 'ES256', created_at: expect.any(String), retired_at: null });
  });
});
