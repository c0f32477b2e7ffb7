import pg from 'pg';

/**
 * The two pg pools of the service on one database:
 * - `pool`: ordinary durable commits (credit ledger, API keys);
 * - `relaxed`: connections with `synchronous_commit = off`, for session turns
 *   and the request log, whose last fraction of a second may be lost in a
 *   server crash (PostgreSQL still never leaves them half-written).
 */
export function createPools(connectionString: string, max = 10): { pool: pg.Pool; relaxed: pg.Pool } {
  return {
    pool: new pg.Pool({ connectionString, max }),
    relaxed: new pg.Pool({ connectionString, max: Math.max(2, Math.ceil(max / 2)), options: '-c synchronous_commit=off' }),
  };
}
