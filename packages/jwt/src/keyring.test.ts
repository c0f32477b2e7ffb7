import { decodeProtectedHeader, createLocalJWKSet, jwtVerify } from 'jose';
import { KeyRing, TokenVerificationError, generateStoredKey, rotateKeys } from './index.js';

const iss = 'http://auth.test';
const aud = 'latchkey';

describe.each(['ES256', 'EdDSA'] as const)('KeyRing with %s', (alg) => {
  it('signs tokens that verify, with kid and claims', async () => {
    const ring = await KeyRing.load([await generateStoredKey(alg)], 3600);
    const token = await ring.sign({ org_id: 'o1' }, { issuer: iss, audience: aud, expiresIn: 3600, subject: 'u1' });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg, kid: ring.active.kid });
    const claims = await ring.verify(token, { issuer: iss, audience: aud });
    expect(claims).toMatchObject({ sub: 'u1', org_id: 'o1', iss, aud });
    expect(claims.exp! - claims.iat!).toBe(3600);
    // Anyone can verify with the published JWKS alone.
    const { payload } = await jwtVerify(token, createLocalJWKSet(ring.jwks()), { issuer: iss, audience: aud });
    expect(payload.sub).toBe('u1');
    expect(JSON.stringify(ring.jwks())).not.toContain('"d"');
  });

  it('refuses expired, wrong-audience, tampered and foreign tokens', async () => {
    const ring = await KeyRing.load([await generateStoredKey(alg)], 3600);
    const now = 1_800_000_000;
    const token = await ring.sign({}, { issuer: iss, audience: aud, expiresIn: 60, now });
    await expect(ring.verify(token, { issuer: iss, audience: aud, now: now + 59 })).resolves.toBeDefined();
    await expect(ring.verify(token, { issuer: iss, audience: aud, now: now + 60 })).rejects.toMatchObject({ expired: true });
    await expect(ring.verify(token, { issuer: iss, audience: 'other', now })).rejects.toBeInstanceOf(TokenVerificationError);
    const [h, p, s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: 'admin', iss, aud, exp: now + 999 })).toString('base64url')}.${s}`;
    await expect(ring.verify(forged, { issuer: iss, audience: aud, now })).rejects.toMatchObject({ expired: false });
    expect(p).toBeDefined();
    const other = await KeyRing.load([await generateStoredKey(alg)], 3600);
    const foreign = await other.sign({}, { issuer: iss, audience: aud, expiresIn: 60, now });
    await expect(ring.verify(foreign, { issuer: iss, audience: aud, now })).rejects.toBeInstanceOf(TokenVerificationError);
    await expect(ring.verify('not.a.jwt', { issuer: iss, audience: aud, now })).rejects.toBeInstanceOf(TokenVerificationError);
  });

  it('rotation: old keys verify until their tokens expire, then leave the JWKS', async () => {
    const t0 = 1_800_000_000;
    const first = await generateStoredKey(alg, t0);
    const ring1 = await KeyRing.load([first], 3600);
    const oldToken = await ring1.sign({}, { issuer: iss, audience: aud, expiresIn: 3600, now: t0 });
    const rotated = rotateKeys([first], await generateStoredKey(alg, t0 + 10), 3600, t0 + 10);
    const ring2 = await KeyRing.load(rotated, 3600);
    expect(ring2.active.kid).not.toBe(first.kid);
    await expect(ring2.verify(oldToken, { issuer: iss, audience: aud, now: t0 + 100 })).resolves.toBeDefined();
    expect(ring2.jwks(t0 + 100).keys).toHaveLength(2);
    expect(ring2.jwks(t0 + 10 + 3600).keys).toHaveLength(1);
    expect(rotateKeys(rotated, await generateStoredKey(alg), 3600, t0 + 10 + 3600)).toHaveLength(2);
  });
});
