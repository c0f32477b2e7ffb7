export { KeyRing, TokenVerificationError, generateStoredKey, rotateKeys, type SigningAlg, type StoredKey } from './keyring.js';
export { Jws } from './jws.js';
export type { JWK, JWTPayload } from 'jose';
export { parseBearer } from './bearer.js';
