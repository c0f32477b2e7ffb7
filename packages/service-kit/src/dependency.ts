import type { Logger } from './logger.js';

/**
 * The health of one dependency (PostgreSQL, Redis) as seen by one service
 * process, shared by every connection to it, so that an outage is logged
 * once: one warning when the first connection fails (with the error's
 * message, no stack) and one info line when a connection works again (with
 * the outage's length). Connections report through `failed` and `recovered`;
 * repeated reports in the same state are ignored.
 */
export class DependencyMonitor {
  private downSince: number | undefined;

  constructor(
    /** Name in the log lines, e.g. `redis`, `postgres`. */
    readonly name: string,
    private readonly logger: Logger | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** True between a failure and the next recovery. */
  get down(): boolean {
    return this.downSince !== undefined;
  }

  /** A connection failed: logs one warning if the dependency was up. */
  failed(err: unknown): void {
    if (this.downSince !== undefined) return;
    this.downSince = this.now();
    const reason = describe(err);
    this.logger?.warn({ dependency: this.name, reason }, `${this.name} unavailable: requests that need it answer 503 until it returns`);
  }

  /** A connection works: logs one line if the dependency was down. */
  recovered(): void {
    if (this.downSince === undefined) return;
    const downMs = this.now() - this.downSince;
    this.downSince = undefined;
    this.logger?.info({ dependency: this.name, downMs }, `${this.name} available again after ${downMs} ms`);
  }
}

function describe(err: unknown): string {
  if (err && typeof err === 'object') {
    const e = err as { code?: unknown; message?: unknown };
    const msg = typeof e.message === 'string' && e.message ? e.message : String(err);
    return typeof e.code === 'string' && !msg.includes(e.code) ? `${e.code}: ${msg}` : msg;
  }
  return String(err);
}
