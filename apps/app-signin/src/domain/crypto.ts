/**
 * Small cryptographic helpers of app-signin: password hashing (scrypt),
 * per-app key derivation, signed cookie values, random identifiers.
 */
import { createHmac, hkdfSync, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost: N = 2^log2N, r, p. The default is OWASP's (N=2^17, r=8, p=1). */
export interface PasswordCost {
  log2N: number;
  r: number;
  p: number;
}

export const OWASP_PASSWORD_COST: PasswordCost = { log2N: 17, r: 8, p: 1 };

const KEY_LEN = 64;

function scrypt(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  // scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is too small for N=2^17.
  const opts: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => scryptCb(password.normalize('NFKC'), salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

/** `scrypt$<log2N>$<r>$<p>$<salt b64url>$<hash b64url>`: the parameters travel with the hash. */
export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Verifies with the parameters stored in the hash (so raising the cost never breaks old hashes). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, log2N, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !log2N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { log2N: Number(log2N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A 32-byte key for one purpose of one app, derived from the service's master key (HKDF-SHA-256). */
export function deriveKey(master: Buffer, appId: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.from(`app:${appId}`), Buffer.from(`latchkey-signin:${purpose}`), 32));
}

/** `value.signature`, the signature being HMAC-SHA-256 of the value (base64url). */
export function signValue(key: Buffer, value: string): string {
  return `${value}.${createHmac('sha256', key).update(value).digest('base64url')}`;
}

/** The value of a `signValue` result, or null when the signature does not match. */
export function unsignValue(key: Buffer, signed: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', key).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

/** A signed, expiring JSON payload for cookies (two-factor challenge, trusted device). */
export function sealPayload(key: Buffer, payload: Record<string, unknown>): string {
  return signValue(key, Buffer.from(JSON.stringify(payload)).toString('base64url'));
}

export function openPayload<T extends Record<string, unknown>>(key: Buffer, sealed: string | undefined, now: number): T | null {
  if (!sealed) return null;
  const value = unsignValue(key, sealed);
  if (!value) return null;
  try {
    const payload = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as T & { e?: number };
    if (typeof payload.e !== 'number' || payload.e <= now) return null;
    return payload;
  } catch {
    return null;
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `n` random base32 characters (5 bits each). */
export function randomBase32(n: number): string {
  const bytes = randomBytes(n);
  let out = '';
  for (let i = 0; i < n; i++) out += BASE32[bytes[i]! & 31];
  return out;
}

/** A URL-safe random token of `bytes` bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
