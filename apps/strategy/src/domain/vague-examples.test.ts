/**
 * The vague-question bank and its classifier: a question without figures that
 * reads like the bank's vague requests is answered with clarifying questions,
 * one that names its problem and decision is not.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LibraryError } from './library.js';
import { ExampleClassifier, readTrainedWeights } from './problem-examples.js';
import { understand } from './understand.js';
import { loadVagueExamples, useVaguenessSource, VAGUE_MODEL_FILE, VAGUE_SHARE, vaguenessExamples, vaguenessSource } from './vague-examples.js';
import { wordVectors } from './word-vectors.js';

afterEach(() => useVaguenessSource(undefined));

// None of these is in the bank.
const vague = [
  'The brewery feels flat this year and so do I. Where would you look?',
  'Our dental practice could be doing better, I think. Thoughts on what to look at?',
  "I run a plumbing firm and something has to change, I just don't know what.",
];

test('the bank holds vague and specific questions and says how it was written; a malformed bank is refused with the file named', () => {
  const bank = loadVagueExamples();
  expect(bank.examples.vague.length).toBeGreaterThanOrEqual(300);
  expect(bank.examples.specific.length).toBeGreaterThanOrEqual(150);
  expect(bank.about).toMatch(/did not read/);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vague-bank-')), 'bank.json');
  writeFileSync(file, JSON.stringify({ about: 'written for this test only', examples: { vague: ['help'], specific: [] } }));
  expect(() => loadVagueExamples(file)).toThrow(LibraryError);
  expect(() => loadVagueExamples(file)).toThrow(file);
});

test('a worry without figures that reads like the vague requests is vague; a specific question or one with figures is not', () => {
  for (const q of vague) {
    const u = understand(q, '');
    expect({ q, vague: u.vague, likely: u.vagueness >= VAGUE_SHARE }).toEqual({ q, vague: true, likely: true });
  }
  for (const q of [
    'Our warehouse picking errors keep climbing. How do we error-proof the packing line?',
    'Two directors both think they sign off marketing spend. How do we settle who decides what?',
    'The brewery feels flat this year: taproom sales fell 18% to £22k a month. Where would you look?',
  ])
    expect({ q, vague: understand(q, '').vague }).toEqual({ q, vague: false });
  // Without the bank's reading these are not caught by the hand-written rules.
  useVaguenessSource(null);
  for (const q of vague) expect({ q, vague: understand(q, '').vague }).toEqual({ q, vague: false });
});

test('the classifier tells held-out vague from specific questions (one fold of ten), and the shipped weights fit the banks', () => {
  const examples = vaguenessExamples();
  const c = new ExampleClassifier(examples, [], wordVectors());
  const { ok, of } = c.heldOutTop1({ every: 10, offset: 5 });
  expect(ok / of).toBeGreaterThanOrEqual(0.85);
  // library/vague-model.bin is this training (else: pnpm --filter @latchkey/strategy train:models).
  expect(readTrainedWeights(VAGUE_MODEL_FILE)?.fingerprint).toBe(c.fingerprint);
  expect(vaguenessSource()!.vagueness(vague[0]!)).toBeCloseTo(c.classify(vague[0]!).find((x) => x.type === 'vague')!.share, 5);
});
