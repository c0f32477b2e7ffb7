import pg from 'pg';
import type { Logger } from './logger.js';
import { DependencyMonitor } from './dependency.js';

/**
 * Time-outs of every PostgreSQL pool, in milliseconds: a connection attempt
 * gives up after `connectMs` (`setPgConnectTimeout`, from a service's `PG_CONNECT_TIMEOUT_MS`, overrides it). A
 * server that is down refuses at once, so its callers get 503 within
 * milliseconds; only an unreachable host (packets dropped) takes the whole
 * `connectMs`. It is not lower because on a busy host a new backend can take
 * over a second to start, and a time-out there would refuse healthy calls.
 * Then a request waits at most
 * `poolWaitMs` for a free connection of a busy pool, the server cancels a
 * statement after `statementMs`, and the client gives up on an answer after
 * `queryMs` (a stalled server or network).
 */
export const PG_TIMEOUTS = { connectMs: 2000, poolWaitMs: 10_000, statementMs: 10_000, queryMs: 12_000, idleInTransactionMs: 30_000 } as const;

let defaultConnectMs: number = PG_TIMEOUTS.connectMs;

/**
 * Sets the connection time-out of the pools created from now on in this
 * process, unless a pool is given its own (`connectTimeoutMs`). A service's
 * `run.ts` calls it with its `PG_CONNECT_TIMEOUT_MS` (config.ts); `undefined`
 * restores `PG_TIMEOUTS.connectMs`.
 * @throws RangeError for a value that is not a positive integer.
 */
export function setPgConnectTimeout(ms: number | undefined): void {
  if (ms !== undefined && !(Number.isInteger(ms) && ms > 0)) throw new RangeError(`connection time-out must be a positive integer of milliseconds, not ${ms}`);
  defaultConnectMs = ms ?? PG_TIMEOUTS.connectMs;
}

export interface PgPoolOptions {
  /** Connections (default 10). */
  max?: number;
  /** Outage reports (one warning per outage); created on `logger` when absent. */
  monitor?: DependencyMonitor;
  logger?: Logger;
  /** Overrides of `PG_TIMEOUTS`. */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  queryTimeoutMs?: number;
  /** Server settings of every connection, e.g. `-c synchronous_commit=off`. */
  options?: string;
}

/**
 * A `pg` pool on `connectionString` with connection and statement time-outs,
 * whose outages are reported to a `DependencyMonitor` (the pool's `error`
 * event of idle connections, failed connection attempts) and whose recovery
 * is reported on the next successful connection. Hand it to Prisma with
 * `new PrismaPg(pool, { disposeExternalPool: true })`.
 */
export function createPgPool(connectionString: string, opts: PgPoolOptions = {}): pg.Pool {
  const monitor = opts.monitor ?? new DependencyMonitor('postgres', opts.logger);
  const connectMs = opts.connectTimeoutMs ?? defaultConnectMs;
  // The pool's `connectionTimeoutMillis` also bounds the wait for a free connection, which
  // under a burst can rightly exceed a second: the short limit goes on the client's own connect.
  class Client extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  }
  const pool = new pg.Pool({
    Client,
    connectionString,
    max: opts.max ?? 10,
    connectionTimeoutMillis: PG_TIMEOUTS.poolWaitMs,
    statement_timeout: opts.statementTimeoutMs ?? PG_TIMEOUTS.statementMs,
    query_timeout: opts.queryTimeoutMs ?? PG_TIMEOUTS.queryMs,
    idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
    ...(opts.options ? { options: opts.options } : {}),
  });
  // An idle connection that the server closes emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', (err) => monitor.failed(err));
  pool.on('connect', () => monitor.recovered());
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as unknown as { connect: unknown }).connect = (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    if (cb) {
      return (connect as unknown as (c: typeof cb) => void)((err, client, done) => {
        if (err) monitor.failed(err);
        cb(err, client, done);
      });
    }
    return connect().catch((err: unknown) => {
      monitor.failed(err);
      throw err;
    });
  };
  return pool;
}
