import { createTestClock } from '@latchkey/testing';
import { estimateInputTokens } from '../src/canonical/types.js';
import { decodeChatRequest } from '../src/wire/chat.js';
import { startHarness, call, PATHS, MODELS, type Harness, type Instance } from './harness.js';

let h: Harness;
let gw: Instance;
const clock = createTestClock(Date.UTC(2026, 0, 1, 12, 0, 45)); // 45 s into a minute
beforeAll(async () => {
  h = await startHarness();
  gw = await h.instance({ now: clock.now });
});
afterAll(() => h.close());
beforeEach(() => h.fakes.resetAll());

const body = (text: string) => ({ model: MODELS.openai, messages: [{ role: 'user', content: text }] });

describe('requests per minute', () => {
  it('admits exactly the limit out of 100 concurrent requests; the rest get 429 with Retry-After until the window frees', async () => {
    const { key } = await h.createKey({ rpm: 30 });
    const results = await Promise.all(Array.from({ length: 100 }, () => call(gw.url, PATHS.chat, key, body('hi'))));
    const ok = results.filter((r) => r.status === 200);
    const limited = results.filter((r) => r.status === 429);
    expect(ok).toHaveLength(30);
    expect(limited).toHaveLength(70);
    expect(h.fakes.openai.calls).toBe(30);
    const r = limited[0]!;
    expect(r.headers.get('retry-after')).toBe('15'); // 15 s left in the minute, not 60
    expect(r.headers.get('x-ratelimit-limit-requests')).toBe('30');
    expect(r.headers.get('x-ratelimit-remaining-requests')).toBe('0');
    expect(r.headers.get('x-ratelimit-reset-requests')).toBe('15s');
    expect(r.body.error).toMatchObject({ type: 'requests', code: 'rate_limit_exceeded' });
    const okHeaders = ok.map((o) => Number(o.headers.get('x-ratelimit-remaining-requests'))).sort((a, b) => a - b);
    expect(okHeaders).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // The next window admits again.
    clock.advance(15_000);
    expect((await call(gw.url, PATHS.chat, key, body('hi'))).status).toBe(200);
    clock.advance(-15_000);
  });

  it('on /v1/messages the 429 is an Anthropic rate_limit_error', async () => {
    const { key } = await h.createKey({ rpm: 1 });
    const b = { model: MODELS.anthropic, max_tokens: 10, messages: [{ role: 'user', content: 'x' }] };
    expect((await call(gw.url, PATHS.messages, key, b)).status).toBe(200);
    const r = await call(gw.url, PATHS.messages, key, b);
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: expect.any(String) } });
    expect(r.headers.get('retry-after')).toBe('15');
  });
});

describe('tokens per minute', () => {
  it('reserves the estimate atomically: exactly ceil(limit / estimate) of 100 concurrent requests pass', async () => {
    const text = 'x'.repeat(400);
    const estimate = estimateInputTokens(decodeChatRequest(body(text), 'gpt-4o-mini'));
    expect(estimate).toBe(101);
    // The fake reports usage equal to the estimate, so charges never change the count.
    h.fakes.openai.configure({ usage: { input: estimate, output: 0 } });
    const { key, id } = await h.createKey({ tpm: 1_000 });
    const results = await Promise.all(Array.from({ length: 100 }, () => call(gw.url, PATHS.chat, key, body(text))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(Math.ceil(1_000 / estimate));
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body.error.type).toBe('tokens');
    expect(limited.headers.get('x-ratelimit-remaining-tokens')).toBe('0');
    expect(limited.headers.get('retry-after')).toBe('15');
    // The counter in Redis holds exactly what was charged.
    if (h.redis.redis) {
      const window = Math.floor(clock.now() / 60_000);
      await gw.app.settled();
      expect(Number(await h.redis.redis.get(`${h.redis.prefix}gw:rl:{${id}:${window}}:t`))).toBe(10 * estimate);
    }
  });

  it('counts real usage when the response finishes: one large call pushes the key over, the next gets 429', async () => {
    const { key } = await h.createKey({ tpm: 1_000 });
    h.fakes.openai.configure({ usage: { input: 10, output: 5_000 } });
    const first = await call(gw.url, PATHS.chat, key, body('write a novel'));
    expect(first.status).toBe(200);
    expect(first.body.usage.completion_tokens).toBe(5_000);
    await gw.app.settled(); // the charge is applied after the response
    const second = await call(gw.url, PATHS.chat, key, body('more'));
    expect(second.status).toBe(429);
    expect(second.body.error.message).toContain('tokens per minute');
  });

  it('streams are charged their real usage too', async () => {
    const { key } = await h.createKey({ tpm: 1_000 });
    h.fakes.anthropic.configure({ usage: { input: 10, output: 2_000 } });
    const res = await call(gw.url, PATHS.chat, key, { model: MODELS.anthropic, stream: true, messages: [{ role: 'user', content: 'go' }] });
    expect(res.status).toBe(200);
    await gw.app.settled();
    expect((await call(gw.url, PATHS.chat, key, body('again'))).status).toBe(429);
  });
});
