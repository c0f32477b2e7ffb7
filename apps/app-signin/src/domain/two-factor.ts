/**
 * TOTP (RFC 6238, otplib 13, 30-second steps, 6 digits) and backup codes.
 * - A code is never accepted twice: the last accepted time step is stored per
 *   user and only later steps pass (RFC 6238 §5.2), with an atomic update so
 *   two concurrent requests cannot both use one code.
 * - Backup codes are single use, kept encrypted (AES-256-GCM) and verified
 *   through an HMAC-SHA-256 of each code (ASVS 6.5.2).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { decryptSecret, encryptSecret, hmacHex, safeEqual } from '@latchkey/service-kit';
import type { AppContext } from './apps.js';

export const TOTP_PERIOD = 30;
export const BACKUP_CODE_COUNT = 10;

export interface TwoFactorRow {
  id: string;
  user_id: string;
  secret: string;
  backup_codes: string;
  backup_code_hashes: string[];
  verified: boolean;
  last_used_step: string | null;
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx` from a 31-letter alphabet without look-alikes (about 49 bits). */
function newBackupCode(): string {
  const bytes = randomBytes(10);
  let s = '';
  for (let i = 0; i < 10; i++) s += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

function normalizeCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function backupHash(ctx: AppContext, userId: string, code: string): string {
  return hmacHex(ctx.keys.backupHmac, `${userId}:${normalizeCode(code)}`);
}

/**
 * Whether `digest` is one of `digests`, in constant time (ASVS 11.2.4): every
 * entry is compared in full, whatever matched before.
 */
export function containsDigest(digests: readonly string[], digest: string): boolean {
  let found = false;
  for (const d of digests) found = safeEqual(d, digest) || found;
  return found;
}

function sealCodes(ctx: AppContext, userId: string, codes: string[]) {
  return {
    enc: encryptSecret(ctx.keys.backupCodes, JSON.stringify(codes), `backup:${userId}`),
    hashes: codes.map((c) => backupHash(ctx, userId, c)),
  };
}

export async function findTwoFactor(db: pg.Pool, userId: string): Promise<TwoFactorRow | null> {
  const r = await db.query('SELECT id, user_id, secret, backup_codes, backup_code_hashes, verified, last_used_step FROM latchkey_auth.two_factor WHERE user_id = $1', [
    userId,
  ]);
  return (r.rows[0] as TwoFactorRow | undefined) ?? null;
}

/**
 * Starts enrolment: a new secret and ten backup codes. Two-factor is on only
 * after the first correct code (`confirmEnrolment`).
 */
export async function startEnrolment(ctx: AppContext, user: { id: string; email: string }, issuer: string) {
  const secret = generateSecret();
  const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  const sealed = sealCodes(ctx, user.id, backupCodes);
  const encSecret = encryptSecret(ctx.keys.totp, secret, `totp:${user.id}`);
  await ctx.db.query(
    `INSERT INTO latchkey_auth.two_factor (id, user_id, secret, backup_codes, backup_code_hashes, verified, last_used_step)
     VALUES ($1, $2, $3, $4, $5, false, NULL)
     ON CONFLICT (user_id) DO UPDATE SET id = EXCLUDED.id, secret = EXCLUDED.secret, backup_codes = EXCLUDED.backup_codes,
       backup_code_hashes = EXCLUDED.backup_code_hashes, verified = false, last_used_step = NULL, updated_at = now()`,
    [randomUUID(), user.id, encSecret, sealed.enc, sealed.hashes],
  );
  const totpURI = generateURI({ issuer, label: user.email, secret, period: TOTP_PERIOD, digits: 6 });
  const svg = await QRCode.toString(totpURI, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { totpURI, secret, backupCodes, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks a TOTP code at `nowMs`: the current step or the one before (clock
 * skew), and only a step later than the last accepted one. The step is
 * recorded atomically, so a code works once.
 */
export async function verifyTotp(ctx: AppContext, row: TwoFactorRow, code: string, nowMs: number): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const secret = decryptSecret(ctx.keys.totp, row.secret, `totp:${row.user_id}`);
  const last = row.last_used_step === null ? undefined : Number(row.last_used_step);
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD,
    epochTolerance: [TOTP_PERIOD, 0],
    ...(last === undefined ? {} : { afterTimeStep: last }),
  });
  if (!result.valid) return false;
  const step = (result as { timeStep: number }).timeStep;
  const r = await ctx.db.query(
    `UPDATE latchkey_auth.two_factor SET last_used_step = $2, updated_at = now()
      WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2)`,
    [row.id, step],
  );
  return r.rowCount === 1;
}

/** Turns two-factor on after the first correct code of an enrolment. */
export async function confirmEnrolment(db: pg.Pool, row: TwoFactorRow): Promise<void> {
  await db.query(
    `WITH t AS (UPDATE latchkey_auth.two_factor SET verified = true, updated_at = now() WHERE id = $1 RETURNING user_id)
     UPDATE latchkey_auth."user" SET two_factor_enabled = true, updated_at = now() WHERE id = (SELECT user_id FROM t)`,
    [row.id],
  );
}

/** Uses a backup code once; false when it is wrong or already used. */
export async function useBackupCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  if (normalizeCode(code).length !== 10) return false;
  const hash = backupHash(ctx, userId, code);
  const client = await ctx.db.connect();
  try {
    await client.query('BEGIN');
    const r = await client.query(
      'SELECT id, backup_codes, backup_code_hashes FROM latchkey_auth.two_factor WHERE user_id = $1 AND verified FOR UPDATE',
      [userId],
    );
    const row = r.rows[0] as Pick<TwoFactorRow, 'id' | 'backup_codes' | 'backup_code_hashes'> | undefined;
    if (!row || !containsDigest(row.backup_code_hashes, hash)) {
      await client.query('ROLLBACK');
      return false;
    }
    const remaining = (JSON.parse(decryptSecret(ctx.keys.backupCodes, row.backup_codes, `backup:${userId}`)) as string[]).filter(
      (c) => !safeEqual(backupHash(ctx, userId, c), hash),
    );
    const sealed = sealCodes(ctx, userId, remaining);
    await client.query('UPDATE latchkey_auth.two_factor SET backup_codes = $2, backup_code_hashes = $3, updated_at = now() WHERE id = $1', [
      row.id,
      sealed.enc,
      sealed.hashes,
    ]);
    await client.query('COMMIT');
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Replaces the backup codes (the old ones stop working). */
export async function regenerateBackupCodes(ctx: AppContext, userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  const sealed = sealCodes(ctx, userId, codes);
  await ctx.db.query('UPDATE latchkey_auth.two_factor SET backup_codes = $2, backup_code_hashes = $3, updated_at = now() WHERE user_id = $1', [
    userId,
    sealed.enc,
    sealed.hashes,
  ]);
  return codes;
}

/** Removes the second factor of a user (disable, operator reset). */
export async function removeTwoFactor(db: pg.Pool | pg.PoolClient, userId: string): Promise<void> {
  await db.query(
    `WITH d AS (DELETE FROM latchkey_auth.two_factor WHERE user_id = $1)
     UPDATE latchkey_auth."user" SET two_factor_enabled = false, updated_at = now() WHERE id = $1`,
    [userId],
  );
}
