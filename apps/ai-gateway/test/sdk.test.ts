/**
 * The real clients, unmodified, against the running gateway backed by each fake provider.
 */
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { generateText, streamText, tool, stepCountIs, jsonSchema, embed, embedMany } from 'ai';
import { fakeEmbedding } from '@latchkey/fake-providers';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAnthropic } from '@ai-sdk/anthropic';
import { startHarness, awayFromMinuteEdge, MODELS, ALL_MODELS, type Harness } from './harness.js';

let h: Harness;
let key: string;
let openai: OpenAI;
let anthropic: Anthropic;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.createKey()).key;
  openai = new OpenAI({ apiKey: key, baseURL: `${h.gw.url}/v1`, maxRetries: 0 });
  anthropic = new Anthropic({ apiKey: key, baseURL: h.gw.url, maxRetries: 0 });
});
afterAll(() => h.close());
beforeEach(() => h.fakes.resetAll());

const providers = ['openai', 'anthropic', 'google'] as const;
const weatherTool = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false } as {
  type: 'object';
  properties: Record<string, any>;
  required: string[];
  additionalProperties: false;
};

describe.each(providers)('openai SDK through %s', (provider) => {
  it('chat.completions.create', async () => {
    const r = await openai.chat.completions.create({
      model: MODELS[provider],
      messages: [
        { role: 'system', content: 'be kind' },
        { role: 'user', content: 'hello sdk' },
      ],
    });
    expect(r.choices[0]!.message.content).toContain('hello sdk');
    expect(r.usage!.prompt_tokens).toBeGreaterThan(0);
  });

  it('chat.completions stream with usage', async () => {
    const stream = await openai.chat.completions.create({
      model: MODELS[provider],
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'stream sdk' }],
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toContain('stream sdk');
    expect(usage!.completion_tokens).toBeGreaterThan(0);
  });

  it('chat.completions stream helper assembles a tool call', async () => {
    const runner = openai.chat.completions.stream({
      model: MODELS[provider],
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ type: 'function', function: { name: 'get_weather', parameters: weatherTool } }],
    });
    const final = await runner.finalChatCompletion();
    const call = final.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function.name).toBe('get_weather');
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
  });

  it('responses.create', async () => {
    const r = await openai.responses.create({ model: MODELS[provider], instructions: 'be brief', input: 'hello responses' });
    expect(r.output_text).toContain('hello responses');
    expect(r.usage!.input_tokens).toBeGreaterThan(0);
  });

  it('responses stream', async () => {
    const stream = openai.responses.stream({ model: MODELS[provider], input: 'stream responses' });
    let text = '';
    stream.on('response.output_text.delta', (e) => (text += e.delta));
    const final = await stream.finalResponse();
    expect(text).toContain('stream responses');
    expect(final.output_text).toContain('stream responses');
    expect(final.usage!.output_tokens).toBeGreaterThan(0);
  });

  it('responses with a function call', async () => {
    const r = await openai.responses.create({
      model: MODELS[provider],
      input: 'weather?',
      tools: [{ type: 'function', name: 'get_weather', parameters: weatherTool, strict: false }],
    });
    const fc = r.output.find((o) => o.type === 'function_call');
    expect(fc && fc.type === 'function_call' && JSON.parse(fc.arguments)).toEqual({ city: 'Paris' });
  });

  it('models.list shows only the key models', async () => {
    const ids: string[] = [];
    for await (const m of openai.models.list()) ids.push(m.id);
    expect(ids).toContain(MODELS[provider]);
  });
});

describe.each(providers)('@anthropic-ai/sdk through %s', (provider) => {
  it('messages.create', async () => {
    const r = await anthropic.messages.create({
      model: MODELS[provider],
      max_tokens: 200,
      system: 'be kind',
      messages: [{ role: 'user', content: 'hello claude sdk' }],
    });
    const text = r.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
    expect(text).toContain('hello claude sdk');
    expect(r.usage.input_tokens).toBeGreaterThan(0);
    expect(r.stop_reason).toBe('end_turn');
  });

  it('messages.stream', async () => {
    const stream = anthropic.messages.stream({ model: MODELS[provider], max_tokens: 200, messages: [{ role: 'user', content: 'stream claude sdk' }] });
    let text = '';
    stream.on('text', (t) => (text += t));
    const final = await stream.finalMessage();
    expect(text).toContain('stream claude sdk');
    expect(final.usage.output_tokens).toBeGreaterThan(0);
    expect(final.stop_reason).toBe('end_turn');
  });

  it('messages.stream with a tool call', async () => {
    const stream = anthropic.messages.stream({
      model: MODELS[provider],
      max_tokens: 200,
      messages: [{ role: 'user', content: 'weather?' }],
      tools: [{ name: 'get_weather', input_schema: weatherTool }],
    });
    const final = await stream.finalMessage();
    const tu = final.content.find((b) => b.type === 'tool_use');
    expect(tu && tu.type === 'tool_use' && tu.input).toEqual({ city: 'Paris' });
    expect(final.stop_reason).toBe('tool_use');
  });
});

describe.each(providers)('ai SDK through %s', (provider) => {
  const compat = () => createOpenAICompatible({ name: 'latchkey', baseURL: `${h.gw.url}/v1`, apiKey: key, includeUsage: true });
  const claude = () => createAnthropic({ baseURL: `${h.gw.url}/v1`, apiKey: key });

  it('generateText and streamText with @ai-sdk/openai-compatible', async () => {
    const g = await generateText({ model: compat()(MODELS[provider]), prompt: 'hello ai sdk', maxRetries: 0 });
    expect(g.text).toContain('hello ai sdk');
    expect(g.usage.inputTokens).toBeGreaterThan(0);
    const s = streamText({ model: compat()(MODELS[provider]), prompt: 'stream ai sdk', maxRetries: 0 });
    let text = '';
    for await (const t of s.textStream) text += t;
    expect(text).toContain('stream ai sdk');
    expect((await s.usage).outputTokens).toBeGreaterThan(0);
  });

  it('generateText and streamText with @ai-sdk/anthropic', async () => {
    const g = await generateText({ model: claude()(MODELS[provider]), prompt: 'hello anthropic ai sdk', maxRetries: 0 });
    expect(g.text).toContain('hello anthropic ai sdk');
    const s = streamText({ model: claude()(MODELS[provider]), prompt: 'stream anthropic ai sdk', maxRetries: 0 });
    let text = '';
    for await (const t of s.textStream) text += t;
    expect(text).toContain('stream anthropic ai sdk');
  });

  it.each(['openai-compatible', 'anthropic'] as const)('a tool call round trip with %s', async (client) => {
    const model = client === 'anthropic' ? claude()(MODELS[provider]) : compat()(MODELS[provider]);
    const calls: string[] = [];
    const r = await generateText({
      model,
      prompt: 'what is the weather?',
      maxRetries: 0,
      stopWhen: stepCountIs(3),
      tools: {
        get_weather: tool({
          description: 'weather of a city',
          inputSchema: jsonSchema<{ city: string }>(weatherTool as any),
          execute: async ({ city }) => {
            calls.push(city);
            return `sunny in ${city}`;
          },
        }),
      },
    });
    expect(calls).toEqual(['Paris']);
    expect(r.text).toContain('sunny in Paris');
    const s = streamText({
      model,
      prompt: 'weather again?',
      maxRetries: 0,
      tools: { get_weather: tool({ inputSchema: jsonSchema<{ city: string }>(weatherTool as any) }) },
    });
    const toolCalls = await s.toolCalls;
    expect(toolCalls[0]).toMatchObject({ toolName: 'get_weather', input: { city: 'Paris' } });
  });
});

describe('anthropic.messages.countTokens on every model', () => {
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'count these words for me please' }];
  it.each(ALL_MODELS)('%s', async (model) => {
    await h.gw.app.usage.settle(); // earlier tests' records are in
    const before = await h.prisma.usageRecord.count({ where: { kind: 'call' } });
    const { data: counted, response } = await anthropic.messages.countTokens({ model, system: 'be brief', messages }).withResponse();
    expect(counted.input_tokens).toBeGreaterThan(0);
    const provider = model.split('/')[0]!;
    if (provider === 'openai') {
      // A local tokenizer estimate, flagged as such; the provider is not called.
      expect(response.headers.get('x-latchkey-estimate')).toBe('true');
      expect(h.fakes.openai.requests).toHaveLength(0);
    } else {
      expect(response.headers.get('x-latchkey-estimate')).toBeNull();
      const fake = provider === 'anthropic' ? h.fakes.anthropic : h.fakes.gemini;
      expect(fake.requests.at(-1)!.path).toMatch(provider === 'anthropic' ? /^\/v1\/messages\/count_tokens$/ : /:countTokens$/);
      // The provider's own count: the same number a model call with this body reports.
      const made = await anthropic.messages.create({ model, max_tokens: 50, system: 'be brief', messages });
      expect(counted.input_tokens).toBe(made.usage.input_tokens + (made.usage.cache_read_input_tokens ?? 0));
    }
    await h.gw.app.usage.settle();
    const row = await h.prisma.usageRecord.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ kind: 'count_tokens', route: 'count_tokens', model, inputTokens: 0, outputTokens: 0, status: 200 });
    // Not a model call.
    expect(await h.prisma.usageRecord.count({ where: { kind: 'call' } })).toBe(before + (provider === 'openai' ? 0 : 1));
  });

  it('counts tools and grows with the text (OpenAI estimate)', async () => {
    const short = await anthropic.messages.countTokens({ model: MODELS.openai, messages });
    const long = await anthropic.messages.countTokens({
      model: MODELS.openai,
      messages: [{ role: 'user', content: 'count these words for me please '.repeat(10) }],
    });
    const tools = await anthropic.messages.countTokens({ model: MODELS.openai, messages, tools: [{ name: 'get_weather', input_schema: weatherTool }] });
    expect(long.input_tokens).toBeGreaterThan(short.input_tokens + 40);
    expect(tools.input_tokens).toBeGreaterThan(short.input_tokens + 10);
  });

  it("refuses a model off the allow-list and a bad body in Anthropic's shape", async () => {
    const e1 = await anthropic.messages.countTokens({ model: 'openai/gpt-5-pro', messages }).catch((e) => e);
    expect(e1).toBeInstanceOf(Anthropic.BadRequestError);
    const e2 = await anthropic.messages.countTokens({ model: MODELS.google, messages: [] }).catch((e) => e);
    expect(e2).toBeInstanceOf(Anthropic.BadRequestError);
    expect(e2.error.error.type).toBe('invalid_request_error');
  });
});

describe.each(ALL_MODELS)('agent loop (tool call → tool result → answer) on %s', (model) => {
  const result = JSON.stringify({ forecast: 'sunny in Paris', temp: 21 });
  const expectAnswer = (text: string, model2: string) => {
    expect(text).toContain('sunny in Paris');
    expect(model2).toBe(model);
  };

  it('chat.completions (openai SDK), answer streamed', async () => {
    const tools: OpenAI.ChatCompletionTool[] = [
      { type: 'function', function: { name: 'get_weather', description: 'weather of a city', parameters: weatherTool } },
    ];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'what is the weather?' }];
    const first = await openai.chat.completions.create({ model, messages, tools });
    expect(first.model).toBe(model);
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
    messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: result });
    const final = await openai.chat.completions.stream({ model, messages, tools }).finalChatCompletion();
    expect(final.choices[0]!.finish_reason).toBe('stop');
    expectAnswer(final.choices[0]!.message.content ?? '', final.model);
  });

  it('responses (openai SDK), answer streamed', async () => {
    const tools: OpenAI.Responses.Tool[] = [
      { type: 'function', name: 'get_weather', description: 'weather of a city', parameters: weatherTool, strict: false },
    ];
    const first = await openai.responses.create({ model, input: 'what is the weather?', tools });
    expect(first.model).toBe(model);
    const fc = first.output.find((o) => o.type === 'function_call');
    expect(fc && fc.type === 'function_call' && JSON.parse(fc.arguments)).toEqual({ city: 'Paris' });
    const input: OpenAI.Responses.ResponseInput = [
      { role: 'user', content: 'what is the weather?' },
      ...(first.output as OpenAI.Responses.ResponseInputItem[]),
      { type: 'function_call_output', call_id: (fc as OpenAI.Responses.ResponseFunctionToolCall).call_id, output: result },
    ];
    const final = await openai.responses.stream({ model, input, tools }).finalResponse();
    expectAnswer(final.output_text, final.model);
  });

  it('messages (@anthropic-ai/sdk), answer streamed', async () => {
    const tools: Anthropic.Tool[] = [{ name: 'get_weather', description: 'weather of a city', input_schema: weatherTool }];
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'what is the weather?' }];
    const first = await anthropic.messages.create({ model, max_tokens: 300, messages, tools });
    expect(first.model).toBe(model);
    expect(first.stop_reason).toBe('tool_use');
    const tu = first.content.find((b) => b.type === 'tool_use') as Anthropic.ToolUseBlock;
    expect(tu.input).toEqual({ city: 'Paris' });
    messages.push({ role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: tu.id, content: result }] });
    const final = await anthropic.messages.stream({ model, max_tokens: 300, messages, tools }).finalMessage();
    expect(final.stop_reason).toBe('end_turn');
    expectAnswer(final.content.map((b) => (b.type === 'text' ? b.text : '')).join(''), final.model);
  });
});

describe('embeddings', () => {
  const EMBED = { openai: 'openai/text-embedding-3-small', google: 'google/gemini-embedding-001' } as const;
  const DEFAULT_DIMS = { openai: 1536, google: 768 } as const;
  let ekey: string;
  let eo: OpenAI;
  beforeAll(async () => {
    ekey = (await h.createKey({ models: [...Object.values(EMBED), MODELS.anthropic] })).key;
    eo = new OpenAI({ apiKey: ekey, baseURL: `${h.gw.url}/v1`, maxRetries: 0 });
  });
  const close = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => Math.abs(v - b[i]!) < 1e-6);

  it.each(['openai', 'google'] as const)('openai.embeddings.create through %s (base64 by default, float, dimensions, batches)', async (provider) => {
    const model = EMBED[provider];
    // The SDK asks for base64 and decodes it.
    const { data: one, response } = await eo.embeddings.create({ model, input: 'hello vectors' }).withResponse();
    expect(one.model).toBe(model);
    expect(response.headers.get('x-latchkey-provider-model')).toBe(model.split('/')[1]);
    expect(one.data).toHaveLength(1);
    expect(close(one.data[0]!.embedding, fakeEmbedding('hello vectors', DEFAULT_DIMS[provider]))).toBe(true);
    expect(one.usage.prompt_tokens).toBeGreaterThan(0);
    const many = await eo.embeddings.create({ model, input: ['a', 'bb', 'ccc'], encoding_format: 'float', dimensions: 16 });
    expect(many.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(many.data.every((d) => d.embedding.length === 16)).toBe(true);
    expect(close(many.data[2]!.embedding, fakeEmbedding('ccc', 16))).toBe(true);
    const sent = (provider === 'openai' ? h.fakes.openai : h.fakes.gemini).requests.at(-1)!;
    if (provider === 'openai') expect(sent.body).toMatchObject({ model: 'text-embedding-3-small', input: ['a', 'bb', 'ccc'], dimensions: 16 });
    else expect(sent.body.requests[1]).toEqual({ model: 'models/gemini-embedding-001', content: { parts: [{ text: 'bb' }] }, outputDimensionality: 16 });
    await h.gw.app.usage.settle();
    const row = await h.prisma.usageRecord.findFirst({ where: { requestId: response.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ kind: 'embeddings', route: 'embeddings', model, provider, status: 200, inputTokens: one.usage.prompt_tokens });
  });

  it.each(['openai', 'google'] as const)('the Vercel AI SDK embed and embedMany through %s', async (provider) => {
    const compat = createOpenAICompatible({ name: 'latchkey', baseURL: `${h.gw.url}/v1`, apiKey: ekey });
    const model = compat.embeddingModel(EMBED[provider]);
    const one = await embed({ model, value: 'sunny day', maxRetries: 0 });
    expect(close(one.embedding, fakeEmbedding('sunny day', DEFAULT_DIMS[provider]))).toBe(true);
    expect(one.usage.tokens).toBeGreaterThan(0);
    const many = await embedMany({ model, values: ['x', 'y'], maxRetries: 0 });
    expect(many.embeddings).toHaveLength(2);
  });

  it('refusals: an Anthropic model, a model off the allow-list, bad input, token ids to Gemini, limits', async () => {
    const e1 = await eo.embeddings.create({ model: MODELS.anthropic, input: 'x' }).catch((e) => e);
    expect(e1).toBeInstanceOf(OpenAI.BadRequestError);
    expect(e1.message).toContain('Anthropic offers none');
    const e2 = await eo.embeddings.create({ model: 'openai/text-embedding-3-large', input: 'x' }).catch((e) => e);
    expect(e2).toBeInstanceOf(OpenAI.BadRequestError);
    expect(e2.message).toContain('Allowed models');
    for (const input of [[], '', [''], [1.5], { a: 1 }]) {
      const e = await eo.embeddings.create({ model: EMBED.openai, input: input as never }).catch((err) => err);
      expect(e).toBeInstanceOf(OpenAI.BadRequestError);
      expect(e.error.param).toBe('input');
    }
    const e3 = await eo.embeddings.create({ model: EMBED.google, input: [[1, 2, 3]] }).catch((e) => e);
    expect(e3).toBeInstanceOf(OpenAI.BadRequestError);
    const e4 = await eo.embeddings.create({ model: EMBED.google, input: Array.from({ length: 101 }, () => 'x') }).catch((e) => e);
    expect(e4.message).toContain('at most 100');
    await awayFromMinuteEdge(); // both calls in one fixed window
    const limited = await h.createKey({ models: [EMBED.openai], rpm: 1 });
    const lc = new OpenAI({ apiKey: limited.key, baseURL: `${h.gw.url}/v1`, maxRetries: 0 });
    await lc.embeddings.create({ model: EMBED.openai, input: 'x' });
    expect(await lc.embeddings.create({ model: EMBED.openai, input: 'x' }).catch((e) => e)).toBeInstanceOf(OpenAI.RateLimitError);
  });
});

describe('models in both SDKs', () => {
  it('openai: models.list and models.retrieve of an id with a slash', async () => {
    const list = [];
    for await (const m of openai.models.list()) list.push(m);
    expect(list.map((m) => m.id)).toEqual(ALL_MODELS);
    expect(list[0]).toEqual({ id: ALL_MODELS[0], object: 'model', created: expect.any(Number), owned_by: 'openai' });
    for (const id of ALL_MODELS) expect(await openai.models.retrieve(id)).toMatchObject({ id, object: 'model', owned_by: id.split('/')[0] });
    const e = await openai.models.retrieve('openai/gpt-5-pro').catch((err) => err);
    expect(e).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("anthropic: models.list (paged) and models.retrieve in Anthropic's shape", async () => {
    const ids: string[] = [];
    for await (const m of anthropic.models.list({ limit: 2 })) {
      expect(m).toEqual({ type: 'model', id: m.id, display_name: m.id, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      ids.push(m.id);
    }
    expect(ids).toEqual(ALL_MODELS);
    const page = await anthropic.models.list({ limit: 2 });
    expect(page.has_more).toBe(true);
    expect(page.last_id).toBe(ALL_MODELS[1]);
    for (const id of ALL_MODELS) expect(await anthropic.models.retrieve(id)).toMatchObject({ type: 'model', id, display_name: id });
    const e = await anthropic.models.retrieve('anthropic/claude-opus-0').catch((err) => err);
    expect(e).toBeInstanceOf(Anthropic.NotFoundError);
    expect(e.error.error.type).toBe('not_found_error');
    const bad = await anthropic.models.list({ limit: 0 }).catch((err) => err);
    expect(bad).toBeInstanceOf(Anthropic.BadRequestError);
  });
});

describe('errors as each SDK sees them', () => {
  it("a base URL without /v1 (OpenAI) or with it (Anthropic): a 404 in the SDK's shape naming the right base URL", async () => {
    const noV1 = new OpenAI({ apiKey: key, baseURL: h.gw.url, maxRetries: 0 });
    const e1 = await noV1.chat.completions.create({ model: MODELS.openai, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e1).toBeInstanceOf(OpenAI.NotFoundError);
    expect(e1.error).toMatchObject({ type: 'invalid_request_error', code: 'not_found' });
    expect(e1.message).toContain(`baseURL ${h.gw.url}/v1`);
    const e2 = await noV1.models.list().catch((e) => e);
    expect(e2).toBeInstanceOf(OpenAI.NotFoundError);
    expect(e2.message).toContain(`${h.gw.url}/v1`);
    const withV1 = new Anthropic({ apiKey: key, baseURL: `${h.gw.url}/v1`, maxRetries: 0 });
    const e3 = await withV1.messages.create({ model: MODELS.anthropic, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e3).toBeInstanceOf(Anthropic.NotFoundError);
    expect(e3.error.error.type).toBe('not_found_error');
    expect(e3.message).toContain(`the Anthropic SDK: baseURL ${h.gw.url} `);
    const e4 = await fetch(`${h.gw.url}/v1/nothing`, { headers: { authorization: `Bearer ${key}` } });
    expect(e4.status).toBe(404);
    expect((await e4.json()).error.message).toContain('GET /v1/models');
  });

  it('openai: AuthenticationError, BadRequestError, PermissionDeniedError, RateLimitError, InternalServerError with the request id', async () => {
    const bad = new OpenAI({ apiKey: 'lk_wrong', baseURL: `${h.gw.url}/v1`, maxRetries: 0 });
    const e1 = await bad.chat.completions.create({ model: MODELS.openai, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e1).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(e1.status).toBe(401);
    expect(e1.requestID).toEqual(expect.any(String));
    const e2 = await openai.chat.completions.create({ model: 'openai/gpt-5-pro', messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e2).toBeInstanceOf(OpenAI.BadRequestError);
    expect(e2.message).toContain('Allowed models');
    await awayFromMinuteEdge(); // both calls in one fixed window
    const limited = await h.createKey({ rpm: 1 });
    const lc = new OpenAI({ apiKey: limited.key, baseURL: `${h.gw.url}/v1`, maxRetries: 0 });
    await lc.responses.create({ model: MODELS.openai, input: 'x' });
    const e3 = await lc.responses.create({ model: MODELS.openai, input: 'x' }).catch((e) => e);
    expect(e3).toBeInstanceOf(OpenAI.RateLimitError);
    expect(Number(e3.headers.get('retry-after'))).toBeGreaterThan(0);
    h.fakes.anthropic.configure({ failStatus: 500 });
    const e4 = await openai.chat.completions.create({ model: MODELS.anthropic, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e4).toBeInstanceOf(OpenAI.InternalServerError);
    expect(e4.status).toBe(502);
    const browser = new OpenAI({ apiKey: key, baseURL: `${h.gw.url}/v1`, maxRetries: 0, defaultHeaders: { origin: 'https://site.example' } });
    const e5 = await browser.models.list().catch((e) => e);
    expect(e5).toBeInstanceOf(OpenAI.PermissionDeniedError);
  });

  it('openai: a stream failing mid-way throws an APIError', async () => {
    h.fakes.gemini.configure({ failAfterChunks: 1, midStreamFailure: 'drop' });
    const stream = await openai.chat.completions.create({ model: MODELS.google, stream: true, messages: [{ role: 'user', content: 'one two three' }] });
    const err = await (async () => {
      for await (const _ of stream) void _;
    })().catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
  });

  it('anthropic: AuthenticationError, BadRequestError, RateLimitError, and an error event mid-stream', async () => {
    const bad = new Anthropic({ apiKey: 'lk_wrong', baseURL: h.gw.url, maxRetries: 0 });
    const e1 = await bad.messages.create({ model: MODELS.anthropic, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e1).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(e1.requestID).toEqual(expect.any(String));
    const e2 = await anthropic.messages.create({ model: 'google/gemini-1.0', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e2).toBeInstanceOf(Anthropic.BadRequestError);
    expect(e2.error.error.type).toBe('invalid_request_error');
    await awayFromMinuteEdge(); // both calls in one fixed window
    const limited = await h.createKey({ rpm: 1 });
    const lc = new Anthropic({ apiKey: limited.key, baseURL: h.gw.url, maxRetries: 0 });
    await lc.messages.create({ model: MODELS.anthropic, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] });
    const e3 = await lc.messages.create({ model: MODELS.anthropic, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((e) => e);
    expect(e3).toBeInstanceOf(Anthropic.RateLimitError);
    h.fakes.openai.configure({ failAfterChunks: 1, midStreamFailure: 'error-event' });
    const e4 = await anthropic.messages
      .stream({ model: MODELS.openai, max_tokens: 100, messages: [{ role: 'user', content: 'one two three' }] })
      .finalMessage()
      .catch((e) => e);
    expect(e4).toBeInstanceOf(Anthropic.APIError);
  });
});
