import request from 'supertest';
import { ADMIN_TOKEN, createHarness, rowCounts, seedApp, seedExchangeToken, type Harness } from './helpers.js';
import { fakeIdp } from './fake-idp.js';

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ idp: fakeIdp() });
  await seedApp(h.db);
});
afterAll(() => h.close());

const POSTS = ['/context/auth/login', '/context/auth/exchange', '/context/auth/refresh', '/context/auth/logout'];

describe('bad input never reaches a handler, never writes, never 500s', () => {
  let before: Record<string, number>;
  beforeEach(async () => {
    before = await rowCounts(h.db);
  });
  afterEach(async () => {
    expect(await rowCounts(h.db)).toEqual(before);
  });

  it.each(POSTS)('%s: malformed JSON → 400 INVALID_REQUEST', async (path) => {
    const res = await request(h.app).post(path).set('content-type', 'application/json').send('{"token": "abc"');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'INVALID_REQUEST', message: expect.any(String) });
  });

  it.each(POSTS)('%s: wrong content type → 415 UNSUPPORTED_MEDIA_TYPE', async (path) => {
    const form = await request(h.app).post(path).type('form').send('token=abc');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ error: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
    const text = await request(h.app).post(path).set('content-type', 'text/plain').send('{"token":"abc"}');
    expect(text.status).toBe(415);
    const none = await request(h.app).post(path).send(Buffer.from('{}'));
    expect(none.status).toBe(415);
  });

  it.each(POSTS)('%s: a body over 16 kB → 413 PAYLOAD_TOO_LARGE', async (path) => {
    const res = await request(h.app)
      .post(path)
      .send({ token: 'a'.repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"token"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('a JSON body that is %s → 400 INVALID_REQUEST', async (_n, body) => {
    for (const path of POSTS) {
      const res = await request(h.app).post(path).set('content-type', 'application/json').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('INVALID_REQUEST');
    }
  });

  it('missing or wrong-typed fields get the spec codes', async () => {
    const cases: Array<[string, unknown, number, string]> = [
      ['/context/auth/exchange', {}, 400, 'INVALID_TOKEN'],
      ['/context/auth/exchange', { token: 5 }, 400, 'INVALID_TOKEN'],
      ['/context/auth/exchange', { token: ['a'.repeat(128)] }, 400, 'INVALID_TOKEN'],
      ['/context/auth/refresh', {}, 401, 'INVALID_TOKEN'],
      ['/context/auth/refresh', { access_token: { a: 1 } }, 401, 'INVALID_TOKEN'],
      ['/context/auth/logout', { access_token: null }, 401, 'INVALID_TOKEN'],
      ['/context/auth/login', {}, 400, 'INVALID_APP_ID'],
      ['/context/auth/login', { app_id: 'shop', redirect_url: 7 }, 400, 'INVALID_REDIRECT_URL'],
    ];
    for (const [path, body, status, code] of cases) {
      const res = await request(h.app)
        .post(path)
        .send(body as object);
      expect([path, res.status, res.body]).toEqual([path, status, { error: code, message: expect.any(String) }]);
    }
  });

  it('an unknown charset or a broken content encoding is refused without a 500', async () => {
    const charset = await request(h.app).post('/context/auth/exchange').set('content-type', 'application/json; charset=klingon').send('{}');
    expect(charset.status).toBe(415);
    expect(charset.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
    const gzip = await request(h.app)
      .post('/context/auth/exchange')
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send('{"token":"x"}');
    expect(gzip.status).toBeGreaterThanOrEqual(400);
    expect(gzip.status).toBeLessThan(500);
    expect(gzip.body).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it('a NUL character in login app_id (GET and POST) → 400, not the database error 500', async () => {
    const redirect = 'https://shop.example.com/after';
    const get = await request(h.app).get('/context/auth/login').query({ app_id: 'sh\u0000op', redirect_url: redirect });
    expect(get.status).toBe(400);
    const post = await request(h.app).post('/context/auth/login').send({ app_id: 'sh\u0000op', redirect_url: redirect });
    expect(post.status).toBe(400);
    for (const res of [post]) expect(res.body).toEqual({ error: expect.stringMatching(/^INVALID_(APP_ID|REQUEST)$/), message: expect.any(String) });
  });

  it('bad %-encoding in an admin route parameter → 400, not 500', async () => {
    const res = await request(h.app).get('/admin/apps/%E0%A4%A').set('authorization', `Bearer ${ADMIN_TOKEN}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'INVALID_REQUEST', message: expect.any(String) });
  });

  it('unknown paths and methods are 404 with the area A body', async () => {
    const a = await request(h.app).get('/context/auth/exchange');
    expect(a.status).toBe(404);
    expect(a.body).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    expect((await request(h.app).delete('/context/auth/logout')).status).toBe(404);
  });
});

it('a refused request leaves an exchange token unconsumed', async () => {
  const { token } = await seedExchangeToken(h.db, { now: h.clock.now() });
  await request(h.app).post('/context/auth/exchange').type('form').send(`token=${token}`).expect(415);
  await request(h.app).post('/context/auth/exchange').set('content-type', 'application/json').send(`{"token":"${token}"`).expect(400);
  expect((await request(h.app).post('/context/auth/exchange').send({ token })).status).toBe(200);
});
