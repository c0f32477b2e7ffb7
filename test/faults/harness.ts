/**
 * The fault suite's pieces: a service as a child process (so that it can be
 * killed with SIGKILL and started again on the same port and state), and a
 * steady, bounded load that records every answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@latchkey/testing';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A service run as `node --import tsx --conditions=source <entry>`, as `pnpm start` runs it from source. */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private readonly log: WriteStream;
  private output = '';

  constructor(
    readonly name: string,
    private readonly entry: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    const c = this.child;
    return c !== undefined && c.exitCode === null && c.signalCode === null;
  }

  /** Starts the process and resolves once `/healthz` answers 200 (60 s at most). */
  async start(): Promise<void> {
    if (this.running) return;
    this.output = '';
    const c = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', path.join(ROOT, this.entry)], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = c;
    const keep = (b: Buffer) => {
      this.log.write(b);
      this.output = (this.output + b.toString()).slice(-4000);
    };
    c.stdout?.on('data', keep);
    c.stderr?.on('data', keep);
    process.once('exit', () => c.kill('SIGKILL'));
    await waitFor(
      async () => {
        if (c.exitCode !== null) throw new Error(`${this.name} exited with code ${c.exitCode}: ${this.output}`);
        const r = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(1000) }).catch(() => undefined);
        return r?.status === 200;
      },
      60_000,
      `${this.name} to answer /healthz`,
    );
  }

  /** Stops the process: SIGTERM (graceful) or SIGKILL; resolves once it is gone. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    const c = this.child;
    if (!c || !this.running) return;
    const gone = new Promise<void>((resolve) => c.once('exit', () => resolve()));
    c.kill(signal);
    await gone;
  }

  /** The last few kB of the process's output (for failure messages). */
  tail(): string {
    return this.output;
  }

  close(): void {
    this.child?.kill('SIGKILL');
    this.log.end();
  }
}

export interface Sample {
  service: 'strategy' | 'gateway';
  /** The scenario running when the request was sent. */
  phase: string;
  /** ms since the load started, when sent and when the answer (or the failure) came. */
  sentAt: number;
  doneAt: number;
  /** HTTP status, or 0 for a failed connection (process down or killed). */
  status: number;
  retryAfter: string | null;
  /** `x-request-id` sent (gateway). */
  requestId: string;
  /** `metadata.creditsUsed` of a strategy answer. */
  creditsUsed: number;
  error?: string;
}

/** One target of the load. */
export interface LoadTarget {
  service: Sample['service'];
  workers: number;
  intervalMs: number;
  send: (requestId: string) => Promise<Response>;
}

/**
 * Bounded closed-loop load: `workers` loops per target, each sending one
 * request at a time and pacing itself to one request per `intervalMs`, until
 * `stop()`; at most `maxRequests` in all.
 */
export class Load {
  readonly samples: Sample[] = [];
  phase = 'baseline';
  private running = true;
  private readonly loops: Promise<void>[] = [];
  private readonly t0 = performance.now();
  private seq = 0;

  constructor(
    private readonly targets: LoadTarget[],
    private readonly maxRequests = 20_000,
  ) {
    for (const t of targets) for (let w = 0; w < t.workers; w++) this.loops.push(this.loop(t));
  }

  now(): number {
    return performance.now() - this.t0;
  }

  private async loop(t: LoadTarget): Promise<void> {
    while (this.running && this.seq < this.maxRequests) {
      const requestId = `fault-${process.pid}-${++this.seq}`;
      const sentAt = this.now();
      const phase = this.phase;
      const s: Sample = { service: t.service, phase, sentAt, doneAt: 0, status: 0, retryAfter: null, requestId, creditsUsed: 0 };
      try {
        const res = await t.send(requestId);
        s.status = res.status;
        s.retryAfter = res.headers.get('retry-after');
        const text = await res.text();
        if (t.service === 'strategy' && res.status === 200) s.creditsUsed = (JSON.parse(text) as { metadata: { creditsUsed: number } }).metadata.creditsUsed;
      } catch (err) {
        s.status = 0;
        s.error = String((err as Error & { cause?: Error }).cause?.message ?? (err as Error).message);
      }
      s.doneAt = this.now();
      this.samples.push(s);
      const wait = t.intervalMs - (s.doneAt - sentAt);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** Samples of `service` sent after `from` (ms on the load's clock). */
  since(service: Sample['service'], from: number): Sample[] {
    return this.samples.filter((s) => s.service === service && s.sentAt >= from);
  }

  /** Waits until `service` has `n` answers to requests sent after `from`. */
  async answered(service: Sample['service'], from: number, n: number, timeoutMs = 60_000): Promise<void> {
    await waitFor(() => this.since(service, from).length >= n, timeoutMs, `${n} answers of ${service}`);
  }

  /** Waits until `service` answers 200 to a request sent after `from`; returns when that answer came (load clock). */
  async recovered(service: Sample['service'], from: number, timeoutMs = 60_000): Promise<number> {
    let at = 0;
    await waitFor(
      () => {
        const ok = this.since(service, from).find((s) => s.status === 200);
        if (ok) at = ok.doneAt;
        return !!ok;
      },
      timeoutMs,
      `${service} to answer 200 again`,
    );
    return at;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}
