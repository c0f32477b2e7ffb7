/**
 * Single-use tokens mailed to end users (`latchkey_auth.verification`):
 * email verification, password reset, change of address. Only the SHA-256
 * of a token is stored (`token_hash`); the caller hashes.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './app-db.js';

/** What a token is for (the `purpose` column). */
export type Purpose = 'verify-email' | 'reset-password' | 'change-email';

/** A token's row as the routes need it. */
export interface VerificationRow {
  user_id: string;
  /** The address the token was mailed to (the new one for change-email). */
  email: string;
  expires_at: Date;
}

/**
 * Inserts a token, deleting in the same statement any earlier token of the
 * same purpose for the user and every token (of any user) expired at `now`.
 */
export async function insertVerification(
  db: Queryable,
  input: { tokenHash: string; purpose: Purpose; userId: string; email: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    `WITH old AS (DELETE FROM latchkey_auth.verification WHERE (user_id = $3 AND purpose = $2) OR expires_at <= $7)
     INSERT INTO latchkey_auth.verification (id, token_hash, purpose, user_id, email, expires_at, created_at)
     VALUES ($1, $4, $2, $3, $5, $6, $7)`,
    [randomUUID(), input.purpose, input.userId, input.tokenHash, input.email, input.expiresAt, input.now],
  );
}

/** The token of this hash and purpose that has not expired at `now`, without using it; null otherwise. */
export async function findVerification(db: Queryable, tokenHash: string, purpose: Purpose, now: Date): Promise<VerificationRow | null> {
  const r = await db.query(`SELECT user_id, email, expires_at FROM latchkey_auth.verification WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3`, [
    tokenHash,
    purpose,
    now,
  ]);
  return (r.rows[0] as VerificationRow | undefined) ?? null;
}

/**
 * Deletes the token of this hash and purpose, expired or not, in one atomic
 * `DELETE … RETURNING` (two concurrent uses cannot both get it).
 * @returns its row, or null when there was none.
 */
export async function takeVerification(db: Queryable, tokenHash: string, purpose: Purpose): Promise<VerificationRow | null> {
  const r = await db.query(`DELETE FROM latchkey_auth.verification WHERE token_hash = $1 AND purpose = $2 RETURNING user_id, email, expires_at`, [
    tokenHash,
    purpose,
  ]);
  return (r.rows[0] as VerificationRow | undefined) ?? null;
}

/** Deletes the user's tokens of `purpose` (a pending reset link stops working). */
export async function deleteUserVerifications(db: Queryable, userId: string, purpose: Purpose): Promise<void> {
  await db.query('DELETE FROM latchkey_auth.verification WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
}
