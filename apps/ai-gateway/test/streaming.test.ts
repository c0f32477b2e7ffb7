import { SseParser } from '../src/wire/sse.js';
import { startHarness, call, bodyFor, PATHS, MODELS, type Harness } from './harness.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.createKey()).key;
});
afterAll(() => h.close());
beforeEach(() => h.fakes.resetAll());

const providers = ['openai', 'anthropic', 'google'] as const;
const frames = (text: string) => {
  const p = new SseParser();
  return [...p.push(text), ...p.end()];
};
const tool = { name: 'get_weather', description: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

describe.each(providers)('streaming through %s', (provider) => {
  it('chat: data-only chunks, usage chunk when asked, [DONE] last', async () => {
    const res = await call(
      h.gw.url,
      PATHS.chat,
      key,
      bodyFor('chat', MODELS[provider], 'stream me please', { stream: true, stream_options: { include_usage: true } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const fs = frames(res.text);
    expect(fs.every((f) => f.event === undefined)).toBe(true);
    expect(fs.at(-1)!.data).toBe('[DONE]');
    const chunks = fs.slice(0, -1).map((f) => JSON.parse(f.data));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    expect(text).toContain('stream me please');
    const usage = chunks.at(-1);
    expect(usage.choices).toEqual([]);
    expect(usage.usage.prompt_tokens).toBeGreaterThan(0);
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    if (provider === 'openai') expect(h.fakes.openai.requests.at(-1)!.body.stream_options).toEqual({ include_usage: true });
  });

  it('chat: no usage chunk unless asked, include_usage still forced upstream', async () => {
    const res = await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS[provider], 'hi', { stream: true }));
    const chunks = frames(res.text)
      .slice(0, -1)
      .map((f) => JSON.parse(f.data));
    expect(chunks.some((c) => c.choices.length === 0)).toBe(false);
    if (provider === 'openai') expect(h.fakes.openai.requests.at(-1)!.body.stream_options.include_usage).toBe(true);
    // usage was still counted for the key
    await h.gw.app.usage.settle();
    const last = await h.prisma.usageRecord.findFirst({ where: { requestId: res.headers.get('x-request-id')! } });
    expect(last!.inputTokens).toBeGreaterThan(0);
    expect(last!.outputTokens).toBeGreaterThan(0);
  });

  it('chat: tool calls stream with their index, id and name first', async () => {
    const res = await call(h.gw.url, PATHS.chat, key, {
      model: MODELS[provider],
      stream: true,
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ type: 'function', function: tool }],
    });
    const chunks = frames(res.text)
      .slice(0, -1)
      .map((f) => JSON.parse(f.data));
    const deltas = chunks.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? []);
    expect(deltas[0]).toMatchObject({ index: 0, id: expect.any(String), type: 'function', function: { name: 'get_weather' } });
    expect(deltas.every((d: any) => d.index === 0)).toBe(true);
    expect(JSON.parse(deltas.map((d: any) => d.function.arguments ?? '').join(''))).toEqual({ city: 'Paris' });
    expect(chunks.find((c) => c.choices[0]?.finish_reason)!.choices[0].finish_reason).toBe('tool_calls');
  });

  it('messages: event lines in order, usage in message_start and message_delta', async () => {
    const res = await call(h.gw.url, PATHS.messages, key, bodyFor('messages', MODELS[provider], 'stream me', { stream: true }), {
      'x-api-key': key,
      authorization: '',
    });
    expect(res.status).toBe(200);
    const fs = frames(res.text);
    expect(fs.every((f) => f.event !== undefined && JSON.parse(f.data).type === f.event)).toBe(true);
    const names = fs.map((f) => f.event).filter((e) => e !== 'ping');
    expect(names[0]).toBe('message_start');
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(names).toContain('content_block_start');
    expect(names).toContain('content_block_stop');
    const text = fs
      .filter((f) => f.event === 'content_block_delta')
      .map((f) => JSON.parse(f.data).delta.text ?? '')
      .join('');
    expect(text).toContain('stream me');
    const delta = JSON.parse(fs.find((f) => f.event === 'message_delta')!.data);
    expect(delta.delta.stop_reason).toBe('end_turn');
    expect(delta.usage.output_tokens).toBeGreaterThan(0);
  });

  it('messages: tool_use blocks with input_json_delta', async () => {
    const res = await call(h.gw.url, PATHS.messages, key, {
      model: MODELS[provider],
      max_tokens: 100,
      stream: true,
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ name: tool.name, input_schema: tool.parameters }],
    });
    const fs = frames(res.text).map((f) => JSON.parse(f.data));
    const start = fs.find((f) => f.type === 'content_block_start' && f.content_block.type === 'tool_use');
    expect(start.content_block).toMatchObject({ name: 'get_weather', input: {} });
    const json = fs
      .filter((f) => f.type === 'content_block_delta' && f.index === start.index)
      .map((f) => f.delta.partial_json)
      .join('');
    expect(JSON.parse(json)).toEqual({ city: 'Paris' });
    expect(fs.find((f) => f.type === 'message_delta').delta.stop_reason).toBe('tool_use');
  });

  it('responses: typed events with increasing sequence numbers, completed with usage', async () => {
    const res = await call(h.gw.url, PATHS.responses, key, bodyFor('responses', MODELS[provider], 'stream me', { stream: true }));
    expect(res.status).toBe(200);
    const fs = frames(res.text);
    expect(res.text).not.toContain('[DONE]');
    const events = fs.map((f) => ({ event: f.event, ...JSON.parse(f.data) }));
    expect(events.every((e) => e.event === e.type)).toBe(true);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const types = events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['response.created', 'response.in_progress']);
    for (const t of [
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
    ])
      expect(types).toContain(t);
    expect(types.at(-1)).toBe('response.completed');
    expect(events.at(-1).response.usage.input_tokens).toBeGreaterThan(0);
    expect(
      events
        .filter((e) => e.type === 'response.output_text.delta')
        .map((e) => e.delta)
        .join(''),
    ).toContain('stream me');
  });

  it('responses: function call arguments stream', async () => {
    const res = await call(h.gw.url, PATHS.responses, key, {
      model: MODELS[provider],
      stream: true,
      input: 'weather?',
      tools: [{ type: 'function', ...tool }],
    });
    const events = frames(res.text).map((f) => JSON.parse(f.data));
    const done = events.find((e) => e.type === 'response.function_call_arguments.done');
    expect(JSON.parse(done.arguments)).toEqual({ city: 'Paris' });
    const item = events.find((e) => e.type === 'response.output_item.done' && e.item.type === 'function_call').item;
    expect(item).toMatchObject({ name: 'get_weather', call_id: expect.any(String) });
  });
});

describe('thinking in streams', () => {
  it('keeps Anthropic thinking and signature deltas intact on /v1/messages and /v1/chat/completions', async () => {
    const res = await call(h.gw.url, PATHS.messages, key, {
      model: MODELS.anthropic,
      max_tokens: 2000,
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [{ role: 'user', content: 'think' }],
    });
    const evs = frames(res.text).map((f) => JSON.parse(f.data));
    const sig = evs.find((e) => e.delta?.type === 'signature_delta');
    expect(sig.delta.signature).toMatch(/^sig_/);
    const chat = await call(h.gw.url, PATHS.chat, key, {
      model: MODELS.anthropic,
      stream: true,
      reasoning_effort: 'low',
      messages: [{ role: 'user', content: 'think' }],
    });
    const chunks = frames(chat.text)
      .slice(0, -1)
      .map((f) => JSON.parse(f.data));
    expect(chunks.map((c) => c.choices[0]?.delta?.reasoning_content ?? '').join('')).toContain('Thinking about');
    expect(chunks.flatMap((c) => c.choices[0]?.delta?.thinking_blocks ?? [])[0].signature).toBe(sig.delta.signature);
  });
});
