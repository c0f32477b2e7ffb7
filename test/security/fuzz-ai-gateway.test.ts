/**
 * Fuzz pass over the AI gateway's public `/v1` endpoints, in process with the
 * fake providers (`@latchkey/fake-providers`, as the gateway's own tests run
 * it): at least 100 malformed requests per endpoint. None may answer 5xx; the
 * requests that are bad whatever their content (not JSON, not an object, a
 * `model` that is not a string, oversized) reach no provider and record no usage.
 */
import { waitFor } from '@latchkey/testing';
import { ALL_MODELS, startHarness, type Harness } from '../../apps/ai-gateway/test/harness.js';
import { badPaths, fieldCases, fuzz, malformedBodies, send, type FuzzCase } from './fuzz.js';

let h: Harness;
/** The key of the odd cases (passed through, so they make provider calls and usage). */
let key: string;
const MODELS_ALLOWED = [...ALL_MODELS, 'openai/text-embedding-3-small'];
/** Over the gateway's 10 MB body limit. */
const OVERSIZED = 10 * 1024 * 1024 + 1024;

beforeAll(async () => {
  h = await startHarness();
  key = (await h.createKey({ models: MODELS_ALLOWED })).key;
}, 60_000);
afterAll(() => h?.close());

/** Provider calls so far, and the usage records of one key (a key of its own per check: earlier calls' records arrive late). */
async function state(keyId: string) {
  return { calls: h.fakes.openai.calls + h.fakes.anthropic.calls + h.fakes.gemini.calls, usage: await h.prisma.usageRecord.count({ where: { keyId } }) };
}

const ENDPOINTS: Array<{ path: string; base: Record<string, unknown>; fields: string[]; headers: (key: string) => Record<string, string> }> = [
  {
    path: '/v1/chat/completions',
    base: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    fields: ['messages', 'messages.0', 'messages.0.content', 'max_tokens', 'stream', 'temperature', 'tools'],
    headers: (k: string) => ({ authorization: `Bearer ${k}` }),
  },
  {
    path: '/v1/messages',
    base: { model: 'anthropic/claude-sonnet-4-5', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] },
    fields: ['messages', 'messages.0', 'messages.0.content', 'max_tokens', 'stream', 'system', 'tools'],
    headers: (k: string) => ({ 'x-api-key': k, 'anthropic-version': '2023-06-01' }),
  },
  {
    path: '/v1/messages/count_tokens',
    base: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    fields: ['messages', 'messages.0', 'messages.0.content', 'system', 'tools'],
    headers: (k: string) => ({ 'x-api-key': k, 'anthropic-version': '2023-06-01' }),
  },
  {
    path: '/v1/embeddings',
    base: { model: 'openai/text-embedding-3-small', input: 'hi' },
    fields: ['input', 'encoding_format', 'dimensions'],
    headers: (k: string) => ({ authorization: `Bearer ${k}` }),
  },
  {
    path: '/v1/responses',
    base: { model: 'openai/gpt-4o-mini', input: 'hi' },
    fields: ['input', 'instructions', 'max_output_tokens', 'stream', 'tools'],
    headers: (k: string) => ({ authorization: `Bearer ${k}` }),
  },
];

/** `refused`: body-level cases and a `model` that is not a string; `odd`: the other fields (passed through to the provider, which may refuse them). */
function casesFor(e: (typeof ENDPOINTS)[number]): FuzzCase[] {
  const model = fieldCases(e.base, ['model']).map((c) => (typeof c.value === 'string' ? { ...c, kind: 'odd' as const } : c));
  const others = fieldCases(e.base, e.fields).map((c) => ({ ...c, kind: 'odd' as const }));
  return [...malformedBodies(OVERSIZED), ...model, ...others];
}

describe('fuzz: malformed requests to every gateway endpoint → 0 × 5xx', () => {
  it.each(ENDPOINTS.map((e) => [e.path, e] as const))(
    'POST %s: wrong types, NUL, invalid UTF-8, deep and malformed JSON, wrong content types, empty and oversized bodies',
    async (_path, e) => {
      // A valid call before and after (usage is recorded after the answer): the refused cases in between add nothing.
      const own = await h.createKey({ models: MODELS_ALLOWED });
      const headers = e.headers(own.key);
      const valid = async () => {
        const usage = await h.prisma.usageRecord.count({ where: { keyId: own.id } });
        const ok = await send(h.gw.url, 'POST', e.path, { headers, contentType: 'application/json', body: JSON.stringify(e.base) });
        expect(ok.status).toBe(200);
        await waitFor(async () => (await h.prisma.usageRecord.count({ where: { keyId: own.id } })) > usage, 20_000, 'the usage record of a valid call');
        return state(own.id);
      };
      const all = casesFor(e);
      expect(all.length).toBeGreaterThanOrEqual(100);
      const first = await valid();
      const refused = await fuzz(
        h.gw.url,
        'POST',
        e.path,
        all.filter((c) => c.kind === 'refused'),
        headers,
      );
      expect(refused.serverErrors).toEqual([]);
      expect(refused.accepted).toEqual([]);
      const calls = e.path.endsWith('count_tokens') ? 0 : 1; // an OpenAI model's tokens are counted by the gateway itself
      expect(await valid()).toEqual({ calls: first.calls + calls, usage: first.usage + 1 });
      const odd = await fuzz(
        h.gw.url,
        'POST',
        e.path,
        all.filter((c) => c.kind === 'odd'),
        e.headers(key),
      );
      expect(odd.serverErrors).toEqual([]);
    },
    120_000,
  );

  it("GET /v1/models and /v1/models/{id}: malformed ids, bad %-encoding, queries and credentials → 4xx or the key's own models", async () => {
    const ids = [
      '%E0%A4%A',
      '%',
      '%zz',
      '%00',
      'openai%2F%00',
      'openai%2Fgpt-4o-mini%00',
      '..%2F..%2Fadmin',
      `${'a'.repeat(5000)}`,
      'google%2Fgemini-2.5-pro',
      'openai/../../admin',
      '%2e%2e%2fadmin',
      'openai%252Fgpt-4o-mini',
    ];
    const queries = [
      '',
      '?limit[]=1',
      ...['limit', 'after_id', 'before_id'].flatMap((p) => ['-1', 'abc', '1e308', '%00', '%E0%A4%A', 'x'.repeat(5000), ''].map((v) => `?${p}=${v}`)),
    ];
    const own = await h.createKey({ models: MODELS_ALLOWED });
    const credentials: Array<Record<string, string>> = [
      { authorization: `Bearer ${own.key}` },
      { 'x-api-key': own.key, 'anthropic-version': '2023-06-01' },
      { authorization: 'Bearer %00' },
      { authorization: `Bearer ${'x'.repeat(8000)}` },
      { 'x-api-key': '\u00ff' },
    ];
    const before = await state(own.id);
    const errors: string[] = [];
    let list = 0;
    let one = 0;
    for (const hd of credentials) {
      for (const q of queries) {
        const res = await send(h.gw.url, 'GET', `/v1/models${q}`, { headers: hd });
        list++;
        if (res.status >= 500 || res.status === 0) errors.push(`GET /v1/models${q.slice(0, 40)} → ${res.status} ${res.text.slice(0, 120)}`);
        // A listing shows the key's models only.
        if (res.status === 200) for (const m of ['google/gemini-2.5-pro', 'openai/gpt-4.1']) expect(res.text).not.toContain(`"${m}"`);
      }
      for (const id of [...ids, ...badPaths('').map((p) => p.slice(1))]) {
        const res = await send(h.gw.url, 'GET', `/v1/models/${id}`, { headers: hd });
        one++;
        if (res.status < 400 || res.status >= 500)
          errors.push(`GET /v1/models/${id.slice(0, 40)} ${Object.keys(hd)} → ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    for (const p of [...badPaths('/v1'), ...badPaths('/v1/chat'), ...badPaths('/v1/messages')]) {
      const res = await send(h.gw.url, 'POST', p, { headers: { authorization: `Bearer ${own.key}` }, contentType: 'application/json', body: '{}' });
      if (res.status < 400 || res.status >= 500) errors.push(`POST ${p.slice(0, 40)} → ${res.status}`);
    }
    expect(list).toBeGreaterThanOrEqual(100);
    expect(one).toBeGreaterThanOrEqual(100);
    expect(errors).toEqual([]);
    expect(await state(own.id)).toEqual(before);
  }, 60_000);
});
