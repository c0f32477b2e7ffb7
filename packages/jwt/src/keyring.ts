/**
 * Signing keys, verification, JWKS and rotation on jose (RFC 7515, 7517, 7519).
 *
 * A KeyRing holds one active signing key and any number of retired keys.
 * Retired keys still verify until `retireAt + maxTokenLifetime` (old tokens
 * stay valid until they expire), and stay in the JWKS for as long.
 */
import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  errors as joseErrors,
  type JWK,
  type JWTPayload,
  type JWTVerifyOptions,
} from 'jose';

export type SigningAlg = 'ES256' | 'EdDSA';

/** A key as stored: private JWK (to be encrypted at rest by the owner), and its life. */
export interface StoredKey {
  kid: string;
  alg: SigningAlg;
  /** Private key as JWK (includes the public part). */
  privateJwk: JWK;
  /** Epoch seconds. */
  createdAt: number;
  /** Epoch seconds when it stopped signing; null while active. */
  retiredAt: number | null;
}

interface LoadedKey {
  stored: StoredKey;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/** Thrown by `verify` for any token that is not valid now. `expired` tells why. */
export class TokenVerificationError extends Error {
  readonly expired: boolean;
  constructor(message: string, expired: boolean) {
    super(message);
    this.name = 'TokenVerificationError';
    this.expired = expired;
  }
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
  /** Longest life of a token signed by the ring, in seconds: how long a retired key keeps verifying. */
  readonly maxTokenLifetime: number;

  private constructor(keys: LoadedKey[], maxTokenLifetime: number) {
    this.keys = keys;
    this.maxTokenLifetime = maxTokenLifetime;
  }

  /**
   * Loads stored keys. Exactly one should be active (`retiredAt` null); when
   * several are, the newest signs.
   * @param maxTokenLifetime seconds, see the class comment.
   * @throws Error when no key is active.
   */
  static async load(stored: StoredKey[], maxTokenLifetime: number): Promise<KeyRing> {
    const loaded = await Promise.all(
      stored.map(async (s) => {
        const publicJwk = { ...publicPart(s.privateJwk), kid: s.kid, alg: s.alg, use: 'sig' };
        return {
          stored: s,
          privateKey: (await importJWK(s.privateJwk, s.alg)) as CryptoKey,
          publicKey: (await importJWK(publicPart(s.privateJwk), s.alg)) as CryptoKey,
          publicJwk,
        };
      }),
    );
    if (!loaded.some((k) => k.stored.retiredAt === null)) throw new Error('the key ring has no active signing key');
    loaded.sort((a, b) => b.stored.createdAt - a.stored.createdAt);
    return new KeyRing(loaded, maxTokenLifetime);
  }

  /** The key that signs new tokens. */
  get active(): StoredKey {
    return this.keys.find((k) => k.stored.retiredAt === null)!.stored;
  }

  private usable(now: number): LoadedKey[] {
    return this.keys.filter((k) => k.stored.retiredAt === null || k.stored.retiredAt + this.maxTokenLifetime > now);
  }

  /**
   * Signs `claims` with the active key. `iat` is set to `now`, `exp` to
   * `now + expiresIn`, and `jti` to a random id when not given.
   * @param opts.expiresIn seconds.
   * @param opts.now epoch seconds (tests pass a fixed clock).
   */
  async sign(
    claims: JWTPayload,
    opts: { issuer: string; audience: string | string[]; expiresIn: number; now?: number; subject?: string },
  ): Promise<string> {
    const now = opts.now ?? Math.floor(Date.now() / 1000);
    const key = this.keys.find((k) => k.stored.retiredAt === null)!;
    const jwt = new SignJWT({ jti: randomUUID(), ...claims })
      .setProtectedHeader({ alg: key.stored.alg, kid: key.stored.kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + opts.expiresIn)
      .setIssuer(opts.issuer)
      .setAudience(opts.audience);
    if (opts.subject) jwt.setSubject(opts.subject);
    return jwt.sign(key.privateKey);
  }

  /**
   * Verifies signature, `kid`, `alg`, `iss`, `aud`, `exp` and `nbf` (no clock tolerance).
   * @param opts.now epoch seconds.
   * @throws TokenVerificationError (`expired` true when only the expiry failed).
   */
  async verify<T extends JWTPayload = JWTPayload>(
    token: string,
    opts: { issuer: string; audience: string; now?: number },
  ): Promise<T> {
    const now = opts.now ?? Math.floor(Date.now() / 1000);
    const keys = this.usable(now);
    const verifyOptions: JWTVerifyOptions = {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: ['ES256', 'EdDSA'],
      currentDate: new Date(now * 1000),
    };
    try {
      const { payload } = await jwtVerify(
        token,
        (header) => {
          const key = keys.find((k) => k.stored.kid === header.kid && k.stored.alg === header.alg);
          if (!key) throw new TokenVerificationError('unknown signing key', false);
          return key.publicKey;
        },
        verifyOptions,
      );
      return payload as T;
    } catch (err) {
      if (err instanceof TokenVerificationError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new TokenVerificationError('token expired', true);
      throw new TokenVerificationError('invalid token', false);
    }
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
  const kept = stored
    .map((k) => (k.retiredAt === null ? { ...k, retiredAt: now } : k))
    .filter((k) => k.retiredAt! + maxTokenLifetime > now);
  return [fresh, ...kept];
}
