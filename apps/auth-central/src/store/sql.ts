/**
 * The queries of the hot paths (validate, refresh, exchange, CORS) as plain
 * SQL with positional parameters, run either through a `pg` pool as named
 * (server-side prepared) statements — what `startAuthCentral` uses — or
 * through Prisma (`$queryRawUnsafe`) when the app is given no pool. Same SQL,
 * same results; the `pg` path skips Prisma's query engine and, being
 * prepared once per connection, PostgreSQL's parse and plan on every call.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './prisma.js';

/**
 * Runs one statement. `name` identifies the statement text (the `pg` runner
 * prepares it once per connection under that name).
 */
export type Sql = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/** A `pg` pool for the hot queries, logging (not throwing) errors of idle connections. */
export function createSqlPool(connectionString: string, opts: { max?: number; logger?: Logger } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10 });
  // An idle connection that the server closes emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', (err) => opts.logger?.warn({ err }, 'idle PostgreSQL connection failed'));
  return pool;
}

/** Named prepared statements on a `pg` pool. */
export function pgSql(pool: pg.Pool): Sql {
  return async <Row>(name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as Row[];
}

/** The same statements through Prisma (no pool of its own). */
export function prismaSql(db: Db): Sql {
  return <Row>(_name: string, text: string, values: unknown[]) => db.$queryRawUnsafe<Row[]>(text, ...values);
}
