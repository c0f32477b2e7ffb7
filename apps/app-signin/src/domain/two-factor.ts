/**
 * TOTP (RFC 6238, otplib 13, 30-second steps, 6 digits) and backup codes.
 * - A code is never accepted twice: the last accepted time step is stored per
 *   user and only later steps pass (RFC 6238 §5.2), with an atomic update so
 *   two concurrent requests cannot both use one code.
 * - Backup codes are single use, kept encrypted (AES-256-GCM) and verified
 *   through an HMAC-SHA-256 of each code (ASVS 6.5.2).
 */
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { decryptSecret, encryptSecret, hmacHex, safeEqual } from '@latchkey/service-kit';
import type { AppContext } from './apps.js';
import { inTransaction, type AppDb } from '../store/app-db.js';
import * as store from '../store/two-factor.js';
import type { TwoFactorRow } from '../store/two-factor.js';

export const TOTP_PERIOD = 30;
export const BACKUP_CODE_COUNT = 10;

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
    backupCodes: encryptSecret(ctx.keys.backupCodes, JSON.stringify(codes), `backup:${userId}`),
    backupCodeHashes: codes.map((c) => backupHash(ctx, userId, c)),
  };
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
  await store.upsertEnrolment(ctx.db, user.id, { secret: encSecret, ...sealed });
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
  return store.recordTotpStep(ctx.db, row.id, step);
}

/** Turns two-factor on after the first correct code of an enrolment. */
export async function confirmEnrolment(db: AppDb, row: TwoFactorRow): Promise<void> {
  await store.confirmEnrolment(db, row.id);
}

/** Uses a backup code once; false when it is wrong or already used. */
export async function useBackupCode(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  if (normalizeCode(code).length !== 10) return false;
  const hash = backupHash(ctx, userId, code);
  return inTransaction(ctx.db, async (tx) => {
    const row = await store.lockConfirmedTwoFactor(tx, userId);
    if (!row || !containsDigest(row.backup_code_hashes, hash)) return false;
    const remaining = (JSON.parse(decryptSecret(ctx.keys.backupCodes, row.backup_codes, `backup:${userId}`)) as string[]).filter(
      (c) => !safeEqual(backupHash(ctx, userId, c), hash),
    );
    await store.setBackupCodes(tx, row.id, sealCodes(ctx, userId, remaining));
    return true;
  });
}

/** Replaces the backup codes (the old ones stop working). */
export async function regenerateBackupCodes(ctx: AppContext, userId: string): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await store.setBackupCodesOfUser(ctx.db, userId, sealCodes(ctx, userId, codes));
  return codes;
}
