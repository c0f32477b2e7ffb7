import pg from 'pg';

/**
 * The two pg pools of the service on one database:
 * - `pool`: ordinary durable commits (credit ledger, API keys);
 * - `relaxed`: connections with `synchronous_commit = off`, for session turns
 *   and the request log, whose last fraction of a second may be lost in a
 *   server crash (PostgreSQL still never leaves them half-written).
 */
export function createPools(
  connectionString: string,
  max = 10,
  onError: (err: Error) => void = () => {},
): { pool: pg.Pool; relaxed: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  const relaxed = new pg.Pool({ connectionString, max: Math.max(2, Math.ceil(max / 2)), options: '-c synchronous_commit=off' });
  // An idle connection closed by the server (restart, failover, a dropped
  // database) is an 'error' event on the pool; unhandled, it would end the process.
  // The pool replaces the connection on the next query.
  pool.on('error', onError);
  relaxed.on('error', onError);
  return { pool, relaxed };
}
