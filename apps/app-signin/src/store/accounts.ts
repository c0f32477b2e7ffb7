/**
 * The sign-in methods of end users (`latchkey_auth.account`): `credential`
 * (the password, see `users.ts`) and one row per linked provider account,
 * keyed by `(provider_id, account_id)` (the provider's subject).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './app-db.js';
import { USER_COLUMNS, type UserRow } from './users.js';

/** A row of `latchkey_auth.account`, without the password hash. */
export interface AccountRow {
  id: string;
  provider_id: string;
  account_id: string;
  user_id: string;
  created_at: Date;
  updated_at: Date;
}

/** The user's accounts, oldest first. */
export async function listAccounts(db: Queryable, userId: string): Promise<AccountRow[]> {
  const r = await db.query(
    'SELECT id, provider_id, account_id, user_id, created_at, updated_at FROM latchkey_auth.account WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  return r.rows as AccountRow[];
}

/** The user linked to a provider account (`provider_id`, the provider's subject), or null. */
export async function findUserByAccount(db: Queryable, providerId: string, accountId: string): Promise<UserRow | null> {
  const r = await db.query(
    `SELECT ${USER_COLUMNS} FROM latchkey_auth.account a JOIN latchkey_auth."user" u ON u.id = a.user_id WHERE a.provider_id = $1 AND a.account_id = $2`,
    [providerId, accountId],
  );
  return (r.rows[0] as UserRow | undefined) ?? null;
}

/** Links a provider account to an existing user; an account already linked is left as it is. */
export async function linkAccount(
  db: Queryable,
  input: { userId: string; providerId: string; accountId: string; email: string | null; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO latchkey_auth.account (id, user_id, provider_id, account_id, email, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (provider_id, account_id) DO NOTHING`,
    [randomUUID(), input.userId, input.providerId, input.accountId, input.email, input.now],
  );
}

/**
 * Deletes the user's account `accountId` unless it is their only one, in one
 * statement (the count and the delete cannot race with another unlink).
 * @returns how many accounts the user had, whether `accountId` was one of them, and whether it was deleted.
 */
export async function unlinkAccount(db: Queryable, userId: string, accountId: string): Promise<{ total: number; found: boolean; deleted: boolean }> {
  const r = await db.query(
    `WITH mine AS (SELECT id FROM latchkey_auth.account WHERE user_id = $1 FOR UPDATE),
          gone AS (DELETE FROM latchkey_auth.account WHERE id = $2 AND user_id = $1 AND (SELECT count(*) FROM mine) > 1 RETURNING id)
     SELECT (SELECT count(*) FROM mine)::int AS total, (SELECT count(*) FROM mine WHERE id = $2)::int AS found, (SELECT count(*) FROM gone)::int AS deleted`,
    [userId, accountId],
  );
  const row = r.rows[0] as { total: number; found: number; deleted: number };
  return { total: row.total, found: row.found > 0, deleted: row.deleted > 0 };
}
