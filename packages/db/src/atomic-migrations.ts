/**
 * Each migration applied atomically: its SQL and its `_prisma_migrations`
 * record in one PostgreSQL transaction (DDL is transactional in PostgreSQL),
 * so a process killed mid-migration leaves the database as it was before,
 * never half-migrated with a record that blocks the next start (`migrate
 * found failed migrations`). The record is exactly the one `prisma migrate
 * deploy` writes (checksum = SHA-256 of migration.sql), so Prisma's own
 * tools see these migrations as applied.
 *
 * An unfinished record left by an earlier, non-atomic run is recovered when
 * that is provably safe: the migration either left nothing behind (it applies
 * cleanly now) or was fully applied (a dry run of it in a scratch schema, in
 * a transaction that is rolled back, creates exactly the objects the
 * database already has). Otherwise it is left alone and reported.
 */
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MigrationDir } from './schema-engine.js';

/** The advisory lock key of `prisma migrate` (one migrator per database at a time). */
const PRISMA_MIGRATE_LOCK = 72707369;

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** Statements PostgreSQL refuses inside a transaction block: such a migration is left to Prisma's engine. */
const NON_TRANSACTIONAL = /\b(CONCURRENTLY|VACUUM|ALTER\s+SYSTEM|CREATE\s+DATABASE|DROP\s+DATABASE)\b/i;

/** Thrown when an unfinished migration cannot be recovered safely. */
export class UnfinishedMigrationError extends Error {
  constructor(
    readonly migration: string,
    detail: string,
  ) {
    super(
      `migration ${migration} was started earlier and never finished (${detail}); ` +
        'the database is left as it is. For an embedded development database, deleting its data directory ' +
        '(LATCHKEY_STATE_DIR/data/<database>) starts it afresh; otherwise repair it and run `prisma migrate resolve`.',
    );
    this.name = 'UnfinishedMigrationError';
  }
}

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** A description of every object in `schema` (tables, columns, indexes, constraints, types), for comparing two schemas. */
async function schemaShape(client: pg.ClientBase, schema: string, only?: Set<string>): Promise<string[]> {
  const rows = await client.query<{ item: string; rel: string }>(
    `SELECT 'column ' || c.table_name || '.' || c.column_name || ' ' || c.udt_name || ' ' || c.is_nullable AS item, c.table_name AS rel
       FROM information_schema.columns c WHERE c.table_schema = $1
     UNION ALL
     SELECT 'index ' || i.tablename || '.' || i.indexname || ' ' || replace(i.indexdef, $1 || '.', ''), i.tablename
       FROM pg_indexes i WHERE i.schemaname = $1
     UNION ALL
     SELECT 'constraint ' || t.relname || '.' || k.conname || ' ' || k.contype::text || ' ' || replace(pg_get_constraintdef(k.oid), $1 || '.', ''), t.relname
       FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = $1
     UNION ALL
     SELECT 'type ' || y.typname || ' ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder), y.typname
       FROM pg_type y JOIN pg_namespace n ON n.oid = y.typnamespace JOIN pg_enum e ON e.enumtypid = y.oid WHERE n.nspname = $1
       GROUP BY y.typname`,
    [schema],
  );
  return rows.rows
    .filter((r) => !only || only.has(r.rel))
    .map((r) => r.item)
    .sort();
}

/**
 * True when every one of `migrations` is recorded as finished (and not rolled
 * back) in `_prisma_migrations` with the checksum of its SQL as it is now: then
 * there is nothing to apply and nothing for Prisma's engine to check. One read,
 * no lock; false (the whole procedure runs) on any doubt, including a missing table.
 */
export async function upToDate(connectionString: string, migrations: MigrationDir[]): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Set(rows.map((r) => `${r.migration_name} ${r.checksum}`));
    return migrations.every((m) => done.has(`${m.name} ${checksum(m.sql)}`));
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Applies the pending migrations of `migrations` (sorted, as `readMigrations`
 * gives them) to the database at `connectionString`, each in a transaction
 * with its record, under Prisma's migration lock.
 * @returns the names applied (or recovered) by this call.
 * @throws UnfinishedMigrationError for an unfinished earlier attempt that cannot be recovered safely;
 *   the PostgreSQL error of a failing migration (nothing of it is kept).
 */
export async function applyMigrationsAtomically(connectionString: string, migrations: MigrationDir[]): Promise<string[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    await client.query(MIGRATIONS_TABLE);
    const { rows } = await client.query<{ id: string; migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT id, migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    for (const m of migrations) {
      const records = rows.filter((r) => r.migration_name === m.name && !r.rolled_back_at);
      if (records.some((r) => r.finished_at)) continue;
      if (NON_TRANSACTIONAL.test(m.sql)) break; // this one and the later ones: Prisma's engine
      const unfinished = records.filter((r) => !r.finished_at).map((r) => r.id);
      await client.query('BEGIN');
      try {
        let recovered = false;
        if (unfinished.length) {
          await client.query('SAVEPOINT lk_retry');
          try {
            await client.query(m.sql);
          } catch {
            // Something of it exists already: safe only if all of it does, exactly.
            await client.query('ROLLBACK TO SAVEPOINT lk_retry');
            if (!(await fullyApplied(client, m))) throw new UnfinishedMigrationError(m.name, 'its objects exist only in part, or differ');
            recovered = true;
          }
          await client.query('UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = ANY($1)', [unfinished]);
        } else {
          await client.query(m.sql);
        }
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, $4, now(), 1)`,
          [randomUUID(), checksum(m.sql), m.name, recovered ? 'recovered: found fully applied by an unfinished earlier run' : null],
        );
        await client.query('COMMIT');
        applied.push(m.name);
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
  return applied;
}

/**
 * Inside the caller's transaction: runs `m` in a scratch schema and compares
 * what it creates with the same objects in the current schema.
 */
async function fullyApplied(client: pg.ClientBase, m: MigrationDir): Promise<boolean> {
  const scratch = `lk_migration_check_${randomUUID().replace(/-/g, '')}`;
  const current = (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
  await client.query('SAVEPOINT lk_check');
  try {
    await client.query(`CREATE SCHEMA "${scratch}"`);
    await client.query(`SET LOCAL search_path TO "${scratch}"`);
    await client.query(m.sql);
    const wanted = await schemaShape(client, scratch);
    const relations = new Set(
      (
        await client.query<{ rel: string }>(
          `SELECT relname AS rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1
         UNION SELECT typname FROM pg_type y JOIN pg_namespace n ON n.oid = y.typnamespace WHERE n.nspname = $1`,
          [scratch],
        )
      ).rows.map((r) => r.rel),
    );
    const have = await schemaShape(client, current, relations);
    return wanted.length > 0 && JSON.stringify(wanted) === JSON.stringify(have);
  } catch {
    return false; // it does not run on its own (it changes earlier objects): not provable here
  } finally {
    await client.query('ROLLBACK TO SAVEPOINT lk_check');
  }
}
