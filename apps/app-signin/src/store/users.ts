/**
 * End users and their password (`latchkey_auth."user"`, and the `credential`
 * row of `latchkey_auth.account`) in an app's own database. Linked provider
 * accounts are in `accounts.ts`, sessions in `sessions.ts`.
 */
import { randomUUID } from 'node:crypto';
import { isUniqueViolation, type Queryable, type Tx } from './app-db.js';

/** A row of `latchkey_auth."user"` (the columns app-signin reads; `deleted_at` is only written). */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  /** Owned by the app: becomes the `app_role` claim and drives the second-factor policy. */
  role: string | null;
  two_factor_enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The columns of `UserRow`, on the alias `u`. */
export const USER_COLUMNS = 'u.id, u.name, u.email, u.email_verified, u.image, u.role, u.two_factor_enabled, u.created_at, u.updated_at';

/** The user with `email` (case-insensitive) and their password hash (null: no credential account), or null. */
export async function findUserWithPassword(db: Queryable, email: string): Promise<{ user: UserRow; password: string | null } | null> {
  const r = await db.query(
    `SELECT ${USER_COLUMNS}, a.password FROM latchkey_auth."user" u
       LEFT JOIN latchkey_auth.account a ON a.user_id = u.id AND a.provider_id = 'credential'
      WHERE lower(u.email) = lower($1)`,
    [email],
  );
  const row = r.rows[0];
  if (!row) return null;
  const { password, ...user } = row;
  return { user: user as UserRow, password: (password as string | null) ?? null };
}

/** The password hash of the user's credential account, or null when they have none. */
export async function passwordOf(db: Queryable, userId: string): Promise<string | null> {
  const r = await db.query(`SELECT password FROM latchkey_auth.account WHERE user_id = $1 AND provider_id = 'credential'`, [userId]);
  return (r.rows[0]?.password as string | undefined) ?? null;
}

/** The user with `email` (case-insensitive), or null. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const r = await db.query(`SELECT ${USER_COLUMNS} FROM latchkey_auth."user" u WHERE lower(u.email) = lower($1)`, [email]);
  return (r.rows[0] as UserRow | undefined) ?? null;
}

/** The user with id `id`, or null. */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const r = await db.query(`SELECT ${USER_COLUMNS} FROM latchkey_auth."user" u WHERE u.id = $1`, [id]);
  return (r.rows[0] as UserRow | undefined) ?? null;
}

/**
 * Inserts a user and their credential account in one statement (no
 * transaction to hold open).
 * @param input.passwordHash the stored hash (`crypto.ts`), never the password.
 * @returns the new row, or null when the address is taken (unique index on `lower(email)`).
 */
export async function insertCredentialUser(db: Queryable, input: { name: string; email: string; passwordHash: string; now: Date }): Promise<UserRow | null> {
  try {
    const r = await db.query(
      `WITH u AS (
         INSERT INTO latchkey_auth."user" (id, name, email, created_at, updated_at) VALUES ($1, $2, $3, $5, $5)
         RETURNING id, name, email, email_verified, image, role, two_factor_enabled, created_at, updated_at
       ), a AS (
         INSERT INTO latchkey_auth.account (id, user_id, provider_id, account_id, password, created_at, updated_at)
         SELECT $6, id, 'credential', id, $4, $5, $5 FROM u
       )
       SELECT * FROM u`,
      [randomUUID(), input.name, input.email, input.passwordHash, input.now, randomUUID()],
    );
    return r.rows[0] as UserRow;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/**
 * Inserts a user who signed up through a provider (no password) and the
 * provider account, in one statement.
 * @returns the new row, or null when the address is taken.
 */
export async function insertProviderUser(
  db: Queryable,
  input: { name: string; email: string; emailVerified: boolean; image: string | null; providerId: string; accountId: string; now: Date },
): Promise<UserRow | null> {
  try {
    const r = await db.query(
      `WITH u AS (
         INSERT INTO latchkey_auth."user" (id, name, email, email_verified, image, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
         RETURNING id, name, email, email_verified, image, role, two_factor_enabled, created_at, updated_at
       ), a AS (
         INSERT INTO latchkey_auth.account (id, user_id, provider_id, account_id, email, created_at, updated_at)
         SELECT $7, id, $8, $9, $3, $6, $6 FROM u
       )
       SELECT * FROM u`,
      [randomUUID(), input.name, input.email, input.emailVerified, input.image, input.now, randomUUID(), input.providerId, input.accountId],
    );
    return r.rows[0] as UserRow;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/**
 * Sets the user's name (when given) and image (when `image` is not
 * undefined; null clears it).
 */
export async function updateProfile(db: Queryable, userId: string, input: { name?: string; image?: string | null; now: Date }): Promise<void> {
  await db.query(`UPDATE latchkey_auth."user" SET name = coalesce($2, name), image = CASE WHEN $3 THEN $4 ELSE image END, updated_at = $5 WHERE id = $1`, [
    userId,
    input.name ?? null,
    input.image !== undefined,
    input.image ?? null,
    input.now,
  ]);
}

/** Replaces the password hash of the user's existing credential account (none: nothing changes). */
export async function setPassword(db: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.query(`UPDATE latchkey_auth.account SET password = $2, updated_at = $3 WHERE user_id = $1 AND provider_id = 'credential'`, [
    userId,
    passwordHash,
    now,
  ]);
}

/**
 * Sets the password hash, creating the credential account when the user has
 * none (a user who only ever signed in with a provider gets a password).
 */
export async function upsertPassword(db: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO latchkey_auth.account (id, user_id, provider_id, account_id, password, created_at, updated_at)
     VALUES (gen_random_uuid()::text, $1, 'credential', $1, $2, $3, $3)
     ON CONFLICT (provider_id, account_id) DO UPDATE SET password = EXCLUDED.password, updated_at = EXCLUDED.updated_at`,
    [userId, passwordHash, now],
  );
}

/** Locks the user's row until the end of `tx` (`FOR UPDATE`). @returns false when there is no such user. */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const r = await tx.query(`SELECT id FROM latchkey_auth."user" WHERE id = $1 FOR UPDATE`, [userId]);
  return r.rows.length > 0;
}

/** Marks the user's current address verified. */
export async function markEmailVerified(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query(`UPDATE latchkey_auth."user" SET email_verified = true, updated_at = $2 WHERE id = $1`, [userId, now]);
}

/**
 * Gives the user a new address, verified.
 * @returns false when another user has that address (nothing changed).
 */
export async function setVerifiedEmail(db: Queryable, userId: string, email: string, now: Date): Promise<boolean> {
  try {
    await db.query(`UPDATE latchkey_auth."user" SET email = $2, email_verified = true, updated_at = $3 WHERE id = $1`, [userId, email, now]);
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Deletes the user; sessions, accounts, two-factor data and tokens go with it (ON DELETE CASCADE). */
export async function deleteUser(db: Queryable, userId: string): Promise<void> {
  await db.query(`DELETE FROM latchkey_auth."user" WHERE id = $1`, [userId]);
}

/**
 * Keeps an anonymised row of the user: every session, account, second
 * factor and mailed token removed; name `Deleted user`, address
 * `deleted+<id>@deleted.invalid`, `deleted_at` set. Run it inside a transaction.
 */
export async function anonymiseUser(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.query('DELETE FROM latchkey_auth.session WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM latchkey_auth.account WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM latchkey_auth.two_factor WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM latchkey_auth.verification WHERE user_id = $1', [userId]);
  await tx.query(
    `UPDATE latchkey_auth."user" SET name = 'Deleted user', email = 'deleted+' || id || '@deleted.invalid', email_verified = false,
            image = NULL, two_factor_enabled = false, deleted_at = $2, updated_at = $2 WHERE id = $1`,
    [userId, now],
  );
}
