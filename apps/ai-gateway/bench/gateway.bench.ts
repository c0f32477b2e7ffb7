/**
 * AI gateway overhead: latency through the gateway minus latency direct to
 * the same deterministic fake OpenAI (in its own process), p50 and p99 at 1
 * and 16 connections, non-streaming (autocannon) and time to first byte of a
 * stream; and Portkey's open-source gateway (`@portkey-ai/gateway`) in front
 * of the same fake, as the peer, in the same run.
 *
 * Run alone: `npx tsx --conditions=source apps/ai-gateway/bench/gateway.bench.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, createTestRedis } from '@latchkey/testing';
import { createLogger } from '@latchkey/service-kit';
import { formatTable, measure, percentile, ratio, toRow, type BenchContext, type BenchRow, type BenchTable, type Measurement } from '@latchkey/bench';
import { createApp } from '../src/app.js';
import { createDb } from '../src/store/db.js';

export const title = 'ai-gateway: overhead over a fake OpenAI, vs. Portkey gateway (OSS)';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const CONNECTIONS = [1, 16] as const;
const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello to the benchmark' }] });
const STREAM_BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Say hello to the benchmark' }] });
const upstreamBody = (b: string) => b.replace('openai/gpt-4o-mini', 'gpt-4o-mini');

function startProcess(cmd: string, args: string[], ready: RegExp, env: Record<string, string> = {}): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      const m = ready.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        child.stderr!.resume();
        resolve({ child, match: m });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`${path.basename(args[0] ?? cmd)} exited (${code}): ${out.slice(-500)}`)));
    setTimeout(() => reject(new Error(`${cmd} did not start: ${out.slice(-500)}`)), 30_000).unref();
  });
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

// Time to first byte of a streamed response, measured in a worker thread (it must not share the gateway's event loop).
const TTFB_WORKER = `
const { parentPort, workerData: job } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
const url = new URL(job.url);
const ttfb = [];
let total = 0, failed = 0;
const deadline = Date.now() + job.duration * 1000;
const warmEnd = Date.now() + job.warmup * 1000;
function one() {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    let first = 0n;
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: job.headers }, (res) => {
      res.on('data', () => { if (!first) first = process.hrtime.bigint(); });
      res.on('end', () => {
        if (res.statusCode === 200 && first) { if (Date.now() > warmEnd) { ttfb.push(Number(first - t0) / 1e6); total++; } }
        else failed++;
        resolve();
      });
    });
    req.on('error', () => { failed++; resolve(); });
    req.end(job.body);
  });
}
async function loop() { while (Date.now() < deadline) await one(); }
const started = Date.now();
Promise.all(Array.from({ length: job.connections }, loop)).then(() => {
  const arr = Float64Array.from(ttfb);
  parentPort.postMessage({ ttfb: arr, total, failed, seconds: (Date.now() - Math.max(started, warmEnd)) / 1000 }, [arr.buffer]);
  agent.destroy();
});
`;

function measureTtfb(url: string, headers: Record<string, string>, body: string, connections: number, duration: number): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const w = new Worker(TTFB_WORKER, { eval: true, workerData: { url, headers: { ...headers, 'content-type': 'application/json' }, body, connections, duration: duration + 1, warmup: 1 } });
    w.once('message', (m: { ttfb: Float64Array; total: number; failed: number; seconds: number }) => {
      const sorted = m.ttfb.sort();
      resolve({ requestsPerSec: m.total / m.seconds, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), errors: m.failed, non2xx: 0, total: m.total, seconds: m.seconds });
    });
    w.once('error', reject);
  });
}

export async function run(ctx: BenchContext): Promise<BenchTable> {
  const tsx = require.resolve('tsx/cli');
  const fakeProc = await startProcess(process.execPath, [tsx, '--conditions=source', path.join(here, 'fake-server.ts')], /(http:\/\/127\.0\.0\.1:\d+)\n/);
  const fakeOrigin = fakeProc.match[1]!;
  const portkeyPort = await freePort();
  const portkeyMain = path.join(path.dirname(require.resolve('@portkey-ai/gateway/package.json')), 'build', 'start-server.js');
  let portkey: ChildProcess | undefined;
  try {
    portkey = (await startProcess(process.execPath, [portkeyMain, `--port=${portkeyPort}`, '--headless'], /(Ready for connections|running at)/i)).child;
  } catch (err) {
    ctx.log(`portkey did not start: ${(err as Error).message}`);
  }
  const database = await createTestDatabase({ service: 'ai-gateway' });
  const redis = await createTestRedis();
  const db = createDb(database.url, 5);
  const app = createApp({
    logger: createLogger('ai-gateway', 'warn'),
    db,
    redis: redis.redis,
    redisUrl: redis.url,
    redisPrefix: redis.prefix,
    adminToken: 'bench-admin-token-0123456789',
    providers: { openai: { baseUrl: `${fakeOrigin}/v1`, apiKey: 'fake-openai-key' } },
  });
  await app.ready;
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const gwUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { key } = await app.keys.create({ solution: 'bench', rpm: 100_000_000, tpm: 1_000_000_000 });

  const rows: BenchRow[] = [];
  const ratios: string[] = [];
  const notes: string[] = [];
  const byKey = new Map<string, Measurement>();
  const targets: Array<{ name: string; url: string; headers: Record<string, string>; body: string; streamBody: string }> = [
    { name: 'direct', url: fakeOrigin, headers: { authorization: 'Bearer fake-openai-key' }, body: upstreamBody(BODY), streamBody: upstreamBody(STREAM_BODY) },
    { name: 'latchkey', url: gwUrl, headers: { authorization: `Bearer ${key}` }, body: BODY, streamBody: STREAM_BODY },
    ...(portkey
      ? [{ name: 'portkey', url: `http://127.0.0.1:${portkeyPort}`, headers: { authorization: 'Bearer fake-openai-key', 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${fakeOrigin}/v1` }, body: upstreamBody(BODY), streamBody: upstreamBody(STREAM_BODY) }]
      : []),
  ];
  try {
    for (const c of CONNECTIONS) {
      for (const t of targets) {
        ctx.log(`non-streaming ${t.name} @${c}`);
        const m = await measure({ url: t.url, path: '/v1/chat/completions', method: 'POST', headers: { 'content-type': 'application/json', ...t.headers }, body: t.body, connections: c, duration: ctx.duration });
        byKey.set(`${t.name}@${c}`, m);
        rows.push(toRow('POST /v1/chat/completions', t.name === 'direct' ? 'fake OpenAI (direct)' : t.name, c, m));
      }
      for (const t of targets.filter((x) => x.name !== 'portkey')) {
        ctx.log(`streaming TTFB ${t.name} @${c}`);
        const m = await measureTtfb(`${t.url}/v1/chat/completions`, t.headers, t.streamBody, c, ctx.duration);
        byKey.set(`stream-${t.name}@${c}`, m);
        rows.push(toRow('stream, time to first byte', t.name === 'direct' ? 'fake OpenAI (direct)' : t.name, c, m));
      }
    }
    for (const c of CONNECTIONS) {
      const d = byKey.get(`direct@${c}`)!;
      const l = byKey.get(`latchkey@${c}`)!;
      ratios.push(`overhead @${c}, non-streaming: p50 ${(l.p50Ms - d.p50Ms).toFixed(3)} ms, p99 ${(l.p99Ms - d.p99Ms).toFixed(3)} ms`);
      const sd = byKey.get(`stream-direct@${c}`)!;
      const sl = byKey.get(`stream-latchkey@${c}`)!;
      ratios.push(`overhead @${c}, stream TTFB: p50 ${(sl.p50Ms - sd.p50Ms).toFixed(3)} ms, p99 ${(sl.p99Ms - sd.p99Ms).toFixed(3)} ms`);
      const p = byKey.get(`portkey@${c}`);
      if (p) ratios.push(`throughput @${c}: latchkey/portkey ${ratio(l.requestsPerSec, p.requestsPerSec)}; portkey overhead p50 ${(p.p50Ms - d.p50Ms).toFixed(3)} ms, p99 ${(p.p99Ms - d.p99Ms).toFixed(3)} ms`);
    }
    const d16 = byKey.get('direct@16')!;
    const l16 = byKey.get('latchkey@16')!;
    const p16 = byKey.get('portkey@16');
    notes.push(
      `Targets at 16 connections: p50 overhead ≤ 0.5 ms: ${l16.p50Ms - d16.p50Ms <= 0.5 ? 'met' : 'not met'}; p99 overhead ≤ 2 ms: ${l16.p99Ms - d16.p99Ms <= 2 ? 'met' : 'not met'}; ≥ 2× Portkey's throughput: ${p16 ? (l16.requestsPerSec >= 2 * p16.requestsPerSec ? 'met' : 'not met') : 'peer not run'}.`,
      `The gateway path per call: key from the in-memory cache, one Redis script for both limits (${redis.url ? 'Redis' : 'in-process'}), native pass-through to the fake, usage batched to the BullMQ queue after the response.`,
      'The fake provider runs in its own process; the gateway runs in this process, the load generator in a worker thread: on 2 cores they compete, so the direct row is the floor, not a lower bound of real upstreams.',
    );
    return { rows, ratios, notes };
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await app.close();
    await db.$disconnect();
    await redis.close();
    await database.drop();
    fakeProc.child.kill('SIGTERM');
    portkey?.kill('SIGTERM');
  }
}

const isMain = import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1] ?? '').href;
if (isMain) {
  const table = await run({ databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL, duration: Number(process.env.BENCH_DURATION ?? 5), log: (m) => process.stderr.write(`${m}\n`) });
  process.stdout.write(formatTable(table, title));
  process.exit(0);
}
