import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { gatewayCalls, gatewayTokens } from '@latchkey/service-kit';
import type { Db } from '../store/db.js';
import { insertUsageRows, type UsageRow } from '../store/usage-insert.js';
import { UsageSpool, type SpoolSegment } from '../store/usage-spool.js';

/** Usage metadata of one call. No prompt, no completion: there is no field for them. */
export interface UsageEvent {
  requestId: string;
  solutionId: string;
  keyId: string;
  /** The id the client sent (`openai/gpt-4o-mini`). */
  model: string;
  /** The provider's own model name (reported by the provider, else the name sent to it). */
  providerModel?: string;
  provider: string;
  route: string;
  /** `call` (default), `count_tokens` (not billed) or `embeddings`. */
  kind?: 'call' | 'count_tokens' | 'embeddings';
  stream: boolean;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  status: number;
  latencyMs: number;
  at: number;
}

/** Most rows written by one insert when a backlog is drained. */
const MAX_ROWS_PER_INSERT = 2000;
/** Longest pause between two attempts while the database is unreachable, ms. */
const MAX_RETRY_MS = 1000;

/** A batch waiting for the database, with the spool file(s) holding it. */
interface Pending {
  rows: UsageRow[];
  segments: SpoolSegment[];
}

export interface UsageSinkOptions {
  logger?: Logger;
  /** Longest a record waits in memory before its batch is handed on, ms (default 100). */
  flushMs?: number;
  /** Records that hand a batch on at once (default 200). */
  batch?: number;
  /**
   * Directory of the local spool (store/usage-spool.ts). With it, while the
   * spool is writable, every record is on disk when `record` returns, and
   * what the database has not taken yet — an outage, a shutdown, a crash — is
   * written at the next start. Without it, or once it failed (a full disk:
   * logged at error level), records wait in memory only (lost if the process dies).
   */
  spoolDir?: string;
  /** How a batch is stored (default: one `insertUsageRows` statement). */
  insert?: (rows: UsageRow[]) => Promise<unknown>;
}

/**
 * Records usage off the request path. Each record is appended to the local
 * spool at once (when configured) and batched in memory for at most
 * `flushMs`; the batch is then inserted with one statement. A failed insert
 * (the database is down) keeps the batch, in order, and is retried every
 * ≤ 1 s until it succeeds; a backlog is written in inserts of up to 2,000
 * rows. Rows carry their own ids and the insert skips ids already stored,
 * so nothing is ever counted twice. Redis is not involved: a Redis restart
 * cannot lose a record.
 *
 * Loss bounds: with a writable spool, 0 records on `kill -9`, SIGTERM or any
 * outage of PostgreSQL or Redis; ≤ `flushMs` of records on a power loss. Without a
 * spool, a SIGTERM waits up to 5 s for the database, and a crash loses what
 * the database had not taken.
 */
export class UsageSink {
  private buffer: UsageRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly spool: UsageSpool | undefined;
  private spoolFailed = false;
  private pending: Pending[] = [];
  private sealing: Promise<void> = Promise.resolve();
  /** Spool files of stored batches being deleted. */
  private removing: Promise<void> = Promise.resolve();
  private writing: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private closed = false;
  private late = 0;
  /** Rows replayed from the spool at start. */
  readonly replayed: number = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: UsageSinkOptions = {},
  ) {
    if (opts.spoolDir) {
      this.spool = new UsageSpool(opts.spoolDir);
      const { segments, skippedLines } = this.spool.leftovers();
      if (skippedLines) opts.logger?.warn({ skippedLines }, 'usage spool: unreadable lines skipped');
      for (const seg of segments) this.pending.push({ rows: seg.rows, segments: [seg] });
      this.replayed = segments.reduce((n, s) => n + s.rows.length, 0);
      if (this.replayed) {
        opts.logger?.info({ rows: this.replayed }, 'usage spool: writing the records left by the last run');
        this.drain();
      }
    }
  }

  record(e: UsageEvent): void {
    // Prometheus (`/metrics`): calls and tokens by solution, model and provider.
    gatewayCalls.inc({ solution: e.solutionId, model: e.model, provider: e.provider, status: String(e.status) });
    if (e.inputTokens > 0) gatewayTokens.inc({ solution: e.solutionId, model: e.model, provider: e.provider, kind: 'input' }, e.inputTokens);
    if (e.outputTokens > 0) gatewayTokens.inc({ solution: e.solutionId, model: e.model, provider: e.provider, kind: 'output' }, e.outputTokens);
    if (e.cachedTokens > 0) gatewayTokens.inc({ solution: e.solutionId, model: e.model, provider: e.provider, kind: 'cached' }, e.cachedTokens);
    // Spelled out (no rest/spread): this runs once per call on the request path.
    const row: UsageRow = {
      id: randomUUID(),
      requestId: e.requestId,
      solutionId: e.solutionId,
      keyId: e.keyId,
      model: e.model,
      providerModel: e.providerModel ?? '',
      provider: e.provider,
      route: e.route,
      kind: e.kind ?? 'call',
      stream: e.stream,
      inputTokens: e.inputTokens,
      outputTokens: e.outputTokens,
      cachedTokens: e.cachedTokens,
      status: e.status,
      latencyMs: e.latencyMs,
      createdAt: new Date(e.at).toISOString(),
    };
    if (this.closed) {
      // A call that ended after shutdown wrote the last batch: its record is still spooled (when the spool is writable) and
      // handed to the database if it is still reachable; else its segment waits in the spool for the next start. Said once.
      this.late++;
      if (this.late === 1)
        this.opts.logger?.warn(
          { requestId: e.requestId, spooled: !!this.spool && !this.spoolFailed },
          'usage recorded after the usage sink closed (further ones are counted, not logged)',
        );
    }
    if (this.spool && !this.spoolFailed) {
      try {
        this.spool.append(row);
      } catch (err) {
        // A full or read-only disk: keep serving, in memory only, and say so once.
        this.spoolFailed = true;
        this.opts.logger?.error({ err: (err as Error).message }, 'usage spool unwritable: records are kept in memory only');
      }
    }
    this.buffer.push(row);
    if (this.buffer.length >= (this.opts.batch ?? 200)) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.opts.flushMs ?? 100);
      this.timer.unref();
    }
  }

  /** Hands the buffered records on to the database (sealing their spool segment first). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.buffer.length) return;
    const rows = this.buffer;
    this.buffer = [];
    // The segment is closed to appends now (`take`), with exactly this batch's rows: `record` appends a row and buffers
    // it in one synchronous step, and here the buffer and the segment are taken in one. A record made while the sync
    // below runs goes to the next segment, so deleting this one once the batch is stored never deletes a row the
    // database does not have yet. Nothing else may take a segment.
    const spool = this.spool;
    const taken = spool && !this.spoolFailed ? spool.take() : null;
    // Synced one at a time and handed on in order, so the database receives the batches in order.
    this.sealing = this.sealing.then(async () => {
      let segments: SpoolSegment[] = [];
      if (taken) {
        try {
          segments = [await spool!.sync(taken)];
        } catch (err) {
          // Not synced: the file is not deleted with its batch; it is written again (ids skip duplicates) at the next start.
          this.opts.logger?.warn({ err: (err as Error).message }, 'usage spool: sync failed');
        }
      }
      this.pending.push({ rows, segments });
      this.drain();
    });
  }

  /** Records that arrived after `close()` (see `record`). */
  get lateRecords(): number {
    return this.late;
  }

  /** Rows not yet in the database (buffered, or waiting for it). */
  backlog(): number {
    return this.buffer.length + this.pending.reduce((n, p) => n + p.rows.length, 0);
  }

  private drain(): void {
    if (this.writing || this.retryTimer || !this.pending.length) return;
    const taken: Pending[] = [];
    let n = 0;
    while (this.pending.length && (taken.length === 0 || n + this.pending[0]!.rows.length <= MAX_ROWS_PER_INSERT)) {
      const p = this.pending.shift()!;
      taken.push(p);
      n += p.rows.length;
    }
    const rows = taken.length === 1 ? taken[0]!.rows : taken.flatMap((p) => p.rows);
    this.writing = this.write(rows).then(
      () => {
        this.writing = undefined;
        if (this.attempt > 0) this.opts.logger?.info({ rows: this.backlog() + rows.length }, 'usage records are written again');
        this.attempt = 0;
        const spool = this.spool;
        if (spool) {
          const segments = taken.flatMap((p) => p.segments);
          this.removing = this.removing
            .then(() => spool.remove(segments))
            .catch((err: Error) => this.opts.logger?.warn({ err: err.message }, 'usage spool: a stored segment could not be deleted'));
        }
        this.drain();
      },
      (err) => {
        this.writing = undefined;
        this.pending.unshift(...taken);
        if (this.attempt === 0)
          this.opts.logger?.warn({ err: (err as Error).message, spooled: !!this.spool }, 'usage write failed; retrying until the database is back');
        this.attempt++;
        if (this.closed) return;
        this.retryTimer = setTimeout(
          () => {
            this.retryTimer = undefined;
            this.drain();
          },
          Math.min(MAX_RETRY_MS, 100 * 2 ** Math.min(this.attempt, 10)),
        );
        this.retryTimer.unref();
      },
    );
  }

  private async write(rows: UsageRow[]): Promise<void> {
    await (this.opts.insert ? this.opts.insert(rows) : insertUsageRows(this.db, rows));
  }

  /**
   * Flushes and waits until every recorded event is in the database (tests, shutdown).
   * @throws Error when records are still waiting after `timeoutMs`.
   */
  async settle(timeoutMs = 10_000): Promise<void> {
    this.flush();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.sealing;
      await this.writing;
      await this.removing;
      if (!this.pending.length && !this.buffer.length && !this.writing) return;
      if (Date.now() > deadline) throw new Error(`${this.backlog()} usage records are still waiting for the database`);
      if (!this.retryTimer) this.drain();
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Graceful shutdown: seals the last batch to the spool and waits up to 5 s
   * for the database; with a spool, what is still waiting then is written at
   * the next start, without one it is lost and counted in the log.
   */
  async close(): Promise<void> {
    try {
      await this.settle(5_000);
    } catch (err) {
      if (this.spool && !this.spoolFailed) this.opts.logger?.warn({ rows: this.backlog() }, 'usage records kept in the spool for the next start');
      else this.opts.logger?.error({ err: (err as Error).message }, 'usage records lost at shutdown');
    }
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await this.writing;
    await this.removing;
    this.spool?.close();
  }
}
