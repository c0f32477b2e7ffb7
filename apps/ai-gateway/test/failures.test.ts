import { SseParser } from '../src/wire/sse.js';
import { startHarness, call, bodyFor, PATHS, MODELS, type Harness, type Instance } from './harness.js';

let h: Harness;
let key: string;
let gw: Instance;
beforeAll(async () => {
  h = await startHarness({ upstream: { timeoutMs: 400, breaker: { failureThreshold: 3, resetTimeoutMs: 60_000 } } });
  gw = h.gw;
  key = (await h.createKey()).key;
});
afterAll(() => h.close());
beforeEach(() => h.fakes.resetAll());

const frames = (text: string) => {
  const p = new SseParser();
  return [...p.push(text), ...p.end()];
};

describe('provider errors are not retried', () => {
  it('a provider 500 → 502 with x-should-retry: false, called once', async () => {
    h.fakes.anthropic.configure({ failStatus: 500 });
    const res = await call(gw.url, PATHS.chat, key, bodyFor('chat', MODELS.anthropic, 'hi'));
    expect(res.status).toBe(502);
    expect(res.headers.get('x-should-retry')).toBe('false');
    expect(res.body.error.type).toBe('server_error');
    expect(h.fakes.anthropic.calls).toBe(1);
  });

  it('a provider 429 → 429 with x-should-retry: false', async () => {
    h.fakes.openai.configure({ failStatus: 429 });
    const res = await call(gw.url, PATHS.messages, key, bodyFor('messages', MODELS.openai, 'hi'));
    expect(res.status).toBe(429);
    expect(res.headers.get('x-should-retry')).toBe('false');
    expect(res.body.error.type).toBe('rate_limit_error');
  });

  it("a provider refusing the gateway's own credentials → 502, not 401", async () => {
    h.fakes.gemini.configure({ failStatus: 401 });
    const res = await call(gw.url, PATHS.chat, key, bodyFor('chat', MODELS.google, 'hi'));
    expect(res.status).toBe(502);
  });

  it('a provider 400 comes back as 400 in the route shape', async () => {
    h.fakes.gemini.configure({ failStatus: 400 });
    const res = await call(gw.url, PATHS.messages, key, bodyFor('messages', MODELS.google, 'hi'));
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('error');
  });
});

describe('a slow provider', () => {
  it("answers when within the upstream timeout; its own time excludes the provider's", async () => {
    const latencyMs = 150;
    h.fakes.openai.configure({ latencyMs });
    const started = performance.now();
    const res = await call(gw.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'slow'));
    const total = performance.now() - started;
    expect(res.status).toBe(200);
    // Not a speed check: whatever the machine's pace, the gateway's own time is the total less the provider's wait.
    const overhead = Number(res.headers.get('x-latchkey-overhead-ms'));
    expect(overhead).toBeGreaterThanOrEqual(0);
    expect(overhead).toBeLessThanOrEqual(total - latencyMs);
  });
});

describe('a dead provider', () => {
  it('trips the breaker: after a few timeouts it answers 503 at once without calling the provider', async () => {
    const own = await h.instance({ upstream: { timeoutMs: 200, breaker: { failureThreshold: 3, resetTimeoutMs: 60_000 } } });
    h.fakes.gemini.configure({ hang: true });
    const first = [] as number[];
    for (let i = 0; i < 3; i++) first.push((await call(own.url, PATHS.chat, key, bodyFor('chat', MODELS.google, 'hi'))).status);
    expect(first.every((s) => s === 502)).toBe(true);
    const callsBefore = h.fakes.gemini.calls;
    const res = await call(own.url, PATHS.messages, key, bodyFor('messages', MODELS.google, 'hi'));
    expect(res.status).toBe(503);
    expect(res.body.error.type).toBe('overloaded_error');
    expect(res.headers.get('x-should-retry')).toBe('false');
    // At once: the hanging provider was not called (a call would have waited out the 200 ms time-out).
    expect(h.fakes.gemini.calls).toBe(callsBefore);
    // Other providers are unaffected.
    expect((await call(own.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'hi'))).status).toBe(200);
  });

  it('an unreachable provider → 503', async () => {
    const own = await h.instance({ providers: { openai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'x' } } });
    const res = await call(own.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'hi'));
    expect(res.status).toBe(503);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('a provider that is not configured → 503', async () => {
    const own = await h.instance({ providers: {} });
    const res = await call(own.url, PATHS.messages, key, bodyFor('messages', MODELS.anthropic, 'hi'));
    expect(res.status).toBe(503);
  });
});

describe('a provider failing mid-stream', () => {
  const cases = (['openai', 'anthropic', 'google'] as const).flatMap((p) => (['drop', 'error-event'] as const).map((mode) => [p, mode] as const));
  it.each(cases)('%s (%s): every route ends with its own error event', async (provider, mode) => {
    const fake = provider === 'google' ? h.fakes.gemini : h.fakes[provider];
    fake.configure({ failAfterChunks: 2, midStreamFailure: mode });
    const chat = await call(gw.url, PATHS.chat, key, bodyFor('chat', MODELS[provider], 'one two three four five six', { stream: true }));
    const cf = frames(chat.text);
    expect(cf.at(-1)!.data).not.toBe('[DONE]');
    expect(JSON.parse(cf.at(-1)!.data).error.message).toEqual(expect.any(String));

    const msg = await call(gw.url, PATHS.messages, key, bodyFor('messages', MODELS[provider], 'one two three four five six', { stream: true }));
    const mf = frames(msg.text);
    expect(mf.at(-1)!.event).toBe('error');
    expect(JSON.parse(mf.at(-1)!.data)).toMatchObject({ type: 'error', error: { type: expect.any(String), message: expect.any(String) } });
    expect(mf.map((f) => f.event)).not.toContain('message_stop');

    const resp = await call(gw.url, PATHS.responses, key, bodyFor('responses', MODELS[provider], 'one two three four five six', { stream: true }));
    const rf = frames(resp.text);
    expect(rf.map((f) => f.event)).not.toContain('response.completed');
    expect(rf.at(-1)!.event === 'error' || JSON.parse(rf.at(-1)!.data).error !== undefined).toBe(true);
  });
});

describe('a caller that disconnects', () => {
  it('cancels the upstream call', async () => {
    h.fakes.anthropic.configure({ chunkDelayMs: 100 });
    const ctrl = new AbortController();
    const res = await fetch(`${gw.url}${PATHS.messages}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(bodyFor('messages', MODELS.anthropic, 'a long answer with many many words in it', { stream: true })),
      signal: ctrl.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    ctrl.abort();
    const deadline = Date.now() + 3_000;
    while (h.fakes.anthropic.aborted === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(h.fakes.anthropic.aborted).toBe(1);
  });
});

describe('the breaker counts consecutive failures', () => {
  it('opens after exactly 5 consecutive failures, however many successes came before', async () => {
    const own = await h.instance({ upstream: { timeoutMs: 400, breaker: { resetTimeoutMs: 60_000 } } });
    for (let i = 0; i < 20; i++) expect((await call(own.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'hi'))).status).toBe(200);
    const before = h.fakes.openai.calls;
    h.fakes.openai.configure({ failStatus: 500 });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await call(own.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'hi'))).status);
    expect(statuses).toEqual([502, 502, 502, 502, 502, 503, 503, 503, 503, 503]);
    expect(h.fakes.openai.calls - before).toBe(5);
  });

  it('a success in between starts the count again', async () => {
    const own = await h.instance({ upstream: { timeoutMs: 400, breaker: { resetTimeoutMs: 60_000 } } });
    const run = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await call(own.url, PATHS.chat, key, bodyFor('chat', MODELS.anthropic, 'hi'))).status);
      return out;
    };
    h.fakes.anthropic.configure({ failStatus: 500 });
    expect(await run(4)).toEqual([502, 502, 502, 502]);
    h.fakes.anthropic.reset();
    expect(await run(1)).toEqual([200]);
    h.fakes.anthropic.configure({ failStatus: 503 });
    expect(await run(4)).toEqual([503, 503, 503, 503]);
    expect(h.fakes.anthropic.calls).toBe(5); // all five since the reset reached the provider: the breaker stayed closed
  });
});

describe("a provider's own 429", () => {
  it.each([
    ['chat', PATHS.chat],
    ['messages', PATHS.messages],
  ] as const)('keeps its Retry-After on %s', async (route, path) => {
    h.fakes.openai.configure({ failStatus: 429, retryAfterS: 17 });
    const res = await call(gw.url, path, key, bodyFor(route, MODELS.openai, 'hi'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('17');
  });
});
