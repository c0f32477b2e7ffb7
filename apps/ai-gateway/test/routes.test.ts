import { startHarness, call, bodyFor, PATHS, MODELS, type Harness } from './harness.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.createKey()).key;
});
afterAll(() => h.close());
beforeEach(() => h.fakes.resetAll());

const routes = ['chat', 'responses', 'messages'] as const;
const providers = ['openai', 'anthropic', 'google'] as const;

function textOf(route: (typeof routes)[number], body: any): string {
  if (route === 'chat') return body.choices[0].message.content;
  if (route === 'messages')
    return body.content
      .filter((b: any) => b.type === 'text')
      .map((b: any) => b.text)
      .join('');
  return body.output
    .filter((o: any) => o.type === 'message')
    .flatMap((o: any) => o.content.map((c: any) => c.text))
    .join('');
}

describe.each(routes)('%s route, non-streaming', (route) => {
  it.each(providers)('answers through %s with usage and the common headers', async (provider) => {
    const res = await call(h.gw.url, PATHS[route], key, bodyFor(route, MODELS[provider], 'hello there'));
    expect(res.status).toBe(200);
    expect(textOf(route, res.body)).toContain('hello there');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('request-id')).toBe(res.headers.get('x-request-id'));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Number(res.headers.get('x-latchkey-overhead-ms'))).toBeGreaterThanOrEqual(0);
    expect(res.headers.get('x-ratelimit-limit-requests')).toBe('10000');
    for (const [name] of res.headers) expect(name.startsWith('access-control-')).toBe(false);
    const usage = res.body.usage;
    if (route === 'chat') expect(usage.prompt_tokens).toBeGreaterThan(0);
    else expect(usage.input_tokens).toBeGreaterThan(0);
    const fake = provider === 'google' ? h.fakes.gemini : h.fakes[provider];
    expect(fake.calls).toBe(1);
  });
});

describe('translation details', () => {
  it('passes the OpenAI chat body through natively with the provider model name', async () => {
    await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'x', { temperature: 0.3, seed: 7 }));
    const sent = h.fakes.openai.requests.at(-1)!;
    expect(sent.body.model).toBe('gpt-4o-mini');
    expect(sent.body.seed).toBe(7);
    expect(sent.headers.authorization).toBe('Bearer fake-openai-key');
  });

  it('translates system prompts, multi-turn, max tokens and temperature to Anthropic', async () => {
    const res = await call(h.gw.url, PATHS.chat, key, {
      model: MODELS.anthropic,
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'ok' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'second' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
      ],
      max_tokens: 50,
      temperature: 0.2,
      top_p: 0.9,
    });
    expect(res.status).toBe(200);
    const sent = h.fakes.anthropic.requests.at(-1)!.body;
    expect(sent.system).toBe('be brief');
    expect(sent.max_tokens).toBe(50);
    expect(sent.temperature).toBe(0.2);
    expect(sent.top_p).toBe(0.9);
    expect(sent.messages).toHaveLength(3);
    expect(sent.messages[2].content[1]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } });
    expect(res.body.choices[0].finish_reason).toBe('stop');
  });

  it('maps stop reasons: max tokens', async () => {
    const res = await call(h.gw.url, PATHS.messages, key, { model: MODELS.google, max_tokens: 2, messages: [{ role: 'user', content: 'one two three four' }] });
    expect(res.body.stop_reason).toBe('max_tokens');
    expect(h.fakes.gemini.requests.at(-1)!.body.generationConfig.maxOutputTokens).toBe(2);
    const chat = await call(h.gw.url, PATHS.chat, key, {
      model: MODELS.anthropic,
      max_completion_tokens: 2,
      messages: [{ role: 'user', content: 'one two three four' }],
    });
    expect(chat.body.choices[0].finish_reason).toBe('length');
    const resp = await call(h.gw.url, PATHS.responses, key, { model: MODELS.google, max_output_tokens: 2, input: 'one two three four' });
    expect(resp.body.status).toBe('incomplete');
  });

  it.each(providers)('carries a tool call and its result through %s on every route', async (provider) => {
    const tools = { name: 'get_weather', description: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
    // chat
    const c1 = await call(h.gw.url, PATHS.chat, key, {
      model: MODELS[provider],
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ type: 'function', function: tools }],
    });
    expect(c1.body.choices[0].finish_reason).toBe('tool_calls');
    const tc = c1.body.choices[0].message.tool_calls[0];
    expect(tc.function.name).toBe('get_weather');
    expect(JSON.parse(tc.function.arguments)).toEqual({ city: 'Paris' });
    const c2 = await call(h.gw.url, PATHS.chat, key, {
      model: MODELS[provider],
      messages: [{ role: 'user', content: 'weather?' }, c1.body.choices[0].message, { role: 'tool', tool_call_id: tc.id, content: 'sunny' }],
      tools: [{ type: 'function', function: tools }],
    });
    expect(c2.status).toBe(200);
    expect(c2.body.choices[0].message.content).toContain('sunny');
    // messages
    const m1 = await call(h.gw.url, PATHS.messages, key, {
      model: MODELS[provider],
      max_tokens: 100,
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ name: tools.name, description: tools.description, input_schema: tools.parameters }],
    });
    expect(m1.body.stop_reason).toBe('tool_use');
    const tu = m1.body.content.find((b: any) => b.type === 'tool_use');
    expect(tu.input).toEqual({ city: 'Paris' });
    const m2 = await call(h.gw.url, PATHS.messages, key, {
      model: MODELS[provider],
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: m1.body.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: tu.id, content: 'rainy' }] },
      ],
      tools: [{ name: tools.name, input_schema: tools.parameters }],
    });
    expect(m2.body.content[0].text).toContain('rainy');
    // responses
    const r1 = await call(h.gw.url, PATHS.responses, key, { model: MODELS[provider], input: 'weather?', tools: [{ type: 'function', ...tools }] });
    const fc = r1.body.output.find((o: any) => o.type === 'function_call');
    expect(JSON.parse(fc.arguments)).toEqual({ city: 'Paris' });
    const r2 = await call(h.gw.url, PATHS.responses, key, {
      model: MODELS[provider],
      input: [{ role: 'user', content: 'weather?' }, fc, { type: 'function_call_output', call_id: fc.call_id, output: 'windy' }],
      tools: [{ type: 'function', ...tools }],
    });
    expect(r2.status).toBe(200);
    expect(JSON.stringify(r2.body.output)).toContain('windy');
  });

  it('keeps Anthropic thinking blocks and signatures intact through the chat route', async () => {
    const res = await call(h.gw.url, PATHS.messages, key, {
      model: MODELS.anthropic,
      max_tokens: 2000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [{ role: 'user', content: 'think' }],
    });
    const thinking = res.body.content.find((b: any) => b.type === 'thinking');
    expect(thinking.signature).toMatch(/^sig_/);
    const chat = await call(h.gw.url, PATHS.chat, key, { model: MODELS.anthropic, reasoning_effort: 'low', messages: [{ role: 'user', content: 'think' }] });
    const tb = chat.body.choices[0].message.thinking_blocks[0];
    expect(tb.signature).toBe(thinking.signature);
    await call(h.gw.url, PATHS.chat, key, {
      model: MODELS.anthropic,
      reasoning_effort: 'low',
      messages: [{ role: 'user', content: 'think' }, chat.body.choices[0].message, { role: 'user', content: 'again' }],
    });
    const sent = h.fakes.anthropic.requests.at(-1)!.body;
    expect(sent.messages[1].content[0]).toEqual({ type: 'thinking', thinking: tb.thinking, signature: tb.signature });
  });

  it('sends Gemini thought signatures back unchanged', async () => {
    const tools = [{ name: 'lookup', input_schema: { type: 'object', properties: { q: { type: 'string' } } } }];
    const first = await call(h.gw.url, PATHS.messages, key, {
      model: MODELS.google,
      max_tokens: 4000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools,
      messages: [{ role: 'user', content: 'find' }],
    });
    const sigBlock = first.body.content.find((b: any) => b.type === 'thinking' && b.signature?.startsWith('gemini:'));
    expect(sigBlock).toBeDefined();
    const tu = first.body.content.find((b: any) => b.type === 'tool_use');
    await call(h.gw.url, PATHS.messages, key, {
      model: MODELS.google,
      max_tokens: 4000,
      tools,
      messages: [
        { role: 'user', content: 'find' },
        { role: 'assistant', content: first.body.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: tu.id, content: 'found' }] },
      ],
    });
    const sent = h.fakes.gemini.requests.at(-1)!.body;
    const callPart = sent.contents[1].parts.find((p: any) => p.functionCall);
    expect(callPart.thoughtSignature).toBe(sigBlock.signature.slice('gemini:'.length));
    expect(sent.contents[2].parts[0].functionResponse.name).toBe('lookup');
  });

  it('sends a JSON tool result to Gemini as the structured value, text as text (no double encoding)', async () => {
    const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } } }];
    const history = (result: string) => [
      { role: 'user', content: 'find' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"q":"x"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: result },
    ];
    const sent = async (result: string) => {
      const r = await call(h.gw.url, PATHS.chat, key, { model: MODELS.google, tools, messages: history(result) });
      expect(r.status).toBe(200);
      return h.fakes.gemini.requests.at(-1)!.body.contents[2].parts[0].functionResponse;
    };
    expect(await sent('{"temp":21,"unit":"C","tags":["sunny"]}')).toEqual({ name: 'lookup', response: { temp: 21, unit: 'C', tags: ['sunny'] } });
    expect((await sent('[1,2]')).response).toEqual({ content: [1, 2] });
    expect((await sent('sunny in Paris')).response).toEqual({ content: 'sunny in Paris' });
    expect((await sent('{not json')).response).toEqual({ content: '{not json' });
    expect((await sent('42')).response).toEqual({ content: '42' });
    const err = await call(h.gw.url, PATHS.messages, key, {
      model: MODELS.google,
      max_tokens: 100,
      tools: [{ name: 'lookup', input_schema: { type: 'object' } }],
      messages: [
        { role: 'user', content: 'find' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'lookup', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: '{"reason":"timeout"}' }] },
      ],
    });
    expect(err.status).toBe(200);
    expect(h.fakes.gemini.requests.at(-1)!.body.contents[2].parts[0].functionResponse.response).toEqual({ content: { reason: 'timeout' }, error: true });
  });

  it('reports cached input tokens from Anthropic as cached in every format', async () => {
    h.fakes.anthropic.configure({ usage: { input: 100, output: 10, cached: 60 } });
    const chat = await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS.anthropic, 'hi'));
    expect(chat.body.usage).toMatchObject({ prompt_tokens: 100, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 60 } });
    const msg = await call(h.gw.url, PATHS.messages, key, bodyFor('messages', MODELS.anthropic, 'hi'));
    expect(msg.body.usage).toMatchObject({ input_tokens: 40, cache_read_input_tokens: 60, output_tokens: 10 });
  });
});

describe('GET /v1/models', () => {
  it("lists only the key's models in the OpenAI list shape", async () => {
    const narrow = await h.createKey({ models: ['openai/gpt-4o-mini', 'google/gemini-2.5-flash'] });
    const res = await fetch(`${h.gw.url}/v1/models`, { headers: { authorization: `Bearer ${narrow.key}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.object).toBe('list');
    expect(body.data.map((m: any) => m.id)).toEqual(['openai/gpt-4o-mini', 'google/gemini-2.5-flash']);
    expect(body.data[0]).toEqual({ id: 'openai/gpt-4o-mini', object: 'model', created: expect.any(Number), owned_by: 'openai' });
  });

  it("answers an Anthropic-style request (x-api-key or anthropic-version) in Anthropic's shape", async () => {
    const narrow = await h.createKey({ models: ['openai/gpt-4o-mini', 'google/gemini-2.5-flash'] });
    const styles: Array<Record<string, string>> = [{ 'x-api-key': narrow.key }, { authorization: `Bearer ${narrow.key}`, 'anthropic-version': '2023-06-01' }];
    for (const headers of styles) {
      const body = await (await fetch(`${h.gw.url}/v1/models`, { headers })).json();
      expect(body).toEqual({
        data: [
          { type: 'model', id: 'openai/gpt-4o-mini', display_name: 'openai/gpt-4o-mini', created_at: expect.any(String) },
          { type: 'model', id: 'google/gemini-2.5-flash', display_name: 'google/gemini-2.5-flash', created_at: expect.any(String) },
        ],
        has_more: false,
        first_id: 'openai/gpt-4o-mini',
        last_id: 'google/gemini-2.5-flash',
      });
      const one = await fetch(`${h.gw.url}/v1/models/google/gemini-2.5-flash`, { headers });
      expect(await one.json()).toMatchObject({ type: 'model', id: 'google/gemini-2.5-flash' });
    }
    const page = await (await fetch(`${h.gw.url}/v1/models?limit=1&after_id=openai%2Fgpt-4o-mini`, { headers: { 'x-api-key': narrow.key } })).json();
    expect(page).toMatchObject({ has_more: false, first_id: 'google/gemini-2.5-flash', last_id: 'google/gemini-2.5-flash' });
  });

  it('refuses a bad admin body with 400 INVALID_REQUEST naming the field: "field: message"', async () => {
    expect(await h.admin('POST', '/keys', { solution: 'bad-rpm', rpm: 0 })).toEqual({
      status: 400,
      body: { error: 'INVALID_REQUEST', message: 'rpm: Too small: expected number to be >0' },
    });
    expect(await h.admin('POST', '/keys', [])).toMatchObject({ status: 400, body: { error: 'INVALID_REQUEST', message: expect.stringMatching(/^body: /) } });
  });

  it('uses the default allow-list of five models for a key without its own', async () => {
    const created = await h.admin('POST', '/keys', { solution: 'defaults' });
    const res = await fetch(`${h.gw.url}/v1/models`, { headers: { authorization: `Bearer ${created.body.key}` } });
    const ids = (await res.json()).data.map((m: any) => m.id);
    expect(ids).toHaveLength(5);
    expect(ids.filter((i: string) => i.startsWith('openai/'))).toHaveLength(2);
    expect(ids.filter((i: string) => i.startsWith('anthropic/'))).toHaveLength(2);
    expect(ids.filter((i: string) => i.startsWith('google/'))).toHaveLength(1);
  });
});
