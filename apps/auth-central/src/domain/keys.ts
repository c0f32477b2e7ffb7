/**
 * The access-token signing keys of every instance: stored in the database
 * (private JWK encrypted with AES-256-GCM under `LATCHKEY_ENCRYPTION_KEY`,
 * bound to its `kid`), loaded into a `KeyRing`. The first start creates one;
 * rotation retires the active key, which keeps verifying until the longest
 * token it signed has expired.
 */
import type { Logger } from 'pino';
import { decodeProtectedHeader } from 'jose';
import { KeyRing, TokenVerificationError, generateStoredKey, type SigningAlg, type StoredKey } from '@latchkey/jwt';
import { decryptSecret, encryptSecret } from '@latchkey/service-kit';
import type { Db } from '../store/prisma.js';
import { addKey, listKeys, type KeyRow } from '../store/keys.js';

/** Seconds a retired key keeps verifying beyond the token life (covers instances that reload late). */
const RETENTION_MARGIN = 300;

/**
 * The signing keys shared by every instance: `current()` (the loaded `KeyRing`, which also gives the
 * public JWKS; the first start creates a key), `sign`/`verify` of access tokens, and `rotate`.
 * Reloads from the database when a token names an unknown `kid` (another instance rotated).
 */
export class SigningKeys {
  private ring: KeyRing | undefined;
  private loading: Promise<KeyRing> | undefined;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      encryptionKey: Buffer;
      alg: SigningAlg;
      tokenLifetime: number;
      now: () => number;
      logger?: Logger;
    },
  ) {}

  private get retention(): number {
    return this.opts.tokenLifetime + RETENTION_MARGIN;
  }

  private async makeRow(): Promise<KeyRow> {
    const now = Math.floor(this.opts.now() / 1000);
    const key = await generateStoredKey(this.opts.alg, now);
    return {
      kid: key.kid,
      alg: key.alg,
      privateJwkEncrypted: encryptSecret(this.opts.encryptionKey, JSON.stringify(key.privateJwk), key.kid),
      createdAt: new Date(key.createdAt * 1000),
      retiredAt: null,
    };
  }

  private decode(row: KeyRow): StoredKey {
    return {
      kid: row.kid,
      alg: row.alg as SigningAlg,
      privateJwk: JSON.parse(decryptSecret(this.opts.encryptionKey, row.privateJwkEncrypted, row.kid)),
      createdAt: Math.floor(row.createdAt.getTime() / 1000),
      retiredAt: row.retiredAt ? Math.floor(row.retiredAt.getTime() / 1000) : null,
    };
  }

  /** (Re)loads the keys from the database, creating the first one when none is active. */
  reload(): Promise<KeyRing> {
    this.loading ??= (async () => {
      try {
        let rows = await listKeys(this.db);
        if (!rows.some((r) => r.retiredAt === null)) {
          await addKey(this.db, { rotate: false, now: new Date(this.opts.now()) }, () => this.makeRow());
          rows = await listKeys(this.db);
        }
        const stored = rows.map((r) => this.decode(r));
        const ring = KeyRing.loadSync(stored, this.retention);
        this.ring = ring;
        return ring;
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  async current(): Promise<KeyRing> {
    return this.ring ?? this.reload();
  }

  /** Retires the active key and creates a new one; every instance picks it up on its next reload. */
  async rotate(): Promise<string> {
    const now = new Date(this.opts.now());
    await addKey(this.db, { rotate: true, now, dropRetiredBefore: new Date(now.getTime() - this.retention * 1000) }, () => this.makeRow());
    const ring = await this.reload();
    this.opts.logger?.info({ kid: ring.active.kid }, 'signing key rotated');
    return ring.active.kid;
  }

  /** True when the token's `kid` is a stored key this ring has not loaded (one primary-key lookup). */
  private async isStoredKid(token: string): Promise<boolean> {
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return false;
    }
    if (typeof kid !== 'string' || kid.length > 100) return false;
    return (await this.db.signingKey.count({ where: { kid } })) > 0;
  }

  /** Signs access-token claims with the active key (see `KeyRing.signSync`). */
  async sign(claims: Record<string, unknown>, opts: { issuer: string; audience: string; expiresIn: number; now: number; subject: string }): Promise<string> {
    const ring = this.ring ?? (await this.reload());
    return ring.signSync(claims, opts);
  }

  /**
   * Verifies with the loaded keys; a token signed by a stored key this
   * instance has not loaded yet (rotated on another instance) triggers one
   * reload. Unknown kids that are not in the database cost one lookup and no
   * reload.
   */
  async verify<T extends Record<string, unknown>>(token: string, opts: { issuer: string; audience: string; now: number }): Promise<T> {
    const ring = this.ring ?? (await this.reload());
    try {
      return ring.verifySync<T>(token, opts);
    } catch (err) {
      if (err instanceof TokenVerificationError && err.message === 'unknown signing key' && (await this.isStoredKid(token))) {
        return (await this.reload()).verifySync<T>(token, opts);
      }
      throw err;
    }
  }
}
