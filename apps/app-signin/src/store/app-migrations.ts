/**
 * The ledger of an app's own migrations (`latchkey host db migrate`) in its
 * database: `latchkey_auth.app_migrations` (name, SHA-256 of the SQL, when).
 * What may be applied, and in which order, is `domain/app-migrations.ts`'s.
 */
import type { AppDb } from './app-db.js';
import { BOOKKEEPING } from './auth-schema.js';

/** The ledger on one connection (embedded PGlite serialises transactions). */
export interface MigrationLedger {
  /** Recorded migrations: name → checksum. */
  recorded(): Promise<Map<string, string>>;
  /**
   * Runs `sql` and records `name` with `checksum`, in one transaction.
   * @throws the driver's error (with its SQLSTATE `code`) after a ROLLBACK; nothing is recorded then.
   */
  apply(name: string, sql: string, checksum: string): Promise<void>;
}

/**
 * Opens the ledger (creating the bookkeeping tables when missing), runs
 * `fn` with it and releases the connection.
 */
export async function withMigrationLedger<T>(db: AppDb, fn: (ledger: MigrationLedger) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query(BOOKKEEPING);
    return await fn({
      async recorded() {
        const r = await client.query('SELECT name, checksum FROM latchkey_auth.app_migrations');
        return new Map(r.rows.map((row) => [String(row.name), String(row.checksum)]));
      },
      async apply(name, sql, checksum) {
        await client.query('BEGIN');
        try {
          await client.query(sql);
          await client.query('INSERT INTO latchkey_auth.app_migrations (name, checksum) VALUES ($1, $2)', [name, checksum]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        }
      },
    });
  } finally {
    client.release();
  }
}
