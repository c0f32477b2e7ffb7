/**
 * Fuzz pass over strategy's public endpoints (`POST /v1/coordinate`,
 * `POST /v1/framework`), with an API key and with a Bearer access token of a
 * real auth-central (in process, its test harness): at least 100 malformed
 * requests per endpoint and credential. None may answer 5xx; the requests
 * that are bad whatever their content must charge nothing and open no session.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHarness, seedApp, seedExchangeToken, type Harness as AuthHarness } from '../../apps/auth-central/test/helpers.js';
import { fakeIdp } from '../../apps/auth-central/test/fake-idp.js';
import { QUESTION, keyWithCredits, startHarness, type Harness } from '../../apps/strategy/test/harness.js';
import { badPaths, fieldCases, fuzz, malformedBodies, send, type FuzzCase } from './fuzz.js';

const ORG = 'fuzz-org';
let auth: AuthHarness;
let authServer: Server;
let h: Harness;
let server: Server;
let base: string;
let apiKey: string;
let bearer: string;

beforeAll(async () => {
  auth = await createHarness({ idp: fakeIdp() });
  await seedApp(auth.db, 'fuzz-app', ['localhost'], ORG);
  authServer = createServer(auth.app);
  await new Promise<void>((resolve) => authServer.listen(0, '127.0.0.1', resolve));
  const authUrl = `http://127.0.0.1:${(authServer.address() as AddressInfo).port}`;
  const { token } = await seedExchangeToken(auth.db, {
    now: auth.clock.now(),
    appId: 'fuzz-app',
    organisationId: ORG,
    email: 'fuzz@example.com',
    role: 'member',
  });
  const ex = await fetch(`${authUrl}/context/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(ex.status).toBe(200);
  bearer = ((await ex.json()) as { access_token: string }).access_token;
  // Strategy's clock is auth-central's, so the token is not expired for either.
  h = await startHarness({ authUrl, now: auth.clock.now });
  apiKey = await keyWithCredits(h, ORG, 1000);
  server = createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await h?.close();
  await new Promise((r) => authServer?.close(r));
  await auth?.close();
});

/** What a strategic call could change: the organisation's credits and its sessions. */
async function state() {
  const sessions = await h.pool.query('SELECT count(*)::int AS n FROM strategy_sessions');
  return { balance: await h.ledger.balance(ORG), sessions: sessions.rows[0].n as number };
}

const valid = {
  messages: [{ role: 'user', content: QUESTION }],
  userContext: { industry: 'dental labs', role: 'COO', businessStage: 'growth' },
  preferences: { responseStyle: 'concise' },
};

/** Every endpoint's cases: body-level, each field wrong-typed or with a NUL (refused), odd strings (may be answered). */
function cases(): FuzzCase[] {
  const refused = [
    ...malformedBodies(300 * 1024),
    ...fieldCases(valid, [
      'messages',
      'messages.0',
      'userContext',
      'userContext.industry',
      'userContext.role',
      'userContext.businessStage',
      'preferences.responseStyle',
      'sessionId',
    ]).filter(
      // Unknown fields are ignored (SPEC): any object is a valid userContext.
      (c) => c.kind === 'refused' && !(c.field === 'userContext' && typeof c.value === 'object' && c.value !== null && !Array.isArray(c.value)),
    ),
    {
      name: 'messages[0].content with NUL',
      contentType: 'application/json',
      body: JSON.stringify({ messages: [{ role: 'user', content: `${QUESTION}\u0000` }] }),
      kind: 'refused' as const,
    },
    {
      name: 'content over 20000 characters',
      contentType: 'application/json',
      body: JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(20_001) }] }),
      kind: 'refused' as const,
    },
    {
      name: '51 messages',
      contentType: 'application/json',
      body: JSON.stringify({ messages: Array.from({ length: 51 }, () => ({ role: 'user', content: 'hi' })) }),
      kind: 'refused' as const,
    },
    {
      name: 'previousWork nested 10000 deep',
      contentType: 'application/json',
      body: `{"messages":[{"role":"user","content":"x"}],"userContext":{"previousWork":[${'['.repeat(10_000)}${']'.repeat(10_000)}]}}`,
      kind: 'refused' as const,
    },
    {
      name: 'maxCredits NaN-like',
      contentType: 'application/json',
      body: JSON.stringify({ ...valid, preferences: { maxCredits: '1e309' } }),
      kind: 'refused' as const,
    },
    {
      name: 'maxCredits negative',
      contentType: 'application/json',
      body: JSON.stringify({ ...valid, preferences: { maxCredits: -1 } }),
      kind: 'refused' as const,
    },
  ];
  // Odd strings in the question: never a 5xx (they may be answered or found out of scope).
  const odd = fieldCases(valid, ['messages.0.content']).filter((c) => c.kind === 'odd');
  return [...refused, ...odd];
}

describe('fuzz: malformed requests to strategy → 0 × 5xx, nothing charged', () => {
  const credentials = (): Array<[string, Record<string, string>]> => [
    ['API key', { apikey: apiKey }],
    ['Bearer', { authorization: `Bearer ${bearer}` }],
  ];

  it.each(['/v1/coordinate', '/v1/framework'])(
    '%s with an API key and with a Bearer token: wrong types, NUL, invalid UTF-8, deep and malformed JSON, wrong content types, empty and oversized bodies',
    async (path) => {
      // The credentials work: one real call each, before the state is taken.
      for (const [, headers] of credentials()) {
        const ok = await send(base, 'POST', path, { headers, contentType: 'application/json', body: JSON.stringify(valid) });
        expect(ok.status).toBe(200);
      }
      const all = cases();
      expect(all.length).toBeGreaterThanOrEqual(100);
      for (const [, headers] of credentials()) {
        const before = await state();
        const refused = await fuzz(
          base,
          'POST',
          path,
          all.filter((c) => c.kind === 'refused'),
          headers,
        );
        expect(refused.serverErrors).toEqual([]);
        expect(refused.accepted).toEqual([]);
        expect(await state()).toEqual(before);
        const odd = await fuzz(
          base,
          'POST',
          path,
          all.filter((c) => c.kind === 'odd'),
          headers,
        );
        expect(odd.serverErrors).toEqual([]);
      }
    },
    120_000,
  );

  it('malformed credentials and bad %-encoding in paths: 4xx, nothing charged', async () => {
    const before = await state();
    const headers: Array<Record<string, string>> = [
      {},
      { apikey: '' },
      { apikey: 'x'.repeat(10_000) },
      { apikey: '%E0%A4%A' },
      { apikey: `lk_strategy_${'A'.repeat(43)}` },
      { apikey: apiKey.toUpperCase() },
      { authorization: 'Bearer' },
      { authorization: 'Bearer ' },
      { authorization: `Bearer ${'x'.repeat(8000)}` },
      { authorization: 'Bearer a.b.c' },
      { authorization: `Bearer ${bearer.slice(0, -4)}AAAA` },
      { authorization: `Bearer ${bearer}.x` },
      { authorization: 'Basic Zm9vOmJhcg==' },
      { authorization: `bearer  ${bearer}x` },
      { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.` },
    ];
    const errors: string[] = [];
    let sent = 0;
    for (const path of ['/v1/coordinate', '/v1/framework']) {
      for (const hd of headers) {
        for (const c of malformedBodies(1024)
          .slice(0, 4)
          .concat([{ name: 'valid', contentType: 'application/json', body: JSON.stringify(valid), kind: 'refused' }])) {
          const res = await send(base, 'POST', path, { headers: hd, body: c.body, contentType: c.contentType });
          sent++;
          if (res.status < 400 || res.status >= 500)
            errors.push(`${path} ${JSON.stringify(hd).slice(0, 60)} [${c.name}] → ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      for (const p of badPaths(path)) {
        for (const method of ['GET', 'POST']) {
          const res = await send(base, method, p, { headers: { apikey: apiKey }, contentType: 'application/json', body: JSON.stringify(valid) });
          sent++;
          if (res.status < 400 || res.status >= 500) errors.push(`${method} ${p.slice(0, 60)} → ${res.status}`);
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(100);
    expect(errors).toEqual([]);
    expect(await state()).toEqual(before);
  }, 60_000);
});
