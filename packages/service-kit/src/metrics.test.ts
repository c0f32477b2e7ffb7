import { Writable } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createLogger, createServiceApp, finishServiceApp, measureRaw, trackBreakers, untrackBreakers } from './index.js';

const quiet = () =>
  createLogger(
    'metrics-svc',
    'fatal',
    new Writable({
      write(_c, _e, cb) {
        cb();
      },
    }),
  );

/** The value of one sample line (`name{labels} value`) of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    const got = Object.fromEntries([...body.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics', () => {
  it('serves the Prometheus text format with requests by route pattern and status, and latency histograms', async () => {
    const app = createServiceApp({ logger: quiet() });
    const router = express.Router();
    router.get('/items/:id', (req, res) => {
      res.status(req.params.id === 'missing' ? 404 : 200).json({ id: req.params.id });
    });
    app.use('/v1', router);
    finishServiceApp(app);

    await request(app).get('/v1/items/a').expect(200);
    await request(app).get('/v1/items/b').expect(200);
    await request(app).get('/v1/items/missing').expect(404);
    await request(app).get('/nowhere/secret-token-in-path').expect(404);

    const res = await request(app).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    // The service label comes from the logger's name.
    expect(sample(text, 'latchkey_http_requests_total', { service: 'metrics-svc', method: 'GET', route: '/v1/items/:id', status: '200' })).toBe(2);
    expect(sample(text, 'latchkey_http_requests_total', { service: 'metrics-svc', route: '/v1/items/:id', status: '404' })).toBe(1);
    expect(sample(text, 'latchkey_http_requests_total', { service: 'metrics-svc', route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'latchkey_http_request_duration_seconds_count', { service: 'metrics-svc', route: '/v1/items/:id', status: '200' })).toBe(2);
    expect(sample(text, 'latchkey_http_request_duration_seconds_bucket', { service: 'metrics-svc', route: '/v1/items/:id', status: '200', le: '+Inf' })).toBe(
      2,
    );
    // Raw paths never become labels.
    expect(text).not.toContain('secret-token-in-path');
    expect(text).not.toContain('/v1/items/a"');
    // Process metrics are there too.
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('reports each dependency as up or down at scrape time', async () => {
    let dbUp = true;
    const app = finishServiceApp(
      createServiceApp({
        logger: quiet(),
        service: 'deps-svc',
        readiness: {
          database: async () => {
            if (!dbUp) throw new Error('down');
          },
          redis: async () => 'PONG',
        },
      }),
    );
    let text = (await request(app).get('/metrics').expect(200)).text;
    expect(sample(text, 'latchkey_dependency_up', { service: 'deps-svc', dependency: 'database' })).toBe(1);
    expect(sample(text, 'latchkey_dependency_up', { service: 'deps-svc', dependency: 'redis' })).toBe(1);
    dbUp = false;
    text = (await request(app).get('/metrics').expect(200)).text;
    expect(sample(text, 'latchkey_dependency_up', { service: 'deps-svc', dependency: 'database' })).toBe(0);
    expect(sample(text, 'latchkey_dependency_up', { service: 'deps-svc', dependency: 'redis' })).toBe(1);
  });

  it('reports circuit breaker states', async () => {
    const states: Record<string, 'closed' | 'open' | 'half_open'> = { openai: 'closed', anthropic: 'open' };
    trackBreakers('breaker-svc', () => states);
    try {
      const app = finishServiceApp(createServiceApp({ logger: quiet(), service: 'breaker-svc' }));
      let text = (await request(app).get('/metrics')).text;
      expect(sample(text, 'latchkey_breaker_state', { service: 'breaker-svc', breaker: 'openai', state: 'closed' })).toBe(1);
      expect(sample(text, 'latchkey_breaker_state', { service: 'breaker-svc', breaker: 'openai', state: 'open' })).toBe(0);
      expect(sample(text, 'latchkey_breaker_state', { service: 'breaker-svc', breaker: 'anthropic', state: 'open' })).toBe(1);
      states.anthropic = 'half_open';
      text = (await request(app).get('/metrics')).text;
      expect(sample(text, 'latchkey_breaker_state', { service: 'breaker-svc', breaker: 'anthropic', state: 'open' })).toBe(0);
      expect(sample(text, 'latchkey_breaker_state', { service: 'breaker-svc', breaker: 'anthropic', state: 'half_open' })).toBe(1);
    } finally {
      untrackBreakers('breaker-svc');
    }
  });

  it('measures requests answered outside Express', async () => {
    const server = http.createServer((req, res) => {
      measureRaw('raw-svc', req, res, () => '/v1/chat/completions');
      res.statusCode = 429;
      res.end('slow down');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions?x=1`, { method: 'POST' });
      const app = finishServiceApp(createServiceApp({ logger: quiet(), service: 'other' }));
      const text = (await request(app).get('/metrics')).text;
      expect(sample(text, 'latchkey_http_requests_total', { service: 'raw-svc', method: 'POST', route: '/v1/chat/completions', status: '429' })).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
