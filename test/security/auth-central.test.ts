/**
 * Attacks on auth-central's public token endpoints, over a real listener:
 * forged JWTs, the relay lockout (issue 10, item 1) through
 * `@latchkey/auth-backend`, and a fuzz pass of malformed requests that must
 * never answer 5xx.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, sign } from 'node:crypto';
import { createValidator } from '@latchkey/auth-backend';
import { createHarness, seedApp, seedExchangeToken, type Harness } from '../../apps/auth-central/test/helpers.js';
import { fakeIdp } from '../../apps/auth-central/test/fake-idp.js';

let h: Harness;
let server: Server;
let base: string;

beforeAll(async () => {
  h = await createHarness({ idp: fakeIdp() });
  await seedApp(h.db);
  server = createServer(h.app as unknown as Parameters<typeof createServer>[1]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const claims = () => ({ sub: 'u1', org_id: 'acme', app_id: 'shop', sid: 's1', iss: 'http://auth.test', aud: 'latchkey', iat: now(), exp: now() + 3600 });

async function realToken(email: string): Promise<string> {
  const { token } = await seedExchangeToken(h.db, { now: h.clock.now(), email });
  const res = await fetch(`${base}/context/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const validate = (token: string) => fetch(`${base}/context/auth/validate`, { headers: { authorization: `Bearer ${token}` } });

describe('cross-tenant CORS: another tenant’s origin cannot read the token endpoints’ answers', () => {
  it('validate and refresh of a token of app shop answer an origin of app blog without Access-Control-Allow-*', async () => {
    await seedApp(h.db, 'blog', ['blog.example.org'], 'other-org');
    const token = await realToken('tenant@example.com');
    const asOrigin = (origin: string) => fetch(`${base}/context/auth/validate`, { headers: { authorization: `Bearer ${token}`, origin } });
    const foreign = await asOrigin('https://blog.example.org');
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect(foreign.headers.get('access-control-allow-credentials')).toBeNull();
    const refresh = await fetch(`${base}/context/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://blog.example.org' },
      body: JSON.stringify({ access_token: token }),
    });
    expect(refresh.status).toBe(200);
    expect(refresh.headers.get('access-control-allow-origin')).toBeNull();
    const own = await asOrigin('https://shop.example.com');
    expect(own.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('forged JWTs are refused with 401', () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const es256 = (header: object, payload: object) => {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
  };
  it.each([
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    ['HS256 with a guessed secret', () => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims())}.${b64('x'.repeat(32))}`],
    ['ES256 with an unknown kid', () => es256({ alg: 'ES256', typ: 'JWT', kid: 'not-a-key' }, claims())],
    ['ES256 signed by a stranger with no kid', () => es256({ alg: 'ES256', typ: 'JWT' }, claims())],
    ['a real token with its payload swapped', () => 'REAL'],
  ])('%s', async (_name, make) => {
    let token = make();
    if (token === 'REAL') {
      const [header, , signature] = (await realToken('swap@example.com')).split('.');
      token = `${header}.${b64({ ...claims(), org_id: 'someone-else' })}.${signature}`;
    }
    const res = await validate(token);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('INVALID_TOKEN');
  });
});

describe('relay lockout', () => {
  it('a backend relaying 700 garbage tokens from a stranger through @latchkey/auth-backend still gets its real user served', async () => {
    const real = await realToken('relay-suite@example.com');
    // verifyLocally off: this is auth-central's own defence, for relays that do not check tokens themselves.
    const validator = createValidator({ authUrl: base, cacheTtlMs: 0, breaker: { volumeThreshold: 1_000_000 }, verifyLocally: false, now: h.clock.now });
    try {
      let refused = 0;
      for (let i = 0; i < 700; i += 50) {
        const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, j) => validator.validate(`garbage.${i + j}.x`)));
        refused += outcomes.filter((o) => o.status === 'rejected').length;
      }
      expect(refused).toBe(700);
      await expect(validator.validate(real)).resolves.toMatchObject({ user: { email: 'relay-suite@example.com' }, app_id: 'shop' });
    } finally {
      validator.close();
    }
  });
});

describe('fuzz: malformed requests to every public endpoint → 0 × 5xx', () => {
  const nasty: unknown[] = [
    null,
    true,
    0,
    -1,
    1e308,
    'x'.repeat(20_000),
    '\u0000',
    'a\u0000b',
    '\ud800',
    '%E0%A4%A',
    '../../etc/passwd',
    '<script>',
    [],
    {},
    [[[[]]]],
    { __proto__: { admin: true } },
    { constructor: { prototype: {} } },
  ];
  const bodies = (field: string): string[] => [
    ...nasty.map((v) => JSON.stringify({ [field]: v })),
    ...nasty.map((v) => JSON.stringify(v)),
    '{',
    '{"a":',
    '[1,2',
    '\u0000',
    '\xff\xfe',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    'not json',
    '',
    ...Array.from({ length: 60 }, (_, i) => JSON.stringify({ [field]: String.fromCharCode(i) + 'x'.repeat(i * 7), extra: i })),
  ];
  const types = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin9'];

  it.each([
    ['POST /context/auth/exchange', '/context/auth/exchange', 'token'],
    ['POST /context/auth/refresh', '/context/auth/refresh', 'access_token'],
    ['POST /context/auth/logout', '/context/auth/logout', 'access_token'],
    ['POST /context/auth/login', '/context/auth/login', 'app_id'],
  ])('%s', async (_name, path, field) => {
    const statuses: number[] = [];
    const all = bodies(field);
    for (let i = 0; i < all.length; i++) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': types[i % types.length]!, 'x-forwarded-for': `10.200.${i % 250}.1` },
        body: all[i],
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.length).toBeGreaterThanOrEqual(100);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });

  it('GET /context/auth/validate and /context/auth/login with malformed headers and queries', async () => {
    const statuses: number[] = [];
    const headers = [
      'Bearer',
      'Bearer ',
      'Bearer a.b',
      'Bearer a.b.c.d',
      `Bearer ${'x'.repeat(8000)}`,
      'Basic abc',
      'bearer x',
      'Bearer %E0%A4%A',
      `Bearer ${b64({ alg: 'none' })}..`,
    ];
    for (let i = 0; i < 120; i++) {
      const v = await fetch(`${base}/context/auth/validate`, {
        headers: { authorization: headers[i % headers.length]!, 'x-forwarded-for': `10.201.${i % 250}.1` },
      });
      statuses.push(v.status);
      await v.arrayBuffer();
      const q = [
        'app_id=%00',
        'app_id=%E0%A4%A',
        `app_id=${'a'.repeat(5000)}`,
        'app_id[]=x',
        'redirect_url=javascript:alert(1)&app_id=shop',
        'app_id=shop&redirect_url=//evil.example',
        '%%%',
      ][i % 7];
      const l = await fetch(`${base}/context/auth/login?${q}`, { redirect: 'manual', headers: { 'x-forwarded-for': `10.202.${i % 250}.1` } });
      statuses.push(l.status);
      await l.arrayBuffer();
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
