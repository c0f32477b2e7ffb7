import { request as httpRequest } from 'node:http';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import OpenAI from 'openai';
import { startHarness, call, bodyFor, PATHS, MODELS, type Harness } from './harness.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.createKey({ models: ['openai/gpt-4o-mini', 'anthropic/claude-haiku-4-5'] })).key;
});
afterAll(() => h.close());

const expectOpenAIError = (res: { body: any; headers: Headers }, status: number) => {
  expect(typeof res.body.error.message).toBe('string');
  expect(typeof res.body.error.type).toBe('string');
  expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
  expect(res.headers.get('x-request-id')).toBeTruthy();
  expect(res.headers.get('request-id')).toBe(res.headers.get('x-request-id'));
  void status;
};
const expectAnthropicError = (res: { body: any; headers: Headers }, type: string) => {
  expect(res.body).toEqual({ type: 'error', error: { type, message: expect.any(String) } });
  expect(res.headers.get('request-id')).toBeTruthy();
};

describe('401: missing, malformed, unknown or revoked key', () => {
  it.each([
    ['missing', undefined],
    ['malformed', 'not-a-key'],
    ['unknown', `lk_${'A'.repeat(43)}`],
  ])('%s key → 401 in each route shape', async (_name, k) => {
    const chat = await call(h.gw.url, PATHS.chat, k, bodyFor('chat', MODELS.openai, 'hi'));
    expect(chat.status).toBe(401);
    expectOpenAIError(chat, 401);
    expect(chat.body.error.code).toBe('invalid_api_key');
    const msg = await call(h.gw.url, PATHS.messages, undefined, bodyFor('messages', MODELS.anthropic, 'hi'), k ? { 'x-api-key': k } : {});
    expect(msg.status).toBe(401);
    expectAnthropicError(msg, 'authentication_error');
    const models = await fetch(`${h.gw.url}/v1/models`, { headers: k ? { authorization: `Bearer ${k}` } : {} });
    expect(models.status).toBe(401);
  });

  it('a revoked key → 401', async () => {
    const k = await h.createKey();
    expect((await call(h.gw.url, PATHS.chat, k.key, bodyFor('chat', MODELS.openai, 'hi'))).status).toBe(200);
    expect((await h.admin('POST', `/keys/${k.id}/revoke`)).status).toBe(200);
    const res = await call(h.gw.url, PATHS.chat, k.key, bodyFor('chat', MODELS.openai, 'hi'));
    expect(res.status).toBe(401);
  });
});

describe('400', () => {
  it('a model outside the allow-list names the allowed models', async () => {
    const res = await call(h.gw.url, PATHS.chat, key, bodyFor('chat', 'google/gemini-2.5-flash', 'hi'));
    expect(res.status).toBe(400);
    expectOpenAIError(res, 400);
    expect(res.body.error.message).toContain('openai/gpt-4o-mini, anthropic/claude-haiku-4-5');
    expect(res.body.error.param).toBe('model');
    const msg = await call(h.gw.url, PATHS.messages, key, bodyFor('messages', 'openai/gpt-4.1', 'hi'));
    expect(msg.status).toBe(400);
    expectAnthropicError(msg, 'invalid_request_error');
    expect(msg.body.error.message).toContain('anthropic/claude-haiku-4-5');
  });

  it('a body that is not JSON', async () => {
    const res = await call(h.gw.url, PATHS.responses, key, '{"model": "openai/gpt-4o-mini", ');
    expect(res.status).toBe(400);
    expectOpenAIError(res, 400);
    const msg = await call(h.gw.url, PATHS.messages, key, 'not json at all');
    expect(msg.status).toBe(400);
    expectAnthropicError(msg, 'invalid_request_error');
  });

  const bad: unknown[] = [
    '[]',
    'null',
    '42',
    '"string"',
    {},
    { model: 42 },
    { model: 'openai/gpt-4o-mini' },
    { model: 'openai/gpt-4o-mini', messages: 'hi' },
    { model: 'openai/gpt-4o-mini', messages: [] },
    { model: 'openai/gpt-4o-mini', messages: [null] },
    { model: 'openai/gpt-4o-mini', messages: [{ role: 'wizard', content: 'x' }] },
    { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 5 }] },
    { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: [{ type: 'video' }] }] },
    { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], max_tokens: 'many' },
    { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], tools: 'all' },
    { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function' }] },
    { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], temperature: 'hot' },
    { model: 'openai/gpt-4o-mini', input: { a: 1 } },
    { model: 'openai/gpt-4o-mini', input: [{ type: 'mystery' }] },
    { model: 'openai/gpt-4o-mini', input: [42] },
    { model: 'openai/gpt-4o-mini', input: 'x', previous_response_id: 'resp_1' },
    { model: 'anthropic/claude-haiku-4-5', messages: [{ role: 'user', content: [{ type: 'image', source: {} }] }] },
    { model: 'anthropic/claude-haiku-4-5', messages: [{ role: 'user', content: 'x' }], system: 42 },
    { model: 'anthropic/claude-haiku-4-5', messages: [{ role: 'user', content: 'x' }], tool_choice: { type: 'sometimes' } },
    { model: 'anthropic/claude-haiku-4-5', messages: [{ role: 'user', content: 'x' }], thinking: { type: 'enabled', budget_tokens: -1 } },
    { model: 'anthropic/claude-haiku-4-5', messages: [{ role: 'user', content: 'x' }], stop_sequences: [1, 2] },
  ];
  it.each(['chat', 'responses', 'messages'] as const)('bad input on %s never gives a 500', async (route) => {
    for (const body of bad) {
      const res = await call(h.gw.url, PATHS[route], key, body);
      expect([200, 400]).toContain(res.status);
      if (res.status === 400) {
        if (route === 'messages') expectAnthropicError(res, 'invalid_request_error');
        else expectOpenAIError(res, 400);
      }
    }
  });

  it.each(['chat', 'responses', 'messages'] as const)(
    'a stream that is not a boolean on %s → 400 param stream, no provider call (was 502 when the body was passed through and the provider streamed)',
    async (route) => {
      const model = route === 'messages' ? 'anthropic/claude-haiku-4-5' : MODELS.openai;
      for (const stream of [1, 'true', {}, [true]]) {
        h.fakes.resetAll();
        const res = await call(h.gw.url, PATHS[route], key, bodyFor(route, model, 'hi', { stream }));
        expect(res.status).toBe(400);
        if (route === 'messages') expectAnthropicError(res, 'invalid_request_error');
        else expect(res.body.error.param).toBe('stream');
        expect(h.fakes.openai.calls + h.fakes.anthropic.calls).toBe(0);
      }
      for (const stream of [null, false]) expect((await call(h.gw.url, PATHS[route], key, bodyFor(route, model, 'hi', { stream }))).status).toBe(200);
    },
  );
});

describe('403: browsers are refused', () => {
  it('a request with Origin → 403 in the route shape, with no CORS header', async () => {
    const res = await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'hi'), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expectOpenAIError(res, 403);
    const msg = await call(h.gw.url, PATHS.messages, key, bodyFor('messages', MODELS.anthropic, 'hi'), { origin: 'https://evil.example' });
    expect(msg.status).toBe(403);
    expectAnthropicError(msg, 'permission_error');
    for (const r of [res, msg]) for (const [name] of r.headers) expect(name.startsWith('access-control-')).toBe(false);
  });

  it('a preflight → 403 with no CORS header', async () => {
    for (const path of Object.values(PATHS)) {
      const res = await fetch(`${h.gw.url}${path}`, { method: 'OPTIONS', headers: { origin: 'https://a.example', 'access-control-request-method': 'POST' } });
      expect(res.status).toBe(403);
      for (const [name] of res.headers) expect(name.startsWith('access-control-')).toBe(false);
    }
  });
});

describe('404 and 405', () => {
  it('unknown paths and wrong methods answer in the OpenAI shape', async () => {
    const nf = await call(h.gw.url, '/v1/audio/speech', key, {});
    expect(nf.status).toBe(404);
    expectOpenAIError(nf, 404);
    const na = await fetch(`${h.gw.url}/v1/chat/completions`, { headers: { authorization: `Bearer ${key}` } });
    expect(na.status).toBe(405);
  });
});

describe('413: request body over 10 MB', () => {
  it('is refused from Content-Length before the body is read', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${h.gw.url}${PATHS.chat}`,
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'content-length': String(11 * 1024 * 1024) } },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('{"model":"openai/gpt-4o-mini","messages":[');
      // never sends the rest: the answer must not wait for it
    });
    expect(status).toBe(413);
  });

  it('is refused while a chunked body streams in, before it ends', async () => {
    const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = httpRequest(`${h.gw.url}${PATHS.messages}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body, sent });
          req.destroy();
        });
      });
      req.on('error', () => {});
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      const pump = () => {
        // Sends up to 12 MB without ever ending the request.
        while (sent < 12 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
      };
      req.write('{"model":"anthropic/claude-haiku-4-5","x":"');
      pump();
      setTimeout(() => reject(new Error('no answer')), 10_000).unref();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ type: 'error', error: { type: 'request_too_large', message: expect.any(String) } });
    expect(sent).toBeLessThanOrEqual(12 * 1024 * 1024);
  });

  it('reaches a client that sends the whole body first (fetch, 16 MB, 10 tries) as the 413, not as a reset connection', async () => {
    // The gateway answers at once but must keep reading (and discarding) the upload, as nginx's lingering
    // close does: closing the socket under a client still sending makes the client see ECONNRESET instead.
    const big = Buffer.alloc(16 * 1024 * 1024, 'a');
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${h.gw.url}${PATHS.chat}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: big,
      });
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe('request_too_large');
    }
  });

  it('reaches a client that reads only after sending everything (Python urllib, as the Python SDKs do) as the 413', async () => {
    const script = [
      'import sys, urllib.request, urllib.error',
      'req = urllib.request.Request(sys.argv[1], data=b"a" * (11 * 1024 * 1024), method="POST", headers={"content-type": "application/json", "authorization": "Bearer " + sys.argv[2]})',
      'try:',
      '    urllib.request.urlopen(req)',
      'except urllib.error.HTTPError as e:',
      '    print(e.code)',
      'except Exception as e:',
      '    print(type(e).__name__)',
    ].join('\n');
    const results: string[] = [];
    for (let i = 0; i < 5; i++) {
      // (asynchronous: the gateway under test runs in this process)
      const out = await promisify(execFile)('python3', ['-c', script, `${h.gw.url}${PATHS.chat}`, key], { encoding: 'utf8' }).catch(
        (e: NodeJS.ErrnoException) => e,
      );
      if ('code' in out && out.code === 'ENOENT') return; // no python3 here: the fetch and SDK cases above still run
      results.push('stdout' in out ? String(out.stdout).trim() : String(out));
    }
    expect(results).toEqual(['413', '413', '413', '413', '413']);
  });

  it('reaches the official OpenAI SDK as an APIError with status 413', async () => {
    const client = new OpenAI({ apiKey: key, baseURL: `${h.gw.url}/v1`, maxRetries: 0 });
    const err = await client.chat.completions
      .create({ model: MODELS.openai, messages: [{ role: 'user', content: 'a'.repeat(11 * 1024 * 1024) }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    const big = 'a'.repeat(9 * 1024 * 1024);
    const res = await call(h.gw.url, PATHS.chat, key, {
      model: MODELS.openai,
      messages: [{ role: 'user', content: big.slice(0, 100) }],
      metadata_padding: big,
    });
    expect(res.status).toBe(200);
  });
});
