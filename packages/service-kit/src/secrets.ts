import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * `bytes` random bytes, hex-encoded (2 × `bytes` characters).
 * Area A's exchange token is `randomHex(64)`: 128 hex characters.
 */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** SHA-256 of a secret, hex (64 characters): what is stored instead of the secret. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** HMAC-SHA-256 of a secret under `key`, hex: a keyed fingerprint for low-entropy secrets. */
export function hmacHex(key: string | Buffer, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex');
}

/**
 * Constant-time equality of two strings of any length (OWASP ASVS 11.2.4):
 * both sides are hashed to fixed-length digests first, because
 * `timingSafeEqual` throws on unequal lengths.
 */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

/**
 * Parses a 256-bit key given as 64 hex characters or 44 base64 characters.
 * @throws Error when the value is not exactly 32 bytes.
 */
export function parseKey(value: string): Buffer {
  const buf = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (buf.length !== 32) throw new Error('an encryption key must be 32 bytes (64 hex or 44 base64 characters)');
  return buf;
}

/**
 * AES-256-GCM encryption of a UTF-8 string.
 * @returns `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 * @param aad additional authenticated data binding the ciphertext to its row (e.g. a user id).
 */
export function encryptSecret(key: Buffer, plaintext: string, aad = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

/**
 * Reverses `encryptSecret`.
 * @throws Error when the value was tampered with, or the key or `aad` differ.
 */
export function decryptSecret(key: Buffer, sealed: string, aad = ''): string {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
