/** `GET /metrics` of the gateway: calls and tokens by solution, model and provider; /v1 requests by route; breaker states. */
import { startHarness, call, bodyFor, PATHS, MODELS, type Harness } from './harness.js';
import { metricSum } from '@latchkey/testing';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ upstream: { timeoutMs: 2000, breaker: { failureThreshold: 2, resetTimeoutMs: 60_000 } } });
});
afterAll(() => h.close());
beforeEach(() => h.fakes.resetAll());

const scrape = async () => {
  const res = await fetch(`${h.gw.url}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

it('counts calls and tokens by solution, model and provider, and /v1 requests by route', async () => {
  const solution = `sol-metrics-${Math.random().toString(36).slice(2, 8)}`;
  const { key } = await h.createKey({ solution });
  const before = await scrape();
  const a = await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'hello there'));
  expect(a.status).toBe(200);
  const b = await call(h.gw.url, PATHS.messages, key, bodyFor('messages', MODELS.anthropic, 'hello again'));
  expect(b.status).toBe(200);
  await h.gw.app.settled();
  const after = await scrape();

  const openai = { solution, model: MODELS.openai, provider: 'openai' };
  expect(metricSum(after, 'latchkey_gateway_calls_total', { ...openai, status: '200' })).toBe(1);
  expect(metricSum(after, 'latchkey_gateway_tokens_total', { ...openai, kind: 'input' })).toBe(a.body.usage.prompt_tokens);
  expect(metricSum(after, 'latchkey_gateway_tokens_total', { ...openai, kind: 'output' })).toBe(a.body.usage.completion_tokens);
  const anthropic = { solution, model: MODELS.anthropic, provider: 'anthropic' };
  expect(metricSum(after, 'latchkey_gateway_calls_total', { ...anthropic, status: '200' })).toBe(1);
  expect(metricSum(after, 'latchkey_gateway_tokens_total', { ...anthropic, kind: 'output' })).toBe(b.body.usage.output_tokens);

  const route = (r: string, status: string) =>
    metricSum(after, 'latchkey_http_requests_total', { service: 'ai-gateway', route: r, status }) -
    metricSum(before, 'latchkey_http_requests_total', { service: 'ai-gateway', route: r, status });
  expect(route('/v1/chat/completions', '200')).toBe(1);
  expect(route('/v1/messages', '200')).toBe(1);
  expect(metricSum(after, 'latchkey_dependency_up', { service: 'ai-gateway', dependency: 'database' })).toBe(1);
  // Keys never appear.
  expect(after).not.toContain(key);
});

it('labels unknown /v1 paths as one route, whatever callers send', async () => {
  for (const p of ['/v1/aaa', '/v1/bbb/ccc', '/v1/zzz?x=1']) await fetch(`${h.gw.url}${p}`);
  const text = await scrape();
  expect(text).not.toMatch(/route="\/v1\/(aaa|bbb|zzz)/);
  expect(metricSum(text, 'latchkey_http_requests_total', { service: 'ai-gateway', route: '/v1/*' })).toBeGreaterThanOrEqual(3);
});

it("reports each provider's breaker, open after repeated failures", async () => {
  const { key } = await h.createKey();
  h.fakes.gemini.configure({ failStatus: 500 });
  for (let i = 0; i < 2; i++) expect((await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS.google, 'x'))).status).toBe(502);
  const text = await scrape();
  expect(metricSum(text, 'latchkey_breaker_state', { service: 'ai-gateway', breaker: 'google', state: 'open' })).toBe(1);
  expect(metricSum(text, 'latchkey_breaker_state', { service: 'ai-gateway', breaker: 'google', state: 'closed' })).toBe(0);
});
