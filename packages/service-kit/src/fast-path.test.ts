import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { HttpError } from '@latchkey/errors';
import { createLogger, createServiceApp, finishServiceApp, logAccess, requestIdFrom, sendJson, withFastPath } from './index.js';

function captureLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  return { logger: createLogger('test', 'debug', sink), lines };
}

function service() {
  const { logger, lines } = captureLogger();
  const app = createServiceApp({ logger });
  app.get('/slow', (_req, res) => {
    res.json({ path: 'express' });
  });
  app.get('/boom', () => {
    throw new HttpError(418, 'TEAPOT', 'No coffee.');
  });
  finishServiceApp(app);
  const listener = withFastPath(app, (req, res) => {
    if (!req.url?.startsWith('/fast')) return false;
    const startedAt = performance.now();
    const id = requestIdFrom(req.headers['x-request-id']);
    const status = req.url.includes('fail') ? 401 : 200;
    sendJson(res, status, status === 200 ? { path: 'fast' } : { error: 'INVALID_TOKEN', message: 'No.' }, { 'x-request-id': id });
    logAccess(logger, { id, method: req.method ?? 'GET', path: req.url.split('?')[0]!, status, startedAt, extra: { route: 'fast' } });
    return true;
  });
  return { listener, app, lines };
}

it('answers what the fast handler takes and leaves the rest, errors included, to Express', async () => {
  const { listener, app } = service();
  expect(listener.express).toBe(app);
  const fast = await request(listener).get('/fast?token=secret');
  expect([fast.status, fast.body, fast.headers['content-type']]).toEqual([200, { path: 'fast' }, 'application/json; charset=utf-8']);
  expect(Number(fast.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify({ path: 'fast' })));
  expect((await request(listener).get('/slow')).body).toEqual({ path: 'express' });
  const boom = await request(listener).get('/boom');
  expect([boom.status, boom.body]).toEqual([418, { error: 'TEAPOT', message: 'No coffee.' }]);
  expect((await request(listener).get('/missing')).status).toBe(404);
});

it('shares the request-id rule and the access-log line with the Express path', async () => {
  const { listener, lines } = service();
  for (const path of ['/fast', '/slow']) {
    expect((await request(listener).get(path).set('x-request-id', 'trace-1')).headers['x-request-id']).toBe('trace-1');
    expect((await request(listener).get(path).set('x-request-id', 'bad id!')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  }
  await request(listener).get('/fast/fail?token=secret');
  await request(listener).get('/boom?token=secret');
  const fastLine = lines.find((l) => (l.req as { path?: string })?.path === '/fast/fail')!;
  const expressLine = lines.find((l) => (l.req as { url?: string; path?: string })?.path === '/boom')!;
  // Same shape and level (4xx: info) on both paths; the query string (which can carry tokens) in neither.
  for (const line of [fastLine, expressLine]) {
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: expect.any(String), method: 'GET' },
      res: { statusCode: expect.any(Number) },
    });
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(line)).not.toContain('secret');
  }
  expect(fastLine.route).toBe('fast');
});

it('logs unexpected 5xx at error with the error, and a 503 outage answer at info', () => {
  const { logger, lines } = captureLogger();
  const startedAt = performance.now();
  logAccess(logger, { id: 'a', method: 'GET', path: '/x', status: 500, startedAt, err: new Error('kaput') });
  logAccess(logger, { id: 'b', method: 'GET', path: '/x', status: 503, startedAt, err: new Error('down') });
  logAccess(logger, { id: 'c', method: 'GET', path: '/x', status: 200, startedAt });
  expect(lines.map((l) => [l.level, l.msg, (l.err as { message?: string } | undefined)?.message])).toEqual([
    [50, 'request errored', 'kaput'],
    [30, 'request completed', undefined],
    [20, 'request completed', undefined],
  ]);
});

it('labels the requests a fast handler takes with a function of the request, for /metrics', async () => {
  const app = createServiceApp({ logger: captureLogger().logger, service: 'fast-label-svc' });
  finishServiceApp(app);
  const listener = withFastPath(
    app,
    (req, res) => {
      if (!req.url?.startsWith('/fast/')) return false;
      sendJson(res, 200, { ok: true });
      return true;
    },
    { service: 'fast-label-svc', route: (req) => (req.url?.startsWith('/fast/known') ? '/fast/known' : '/fast/*') },
  );
  await request(listener).get('/fast/known?x=1');
  await request(listener).get('/fast/secret-looking-path');
  await request(listener).get('/fast/another');
  const text = (await request(listener).get('/metrics')).text;
  const count = (route: string) => {
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('latchkey_http_requests_total{') &&
          l.includes('service="fast-label-svc"') &&
          l.includes(`route="${route}"`) &&
          l.includes('status="200"'),
      );
    return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  expect([count('/fast/known'), count('/fast/*')]).toEqual([1, 2]);
  expect(text).not.toContain('secret-looking-path');
});

it('sends a Buffer as JSON text already serialised', async () => {
  const app = createServiceApp({ logger: captureLogger().logger });
  finishServiceApp(app);
  const text = '{"model":"a/b","n":1}';
  const listener = withFastPath(app, (_req, res) => {
    sendJson(res, 201, Buffer.from(text), { 'x-extra': 'yes' });
    return true;
  });
  const res = await request(listener).get('/anything');
  expect([res.status, res.text, res.headers['content-length'], res.headers['x-extra'], res.headers['content-type']]).toEqual([
    201,
    text,
    String(text.length),
    'yes',
    'application/json; charset=utf-8',
  ]);
});

it('answers a 413 at once, with Connection: close, and ends it only once the client has sent its whole body', async () => {
  const app = createServiceApp({ logger: captureLogger().logger });
  finishServiceApp(app);
  const listener = withFastPath(app, (req, res) => {
    req.resume();
    sendJson(res, 413, { error: 'TOO_LARGE' });
    return true;
  });
  const server = http.createServer(listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as AddressInfo;
    const events: string[] = [];
    const answer = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      let got: { status: number; connection: string | undefined; body: string } | undefined;
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/upload', headers: { 'content-length': '6' } }, (res) => {
        events.push('answer');
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => (got = { status: res.statusCode!, connection: res.headers.connection, body }));
        // The answer came before the body was complete: the rest is sent now, and only then is the connection closed.
        setImmediate(() => {
          events.push('rest sent');
          req.end('def');
        });
      });
      req.on('error', reject);
      req.on('close', () => {
        events.push('closed');
        if (got) resolve(got);
        else reject(new Error('closed before the answer'));
      });
      req.write('abc');
    });
    expect(answer).toEqual({ status: 413, connection: 'close', body: '{"error":"TOO_LARGE"}' });
    expect(events).toEqual(['answer', 'rest sent', 'closed']);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
});
