/**
 * Signing keys, verification, JWKS and rotation (RFC 7515, 7517, 7519).
 * Signing and verification run on `node:crypto` (`Jws`, synchronous and
 * several times faster than WebCrypto); jose only generates keys.
 *
 * A KeyRing holds one active signing key and any number of retired keys.
 * Retired keys still verify until `retireAt + maxTokenLifetime` (old tokens
 * stay valid until they expire), and stay in the JWKS for as long.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';
import { Jws } from './jws.js';
import type { SigningAlg, StoredKey } from './types.js';

export { TokenVerificationError, type SigningAlg, type StoredKey } from './types.js';

interface LoadedKey {
  stored: StoredKey;
  publicJwk: JWK;
}

/**
 * Makes a new signing key.
 * @param alg `ES256` (P-256) or `EdDSA` (Ed25519).
 */
export async function generateStoredKey(alg: SigningAlg, now = Math.floor(Date.now() / 1000)): Promise<StoredKey> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, crv: alg === 'EdDSA' ? 'Ed25519' : undefined });
  const privateJwk = await exportJWK(privateKey);
  return { kid: randomUUID(), alg, privateJwk, createdAt: now, retiredAt: null };
}

function publicPart(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = jwk;
  return pub;
}

export class KeyRing {
  private readonly keys: LoadedKey[];
  private readonly jws: Jws;
  /** Longest life of a token signed by the ring, in seconds: how long a retired key keeps verifying. */
  readonly maxTokenLifetime: number;

  private constructor(keys: LoadedKey[], jws: Jws, maxTokenLifetime: number) {
    this.keys = keys;
    this.jws = jws;
    this.maxTokenLifetime = maxTokenLifetime;
  }

  /**
   * Loads stored keys. Exactly one should be active (`retiredAt` null); when
   * several are, the newest signs.
   * @param maxTokenLifetime seconds, see the class comment.
   * @throws Error when no key is active.
   */
  static async load(stored: StoredKey[], maxTokenLifetime: number): Promise<KeyRing> {
    return KeyRing.loadSync(stored, maxTokenLifetime);
  }

  /** `load`, synchronously (keys are imported with `node:crypto`). */
  static loadSync(stored: StoredKey[], maxTokenLifetime: number): KeyRing {
    if (!stored.some((k) => k.retiredAt === null)) throw new Error('the key ring has no active signing key');
    const loaded = stored
      .map((s) => ({ stored: s, publicJwk: { ...publicPart(s.privateJwk), kid: s.kid, alg: s.alg, use: 'sig' } }))
      .sort((a, b) => b.stored.createdAt - a.stored.createdAt);
    return new KeyRing(loaded, Jws.fromStored(stored, maxTokenLifetime), maxTokenLifetime);
  }

  /** The key that signs new tokens. */
  get active(): StoredKey {
    return this.keys.find((k) => k.stored.retiredAt === null)!.stored;
  }

  private usable(now: number): LoadedKey[] {
    return this.keys.filter((k) => k.stored.retiredAt === null || k.stored.retiredAt + this.maxTokenLifetime > now);
  }

  /**
   * Signs `claims` with the active key. `jti` is a random id unless the claims
   * carry one; `iat` is `now`, `exp` is `now + expiresIn`; `iss`, `aud` and
   * (when given) `sub` come from `opts`.
   * @param opts.expiresIn seconds.
   * @param opts.now epoch seconds (tests pass a fixed clock).
   * @returns a compact JWS (RFC 7515 §7.1) with the header `{alg, kid, typ: "JWT"}`.
   */
  signSync(claims: JWTPayload, opts: { issuer: string; audience: string | string[]; expiresIn: number; now?: number; subject?: string }): string {
    return this.jws.sign(claims, { ...opts, now: opts.now ?? Math.floor(Date.now() / 1000) });
  }

  /** `signSync`, as a promise (the API callers had when signing ran on WebCrypto). */
  async sign(claims: JWTPayload, opts: { issuer: string; audience: string | string[]; expiresIn: number; now?: number; subject?: string }): Promise<string> {
    return this.signSync(claims, opts);
  }

  /**
   * Verifies form, header (`alg` ES256 or EdDSA equal to the key's, `kid` of a
   * key usable at `now`, no `crit`/`b64`), signature, `iss`, `aud`, `nbf` and
   * `exp` (required; no clock tolerance). See `Jws` for the exact rules.
   * @param opts.now epoch seconds.
   * @returns a copy of the payload.
   * @throws TokenVerificationError (`expired` true when only the expiry failed;
   *   message `unknown signing key` when the `kid` is not usable here).
   */
  verifySync<T extends JWTPayload = JWTPayload>(token: string, opts: { issuer: string; audience: string; now?: number }): T {
    return this.jws.verify(token, { ...opts, now: opts.now ?? Math.floor(Date.now() / 1000) }) as T;
  }

  /** `verifySync`, as a promise. */
  async verify<T extends JWTPayload = JWTPayload>(token: string, opts: { issuer: string; audience: string; now?: number }): Promise<T> {
    return this.verifySync<T>(token, opts);
  }

  /** The JWKS document (RFC 7517 §5): public keys that can still verify a token. */
  jwks(now = Math.floor(Date.now() / 1000)): { keys: JWK[] } {
    return { keys: this.usable(now).map((k) => k.publicJwk) };
  }
}

/**
 * Rotation: retires the active key(s) and adds `fresh` as the new active key.
 * Keys retired longer ago than `maxTokenLifetime` are dropped.
 * @returns the new list of stored keys, newest first.
 */
export function rotateKeys(stored: StoredKey[], fresh: StoredKey, maxTokenLifetime: number, now = Math.floor(Date.now() / 1000)): StoredKey[] {
  const kept = stored.map((k) => (k.retiredAt === null ? { ...k, retiredAt: now } : k)).filter((k) => k.retiredAt! + maxTokenLifetime > now);
  return [fresh, ...kept];
}
