import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret, parseKey, randomHex, safeEqual, sha256Hex } from './secrets.js';

describe('secrets', () => {
  it('randomHex gives 2 × bytes hex characters, never repeating', () => {
    const a = randomHex(64);
    expect(a).toMatch(/^[0-9a-f]{128}$/);
    expect(randomHex(64)).not.toBe(a);
  });
  it('sha256Hex is the standard digest', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('safeEqual compares strings of any length', () => {
    expect(safeEqual('same', 'same')).toBe(true);
    expect(safeEqual('same', 'sane')).toBe(false);
    expect(safeEqual('short', 'much longer value')).toBe(false);
  });
  it('encrypts with AES-256-GCM and refuses tampering or a wrong aad', () => {
    const key = randomBytes(32);
    const sealed = encryptSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(key, sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(key, sealed, 'user-2')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret(key, parts.join('.'), 'user-1')).toThrow();
    expect(() => decryptSecret(randomBytes(32), sealed, 'user-1')).toThrow();
  });
  it('parseKey takes 32 bytes as hex or base64 only', () => {
    expect(parseKey('00'.repeat(32))).toHaveLength(32);
    expect(parseKey(randomBytes(32).toString('base64'))).toHaveLength(32);
    expect(() => parseKey('abcd')).toThrow(/32 bytes/);
  });
});
