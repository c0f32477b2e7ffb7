/**
 * Single-use, expiring tokens mailed to end users (email verification,
 * password reset, change of address), stored in the app's
 * `latchkey_auth.verification` (`store/verification.ts`). Only the SHA-256 of
 * a token is stored; a token is consumed by one atomic `DELETE … RETURNING`,
 * so two concurrent uses cannot both succeed.
 */
import { sha256Hex } from '@latchkey/service-kit';
import { randomToken } from './crypto.js';
import { inTransaction, type AppDb, type Queryable } from '../store/app-db.js';
import { deleteUserSessions } from '../store/sessions.js';
import { lockUser, markEmailVerified, setVerifiedEmail, upsertPassword } from '../store/users.js';
import { deleteUserVerifications, findVerification, insertVerification, takeVerification, type Purpose } from '../store/verification.js';

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
  db: AppDb,
  input: { purpose: Purpose; userId: string; email: string; nowMs: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken(32);
  const expiresAt = new Date(input.nowMs + TOKEN_TTL_SEC[input.purpose] * 1000);
  await insertVerification(db, {
    tokenHash: sha256Hex(token),
    purpose: input.purpose,
    userId: input.userId,
    email: input.email,
    expiresAt,
    now: new Date(input.nowMs),
  });
  return { token, expiresAt };
}

export interface Verification {
  userId: string;
  email: string;
  expiresAt: Date;
}

/** Looks a token up without using it (GET /reset-password's check). Null when unknown or expired. */
export async function peekVerification(db: AppDb, purpose: Purpose, token: string, nowMs: number): Promise<Verification | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const row = await findVerification(db, sha256Hex(token), purpose, new Date(nowMs));
  return row ? { userId: row.user_id, email: row.email, expiresAt: row.expires_at } : null;
}

/**
 * Uses a token: deletes it and returns what it was for, or null when it is
 * unknown, already used, expired (an expired token is deleted too) or of
 * another purpose. Runs on `db`, which may be the client of a transaction.
 */
export async function consumeVerification(
  db: Queryable,
  purpose: Purpose,
  token: string,
  nowMs: number,
): Promise<(Verification & { expired: boolean }) | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const row = await takeVerification(db, sha256Hex(token), purpose);
  if (!row) return null;
  return { userId: row.user_id, email: row.email, expiresAt: row.expires_at, expired: row.expires_at.getTime() <= nowMs };
}

/** verify-email: the user's current address is verified. */
export function confirmEmail(db: AppDb, userId: string, now: Date): Promise<void> {
  return markEmailVerified(db, userId, now);
}

/**
 * change-email's link: the new address becomes the user's, verified.
 * @returns false when another user has that address (nothing changed).
 */
export function moveToEmail(db: AppDb, userId: string, email: string, now: Date): Promise<boolean> {
  return setVerifiedEmail(db, userId, email, now);
}

/**
 * reset-password, in one transaction: uses the token, sets the password
 * (creating the credential account of a user who only signed in with a
 * provider, as better-auth does), ends every session of the user (whoever
 * knew the old password is signed out everywhere) and voids their other
 * reset links. An expired token is deleted all the same.
 * @returns `invalid` (unknown, used or expired token), `no-user`, or `done`.
 */
export async function resetPassword(db: AppDb, token: string, passwordHash: string, now: Date): Promise<'invalid' | 'no-user' | 'done'> {
  return inTransaction(db, async (tx) => {
    const used = await consumeVerification(tx, 'reset-password', token, now.getTime());
    if (!used || used.expired) return 'invalid';
    if (!(await lockUser(tx, used.userId))) return 'no-user';
    await upsertPassword(tx, used.userId, passwordHash, now);
    await deleteUserSessions(tx, used.userId);
    await deleteUserVerifications(tx, used.userId, 'reset-password');
    return 'done';
  });
}
