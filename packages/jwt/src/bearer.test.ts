import { parseBearer } from './bearer.js';

it('takes the one token after a case-insensitive Bearer scheme', () => {
  expect(parseBearer('Bearer abc.def-_~+/=')).toBe('abc.def-_~+/=');
  expect(parseBearer('bearer abc')).toBe('abc');
  expect(parseBearer('BEARER abc')).toBe('abc');
  expect(parseBearer('  Bearer abc  ')).toBe('abc');
});

it('refuses everything that is not exactly one Bearer token', () => {
  for (const header of [
    undefined,
    null,
    '',
    'Bearer',
    'Bearer ',
    'Bearer  ',
    'Basic abc',
    'Bearerabc',
    'Bearer a b',
    'Bearer  abc',
    'Token abc',
    'Bearer\tabc',
  ])
    expect([header, parseBearer(header)]).toEqual([header, null]);
  expect(parseBearer(['Bearer a', 'Bearer b'])).toBeNull();
});
