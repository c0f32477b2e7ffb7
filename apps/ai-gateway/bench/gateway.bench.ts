/**
 * AI gateway overhead: latency through the gateway minus latency direct to
 * the same deterministic fake OpenAI, non-streaming and time to first byte
 * of a stream; and Portkey's open-source gateway (`@portkey-ai/gateway`) in
 * front of the same fake, as the peer, in the same run.
 *
 * Method (also printed in the table notes):
 * - The fake, the gateway and Portkey each run in a process of their own;
 *   this process only generates load (in worker threads). The gateway runs
 *   as `main.ts` runs it (`startGateway`: PostgreSQL pool, Redis with
 *   auto-pipelining, the usage spool and its inserts in the same process).
 * - Saturation rows: closed loop (each connection sends its next request as
 *   soon as the previous answer is in) at 1 and 16 connections. This gives
 *   the throughput; at 16 connections the latency is mostly queueing in
 *   whichever process is the bottleneck, so "through − direct" there measures
 *   capacity, not the time a call spends in the gateway.
 * - Paced rows: 16 connections sending at a fixed total rate (`BENCH_RATE`,
 *   default 200 req/s), the same for every target, well under each one's
 *   capacity: "through − direct" is then the latency the hop adds to a call.
 * - Targets are measured in interleaved rounds (`BENCH_ROUNDS`, default 3;
 *   order reversed every other round) and each figure is the median over the
 *   rounds; an overhead is the median of the per-round differences (direct
 *   and through measured a few seconds apart), so drifting background load
 *   on a shared machine hits both sides alike.
 * - `CPU µs/req`: CPU time of the server process (all threads, from
 *   /proc/<pid>/task/<tid>/schedstat; Linux only) per request answered;
 *   `run-queue wait µs/req`: time its threads were runnable but waiting for
 *   a CPU (other processes had it), per request. A call through the gateway
 *   wakes it three times (request, Redis answer, provider answer), a direct
 *   call wakes the fake once, so on a busy machine this waiting, not the
 *   gateway's own work, can dominate the difference.
 *
 * Run alone: `npx tsx --conditions=source apps/ai-gateway/bench/gateway.bench.ts`
 * (`BENCH_DURATION`: seconds of measurement per row, split over the rounds;
 * `BENCH_BASELINE_SRC=<another checkout's src/server.ts>` adds that gateway
 * as one more target of every round, to compare versions on the same
 * machine state; `GATEWAY_SRC` replaces the gateway under test).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatTable, measure, percentile, ratio, toRow, type BenchContext, type BenchRow, type BenchTable, type Measurement } from '@latchkey/bench';

export const title = 'ai-gateway: overhead over a fake OpenAI, vs. Portkey gateway (OSS)';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const CONNECTIONS = [1, 16] as const;
const PACED_CONNECTIONS = 16;
const BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello to the benchmark' }] });
const STREAM_BODY = JSON.stringify({ model: 'openai/gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Say hello to the benchmark' }] });
const upstreamBody = (b: string) => b.replace('openai/gpt-4o-mini', 'gpt-4o-mini');

function startProcess(args: string[], ready: RegExp, env: Record<string, string | undefined> = {}): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const merged: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
    const child = spawn(process.execPath, args, { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
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
    child.once('exit', (code) => reject(new Error(`${path.basename(args.at(-1) ?? '')} exited (${code}): ${out.slice(-500)}`)));
    setTimeout(() => reject(new Error(`${args.join(' ')} did not start: ${out.slice(-500)}`)), 60_000).unref();
  });
}

/** `node --import tsx` (one process, so its CPU time is the server's own; the tsx CLI would add a parent). */
const tsxArgs = (file: string) => ['--import', pathToFileURL(require.resolve('tsx')).href, '--conditions=source', path.join(here, file)];

function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * Milliseconds every thread of a process has so far spent on a CPU, and
 * waiting for one while runnable (Linux schedstat), else NaN.
 */
function cpuMs(pid: number | undefined): { cpu: number; wait: number } {
  if (!pid) return { cpu: Number.NaN, wait: Number.NaN };
  try {
    let cpu = 0;
    let wait = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const [c, w] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ');
      cpu += Number(c);
      wait += Number(w);
    }
    return { cpu: cpu / 1e6, wait: wait / 1e6 };
  } catch {
    return { cpu: Number.NaN, wait: Number.NaN };
  }
}

// Paced or closed-loop load over node:http keep-alive connections, in a worker thread:
// latency of the whole response and time to its first body byte, per 2xx request.
const LOAD_WORKER = `
const { parentPort, workerData: job } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
const url = new URL(job.url);
const body = Buffer.from(job.body);
const headers = { ...job.headers, 'content-length': String(body.length) };
const lat = [], ttfb = [], own = [];
let total = 0, failed = 0, non2xx = 0, last = 0;
const warmEnd = performance.now() + job.warmup * 1000;
const deadline = warmEnd + job.duration * 1000;
function one() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let first = 0;
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers }, (res) => {
      res.on('data', () => { if (!first) first = performance.now(); });
      res.on('end', () => {
        const t1 = performance.now();
        if (t0 >= warmEnd) {
          total++; last = t1;
          if (res.statusCode >= 200 && res.statusCode < 300 && first) {
            lat.push(t1 - t0); ttfb.push(first - t0);
            const o = res.headers['x-latchkey-overhead-ms'];
            if (o !== undefined) own.push(Number(o));
          }
          else non2xx++;
        }
        resolve();
      });
    });
    req.on('error', () => { if (t0 >= warmEnd) failed++; resolve(); });
    req.end(body);
  });
}
const interval = job.rate > 0 ? (1000 * job.connections) / job.rate : 0;
async function loop(i) {
  let next = performance.now() + (interval * i) / job.connections;
  while (performance.now() < deadline) {
    if (interval) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      next = Math.max(next + interval, performance.now());
      if (next > deadline + interval) break;
    }
    await one();
  }
}
Promise.all(Array.from({ length: job.connections }, (_, i) => loop(i))).then(() => {
  const a = Float64Array.from(lat), b = Float64Array.from(ttfb), c = Float64Array.from(own);
  parentPort.postMessage({ lat: a, ttfb: b, own: c, total, failed, non2xx, seconds: Math.max(0.001, (last || deadline) - warmEnd) / 1000 }, [a.buffer, b.buffer, c.buffer]);
  agent.destroy();
});
`;

interface LoadResult {
  latency: Measurement;
  ttfb: Measurement;
  /** The gateway's own time per call (its `x-latchkey-overhead-ms` header), when it sent one. */
  own: { p50Ms: number; p99Ms: number };
}

function load(url: string, headers: Record<string, string>, body: string, connections: number, duration: number, rate = 0): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { url, headers: { ...headers, 'content-type': 'application/json' }, body, connections, duration, warmup: 1, rate },
    });
    w.once('message', (m: { lat: Float64Array; ttfb: Float64Array; own: Float64Array; total: number; failed: number; non2xx: number; seconds: number }) => {
      const of = (arr: Float64Array): Measurement => {
        const sorted = arr.sort();
        return {
          requestsPerSec: m.total / m.seconds,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
          errors: m.failed,
          non2xx: m.non2xx,
          total: m.total,
          seconds: m.seconds,
        };
      };
      const own = m.own.sort();
      resolve({ latency: of(m.lat), ttfb: of(m.ttfb), own: { p50Ms: percentile(own, 0.5), p99Ms: percentile(own, 0.99) } });
    });
    w.once('error', reject);
  });
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return Number.NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Median of each figure over the rounds; errors and non-2xx summed. */
function combine(ms: Measurement[]): Measurement {
  return {
    requestsPerSec: median(ms.map((m) => m.requestsPerSec)),
    p50Ms: median(ms.map((m) => m.p50Ms)),
    p99Ms: median(ms.map((m) => m.p99Ms)),
    errors: ms.reduce((n, m) => n + m.errors, 0),
    non2xx: ms.reduce((n, m) => n + m.non2xx, 0),
    total: ms.reduce((n, m) => n + m.total, 0),
    seconds: ms.reduce((n, m) => n + m.seconds, 0),
  };
}

interface Target {
  name: string;
  label: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  streamBody: string;
  pid?: number;
}

interface Sample {
  m: Measurement;
  cpuUsPerReq: number;
  waitUsPerReq: number;
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a');

export async function run(ctx: BenchContext): Promise<BenchTable> {
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const rate = Math.max(1, Number(process.env.BENCH_RATE ?? 200));
  // Rounds share the duration: each window is shorter, the total stays close to one long window per row.
  const windowS = Math.max(2, Math.round((ctx.duration * 2) / rounds));
  const env = {
    DATABASE_URL: ctx.databaseUrl ?? process.env.DATABASE_URL,
    REDIS_URL: ctx.redisUrl ?? process.env.REDIS_URL,
    BENCH_REDIS: ctx.redisUrl || process.env.REDIS_URL ? '1' : process.env.BENCH_REDIS,
  };
  const loadBefore = os.loadavg()[0]!;

  const fake = await startProcess(tsxArgs('fake-server.ts'), /(http:\/\/127\.0\.0\.1:\d+)\n/);
  const fakeOrigin = fake.match[1]!;
  let gateway: Awaited<ReturnType<typeof startProcess>> | undefined;
  let baselineGw: Awaited<ReturnType<typeof startProcess>> | undefined;
  let portkey: ChildProcess | undefined;
  try {
    gateway = await startProcess(tsxArgs('gateway-server.ts'), /READY (\S+) (\S+) (\S+)\n/, { ...env, FAKE_ORIGIN: fakeOrigin });
    const [, gwUrl, key, limiterMode] = gateway.match as unknown as [string, string, string, string];
    const baselineSrc = process.env.BENCH_BASELINE_SRC;
    if (baselineSrc)
      baselineGw = await startProcess(tsxArgs('gateway-server.ts'), /READY (\S+) (\S+) (\S+)\n/, { ...env, FAKE_ORIGIN: fakeOrigin, GATEWAY_SRC: baselineSrc });
    const portkeyPort = await freePort();
    const portkeyMain = path.join(path.dirname(require.resolve('@portkey-ai/gateway/package.json')), 'build', 'start-server.js');
    try {
      portkey = (await startProcess([portkeyMain, `--port=${portkeyPort}`, '--headless'], /(Ready for connections|running at)/i)).child;
    } catch (err) {
      ctx.log(`portkey did not start: ${(err as Error).message}`);
    }

    const direct: Target = {
      name: 'direct',
      label: 'fake OpenAI (direct)',
      url: fakeOrigin,
      headers: { authorization: 'Bearer fake-openai-key' },
      body: upstreamBody(BODY),
      streamBody: upstreamBody(STREAM_BODY),
      pid: fake.child.pid,
    };
    const latchkey: Target = {
      name: 'latchkey',
      label: 'latchkey',
      url: gwUrl,
      headers: { authorization: `Bearer ${key}` },
      body: BODY,
      streamBody: STREAM_BODY,
      pid: gateway.child.pid,
    };
    const peer: Target | undefined = portkey
      ? {
          name: 'portkey',
          label: 'portkey',
          url: `http://127.0.0.1:${portkeyPort}`,
          headers: { authorization: 'Bearer fake-openai-key', 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${fakeOrigin}/v1` },
          body: upstreamBody(BODY),
          streamBody: upstreamBody(STREAM_BODY),
          pid: portkey.pid,
        }
      : undefined;
    const baseline: Target | undefined = baselineGw
      ? {
          name: 'baseline',
          label: `latchkey (baseline: ${process.env.BENCH_BASELINE_SRC})`,
          url: baselineGw.match[1]!,
          headers: { authorization: `Bearer ${baselineGw.match[2]}` },
          body: BODY,
          streamBody: STREAM_BODY,
          pid: baselineGw.child.pid,
        }
      : undefined;
    const gateways = [latchkey, ...(baseline ? [baseline] : [])];
    const all = [direct, ...gateways, ...(peer ? [peer] : [])];
    const streamTargets = [direct, ...gateways];

    const rows: BenchRow[] = [];
    const ratios: string[] = [];
    const results = new Map<string, Sample[]>();
    const keep = (k: string, s: Sample) => results.set(k, [...(results.get(k) ?? []), s]);
    const ownTimes = new Map<string, Array<{ p50Ms: number; p99Ms: number }>>();
    const paced = async (key: string, t: Target, body: string, pick: 'latency' | 'ttfb'): Promise<Array<[string, Measurement]>> => {
      const r = await load(`${t.url}/v1/chat/completions`, t.headers, body, PACED_CONNECTIONS, windowS, rate);
      ownTimes.set(`${key}:${t.name}`, [...(ownTimes.get(`${key}:${t.name}`) ?? []), r.own]);
      return [[key, r[pick]]];
    };

    /** Runs `one` for every target, `rounds` times, alternating the order. */
    const interleaved = async (targets: Target[], what: string, one: (t: Target) => Promise<Array<[string, Measurement]>>) => {
      for (let r = 0; r < rounds; r++) {
        for (const t of r % 2 ? [...targets].reverse() : targets) {
          ctx.log(`${what} ${t.name} (round ${r + 1}/${rounds})`);
          const c0 = cpuMs(t.pid);
          const out = await one(t);
          const c1 = cpuMs(t.pid);
          for (const [k, m] of out) {
            const n = Math.max(1, m.total);
            keep(`${k}:${t.name}`, { m, cpuUsPerReq: ((c1.cpu - c0.cpu) * 1000) / n, waitUsPerReq: ((c1.wait - c0.wait) * 1000) / n });
          }
        }
      }
    };
    const row = (scenario: string, key: string, t: Target, c: number) => {
      const samples = results.get(`${key}:${t.name}`) ?? [];
      const m = combine(samples.map((s) => s.m));
      const cpu = median(samples.map((s) => s.cpuUsPerReq));
      const wait = median(samples.map((s) => s.waitUsPerReq));
      const own = ownTimes.get(`${key}:${t.name}`) ?? [];
      const extra: Record<string, string | number> = Number.isFinite(cpu) ? { 'CPU µs/req': Math.round(cpu), 'run-queue wait µs/req': Math.round(wait) } : {};
      const ownP50 = median(own.map((o) => o.p50Ms));
      if (Number.isFinite(ownP50)) extra['own time p50/p99 ms'] = `${ownP50.toFixed(3)} / ${median(own.map((o) => o.p99Ms)).toFixed(3)}`;
      rows.push(toRow(scenario, t.label, c, m, extra));
      return m;
    };
    /** Median over rounds of (through − direct) for p50 and p99. */
    const overhead = (key: string, t: Target) => {
      const d = results.get(`${key}:direct`) ?? [];
      const x = results.get(`${key}:${t.name}`) ?? [];
      const n = Math.min(d.length, x.length);
      const idx = Array.from({ length: n }, (_, i) => i);
      return { p50: median(idx.map((i) => x[i]!.m.p50Ms - d[i]!.m.p50Ms)), p99: median(idx.map((i) => x[i]!.m.p99Ms - d[i]!.m.p99Ms)) };
    };

    for (const c of CONNECTIONS) {
      await interleaved(all, `closed loop @${c}`, async (t) => [
        [
          `sat@${c}`,
          await measure({
            url: t.url,
            path: '/v1/chat/completions',
            method: 'POST',
            headers: { 'content-type': 'application/json', ...t.headers },
            body: t.body,
            connections: c,
            duration: windowS,
          }),
        ],
      ]);
      for (const t of all) row('POST /v1/chat/completions, closed loop', `sat@${c}`, t, c);
      await interleaved(streamTargets, `stream closed loop @${c}`, async (t) => [
        [`ttfb@${c}`, (await load(`${t.url}/v1/chat/completions`, t.headers, t.streamBody, c, windowS)).ttfb],
      ]);
      for (const t of streamTargets) row('stream TTFB, closed loop', `ttfb@${c}`, t, c);
    }
    const pc = PACED_CONNECTIONS;
    await interleaved(all, `paced ${rate} req/s @${pc}`, (t) => paced('paced', t, t.body, 'latency'));
    for (const t of all) row(`POST /v1/chat/completions, paced ${rate} req/s`, 'paced', t, pc);
    await interleaved(streamTargets, `stream paced ${rate} req/s @${pc}`, (t) => paced('ttfb-paced', t, t.streamBody, 'ttfb'));
    for (const t of streamTargets) row(`stream TTFB, paced ${rate} req/s`, 'ttfb-paced', t, pc);

    const sat = (name: string, c: number) => combine((results.get(`sat@${c}:${name}`) ?? []).map((s) => s.m));
    for (const c of CONNECTIONS) {
      for (const g of gateways) {
        const o = overhead(`sat@${c}`, g);
        const s = overhead(`ttfb@${c}`, g);
        ratios.push(`closed loop @${c}: ${g.name} − direct p50 ${fmt(o.p50)} ms, p99 ${fmt(o.p99)} ms; stream TTFB p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms`);
      }
      if (baseline) ratios.push(`throughput @${c}: latchkey/baseline ${ratio(sat('latchkey', c).requestsPerSec, sat('baseline', c).requestsPerSec)}`);
      if (peer) {
        const p = overhead(`sat@${c}`, peer);
        ratios.push(
          `throughput @${c}: latchkey/portkey ${ratio(sat('latchkey', c).requestsPerSec, sat('portkey', c).requestsPerSec)}; portkey − direct p50 ${fmt(p.p50)} ms, p99 ${fmt(p.p99)} ms`,
        );
      }
    }
    const ps = overhead('ttfb-paced', latchkey);
    for (const g of gateways) {
      const o = overhead('paced', g);
      const s = overhead('ttfb-paced', g);
      ratios.push(
        `paced ${rate} req/s @${pc}: ${g.name} − direct p50 ${fmt(o.p50)} ms, p99 ${fmt(o.p99)} ms; stream TTFB p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms`,
      );
    }
    if (peer) {
      const pp = overhead('paced', peer);
      ratios.push(`paced ${rate} req/s @${pc}: portkey − direct p50 ${fmt(pp.p50)} ms, p99 ${fmt(pp.p99)} ms`);
    }

    const met = (ok: boolean) => (ok ? 'met' : 'not met');
    const l16 = sat('latchkey', 16);
    const p16 = peer ? sat('portkey', 16) : undefined;
    const loadAfter = os.loadavg()[0]!;
    /** The per-call goals, each checked against this run's own figures. */
    const targetsLine = () => {
      const own = ownTimes.get('paced:latchkey') ?? [];
      const ownP50 = median(own.map((o) => o.p50Ms));
      const ownP99 = median(own.map((o) => o.p99Ms));
      const cpuAbove =
        median((results.get('sat@16:latchkey') ?? []).map((s) => s.cpuUsPerReq)) - median((results.get('sat@16:direct') ?? []).map((s) => s.cpuUsPerReq));
      const times = p16 ? l16.requestsPerSec / p16.requestsPerSec : Number.NaN;
      return [
        `Targets: own time at paced ${rate} req/s p50 ≤ 0.4 ms (${fmt(ownP50)}: ${met(ownP50 <= 0.4)}) and p99 ≤ 1.5 ms (${fmt(ownP99)}: ${met(ownP99 <= 1.5)});`,
        `CPU per request ≤ 200 µs above the direct call at 16 connections (${Math.round(cpuAbove)} µs: ${met(cpuAbove <= 200)});`,
        `throughput ≥ 3.5× Portkey at 16 connections (${p16 ? `${times.toFixed(1)}×: ${met(times >= 3.5)}` : 'peer not run'});`,
        `stream time-to-first-byte added at paced ${rate} req/s p50 ≤ 0.5 ms (${fmt(ps.p50)}: ${met(ps.p50 <= 0.5)}).`,
      ].join(' ');
    };
    const notes = [
      targetsLine(),
      `Method: the fake, the gateway and Portkey each run in a process of their own; this process only generates load (worker threads: autocannon for the closed-loop non-streaming rows, node:http for the others). ${rounds} interleaved rounds of ${windowS} s per row (plus 1 s warm-up each); figures are medians over the rounds, overheads medians of per-round differences.`,
      `Closed loop at 16 connections saturates the machine (${os.cpus().length} cores shared by the load generator, the fake, the gateway, Redis and PostgreSQL): latency there is queueing behind whichever process is busiest, so its "overhead" reflects CPU per request (column CPU µs/req), not time added to one call. Run-queue wait is time the server was ready to run but other processes held the CPUs. The paced rows send the same ${rate} req/s to every target, under their capacity: that difference is the latency the hop adds. Own time: the gateway's \`x-latchkey-overhead-ms\` (its time minus the time waiting for the provider), as reported on the paced calls.`,
      `The gateway path per call: key from the in-memory cache, one Redis script for both limits (${limiterMode === 'redis' ? 'Redis' : 'in-process'}; the token charge rides along with the next admission), native pass-through to the fake over a keep-alive undici pool, usage appended to the local spool and batched after the response, inserted from the same process.`,
      `Load average (1 min) ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after: other work on the machine shifts absolute numbers between runs; compare rows of one run.`,
    ];
    return { rows, ratios, notes };
  } finally {
    await Promise.all([stop(gateway?.child), stop(baselineGw?.child), stop(portkey)]);
    await stop(fake.child);
  }
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isMain) {
  const table = await run({
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    duration: Number(process.env.BENCH_DURATION ?? 5),
    log: (m) => process.stderr.write(`${m}\n`),
  });
  process.stdout.write(formatTable(table, title));
  process.exit(0);
}
