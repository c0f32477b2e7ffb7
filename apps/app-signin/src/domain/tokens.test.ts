import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { generateStoredKey, Jws, KeyRing } from '@latchkey/jwt';
import { issueToken, mfaMissing } from './tokens.js';
import type { UserRow } from '../store/users.js';

describe('role policy', () => {
  it('requires a second factor of listed roles only, case-insensitively, until enrolled', () => {
    const policy = ['admin', 'owner'];
    expect(mfaMissing(policy, { role: 'Admin', two_factor_enabled: false })).toBe(true);
    expect(mfaMissing(policy, { role: 'ADMIN', two_factor_enabled: true })).toBe(false);
    expect(mfaMissing(policy, { role: 'member', two_factor_enabled: false })).toBe(false);
    expect(mfaMissing(policy, { role: null, two_factor_enabled: false })).toBe(false);
    expect(mfaMissing([], { role: 'admin', two_factor_enabled: false })).toBe(false);
  });
});

describe('the JWT an app issues', () => {
  const signinUrl = 'https://signin.example.test/a/acme-abcdefghijklmnopqrstuv';
  const at = new Date('2026-01-01T00:00:00Z');
  const user: UserRow = {
    id: 'user-1',
    name: 'Ada',
    email: 'ada@example.test',
    email_verified: true,
    image: null,
    role: 'admin',
    two_factor_enabled: false,
    created_at: at,
    updated_at: at,
  };
  const nowMs = Date.UTC(2026, 0, 1, 12);

  it("is signed by @latchkey/jwt's node:crypto engine and verifies with jose against the app's JWKS", async () => {
    const stored = await generateStoredKey('EdDSA', Math.floor(nowMs / 1000) - 60);
    const keyRing = await KeyRing.load([stored], 900);
    // Count the engine's signatures (the KeyRing must sign through Jws, not jose's WebCrypto path).
    const original = Jws.prototype.sign;
    let signed = 0;
    Jws.prototype.sign = function (this: Jws, ...args: Parameters<Jws['sign']>) {
      signed++;
      return original.apply(this, args);
    };
    try {
      const token = issueToken({ keyRing, policy: [], signinUrl }, user, { nowMs, ttlSec: 900 });
      expect(signed).toBe(1);
      const jwks = createLocalJWKSet(keyRing.jwks(Math.floor(nowMs / 1000)));
      const { payload, protectedHeader } = await jwtVerify(token, jwks, {
        issuer: signinUrl,
        audience: signinUrl,
        algorithms: ['EdDSA'],
        currentDate: new Date(nowMs),
      });
      expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: stored.kid, typ: 'JWT' });
      expect(payload).toMatchObject({ sub: 'user-1', email: 'ada@example.test', email_verified: true, role: 'authenticated', app_role: 'admin' });
      expect(payload.iat).toBe(nowMs / 1000);
      expect(payload.exp).toBe(nowMs / 1000 + 900);
      expect(typeof payload.jti).toBe('string');
      expect(payload.mfa_required).toBeUndefined();

      // A changed payload under the same signature is refused by jose too.
      const [h, , s] = token.split('.');
      const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'service_role' })).toString('base64url')}.${s}`;
      await expect(jwtVerify(forged, jwks, { issuer: signinUrl, audience: signinUrl, currentDate: new Date(nowMs) })).rejects.toThrow();
    } finally {
      Jws.prototype.sign = original;
    }
  });

  it('carries role anonymous and mfa_required when the applied policy wants a second factor the user lacks', async () => {
    const keyRing = await KeyRing.load([await generateStoredKey('EdDSA', Math.floor(nowMs / 1000))], 900);
    const token = issueToken({ keyRing, policy: ['admin'], signinUrl }, user, { nowMs, ttlSec: 900 });
    const { payload } = await jwtVerify(token, createLocalJWKSet(keyRing.jwks(Math.floor(nowMs / 1000))), {
      issuer: signinUrl,
      audience: signinUrl,
      currentDate: new Date(nowMs),
    });
    expect(payload).toMatchObject({ role: 'anonymous', mfa_required: true, app_role: 'admin' });
    expect(decodeProtectedHeader(token).alg).toBe('EdDSA');
  });

  it('is refused before the first deploy (no signing key)', () => {
    expect(() => issueToken({ keyRing: null, policy: [], signinUrl }, user, { nowMs, ttlSec: 900 })).toThrow(
      expect.objectContaining({ status: 503, code: 'SIGNING_KEY_MISSING' }),
    );
  });
});
