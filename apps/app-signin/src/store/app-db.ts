/**
 * Connections to each app's OWN database (plain `pg`; app-signin's tables
 * there are in schema `latchkey_auth`, see `auth-schema.ts`). Every query on
 * an app database lives in `src/store/`; the domain holds pools and clients
 * only as the opaque `AppDb` / `Queryable` it passes back to store functions.
 */
import pg from 'pg';

/** The pool of one app's database (one per app, reused; short transactions only: embedded PGlite). */
export type AppDb = pg.Pool;

/** Where a statement runs: the pool, or the client of a transaction (`inTransaction`). */
export type Queryable = pg.Pool | pg.PoolClient;

/** A client inside `inTransaction`. */
export type Tx = pg.PoolClient;

/**
 * A small pool on an app database (8 connections, 30 s idle, 10 s connect
 * time-out). Errors of idle connections are swallowed (the next query reports
 * the outage).
 */
export function openAppPool(url: string): AppDb {
  const pool = new pg.Pool({ connectionString: url, max: 8, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => {});
  return pool;
}

/** Resolves when the database answers `SELECT 1`; rejects with the driver's error otherwise. */
export async function pingAppDb(db: AppDb): Promise<void> {
  await db.query('SELECT 1');
}

/**
 * Runs `fn` in one transaction on one connection: COMMIT when it resolves
 * (whatever it returns, so a caller may commit a partial outcome such as an
 * expired token deleted and then refuse), ROLLBACK when it throws.
 * @returns what `fn` returned.
 */
export async function inTransaction<T>(db: AppDb, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** True for PostgreSQL's unique_violation (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}
