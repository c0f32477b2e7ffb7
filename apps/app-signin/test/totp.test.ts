/**
 * The tests' TOTP codes (helpers.ts `totpCode`) are right: RFC 6238's own
 * test vectors, the service's enrolment secrets, and (when installed) the
 * reference tool oathtool agree with them.
 */
import { execFileSync } from 'node:child_process';
import { describeWithBinary } from '@latchkey/testing';
import { base32Decode, totpCode } from './helpers.js';

it('matches the SHA-1 test vectors of RFC 6238, Appendix B', () => {
  const key = Buffer.from('12345678901234567890', 'ascii');
  const vectors: Array<[number, string]> = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  for (const [seconds, code] of vectors) expect(totpCode(key, seconds * 1000, 8)).toBe(code);
  // The 6-digit codes the service uses are the same truncation, modulo 10^6.
  expect(totpCode(key, 59_000)).toBe('287082');
});

it('decodes base32 secrets as RFC 4648 does', () => {
  expect(base32Decode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe('12345678901234567890');
  expect(base32Decode('mzxw6ytboi======').toString('ascii')).toBe('foobar');
  expect(() => base32Decode('not-base32!')).toThrow(/not base32/);
});

describeWithBinary('oathtool', 'apt-get install oathtool')('against oathtool', () => {
  it('gives the codes oathtool gives, at several times', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    for (const t of [0, 59_000, Date.UTC(2026, 0, 1, 12), Date.UTC(2030, 5, 6, 7, 8, 9)]) {
      const reference = execFileSync('oathtool', ['--totp', '-b', secret, '-N', `@${Math.floor(t / 1000)}`], { encoding: 'utf8' }).trim();
      expect(totpCode(secret, t)).toBe(reference);
    }
  });
});
