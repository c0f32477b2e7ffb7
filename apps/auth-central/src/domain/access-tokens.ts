/**
 * Access tokens (SPEC.md area A): JWTs issued by auth-central, 1 hour.
 * Claims (DESIGN.md): `sub` (user id), `org_id`, `app_id`, `sid` (session id),
 * `iat`, `exp`, `iss` (the public URL), `aud`, plus `jti`.
 */
import { decodeJwt } from 'jose';
import { TokenVerificationError } from '@latchkey/jwt';
import type { SigningKeys } from './keys.js';

export interface AccessClaims {
  sub: string;
  org_id: string;
  app_id: string;
  sid: string;
  iat: number;
  exp: number;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Clock difference between instances tolerated in a token's `iat`, seconds. */
export const MAX_CLOCK_SKEW_SECONDS = 60;

/** Issues and verifies access tokens (`AccessClaims`, lifetime in seconds) with the signing keys; verification never throws. */
export class AccessTokens {
  constructor(
    private readonly keys: SigningKeys,
    private readonly opts: { issuer: string; audience: string; lifetime: number; now: () => number },
  ) {}

  async issue(c: { userId: string; organisationId: string; appId: string; sessionId: string }): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(this.opts.now() / 1000);
    const token = await this.keys.sign(
      { org_id: c.organisationId, app_id: c.appId, sid: c.sessionId },
      { issuer: this.opts.issuer, audience: this.opts.audience, expiresIn: this.opts.lifetime, now, subject: c.userId },
    );
    return { token, expiresAt: new Date((now + this.opts.lifetime) * 1000) };
  }

  /**
   * Verifies signature, issuer, audience, expiry, and an `iat` no later than now plus `MAX_CLOCK_SKEW_SECONDS`.
   * @param opts.expiredGraceSeconds accept a token whose `exp` passed at most this long ago
   *   (its signature and every other claim must still be valid).
   */
  async verify(token: unknown, opts: { expiredGraceSeconds?: number } = {}): Promise<VerifyResult> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return { ok: false, expired: false };
    const now = Math.floor(this.opts.now() / 1000);
    const check = (at: number) => this.keys.verify<Record<string, unknown>>(token, { issuer: this.opts.issuer, audience: this.opts.audience, now: at });
    let payload: Record<string, unknown>;
    try {
      payload = await check(now);
    } catch (err) {
      if (!(err instanceof TokenVerificationError)) throw err;
      const grace = opts.expiredGraceSeconds ?? 0;
      if (!err.expired || grace <= 0) return { ok: false, expired: err.expired };
      // Expired: verify again as of one second before its expiry, within the grace window only.
      let exp: number;
      try {
        exp = Number(decodeJwt(token).exp);
      } catch {
        return { ok: false, expired: false };
      }
      if (!Number.isFinite(exp) || now - exp >= grace) return { ok: false, expired: true };
      try {
        payload = await check(exp - 1);
      } catch {
        return { ok: false, expired: true };
      }
    }
    const { sub, org_id, app_id, sid, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof org_id !== 'string' || typeof app_id !== 'string' || typeof sid !== 'string') {
      return { ok: false, expired: false };
    }
    // Issued in the future (an instance whose clock ran ahead): its life would reach past the hour it was given.
    if (typeof iat !== 'number' || iat > now + MAX_CLOCK_SKEW_SECONDS) return { ok: false, expired: false };
    return { ok: true, claims: { sub, org_id, app_id, sid, iat: Number(iat), exp: Number(exp) } };
  }
}
