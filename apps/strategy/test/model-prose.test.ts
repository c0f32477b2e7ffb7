/**
 * Optional model prose through an OpenAI-compatible gateway, against a local
 * stub that speaks Chat Completions: a good answer is used; bad JSON, a
 * schema mismatch, a timeout, a 500 and an open breaker all fall back to the
 * library engine.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import { createGatewayProse } from '../src/domain/gateway-prose.js';
import { analyse } from '../src/domain/guidance.js';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';

type Mode = 'good' | 'bad-json' | 'wrong-shape' | 'slow' | 'error' | 'off-topic';
let mode: Mode = 'good';
let calls = 0;
let lastRequest: { auth?: string | undefined; body?: Record<string, unknown> } = {};
const GOOD = '## OKRs for a growing SaaS team\n\nUse **OKRs (Objectives and Key Results)** to connect quarterly team goals to the company strategy. '.padEnd(400, 'Set three objectives per team, each with measurable key results, and review them every week. ');

const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1,
  model: 'openai/gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});

let stub: Server;
let stubUrl: string;
let h: Harness;

beforeAll(async () => {
  stub = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      calls++;
      lastRequest = { auth: req.headers.authorization, body: JSON.parse(raw) };
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
      switch (mode) {
        case 'good':
          return send(200, completion(JSON.stringify({ content: GOOD })));
        case 'bad-json':
          return send(200, completion('{"content": "## unterminated'));
        case 'wrong-shape':
          return send(200, completion(JSON.stringify({ text: GOOD })));
        case 'off-topic':
          return send(200, completion(JSON.stringify({ content: 'Something unrelated to any framework. '.repeat(12) })));
        case 'error':
          return send(500, { error: { message: 'upstream failed', type: 'server_error' } });
        case 'slow':
          setTimeout(() => send(200, completion(JSON.stringify({ content: GOOD }))), 1500).unref();
          return;
      }
    });
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', () => r()));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  h = await startHarness({
    prose: createGatewayProse({ baseUrl: stubUrl, apiKey: 'lk_gw_test', model: 'openai/gpt-4o-mini', timeoutMs: 300, breaker: { volumeThreshold: 100 } }),
  });
});
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((r) => stub.close(r));
  await h.close();
});

const Q = 'Everyone is busy, but I cannot tell whether the work moves our annual goals. How do I set goals each quarter that connect teams to company strategy?';

test('a good model answer becomes the content; structured fields stay library-derived', async () => {
  mode = 'good';
  const key = await keyWithCredits(h, 'org-prose', 100);
  const res = await request(h.app).post('/v1/framework').set('apikey', key).send(body(Q));
  expect(res.status).toBe(200);
  expect(res.body.content).toBe(GOOD);
  expect(res.body.metadata.primaryFramework).toBe('OKRs (Objectives and Key Results)');
  expect(res.body.structuredOutput.expertGuidance.methodologyApplication.length).toBeGreaterThan(1);
  expect(lastRequest.auth).toBe('Bearer lk_gw_test');
  expect(lastRequest.body).toMatchObject({ model: 'openai/gpt-4o-mini', response_format: { type: 'json_schema' } });
  let row = null;
  for (let i = 0; i < 50 && !row; i++) {
    row = await h.prisma.requestLog.findFirst({ where: { traceId: res.headers['x-request-id'] } });
    if (!row) await new Promise((r) => setTimeout(r, 20));
  }
  expect(row?.engine).toBe('model:openai/gpt-4o-mini');
});

test.each(['bad-json', 'wrong-shape', 'off-topic', 'error', 'slow'] as const)('%s → the library engine answers', async (m) => {
  mode = m;
  const key = await keyWithCredits(h, `org-prose-${m}`, 100);
  const started = Date.now();
  const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body(Q));
  expect(res.status).toBe(200);
  expect(res.body.content).toMatch(/^## Performance management/);
  expect(res.body.content).toContain('OKRs');
  expect(Date.now() - started).toBeLessThan(1400);
});

test('an open breaker stops calling the gateway', async () => {
  mode = 'error';
  const prose = createGatewayProse({ baseUrl: `${stubUrl}/v1`, apiKey: 'k', model: 'm', timeoutMs: 300, breaker: { volumeThreshold: 2, resetTimeout: 60_000 } });
  const a = analyse(h.library, h.selector, { messages: [{ role: 'user', content: Q }] }, { turns: 0, applied: [] });
  const input = { endpoint: 'framework' as const, analysis: a, draft: 'draft' };
  expect(await prose.write(input)).toBeNull();
  expect(await prose.write(input)).toBeNull();
  const before = calls;
  expect(prose.breaker.opened).toBe(true);
  expect(await prose.write(input)).toBeNull();
  expect(calls).toBe(before);
  prose.breaker.shutdown();
});
