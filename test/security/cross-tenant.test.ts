/**
 * Cross-tenant attacks: an organisation's strategy API key cannot spend,
 * read or continue another organisation's credits or sessions, whatever the
 * request names; a gateway key cannot reach a model outside its allow-list,
 * whatever spelling or route it tries.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QUESTION, keyWithCredits, startHarness, type Harness as StrategyHarness } from '../../apps/strategy/test/harness.js';
import { startHarness as startGateway, type Harness as GatewayHarness } from '../../apps/ai-gateway/test/harness.js';
import { send } from './fuzz.js';

describe("strategy: one organisation's API key and another's credits and sessions", () => {
  let h: StrategyHarness;
  let server: Server;
  let base: string;
  let keyX: string;
  let keyY: string;
  beforeAll(async () => {
    h = await startHarness();
    keyX = await keyWithCredits(h, 'org-x', 0);
    keyY = await keyWithCredits(h, 'org-y', 500);
    server = createServer(h.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await h?.close();
  });

  const call = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}, path = '/v1/framework') =>
    send(base, 'POST', path, {
      headers: { apikey: key, ...headers },
      contentType: 'application/json',
      body: JSON.stringify({ messages: [{ role: 'user', content: QUESTION }], ...body }),
    });

  it("a key of org X with no credits cannot spend org Y's by naming Y in the body or in headers: 402, Y's balance unchanged", async () => {
    const named: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ orgId: 'org-y' }, {}],
      [{ organisationId: 'org-y', organization: 'org-y', workspace: { id: 'org-y' } }, {}],
      [{ userContext: { industry: 'org-y', role: 'owner of org-y' } }, {}],
      [{}, { 'x-org-id': 'org-y', 'x-organisation-id': 'org-y', 'x-app-context': 'org-y', 'x-workspace-id': 'org-y' }],
      [{}, { apikey: `${keyY.slice(0, 16)}` }],
    ];
    for (const path of ['/v1/framework', '/v1/coordinate']) {
      for (const [body, headers] of named) {
        const res = await call(keyX, body, headers, path);
        if (headers.apikey) expect(res.status).toBe(401);
        else expect({ path, status: res.status }).toEqual({ path, status: 402 });
      }
    }
    expect(await h.ledger.balance('org-y')).toBe(500);
    expect(await h.ledger.balance('org-x')).toBe(0);
  });

  it('a key of org X with credits pays its own calls only, whatever it names', async () => {
    await h.ledger.grant('org-x', 50, { note: 'test' });
    const res = await call(keyX, { orgId: 'org-y' }, { 'x-org-id': 'org-y' });
    expect(res.status).toBe(200);
    const used = JSON.parse(res.text).metadata.creditsUsed as number;
    expect(used).toBeGreaterThan(0);
    expect(await h.ledger.balance('org-x')).toBe(50 - used);
    expect(await h.ledger.balance('org-y')).toBe(500);
  });

  it("org X presenting org Y's sessionId neither reads nor extends Y's session", async () => {
    const first = await call(keyY, {});
    expect(first.status).toBe(200);
    const sessionId = JSON.parse(first.text).metadata.sessionId as string;
    // Sessions are keyed by organisation and id: Y's session is the row of org-y.
    const snapshotY = async () => ({
      session: (await h.pool.query("SELECT id, org_id FROM strategy_sessions WHERE id = $1 AND org_id = 'org-y'", [sessionId])).rows,
      turns: (await h.pool.query("SELECT count(*)::int AS n FROM session_turns WHERE session_id = $1 AND org_id = 'org-y'", [sessionId])).rows,
    });
    const before = await snapshotY();
    expect(before.session).toEqual([{ id: sessionId, org_id: 'org-y' }]);
    const balanceY = await h.ledger.balance('org-y');
    const res = await call(keyX, { sessionId });
    expect(res.status).toBeLessThan(500);
    if (res.status === 200) {
      // Answered as an id never used: a session of X's own, starting from nothing of Y's.
      const turnsX = await h.pool.query("SELECT count(*)::int AS n FROM session_turns WHERE session_id = $1 AND org_id = 'org-x'", [sessionId]);
      expect(turnsX.rows).toEqual([{ n: 1 }]);
    } else expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await snapshotY()).toEqual(before);
    expect(await h.ledger.balance('org-y')).toBe(balanceY);
  });
});

describe('gateway: a key cannot use models outside its allow-list', () => {
  let g: GatewayHarness;
  let key: string;
  beforeAll(async () => {
    g = await startGateway();
    key = (await g.createKey({ models: ['openai/gpt-4o-mini'] })).key;
  }, 60_000);
  afterAll(() => g?.close());

  const OUTSIDE = [
    'anthropic/claude-sonnet-4-5',
    'anthropic/claude-haiku-4-5',
    'google/gemini-2.5-flash',
    'openai/gpt-4.1-mini',
    'openai/gpt-4o',
    'openai/text-embedding-3-small',
    'Anthropic/Claude-Sonnet-4-5',
    'claude-sonnet-4-5',
    'gemini-2.5-flash',
    'openai/gpt-4o-mini/../../anthropic/claude-sonnet-4-5',
    'openai/gpt-4o-mini,anthropic/claude-sonnet-4-5',
    'openai/gpt-4o-mini anthropic/claude-sonnet-4-5',
    'anthropic/claude-sonnet-4-5#openai/gpt-4o-mini',
    'openai%2Fgpt-4.1-mini',
  ];
  const calls = () => g.fakes.openai.calls + g.fakes.anthropic.calls + g.fakes.gemini.calls;

  it('on every model route, in both key headers: 400 or 404, and no provider is called', async () => {
    const routes: Array<[string, (m: string) => unknown, Record<string, string>]> = [
      ['/v1/chat/completions', (model) => ({ model, messages: [{ role: 'user', content: 'hi' }] }), { authorization: `Bearer ${key}` }],
      ['/v1/responses', (model) => ({ model, input: 'hi' }), { authorization: `Bearer ${key}` }],
      [
        '/v1/messages',
        (model) => ({ model, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }),
        { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      ],
      [
        '/v1/messages/count_tokens',
        (model) => ({ model, messages: [{ role: 'user', content: 'hi' }] }),
        { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      ],
      ['/v1/embeddings', (model) => ({ model, input: 'hi' }), { authorization: `Bearer ${key}` }],
    ];
    const ok = await send(g.gw.url, 'POST', '/v1/chat/completions', {
      headers: { authorization: `Bearer ${key}` },
      contentType: 'application/json',
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(ok.status).toBe(200);
    g.fakes.resetAll();
    const failures: string[] = [];
    for (const [path, body, headers] of routes) {
      for (const model of OUTSIDE) {
        const res = await send(g.gw.url, 'POST', path, { headers, contentType: 'application/json', body: JSON.stringify(body(model)) });
        if (res.status !== 400 && res.status !== 404) failures.push(`${path} ${model} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls()).toBe(0);
  });

  it('GET /v1/models lists only the allowed model, and /v1/models/{id} of any other is 404', async () => {
    const credentials: Array<Record<string, string>> = [{ authorization: `Bearer ${key}` }, { 'x-api-key': key, 'anthropic-version': '2023-06-01' }];
    for (const headers of credentials) {
      const list = await send(g.gw.url, 'GET', '/v1/models', { headers });
      expect(list.status).toBe(200);
      const ids = (JSON.parse(list.text).data as Array<{ id: string }>).map((m) => m.id);
      expect(ids).toEqual(['openai/gpt-4o-mini']);
      for (const model of OUTSIDE) {
        const res = await send(g.gw.url, 'GET', `/v1/models/${encodeURIComponent(model)}`, { headers });
        expect({ model, status: res.status }).toEqual({ model, status: 404 });
      }
    }
  });
});
