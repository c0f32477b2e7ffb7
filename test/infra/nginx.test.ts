/**
 * The edge: real nginx, configured from the shipped templates
 * (infra/nginx/templates and infra/nginx/dev), in front of stub upstreams.
 */
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithBinary, findExecutable, waitFor } from '@latchkey/testing';
import { developmentVariables, startEdge, type EdgeVariables, type RunningEdge } from '../../infra/nginx/edge.js';
import { freePort, send, startStubUpstream, type StubUpstream } from './helpers.js';

const HOSTS = {
  auth: 'auth.latchkey.test',
  signin: 'signin.latchkey.test',
  strategy: 'api.latchkey.test',
  ai: 'ai.latchkey.test',
} as const;

describeWithBinary('nginx')('edge (nginx)', () => {
  let dir: string;
  const stubs: Record<'auth' | 'signin' | 'strategy' | 'ai', StubUpstream> = {} as never;
  let dev: RunningEdge;
  let prod: RunningEdge;
  let devPort: number;
  let prodPort: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'latchkey-edge-'));
    for (const name of ['auth', 'signin', 'strategy', 'ai'] as const) stubs[name] = await startStubUpstream(name);
    devPort = await freePort();
    prodPort = await freePort();
    const nginx = findExecutable('nginx')!;
    const devVars = developmentVariables(
      { edge: devPort, auth: stubs.auth.port, signin: stubs.signin.port, strategy: stubs.strategy.port, gateway: stubs.ai.port },
      path.join(dir, 'dev', 'access.log'),
    );
    const prodVars: EdgeVariables = {
      ...devVars,
      LATCHKEY_EDGE_PORT: String(prodPort),
      LATCHKEY_ACCESS_LOG: path.join(dir, 'prod', 'access.log'),
      LATCHKEY_FORWARDED_PROTO: 'https',
      LATCHKEY_AUTH_HOST: HOSTS.auth,
      LATCHKEY_SIGNIN_HOST: HOSTS.signin,
      LATCHKEY_STRATEGY_HOST: HOSTS.strategy,
      LATCHKEY_AI_HOST: HOSTS.ai,
    };
    dev = await startEdge({ nginx, dir: path.join(dir, 'dev'), mode: 'development', vars: devVars });
    prod = await startEdge({ nginx, dir: path.join(dir, 'prod'), mode: 'production', vars: prodVars });
  });

  afterAll(async () => {
    await dev?.stop();
    await prod?.stop();
    await Promise.all(Object.values(stubs).map((s) => s.close()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const seenCount = () => Object.values(stubs).reduce((n, s) => n + s.seen.length, 0);

  describe('development: one port, path prefixes', () => {
    it.each([
      ['/auth/context/auth/validate?x=1', 'auth', '/context/auth/validate?x=1', '/auth'],
      ['/signin/apps/demo/api/auth/get-session', 'signin', '/apps/demo/api/auth/get-session', '/signin'],
      ['/strategy/v1/framework', 'strategy', '/v1/framework', '/strategy'],
      ['/ai/v1/models', 'ai', '/v1/models', '/ai'],
    ])('%s reaches %s as %s', async (reqPath, upstream, url, prefix) => {
      const res = await send({ port: devPort, path: reqPath });
      expect(res.status).toBe(200);
      const seen = JSON.parse(res.body);
      expect(seen.upstream).toBe(upstream);
      expect(seen.url).toBe(url);
      expect(seen.headers['x-forwarded-prefix']).toBe(prefix);
    });

    it('answers 404 outside the prefixes', async () => {
      const before = seenCount();
      expect((await send({ port: devPort, path: '/context/auth/validate' })).status).toBe(404);
      expect((await send({ port: devPort, path: '/other/x' })).status).toBe(404);
      expect(seenCount()).toBe(before);
    });

    it('serves its own health check', async () => {
      const res = await send({ port: devPort, path: '/edge/healthz' });
      expect(res.status).toBe(200);
      expect(res.body.trim()).toBe('ok');
    });
  });

  describe('production: host names', () => {
    it.each([
      [HOSTS.auth, '/context/auth/validate', 'auth'],
      [HOSTS.signin, '/api/auth/jwks', 'signin'],
      [`demo-app.${HOSTS.signin}`, '/api/auth/jwks', 'signin'],
      [HOSTS.strategy, '/v1/coordinate', 'strategy'],
      [HOSTS.ai, '/v1/chat/completions', 'ai'],
    ])('Host %s%s reaches %s unchanged', async (host, reqPath, upstream) => {
      const res = await send({ port: prodPort, path: `${reqPath}?q=1`, host });
      expect(res.status).toBe(200);
      const seen = JSON.parse(res.body);
      expect(seen.upstream).toBe(upstream);
      expect(seen.url).toBe(`${reqPath}?q=1`);
      expect(seen.headers.host).toBe(host);
      expect(seen.headers['x-forwarded-prefix']).toBeUndefined();
    });

    it('refuses unknown host names', async () => {
      const before = seenCount();
      const res = await send({ port: prodPort, path: '/context/auth/validate', host: 'elsewhere.test' });
      expect(res.status).toBe(404);
      expect(seenCount()).toBe(before);
    });
  });

  describe('/admin is never routed', () => {
    const adminPaths = ['/admin', '/admin/', '/admin/apps', '/ADMIN/apps', '/Admin', '/%61dmin/apps', '//admin/apps', '/x/../admin/apps'];

    it('under every development prefix (and none)', async () => {
      const before = seenCount();
      for (const prefix of ['', '/auth', '/signin', '/strategy', '/ai', '/AUTH']) {
        for (const p of adminPaths) {
          for (const method of ['GET', 'POST', 'DELETE']) {
            const res = await send({ port: devPort, path: `${prefix}${p}`, method });
            expect([403, 404]).toContain(res.status);
          }
        }
      }
      expect(seenCount()).toBe(before);
    });

    it('under every production host name', async () => {
      const before = seenCount();
      for (const host of [...Object.values(HOSTS), `demo.${HOSTS.signin}`, 'elsewhere.test']) {
        for (const p of adminPaths) {
          const res = await send({ port: prodPort, path: p, host, method: 'POST' });
          expect([403, 404]).toContain(res.status);
        }
      }
      expect(seenCount()).toBe(before);
    });

    it("nor /metrics (each service's Prometheus endpoint), under every prefix and host", async () => {
      const before = seenCount();
      const metricsPaths = ['/metrics', '/metrics/', '/METRICS', '/Metrics?x=1', '/%6detrics', '//metrics', '/x/../metrics'];
      for (const prefix of ['', '/auth', '/signin', '/strategy', '/ai', '/AI']) {
        for (const p of metricsPaths) expect([403, 404]).toContain((await send({ port: devPort, path: `${prefix}${p}` })).status);
      }
      for (const host of [...Object.values(HOSTS), `demo.${HOSTS.signin}`, 'elsewhere.test']) {
        for (const p of metricsPaths) expect([403, 404]).toContain((await send({ port: prodPort, path: p, host })).status);
      }
      expect(seenCount()).toBe(before);
      // Paths that merely contain the word still pass.
      expect((await send({ port: prodPort, path: '/v1/metrics-report', host: HOSTS.strategy })).status).toBe(200);
    });

    it('still routes paths that merely contain "admin"', async () => {
      const res = await send({ port: devPort, path: '/strategy/v1/framework/administration' });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).url).toBe('/v1/framework/administration');
    });
  });

  describe('body size limits', () => {
    const mb = (n: number) => Buffer.alloc(Math.round(n * 1024 * 1024), 'a');
    const post = (port: number, p: string, body: Buffer, host?: string) =>
      send({ port, path: p, method: 'POST', body, host, headers: { 'content-type': 'application/json' } });

    it('lets the AI gateway take up to 10 MB and refuses more with 413', async () => {
      const ok = await post(devPort, '/ai/v1/chat/completions', mb(9.5));
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body).bodyLength).toBe(mb(9.5).length);
      expect((await post(devPort, '/ai/v1/chat/completions', mb(10.5))).status).toBe(413);
      expect((await post(prodPort, '/v1/messages', mb(2), HOSTS.ai)).status).toBe(200);
      expect((await post(prodPort, '/v1/messages', mb(10.5), HOSTS.ai)).status).toBe(413);
    });

    it('keeps the other services small (1 MB)', async () => {
      for (const p of ['/auth/context/auth/exchange', '/signin/api/auth/sign-in/email', '/strategy/v1/coordinate']) {
        expect((await post(devPort, p, mb(0.5))).status).toBe(200);
        expect((await post(devPort, p, mb(2))).status).toBe(413);
      }
      expect((await post(prodPort, '/context/auth/exchange', mb(2), HOSTS.auth)).status).toBe(413);
      expect((await post(prodPort, '/v1/coordinate', mb(2), HOSTS.strategy)).status).toBe(413);
    });
  });

  describe('streaming', () => {
    /** Resolves with the first chunk while the upstream still holds the stream open. */
    const firstChunkBeforeEnd = (port: number, p: string, stub: StubUpstream, host?: string) =>
      new Promise<{ first: string; all: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: p, headers: host ? { host } : {}, agent: false }, (res) => {
          let all = '';
          let first: string | undefined;
          const timer = setTimeout(() => reject(new Error('no event before the upstream finished: the edge buffers')), 4000);
          res.on('data', (c: Buffer) => {
            all += c.toString();
            if (first === undefined) {
              first = all;
              clearTimeout(timer);
              stub.releaseStreams();
            }
          });
          res.on('end', () => resolve({ first: first ?? '', all }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });

    it('passes server-sent events on as they come (development)', async () => {
      const { first, all } = await firstChunkBeforeEnd(devPort, '/ai/sse', stubs.ai);
      expect(first).toContain('data: first');
      expect(first).not.toContain('data: last');
      expect(all).toContain('data: last');
    });

    it('passes server-sent events on as they come (production)', async () => {
      const { first, all } = await firstChunkBeforeEnd(prodPort, '/sse', stubs.ai, HOSTS.ai);
      expect(first).not.toContain('data: last');
      expect(all).toContain('data: last');
    });
  });

  describe('proxy headers', () => {
    it('sets X-Forwarded-For/Proto/Host and X-Real-IP', async () => {
      const res = await send({ port: devPort, path: '/auth/context/auth/validate', host: 'localhost:8080' });
      const h = JSON.parse(res.body).headers;
      expect(h['x-forwarded-for']).toBe('127.0.0.1');
      expect(h['x-real-ip']).toBe('127.0.0.1');
      expect(h['x-forwarded-proto']).toBe('http');
      expect(h['x-forwarded-host']).toBe('localhost');
      expect(h.host).toBe('localhost');

      const prodRes = await send({ port: prodPort, path: '/v1/coordinate', host: HOSTS.strategy, headers: { 'x-forwarded-for': '203.0.113.9' } });
      const ph = JSON.parse(prodRes.body).headers;
      expect(ph['x-forwarded-proto']).toBe('https');
      expect(ph['x-forwarded-host']).toBe(HOSTS.strategy);
      expect(ph['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    });

    it('passes X-Request-Id through, or makes one', async () => {
      const given = await send({ port: devPort, path: '/strategy/v1/framework', headers: { 'x-request-id': 'req-abc.123' } });
      expect(JSON.parse(given.body).headers['x-request-id']).toBe('req-abc.123');
      expect(given.headers['x-request-id']).toBe('req-abc.123');

      const made = await send({ port: devPort, path: '/strategy/v1/framework' });
      const id = JSON.parse(made.body).headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(made.headers['x-request-id']).toBe(id);
    });

    it('keeps query strings (tokens) out of the access log', async () => {
      await send({ port: devPort, path: '/auth/context/auth/callback?code=SECRETCODE&state=SECRETSTATE' });
      await send({ port: devPort, path: '/signin/page?svc_token=SECRETTOKEN' });
      await send({ port: prodPort, path: '/context/auth/callback?code=SECRETCODE2', host: HOSTS.auth });
      await send({ port: prodPort, path: '/anything?svc_token=SECRETTOKEN2', host: HOSTS.auth });
      // nginx writes a request's log line after its response has left: wait for the lines, then read.
      const read = (which: string) => readFileSync(path.join(dir, which, 'access.log'), 'utf8');
      await waitFor(() => read('dev').includes('GET /signin/page HTTP/1.1') && read('prod').includes('GET /anything HTTP/1.1'), 10_000, 'the access-log lines');
      const devLog = read('dev');
      const prodLog = read('prod');
      expect(devLog).toContain('GET /signin/page HTTP/1.1');
      expect(prodLog).toContain('GET /anything HTTP/1.1');
      expect(devLog + prodLog).not.toMatch(/SECRET/);
      expect(devLog + prodLog).not.toContain('/context/auth/callback');
    });

    it('keeps the callback query out of the error log when auth-central is down', async () => {
      await stubs.auth.close();
      const res = await send({ port: devPort, path: '/auth/context/auth/callback?code=DOWNCODE&state=DOWNSTATE' });
      expect(res.status).toBe(502);
      const other = await send({ port: devPort, path: '/auth/context/auth/validate?probe=VISIBLE' });
      expect(other.status).toBe(502);
      const errors = dev.errorLog();
      expect(errors).toContain('/context/auth/validate'); // other paths still report upstream failures
      expect(errors).not.toContain('DOWNCODE');
    });
  });

  it('logged no configuration warnings', () => {
    // Request-scoped lines carry a connection number (`*12`); configuration ones do not.
    const configProblem = /\[(emerg|alert|crit|warn)\] \d+#\d+: (?!\*)/;
    expect(dev.errorLog()).not.toMatch(configProblem);
    expect(prod.errorLog()).not.toMatch(configProblem);
  });
});
