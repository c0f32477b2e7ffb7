import { containsDigest } from './two-factor.js';

describe('containsDigest (backup codes are looked up in constant time)', () => {
  const digests = ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64)];

  it('finds a digest wherever it is in the list', () => {
    for (const d of digests) expect(containsDigest(digests, d)).toBe(true);
  });

  it('refuses an absent digest or one of another length without throwing', () => {
    expect(containsDigest(digests, 'd'.repeat(64))).toBe(false);
    expect(containsDigest(digests, 'a')).toBe(false);
    expect(containsDigest(digests, 'a'.repeat(65))).toBe(false);
    expect(containsDigest([], 'a'.repeat(64))).toBe(false);
  });
});
