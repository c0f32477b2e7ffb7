import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '../store/db.js';
import { insertUsageRows, type UsageRow } from '../store/usage-insert.js';

/** Usage metadata of one call. No prompt, no completion: there is no field for them. */
export interface UsageEvent {
  requestId: string;
  solutionId: string;
  keyId: string;
  model: string;
  provider: string;
  route: string;
  stream: boolean;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  status: number;
  latencyMs: number;
  at: number;
}

const QUEUE = 'gateway-usage';

/**
 * Records usage off the request path: events are batched in memory for at
 * most `flushMs`, then enqueued as one BullMQ job (Redis) whose worker writes
 * them with one insert; a failed insert is retried with backoff (the rows
 * carry their own ids, so a retry never doubles them). Without Redis the
 * batch is written directly, and kept and retried when the write fails.
 */
export class UsageSink {
  private buffer: UsageRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private queue: Queue | undefined;
  private worker: Worker | undefined;
  private conns: Redis[] = [];
  private pendingDirect: UsageRow[][] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private inflight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      redisUrl?: string;
      prefix?: string;
      logger?: Logger;
      flushMs?: number;
      batch?: number;
      runWorker?: boolean;
      /** How a batch is stored (default: one `insertUsageRows` statement). */
      insert?: (rows: UsageRow[]) => Promise<unknown>;
    },
  ) {
    if (opts.redisUrl) {
      const prefix = `${opts.prefix ?? 'latchkey:'}{${QUEUE}}`;
      const qc = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
      this.conns.push(qc);
      this.queue = new Queue(QUEUE, { connection: qc, prefix, defaultJobOptions: { attempts: 25, backoff: { type: 'exponential', delay: 500 }, removeOnComplete: true, removeOnFail: false } });
      this.queue.on('error', (err) => opts.logger?.warn({ err: err.message }, 'usage queue error'));
      if (opts.runWorker !== false) {
        const wc = new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
        this.conns.push(wc);
        this.worker = new Worker(QUEUE, async (job) => this.write(job.data.rows as UsageRow[]), { connection: wc, prefix, concurrency: 2 });
        this.worker.on('error', (err) => opts.logger?.warn({ err: err.message }, 'usage worker error'));
        this.worker.on('failed', (_job, err) => opts.logger?.warn({ err: err.message }, 'usage write failed; will retry'));
      }
    }
  }

  record(e: UsageEvent): void {
    // Spelled out (no rest/spread): this runs once per call on the request path.
    this.buffer.push({
      id: randomUUID(),
      requestId: e.requestId,
      solutionId: e.solutionId,
      keyId: e.keyId,
      model: e.model,
      provider: e.provider,
      route: e.route,
      stream: e.stream,
      inputTokens: e.inputTokens,
      outputTokens: e.outputTokens,
      cachedTokens: e.cachedTokens,
      status: e.status,
      latencyMs: e.latencyMs,
      createdAt: new Date(e.at).toISOString(),
    });
    if (this.buffer.length >= (this.opts.batch ?? 200)) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.opts.flushMs ?? 100);
      this.timer.unref();
    }
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p)).catch(() => {});
    return p;
  }

  /** Hands the buffered events on (to the queue, or to the database). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.buffer.length) return;
    const rows = this.buffer;
    this.buffer = [];
    if (this.queue) {
      this.track(
        this.queue.add('usage', { rows }).catch((err) => {
          // Redis refused the job: fall back to a direct write rather than lose it.
          this.opts.logger?.warn({ err: (err as Error).message }, 'usage queue unavailable; writing directly');
          this.pendingDirect.push(rows);
          this.drainDirect();
        }),
      );
    } else {
      this.pendingDirect.push(rows);
      this.drainDirect();
    }
  }

  private drainDirect(attempt = 0): void {
    if (this.retryTimer) return;
    const batch = this.pendingDirect.shift();
    if (!batch) return;
    this.track(
      this.write(batch).then(
        () => this.drainDirect(),
        (err) => {
          this.pendingDirect.unshift(batch);
          this.opts.logger?.warn({ err: (err as Error).message, attempt }, 'usage write failed; will retry');
          if (this.closed && attempt >= 3) return;
          this.retryTimer = setTimeout(() => {
            this.retryTimer = undefined;
            this.drainDirect(attempt + 1);
          }, Math.min(30_000, 200 * 2 ** attempt));
          this.retryTimer.unref();
        },
      ),
    );
  }

  private async write(rows: UsageRow[]): Promise<void> {
    await (this.opts.insert ? this.opts.insert(rows) : insertUsageRows(this.db, rows));
  }

  /** Flushes and waits until every recorded event is in the database (tests, shutdown). */
  async settle(timeoutMs = 10_000): Promise<void> {
    this.flush();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await Promise.allSettled([...this.inflight]);
      let busy = this.pendingDirect.length > 0 || this.retryTimer !== undefined;
      if (this.queue && this.worker) {
        const c = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        busy ||= Object.values(c).some((n) => n > 0);
      }
      if (!busy && !this.inflight.size) return;
      if (Date.now() > deadline) throw new Error('usage records are still pending');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    try {
      await this.settle(5_000);
    } catch (err) {
      this.opts.logger?.warn({ err: (err as Error).message }, 'closing with usage records pending in the queue');
    }
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.worker?.close();
    await this.queue?.close();
    for (const c of this.conns) await c.quit().catch(() => c.disconnect());
  }
}
