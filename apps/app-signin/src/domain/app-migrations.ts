/**
 * An app's own migrations (`latchkey host db migrate`): applied in name
 * order, each in a transaction, recorded with a checksum in the app's
 * database (`store/app-migrations.ts`), never re-applied, never edited.
 */
import { createHash } from 'node:crypto';
import { SigninError } from '../errors.js';
import type { AppDb } from '../store/app-db.js';
import { withMigrationLedger } from '../store/app-migrations.js';

/** One migration as the CLI sends it: a file name and its SQL. */
export interface AppMigration {
  name: string;
  sql: string;
}

const MIGRATION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const ROLE_REFERENCE = /\b(authenticated|anonymous)\b/i;

/** SHA-256 (hex) of a migration's SQL: an applied migration whose SQL changed is refused. */
export function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * Applies the app's own migrations in name order, each in a transaction,
 * skipping those already recorded. A migration that names `authenticated`
 * or `anonymous` before deploy is refused with a message that says so.
 * @param opts.deployed whether sign-in has been deployed for the app.
 * @returns the names applied now and those already applied.
 * @throws SigninError 400 INVALID_MIGRATION_NAME, DUPLICATE_MIGRATION; 409 MIGRATION_CHANGED,
 *   DEPLOY_FIRST; 422 MIGRATION_FAILED (rolled back). The 409/422 carry `details.applied`
 *   (what this call applied before) and `details.migration`.
 */
export async function applyAppMigrations(
  db: AppDb,
  migrations: AppMigration[],
  opts: { deployed: boolean; appId: string },
): Promise<{ applied: string[]; skipped: string[] }> {
  for (const m of migrations) {
    if (!MIGRATION_NAME.test(m.name))
      throw new SigninError('INVALID_MIGRATION_NAME', `"${m.name}" is not a valid migration name (letters, digits, ., _ and -).`);
  }
  const names = migrations.map((m) => m.name);
  if (new Set(names).size !== names.length) throw new SigninError('DUPLICATE_MIGRATION', 'Two migrations have the same name.');
  const sorted = [...migrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return withMigrationLedger(db, async (ledger) => {
    const done = await ledger.recorded();
    const applied: string[] = [];
    const skipped: string[] = [];
    for (const m of sorted) {
      const sum = checksum(m.sql);
      const before = done.get(m.name);
      if (before !== undefined) {
        if (before !== sum) {
          throw new SigninError(
            'MIGRATION_CHANGED',
            `Migration ${m.name} was already applied and has changed since; write a new migration instead of editing it.`,
            {
              details: { applied, migration: m.name },
            },
          );
        }
        skipped.push(m.name);
        continue;
      }
      if (!opts.deployed && ROLE_REFERENCE.test(m.sql)) {
        throw new SigninError(
          'DEPLOY_FIRST',
          `Migration ${m.name} references the ${ROLE_REFERENCE.exec(m.sql)![1]!.toLowerCase()} role, which exists only after sign-in is deployed: run \`latchkey host db auth deploy ${opts.appId}\` first, then re-run db migrate.`,
          { details: { applied, migration: m.name } },
        );
      }
      try {
        await ledger.apply(m.name, m.sql, sum);
      } catch (err) {
        const e = err as { code?: string; message?: string };
        if (e.code === '42704' && /role "(authenticated|anonymous)" does not exist/.test(e.message ?? '')) {
          throw new SigninError(
            'DEPLOY_FIRST',
            `Migration ${m.name} failed: ${e.message}. Run \`latchkey host db auth deploy ${opts.appId}\` first, then re-run db migrate.`,
            {
              details: { applied, migration: m.name },
            },
          );
        }
        throw new SigninError(
          'MIGRATION_FAILED',
          `Migration ${m.name} failed and was rolled back: ${e.message ?? 'unknown error'}${e.code ? ` (SQLSTATE ${e.code})` : ''}.`,
          {
            details: { applied, migration: m.name },
          },
        );
      }
      applied.push(m.name);
    }
    return { applied, skipped };
  });
}
