/**
 * Second factors (`latchkey_auth.two_factor`, one row per user) in an app's
 * own database: the TOTP secret and the remaining backup codes, both sealed
 * by the caller (AES-256-GCM), the HMAC of each backup code, whether the
 * enrolment was confirmed, and the last accepted TOTP time step.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable, Tx } from './app-db.js';

/** A row of `latchkey_auth.two_factor`. */
export interface TwoFactorRow {
  id: string;
  user_id: string;
  /** TOTP secret, sealed. */
  secret: string;
  /** JSON array of the remaining backup codes, sealed. */
  backup_codes: string;
  /** HMAC-SHA-256 (hex) of each remaining backup code. */
  backup_code_hashes: string[];
  /** False until the first correct code of the enrolment. */
  verified: boolean;
  /** Last accepted TOTP time step (bigint as text), or null. */
  last_used_step: string | null;
}

/** The user's second factor (confirmed or not), or null. */
export async function findTwoFactor(db: Queryable, userId: string): Promise<TwoFactorRow | null> {
  const r = await db.query(
    'SELECT id, user_id, secret, backup_codes, backup_code_hashes, verified, last_used_step FROM latchkey_auth.two_factor WHERE user_id = $1',
    [userId],
  );
  return (r.rows[0] as TwoFactorRow | undefined) ?? null;
}

/**
 * Starts (or restarts) an enrolment: a new row id, secret and backup codes,
 * not verified, no step used. Replaces any earlier row of the user.
 */
export async function upsertEnrolment(
  db: Queryable,
  userId: string,
  sealed: { secret: string; backupCodes: string; backupCodeHashes: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO latchkey_auth.two_factor (id, user_id, secret, backup_codes, backup_code_hashes, verified, last_used_step)
     VALUES ($1, $2, $3, $4, $5, false, NULL)
     ON CONFLICT (user_id) DO UPDATE SET id = EXCLUDED.id, secret = EXCLUDED.secret, backup_codes = EXCLUDED.backup_codes,
       backup_code_hashes = EXCLUDED.backup_code_hashes, verified = false, last_used_step = NULL, updated_at = now()`,
    [randomUUID(), userId, sealed.secret, sealed.backupCodes, sealed.backupCodeHashes],
  );
}

/**
 * Records `step` as the last accepted TOTP step, atomically, only when it is
 * later than the one recorded (RFC 6238 §5.2).
 * @returns false when an equal or later step was already used (the code is refused).
 */
export async function recordTotpStep(db: Queryable, twoFactorId: string, step: number): Promise<boolean> {
  const r = await db.query(
    `UPDATE latchkey_auth.two_factor SET last_used_step = $2, updated_at = now()
      WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2)`,
    [twoFactorId, step],
  );
  return r.rowCount === 1;
}

/** Marks the enrolment `twoFactorId` verified and turns two-factor on for its user, in one statement. */
export async function confirmEnrolment(db: Queryable, twoFactorId: string): Promise<void> {
  await db.query(
    `WITH t AS (UPDATE latchkey_auth.two_factor SET verified = true, updated_at = now() WHERE id = $1 RETURNING user_id)
     UPDATE latchkey_auth."user" SET two_factor_enabled = true, updated_at = now() WHERE id = (SELECT user_id FROM t)`,
    [twoFactorId],
  );
}

/** The user's CONFIRMED second factor, locked until the end of `tx` (`FOR UPDATE`), or null. */
export async function lockConfirmedTwoFactor(tx: Tx, userId: string): Promise<Pick<TwoFactorRow, 'id' | 'backup_codes' | 'backup_code_hashes'> | null> {
  const r = await tx.query('SELECT id, backup_codes, backup_code_hashes FROM latchkey_auth.two_factor WHERE user_id = $1 AND verified FOR UPDATE', [userId]);
  return (r.rows[0] as Pick<TwoFactorRow, 'id' | 'backup_codes' | 'backup_code_hashes'> | undefined) ?? null;
}

/** Replaces the backup codes of row `twoFactorId`. */
export async function setBackupCodes(db: Queryable, twoFactorId: string, sealed: { backupCodes: string; backupCodeHashes: string[] }): Promise<void> {
  await db.query('UPDATE latchkey_auth.two_factor SET backup_codes = $2, backup_code_hashes = $3, updated_at = now() WHERE id = $1', [
    twoFactorId,
    sealed.backupCodes,
    sealed.backupCodeHashes,
  ]);
}

/** Replaces the backup codes of the user's row (none: nothing changes). */
export async function setBackupCodesOfUser(db: Queryable, userId: string, sealed: { backupCodes: string; backupCodeHashes: string[] }): Promise<void> {
  await db.query('UPDATE latchkey_auth.two_factor SET backup_codes = $2, backup_code_hashes = $3, updated_at = now() WHERE user_id = $1', [
    userId,
    sealed.backupCodes,
    sealed.backupCodeHashes,
  ]);
}

/** Removes the user's second factor and turns two-factor off, in one statement. */
export async function removeTwoFactor(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `WITH d AS (DELETE FROM latchkey_auth.two_factor WHERE user_id = $1)
     UPDATE latchkey_auth."user" SET two_factor_enabled = false, updated_at = now() WHERE id = $1`,
    [userId],
  );
}

/**
 * The operator's reset: the second factor removed, every session ended and
 * two-factor turned off, in one statement.
 * @returns how many sessions ended and whether there was a second factor.
 */
export async function resetSecondFactorAndSessions(db: Queryable, userId: string): Promise<{ sessionsEnded: number; hadSecondFactor: boolean }> {
  const r = await db.query(
    `WITH t AS (DELETE FROM latchkey_auth.two_factor WHERE user_id = $1 RETURNING 1),
          s AS (DELETE FROM latchkey_auth.session WHERE user_id = $1 RETURNING 1),
          u AS (UPDATE latchkey_auth."user" SET two_factor_enabled = false, updated_at = now() WHERE id = $1 RETURNING 1)
     SELECT (SELECT count(*) FROM s)::int AS sessions, (SELECT count(*) FROM t)::int AS factors`,
    [userId],
  );
  return { sessionsEnded: Number(r.rows[0]?.sessions ?? 0), hadSecondFactor: Number(r.rows[0]?.factors ?? 0) > 0 };
}
