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
import { createPgPool, type DependencyMonitor } from '@latchkey/service-kit';
import type { Db } from './prisma.js';

/**
 * Runs one statement. `name` identifies the statement text (the `pg` runner
 * prepares it once per connection under that name).
 */
export type Sql = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/**
 * A `pg` pool for the hot queries, with service-kit's time-outs; errors of
 * idle connections and failed connects go to `monitor` (one warning per
 * outage, created on `logger` when absent), never thrown.
 */
export function createSqlPool(connectionString: string, opts: { max?: number; logger?: Logger; monitor?: DependencyMonitor } = {}): pg.Pool {
  return createPgPool(connectionString, { max: opts.max ?? 10, logger: opts.logger, monitor: opts.monitor });
}

/** Named prepared statements on a `pg` pool. */
export function pgSql(pool: pg.Pool): Sql {
  return async <Row>(name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows as Row[];
}

/** The same statements through Prisma (no pool of its own). */
export function prismaSql(db: Db): Sql {
  return <Row>(_name: string, text: string, values: unknown[]) => db.$queryRawUnsafe<Row[]>(text, ...values);
}
