/**
 * Single-use, expiring tokens mailed to end users (email verification,
 * password reset, change of address), in the app's `latchkey_auth.verification`.
 * Only the SHA-256 of a token is stored; a token is consumed by one atomic
 * `DELETE … RETURNING`, so two concurrent uses cannot both succeed.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { sha256Hex } from '@latchkey/service-kit';
import { randomToken } from './crypto.js';

export type Purpose = 'verify-email' | 'reset-password' | 'change-email';

/** Token lives (seconds): better-auth's defaults (1 hour each). */
export const TOKEN_TTL_SEC: Record<Purpose, number> = {
  'verify-email': 3600,
  'reset-password': 3600,
  'change-email': 3600,
};

/** The longest token any route accepts (anything longer is refused before a lookup). */
export const MAX_TOKEN_LENGTH = 128;

/**
 * Creates a token for `userId` and `email`, replacing any earlier token of the
 * same purpose for that user (only the newest link works); expired tokens of
 * every user are removed on the way (the table stays small).
 * @returns the token (43 base64url characters, 256 random bits): mail it, never log or store it.
 */
export async function createVerification(
  db: pg.Pool,
  input: { purpose: Purpose; userId: string; email: string; nowMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(input.nowMs + TOKEN_TTL_SEC[input.purpose] * 1000);
  await db.query(
    `WITH old AS (DELETE FROM latchkey_auth.verification WHERE (user_id = $3 AND purpose = $2) OR expires_at <= $7)
     INSERT INTO latchkey_auth.verification (id, token_hash, purpose, user_id, email, expires_at, created_at)
     VALUES ($1, $4, $2, $3, $5, $6, $7)`,
    [randomUUID(), input.purpose, input.userId, sha256Hex(token), input.email, expiresAt, new Date(input.nowMs)],
  );
  return { token, expiresAt };
}

export interface Verification {
  userId: string;
  email: string;
  expiresAt: Date;
}

/** Looks a token up without using it (GET /reset-password's check). Null when unknown or expired. */
export async function peekVerification(db: pg.Pool, purpose: Purpose, token: string, nowMs: number): Promise<Verification | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const r = await db.query(
    `SELECT user_id, email, expires_at FROM latchkey_auth.verification WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3`,
    [sha256Hex(token), purpose, new Date(nowMs)],
  );
  const row = r.rows[0];
  return row ? { userId: row.user_id, email: row.email, expiresAt: row.expires_at } : null;
}

/**
 * Uses a token: deletes it and returns what it was for, or null when it is
 * unknown, already used, expired (an expired token is deleted too) or of
 * another purpose. Runs on `client` when given (inside the caller's transaction).
 */
export async function consumeVerification(
  db: pg.Pool | pg.PoolClient,
  purpose: Purpose,
  token: string,
  nowMs: number,
): Promise<(Verification & { expired: boolean }) | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const r = await db.query(
    `DELETE FROM latchkey_auth.verification WHERE token_hash = $1 AND purpose = $2 RETURNING user_id, email, expires_at`,
    [sha256Hex(token), purpose],
  );
  const row = r.rows[0];
  if (!row) return null;
  const expiresAt = row.expires_at as Date;
  return { userId: row.user_id, email: row.email, expiresAt, expired: expiresAt.getTime() <= nowMs };
}

