/**
 * Optional OpenTelemetry traces (@latchkey/service-kit/tracing): each service
 * is started from its `main.ts`, as in production, with
 * `OTEL_EXPORTER_OTLP_ENDPOINT` pointing at a small OTLP/HTTP receiver
 * (node:http, here), and a request must arrive there as spans: the server
 * span of the request and, in the same trace, its PostgreSQL queries (and,
 * for the gateway, its Redis commands and its call to the provider, which
 * receives the trace's `traceparent`). Probes make no spans. Without the
 * variable, no OpenTelemetry module is loaded at all: a module-resolution
 * hook records every `@opentelemetry/*` module the process resolves (and,
 * with the variable, sees them, so the check can fail).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startFakeProviders, type FakeProviders } from '@latchkey/fake-providers';
import { createTestDatabase, pollUntil, postgresServerUrl, redisServerUrl, stopProcess, type TestDatabase } from '@latchkey/testing';
import { freePort } from './helpers.js';
import { root } from './compose-config.js';

const ADMIN = 'tracing-admin-token-0123456789abcdef';
type Service = 'auth-central' | 'app-signin' | 'strategy' | 'ai-gateway';

/** One span as the test reads it from an OTLP/HTTP JSON export. */
interface Span {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
}

/** An OTLP/HTTP receiver: POST /v1/traces with a JSON body (ExportTraceServiceRequest). */
async function startReceiver(): Promise<{ url: string; spans: Span[]; posts: string[]; close(): Promise<void> }> {
  const spans: Span[] = [];
  const posts: string[] = [];
  const value = (v: Record<string, unknown>): unknown => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
  const attrs = (list: Array<{ key: string; value: Record<string, unknown> }> = []) => Object.fromEntries(list.map((a) => [a.key, value(a.value)]));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      if (req.method === 'POST' && req.url === '/v1/traces' && String(req.headers['content-type']).startsWith('application/json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as any;
        for (const rs of body.resourceSpans ?? []) {
          const service = String(attrs(rs.resource?.attributes)['service.name']);
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? [])
              spans.push({
                service,
                scope: ss.scope?.name,
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId || undefined,
                name: s.name,
                kind: s.kind,
                attributes: attrs(s.attributes),
              });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Polls `probe` until it returns a value (anything but undefined), failing with `what` after `timeoutMs`. */
const eventually = <T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs?: number): Promise<T> =>
  pollUntil(what, probe, (v) => v !== undefined, { timeoutMs, intervalMs: 100 }) as Promise<T>;

interface Proc {
  port: number;
  child: ChildProcess;
  /** `@opentelemetry/*` modules the process resolved so far. */
  otelModules(): string[];
  output(): string;
}

const servicesMissing = async () => !(await postgresServerUrl()) || !(await redisServerUrl()) || (await postgresServerUrl().then((u) => u?.includes('pglite')));
const describeServices = process.env.LATCHKEY_REQUIRE_SERVICES === '1' || !!process.env.DATABASE_URL ? describe : describe.skip;

describeServices('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let dir: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let fakes: FakeProviders;
  let redisUrl: string;
  const dbs: TestDatabase[] = [];
  const procs: Proc[] = [];

  /** Starts `apps/<service>/src/main.ts` (with `env`) under the module-resolution recorder, and waits for /readyz. */
  async function start(service: Service, env: NodeJS.ProcessEnv): Promise<Proc> {
    const port = await freePort();
    const record = path.join(dir, `${service}-${port}.modules`);
    const childEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      LATCHKEY_ADMIN_TOKEN: ADMIN,
      REDIS_URL: redisUrl,
      LATCHKEY_TEST_MODULE_RECORD: record,
      ...env,
    };
    const child = spawn(
      process.execPath,
      ['--import', pathToFileURL(path.join(dir, 'record.mjs')).href, '--import', 'tsx', '--conditions=source', path.join('apps', service, 'src', 'main.ts')],
      {
        cwd: root,
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const proc: Proc = {
      port,
      child,
      output: () => out,
      otelModules: () => (existsSync(record) ? readFileSync(record, 'utf8').split('\n').filter(Boolean) : []),
    };
    procs.push(proc);
    await eventually(
      `${service} ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${service} exited:\n${out}`);
        const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        return status === 200 ? true : undefined;
      },
      // Generous: each process compiles its TypeScript at start (tsx), on a shared 2-core machine.
      240_000,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${out}`);
    });
    return proc;
  }

  const adminGet = (port: number, p: string) => fetch(`http://127.0.0.1:${port}${p}`, { headers: { authorization: `Bearer ${ADMIN}` } });
  const target = (s: Span) => String(s.attributes['http.target'] ?? s.attributes['url.path'] ?? '');
  const serverSpan = (service: string, p: string) => () => receiver.spans.find((s) => s.service === service && s.kind === 2 && target(s).split('?')[0] === p);

  beforeAll(async () => {
    if (await servicesMissing()) throw new Error('the tracing test needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) servers');
    const redis = new URL((await redisServerUrl())!);
    redis.pathname = `/${1 + (randomBytes(1)[0]! % 15)}`;
    redisUrl = redis.toString();
    dir = mkdtempSync(path.join(tmpdir(), 'latchkey-otel-'));
    // Records every @opentelemetry module resolved through the ES module loader (where
    // tracing.ts's dynamic imports go), from before the service's first import.
    writeFileSync(
      path.join(dir, 'record-hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (process.env.LATCHKEY_TEST_MODULE_RECORD && /[\\\\/]@opentelemetry[\\\\/]/.test(r.url)) appendFileSync(process.env.LATCHKEY_TEST_MODULE_RECORD, r.url + '\\n');
  return r;
}
`,
    );
    writeFileSync(
      path.join(dir, 'record.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(dir, 'record-hooks.mjs')).href)});\n`,
    );
    receiver = await startReceiver();
    fakes = await startFakeProviders();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => stopProcess(p.child)));
    await receiver?.close();
    await fakes?.close();
    await Promise.all(dbs.map((d) => d.drop().catch(() => {})));
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const otel = () => ({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' });

  it('ai-gateway: a proxied call arrives as one trace — server span, key lookup in PostgreSQL, rate limit in Redis, the provider call (with traceparent) — and probes make no spans', async () => {
    const db = await createTestDatabase({ service: 'ai-gateway', prefix: 'otel_gateway' });
    dbs.push(db);
    const gw = await start('ai-gateway', {
      ...otel(),
      DATABASE_URL: db.url,
      GATEWAY_KEY_PEPPER: 'otel-test-pepper-0123456789',
      GATEWAY_USAGE_SPOOL_DIR: 'none',
      OPENAI_BASE_URL: fakes.openai.baseUrl,
      OPENAI_API_KEY: fakes.openai.apiKey,
    });
    const created = await fetch(`http://127.0.0.1:${gw.port}/admin/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ solution: 'otel' }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    fakes.openai.reset();
    const res = await fetch(`http://127.0.0.1:${gw.port}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(res.status).toBe(200);

    const server = await eventually('the server span of POST /v1/chat/completions', serverSpan('ai-gateway', '/v1/chat/completions'));
    expect(server.scope).toBe('@opentelemetry/instrumentation-http');
    const inTrace = (pred: (s: Span) => boolean) => () => receiver.spans.find((s) => s.traceId === server.traceId && s.spanId !== server.spanId && pred(s));
    const upstream = await eventually(
      'the client span of the provider call (undici)',
      inTrace((s) => s.kind === 3 && s.scope === '@opentelemetry/instrumentation-undici'),
    );
    expect(String(upstream.attributes['net.peer.port'] ?? upstream.attributes['server.port'])).toBe(new URL(fakes.openai.baseUrl).port);
    await eventually(
      'a Redis command in the trace',
      inTrace((s) => s.scope === '@opentelemetry/instrumentation-ioredis'),
    );
    await eventually(
      'a PostgreSQL query in the trace',
      inTrace((s) => s.scope === '@opentelemetry/instrumentation-pg'),
    );
    // The provider was called inside the trace: W3C traceparent 00-<trace id>-<span id>-<flags>.
    const traceparent = String(fakes.openai.requests.at(-1)?.headers.traceparent ?? '');
    expect(traceparent.split('-')[1]).toBe(server.traceId);
    // Redis commands carry their name only, never their arguments (keys, counts).
    for (const s of receiver.spans.filter((x) => x.scope === '@opentelemetry/instrumentation-ioredis'))
      expect(String(s.attributes['db.statement'] ?? '')).not.toContain(' ');

    expect((await fetch(`http://127.0.0.1:${gw.port}/readyz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${gw.port}/healthz`)).status).toBe(200);
    // A marker request after the probes: once its span is here, the probes' would be too.
    expect((await adminGet(gw.port, '/admin/keys')).status).toBe(200);
    await eventually('the server span of GET /admin/keys', serverSpan('ai-gateway', '/admin/keys'));
    expect(receiver.spans.filter((s) => ['/readyz', '/healthz', '/metrics'].includes(target(s)))).toEqual([]);
    expect(gw.otelModules().some((m) => m.includes('/@opentelemetry/sdk-node/'))).toBe(true);
  }, 300_000);

  it('auth-central, app-signin and strategy: a request arrives as a server span with its PostgreSQL queries in the same trace', async () => {
    const cases = [
      { service: 'auth-central', adminPath: '/admin/apps', env: { LATCHKEY_ENCRYPTION_KEY: 'ab'.repeat(32) } },
      {
        service: 'app-signin',
        adminPath: '/admin/apps/otelapp/audit',
        env: { SIGNIN_ENCRYPTION_KEY: 'cd'.repeat(32), APP_DATABASES_URL: (await postgresServerUrl())!, PASSWORD_HASH_LOG2N: '10' },
      },
      { service: 'strategy', adminPath: '/admin/keys', env: {} },
    ] as const;
    // Started together: each start is mostly waiting (migrations, first imports).
    await Promise.all(
      cases.map(async ({ service, adminPath, env }) => {
        const db = await createTestDatabase({ service, prefix: `otel_${service.replace('-', '_')}` });
        dbs.push(db);
        const proc = await start(service, { ...otel(), DATABASE_URL: db.url, ...env });
        const res = await adminGet(proc.port, adminPath);
        expect(res.status).toBeLessThan(500);
        const server = await eventually(`${service}: the server span of GET ${adminPath}`, serverSpan(service, adminPath));
        expect(server.attributes['http.method'] ?? server.attributes['http.request.method']).toBe('GET');
        await eventually(`${service}: a PostgreSQL query in the trace`, () =>
          receiver.spans.find((s) => s.traceId === server.traceId && s.scope === '@opentelemetry/instrumentation-pg'),
        );
      }),
    );
  }, 600_000);

  it('without OTEL_EXPORTER_OTLP_ENDPOINT nothing of OpenTelemetry is loaded and no span is sent', async () => {
    const db = await createTestDatabase({ service: 'strategy', prefix: 'otel_off' });
    dbs.push(db);
    const proc = await start('strategy', { DATABASE_URL: db.url, OTEL_SERVICE_NAME: 'strategy-untraced' });
    expect((await adminGet(proc.port, '/admin/keys')).status).toBe(200);
    expect(proc.otelModules()).toEqual([]);
    // The recorder does see what a traced process loads (this check can fail).
    expect(procs.find((p) => p !== proc)!.otelModules().length).toBeGreaterThan(0);
    expect(receiver.spans.filter((s) => s.service === 'strategy-untraced')).toEqual([]);
  }, 300_000);
});
