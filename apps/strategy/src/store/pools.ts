import type pg from 'pg';
import { createPgPool, type DependencyMonitor } from '@latchkey/service-kit';

/**
 * The two pg pools of the service on one database:
 * - `pool`: ordinary durable commits (credit ledger, API keys);
 * - `relaxed`: connections with `synchronous_commit = off`, for session turns
 *   and the request log, whose last fraction of a second may be lost in a
 *   server crash (PostgreSQL still never leaves them half-written).
 * Both have service-kit's connection and statement time-outs; idle
 * connections closed by the server and failed connects are reported to
 * `monitor` (one warning per outage) and replaced on the next query.
 */
export function createPools(connectionString: string, max = 10, monitor?: DependencyMonitor): { pool: pg.Pool; relaxed: pg.Pool } {
  const pool = createPgPool(connectionString, { max, monitor });
  const relaxed = createPgPool(connectionString, { max: Math.max(2, Math.ceil(max / 2)), options: '-c synchronous_commit=off', monitor });
  return { pool, relaxed };
}
