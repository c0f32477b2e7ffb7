/**
 * Attack: a solution sends `anthropic-beta` values that make Anthropic keep
 * prompts, files or completions (files, code execution containers, 1-hour
 * prompt cache, MCP servers that receive the prompt) through the gateway,
 * against SPEC.md area D ("prompts and completions are not stored"). Only the
 * allow-listed betas (providers/anthropic-beta.ts) reach the provider.
 */
import { startHarness, call, bodyFor, PATHS, MODELS, type Harness } from './harness.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.createKey()).key;
});
afterAll(() => h.close());
beforeEach(() => h.fakes.resetAll());

const RETAINING = [
  'files-api-2025-04-14',
  'code-execution-2025-05-22',
  'extended-cache-ttl-2025-04-11',
  'mcp-client-2025-04-04',
  'prompt-caching-2024-07-31',
  'message-batches-2024-09-24',
  'some-future-beta-2030-01-01',
];

describe('anthropic-beta retention: betas that make the provider keep data never reach it', () => {
  it.each([
    ['/v1/messages', PATHS.messages],
    ['/v1/messages/count_tokens', '/v1/messages/count_tokens'],
  ])('%s: only allow-listed values are forwarded, in order and once', async (_n, path) => {
    const header = ['interleaved-thinking-2025-05-14', ...RETAINING, ' output-128k-2025-02-19', 'interleaved-thinking-2025-05-14'].join(',');
    const res = await call(h.gw.url, path, key, bodyFor('messages', MODELS.anthropic, 'hi'), { 'anthropic-version': '2023-06-01', 'anthropic-beta': header });
    expect(res.status).toBe(200);
    const sent = h.fakes.anthropic.requests.at(-1)!;
    expect(sent.headers['anthropic-beta']).toBe('interleaved-thinking-2025-05-14,output-128k-2025-02-19');
  });

  it.each(RETAINING)('%s alone: no anthropic-beta header reaches the provider', async (beta) => {
    const res = await call(h.gw.url, PATHS.messages, key, bodyFor('messages', MODELS.anthropic, 'hi'), {
      'anthropic-version': '2023-06-01',
      'anthropic-beta': beta,
    });
    expect(res.status).toBe(200);
    expect(h.fakes.anthropic.requests.at(-1)!.headers).not.toHaveProperty('anthropic-beta');
  });

  it('never forwards a beta from the OpenAI-shaped routes', async () => {
    const res = await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS.anthropic, 'hi'), { 'anthropic-beta': 'output-128k-2025-02-19' });
    expect(res.status).toBe(200);
    expect(h.fakes.anthropic.requests.at(-1)!.headers).not.toHaveProperty('anthropic-beta');
  });
});
