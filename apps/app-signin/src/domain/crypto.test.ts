import { randomBytes } from 'node:crypto';
import { hashPassword, openPayload, randomBase32, sealPayload, signValue, unsignValue, verifyPassword } from './crypto.js';

describe('passwords', () => {
  it('hashes with scrypt and verifies with the stored parameters', async () => {
    const h = await hashPassword('correct horse', { log2N: 10, r: 8, p: 1 });
    expect(h).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('correct horse', h)).toBe(true);
    expect(await verifyPassword('correct horsE', h)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it("handles OWASP's cost (N=2^17, r=8) within scrypt's raised memory limit", async () => {
    const h = await hashPassword('pw', { log2N: 17, r: 8, p: 1 });
    expect(await verifyPassword('pw', h)).toBe(true);
  });
});

describe('signed values', () => {
  it('refuses a changed value or signature', () => {
    const key = randomBytes(32);
    const s = signValue(key, 'abc');
    expect(unsignValue(key, s)).toBe('abc');
    expect(unsignValue(key, s.replace('abc', 'abd'))).toBeNull();
    expect(unsignValue(randomBytes(32), s)).toBeNull();
    expect(unsignValue(key, 'nodot')).toBeNull();
  });

  it('expires sealed payloads', () => {
    const key = randomBytes(32);
    const sealed = sealPayload(key, { u: 'x', e: 2000 });
    expect(openPayload(key, sealed, 1999)).toMatchObject({ u: 'x' });
    expect(openPayload(key, sealed, 2000)).toBeNull();
  });

  it('makes base32 suffixes', () => {
    expect(randomBase32(22)).toMatch(/^[a-z2-7]{22}$/);
  });
});
