/**
 * Database-level helpers on a PostgreSQL server: naming, creating and
 * dropping the per-service (and per-app) databases.
 */
import pg from 'pg';

/** The default PostgreSQL server of development and CI machines. */
export const DEFAULT_SERVER_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** Database names are plain identifiers so they can be quoted safely. */
const DB_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The URL of database `name` on the server of `serverUrl` (same host,
 * credentials and options, another database path).
 * @throws Error when `name` is not a lowercase identifier of at most 63 characters.
 */
export function databaseUrl(serverUrl: string, name: string): string {
  if (!DB_NAME.test(name)) throw new Error(`invalid database name "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database name in a connection URL. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates the database that `url` names when it does not exist yet.
 * @returns true when it was created by this call.
 */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  if (!DB_NAME.test(name)) throw new Error(`invalid database name "${name}"`);
  return withAdmin(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${name}"`);
      return true;
    } catch (err) {
      // 42P04 duplicate_database: another process created it first.
      if ((err as { code?: string }).code === '42P04') return false;
      throw err;
    }
  });
}

/** Drops the database that `url` names (closing its other connections first). */
export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (!DB_NAME.test(name)) throw new Error(`invalid database name "${name}"`);
  await withAdmin(url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** True when a PostgreSQL server answers at `url` within `timeoutMs` milliseconds. */
export async function canConnect(url: string, timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
