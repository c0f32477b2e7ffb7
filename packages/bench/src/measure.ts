/**
 * Shared helpers of the `pnpm bench` suites: one load measurement over
 * autocannon, a loopback server for an app, and the markdown table.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { BenchRow, BenchTable } from './types.js';

const require = createRequire(import.meta.url);

export interface MeasureOptions {
  /** Base URL of the target, e.g. `http://127.0.0.1:4101`. */
  url: string;
  /** Path (and query) requested; default `/`. */
  path?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /**
   * One body per request, in order (e.g. each carrying a fresh single-use
   * token): the measurement makes exactly `bodies.length` requests, with no
   * warm-up, and ignores `duration` and `body`.
   */
  bodies?: string[];
  /** Concurrent connections (keep-alive). */
  connections: number;
  /** Seconds of measurement (ignored with `bodies`). */
  duration?: number;
  /** Seconds of unmeasured load first, so the JIT and pools are warm (default 1; 0 for none). */
  warmupSeconds?: number;
  /** Per-request timeout in seconds (default 10). */
  timeout?: number;
}

export interface Measurement {
  /** Completed responses per second (all statuses). */
  requestsPerSec: number;
  /** Latency percentiles of the 2xx responses, in milliseconds (sub-millisecond resolution). */
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses with a status outside 200-299. */
  non2xx: number;
  /** Responses received. */
  total: number;
  /** Seconds the measurement took. */
  seconds: number;
}

/** The `q`-quantile (0..1) of an ascending array, nearest-rank. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

interface WorkerJob {
  autocannon: string;
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
  bodies?: string[];
  connections: number;
  duration: number;
  timeout: number;
  record: boolean;
}

interface WorkerResult {
  latencies: Float64Array;
  total: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

// The load generator runs in a worker thread (plain CommonJS, so it needs no
// TypeScript loader): on its own core it does not steal the event loop of the
// server under test, which runs in the suite's main thread.
const WORKER_SOURCE = `
const { parentPort, workerData: job } = require('node:worker_threads');
const autocannon = require(job.autocannon);
const latencies = [];
let total = 0, non2xx = 0, next = 0, last = 0n;
const opts = {
  url: job.url, method: job.method, headers: job.headers, body: job.body,
  connections: job.connections, timeout: job.timeout,
};
if (job.bodies) {
  opts.amount = job.bodies.length;
  opts.requests = [{ method: job.method, headers: job.headers, setupRequest: (req) => ({ ...req, body: job.bodies[next++ % job.bodies.length] }) }];
} else opts.duration = job.duration;
const started = process.hrtime.bigint();
const instance = autocannon(opts, (err, result) => {
  if (err) throw err;
  // Up to the last response: autocannon itself only notices the end on its next 1-second tick.
  const seconds = Number((last || process.hrtime.bigint()) - started) / 1e9;
  const arr = Float64Array.from(latencies);
  parentPort.postMessage({ latencies: arr, total, non2xx, errors: result.errors, seconds }, [arr.buffer]);
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  total += 1;
  last = process.hrtime.bigint();
  if (statusCode >= 200 && statusCode < 300) { if (job.record) latencies.push(responseTime); }
  else non2xx += 1;
});
`;

function runInWorker(job: WorkerJob): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: job });
    let result: WorkerResult | undefined;
    worker.once('message', (m: WorkerResult) => (result = m));
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load generator exited with code ${code}`))));
  });
}

async function runOnce(opts: MeasureOptions, record: boolean, duration: number): Promise<Measurement> {
  const r = await runInWorker({
    autocannon: require.resolve('autocannon'),
    url: new URL(opts.path ?? '/', opts.url).toString(),
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.bodies ? undefined : opts.body,
    bodies: opts.bodies,
    connections: opts.connections,
    duration,
    timeout: opts.timeout ?? 10,
    record,
  });
  const sorted = r.latencies.sort();
  return {
    requestsPerSec: r.total / r.seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    errors: r.errors,
    non2xx: r.non2xx,
    total: r.total,
    seconds: r.seconds,
  };
}

/**
 * Puts load on one endpoint with autocannon (in a worker thread) and measures
 * throughput and latency. Latencies are kept per request (autocannon's own
 * histogram has whole milliseconds only), so p50/p99 have sub-millisecond
 * resolution. Latency is that of 2xx responses; `non2xx` counts the others.
 */
export async function measure(opts: MeasureOptions): Promise<Measurement> {
  const warmup = opts.warmupSeconds ?? 1;
  if (warmup > 0 && !opts.bodies) await runOnce(opts, false, warmup);
  return runOnce(opts, true, opts.duration ?? 10);
}

/** A row of a `BenchTable` from a measurement (errors and non-2xx go to `extra` when any). */
export function toRow(scenario: string, target: string, connections: number, m: Measurement, extra: Record<string, string | number> = {}): BenchRow {
  const more: Record<string, string | number> = { ...extra };
  if (m.errors) more.errors = m.errors;
  if (m.non2xx) more.non2xx = m.non2xx;
  return {
    scenario,
    target,
    connections,
    requestsPerSec: m.requestsPerSec,
    p50Ms: m.p50Ms,
    p99Ms: m.p99Ms,
    ...(Object.keys(more).length ? { extra: more } : {}),
  };
}

/** `a / b` as `3.4×` (or `n/a`). */
export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return 'n/a';
  const r = a / b;
  return `${r >= 10 ? r.toFixed(0) : r.toFixed(r >= 1 ? 1 : 2)}×`;
}

export interface ServedApp {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/** Serves a request listener (an Express app from `createApp`) on 127.0.0.1 at an ephemeral port. */
export async function serveApp(app: RequestListener | ((req: never, res: never) => void)): Promise<ServedApp> {
  const server = createServer(app as RequestListener);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function fmt(n: number, digits: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/**
 * The markdown of a table: one line per row (req/s, p50, p99 and the
 * `extra` columns of any row), then the ratios and notes as lists.
 */
export function formatTable(table: BenchTable, title?: string): string {
  const extraKeys = [...new Set(table.rows.flatMap((r) => Object.keys(r.extra ?? {})))];
  const header = ['scenario', 'target', 'connections', 'req/s', 'p50 ms', 'p99 ms', ...extraKeys];
  const lines: string[] = [];
  if (title) lines.push(`### ${title}`, '');
  lines.push(`| ${header.join(' | ')} |`, `|${header.map((h, i) => (i < 2 ? '---' : '---:')).join('|')}|`);
  for (const r of table.rows) {
    const cells = [
      r.scenario,
      r.target,
      String(r.connections),
      fmt(r.requestsPerSec, 0),
      fmt(r.p50Ms, 2),
      fmt(r.p99Ms, 2),
      ...extraKeys.map((k) => String(r.extra?.[k] ?? '')),
    ];
    lines.push(`| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`);
  }
  if (table.ratios?.length) lines.push('', ...table.ratios.map((r) => `- ${r}`));
  if (table.notes?.length) lines.push('', ...table.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}
