/** Shapes shared by the key ring and the JWS engine (RFC 7515, 7517, 7519). */
import type { JWK } from 'jose';

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

/** Thrown by `verify` for any token that is not valid now. `expired` tells why. */
export class TokenVerificationError extends Error {
  readonly expired: boolean;
  constructor(message: string, expired: boolean) {
    super(message);
    this.name = 'TokenVerificationError';
    this.expired = expired;
  }
}
