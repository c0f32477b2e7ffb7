import { mfaMissing } from './tokens.js';

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
