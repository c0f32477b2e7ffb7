import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHarness, PATHS, MODELS, type Harness } from './harness.js';

// A provider that answers a stream's headers at once and its frames only when the test says so
// (a real model's time to first token), to check what the gateway sends meanwhile.
let upstream: Server;
let held: ServerResponse | undefined;
let onHeld: (() => void) | undefined;
let h: Harness;
let key: string;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      held = res;
      onHeld?.();
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;
  h = await startHarness({ providers: { openai: { baseUrl: base, apiKey: 'k' } } });
  key = (await h.createKey()).key;
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
  await h.close();
});

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

it('sends the stream headers before the first frame when the provider is slow to start, then forwards frames in order', async () => {
  const upstreamHeld = new Promise<void>((r) => (onHeld = r));
  const res = await fetch(`${h.gw.url}${PATHS.chat}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: MODELS.openai, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
  });
  // fetch resolves on the headers: the provider has not sent a single frame yet.
  await upstreamHeld;
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  // Several frames in one upstream write, then the rest in another.
  held!.write(chunk('Hel') + chunk('lo'));
  held!.end(
    chunk('!', 'stop') +
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } })}\n\ndata: [DONE]\n\n`,
  );
  const text = await res.text();
  const data = text
    .split('\n\n')
    .filter(Boolean)
    .map((f) => f.replace(/^data: /, ''));
  expect(data.at(-1)).toBe('[DONE]');
  expect(
    data
      .slice(0, -1)
      .map((d) => JSON.parse(d).choices[0]?.delta?.content)
      .join(''),
  ).toBe('Hello!');
  // The usage chunk forced upstream is dropped: the caller did not ask for it.
  expect(data.some((d) => d.includes('"choices":[]'))).toBe(false);
});
