import { firstSentence } from './text.js';

test('firstSentence does not stop at abbreviations', () => {
  expect(firstSentence('A two-by-two growth framework that classifies options by product (existing vs. new) and market. It helps.')).toBe(
    'A two-by-two growth framework that classifies options by product (existing vs. new) and market.',
  );
  expect(firstSentence('Use levers, e.g. pricing and i.e. retention, first. Then grow.')).toBe('Use levers, e.g. pricing and i.e. retention, first.');
  expect(firstSentence('How do we grow? We ask.')).toBe('How do we grow?');
  expect(firstSentence('No full stop')).toBe('No full stop');
});
