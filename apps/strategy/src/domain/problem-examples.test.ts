/**
 * The example bank and its classifier, the second signal of the problem
 * type. Floors sit just under the cross-validated values measured by
 * scripts/problem-examples-cv.ts over the 1,680 questions of both batches
 * (classifier with word vectors 75.7%, cue phrases alone 47.3%, both signals
 * in understand() 66.2%; over the first batch's 1,120 they were 72.3%, 54.4%
 * and 70.4%: the second batch's short questions from sole traders, family
 * firms and clubs name few of the cue phrases).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crossValidateBank } from './bank-eval.js';
import { NOT_SCOPE_EVIDENCE_FRAMEWORKS } from './framework-examples.js';
import { loadLibrary, LibraryError } from './library.js';
import { planAnswer } from './plan.js';
import {
  ExampleClassifier,
  loadProblemExamples,
  PROBLEM_MODEL_FILE,
  PROBLEM_SCOPE_MODEL_FILE,
  readTrainedWeights,
  NOT_SCOPE_EVIDENCE,
  problemBankQuestions,
  SCOPE_EXAMPLES_PER_TYPE,
  scopeSample,
  writeTrainedWeights,
  type TypeSimilarity,
} from './problem-examples.js';
import { FrameworkSelector } from './selector.js';
import { PROBLEMS, useProblemExamples } from './understand.js';
import { loadWordVectors } from './word-vectors.js';

const types = Object.keys(PROBLEMS);
const bank = loadProblemExamples(types);
const classifier = new ExampleClassifier(bank.examples);

afterEach(() => useProblemExamples(undefined));

test('the bank holds 25-120 distinct questions for every problem type, and says how it was written', () => {
  expect(Object.keys(bank.examples).sort()).toEqual([...types].sort());
  for (const qs of Object.values(bank.examples)) {
    expect(qs.length).toBeGreaterThanOrEqual(25);
    expect(qs.length).toBeLessThanOrEqual(120);
  }
  expect(bank.about).toMatch(/not read/);
});

test('a bank that misses a type, lists a question twice or is not JSON is refused with the file named', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bank-'));
  const file = path.join(dir, 'bank.json');
  const some = (prefix: string) => Array.from({ length: 25 }, (_, i) => `${prefix} question number ${i} about the business`);
  writeFileSync(file, JSON.stringify({ about: 'written for this test only', examples: { pricing: some('a') } }));
  expect(() => loadProblemExamples(['pricing', 'quality'], file)).toThrow(/missing \(quality\)/);
  writeFileSync(file, JSON.stringify({ about: 'written for this test only', examples: { pricing: some('a'), quality: some('a') } }));
  expect(() => loadProblemExamples(['pricing', 'quality'], file)).toThrow(/listed twice/);
  writeFileSync(file, '{');
  expect(() => loadProblemExamples(['pricing'], file)).toThrow(LibraryError);
  expect(() => loadProblemExamples(['pricing'], file)).toThrow(file);
});

test('similarity ranks every type, shares sum to 1, and a text of another domain is far from the bank', () => {
  const r = classifier.classify('Our subscribers cancel after the second month. How do we keep them longer?');
  expect(r).toHaveLength(types.length);
  expect(r[0]!.type).toBe('retention');
  expect(r.reduce((a, x) => a + x.share, 0)).toBeCloseTo(1, 6);
  for (const x of r) expect(x.evidence).toBeLessThanOrEqual(x.share);
  const off = classifier.classify('What is a good recipe for banana bread with walnuts?');
  expect(off[0]!.evidence).toBeLessThan(0.1);
  expect(classifier.classify('zzz qqq').every((x) => x.similarity === 0 && x.evidence === 0)).toBe(true);
});

test('cross-validation: the bank alone, the cue phrases alone and both signals in understand() stay above their floors', () => {
  const library = loadLibrary();
  const r = crossValidateBank(library, new FrameworkSelector(library), false);
  expect(r.questions).toBe(Object.values(bank.examples).flat().length);
  expect(r.classifierTop1.ok / r.questions).toBeGreaterThanOrEqual(0.7);
  // The cue phrases alone: 0.47 over the first two batches; the later batches' small organisations name few of them
  // (0.41 over three batches, 0.375 over four).
  expect(r.cueTop1.ok / r.questions).toBeGreaterThanOrEqual(0.35);
  expect(r.understandWith.ok / r.questions).toBeGreaterThanOrEqual(0.64);
  expect(r.understandWith.ok).toBeGreaterThan(r.understandWithout.ok);
  expect(() => classifier.holdingOut(r.questions)).toThrow(RangeError);
});

test('confidence 70+ needs both signals to agree: the same question scores lower when the bank reads another problem', () => {
  const library = loadLibrary();
  const selector = new FrameworkSelector(library);
  const question = 'We charge per seat and want to raise prices by 15% next year. How do we set the new price for each tier?';
  const reading = (type: string): { classify(): TypeSimilarity[] } => ({
    classify: () => [
      { type, similarity: 0.4, share: 0.9, evidence: 0.9 },
      ...types.filter((t) => t !== type).map((t) => ({ type: t, similarity: 0.05, share: 0.1 / 26, evidence: 0 })),
    ],
  });
  const ask = () => {
    const plan = planAnswer(library, selector, { messages: [{ role: 'user', content: question }] }, { turns: 0, applied: [] });
    return plan.analysis;
  };
  useProblemExamples(reading('pricing'));
  const agreed = ask();
  expect(agreed.understanding.problem?.type).toBe('pricing');
  expect(agreed.confidence).toBeGreaterThanOrEqual(70);
  useProblemExamples(reading('team-trust'));
  const disagreed = ask();
  expect(disagreed.primary.id).toBe(agreed.primary.id);
  expect(disagreed.confidence).toBeLessThan(70);
});

test('with word vectors the classifier reads questions in words the bank never uses, and beats TF-IDF alone on held-out examples', () => {
  const withVectors = new ExampleClassifier(bank.examples, [], loadWordVectors());
  // "Mis-shipments", "blunders" and "parcels" are not in the bank; their vectors sit near "errors", "mistakes" and "orders".
  const r = withVectors.classify('Too many blunders and mis-shipments on parcels leaving the depot; how do we get them down?');
  expect(r[0]!.type).toBe('quality');
  expect(r.reduce((a, x) => a + x.share, 0)).toBeCloseTo(1, 6);
  // The same bank gives the same model (the training order is seeded).
  const again = new ExampleClassifier(bank.examples, [], loadWordVectors()).classify('Our subscribers cancel after the second month.');
  expect(again).toEqual(withVectors.classify('Our subscribers cancel after the second month.'));
  // One fold held out (every tenth example): the regression gets more of it right than the TF-IDF centroids.
  const items = withVectors.examples();
  let regression = 0;
  let centroids = 0;
  for (let i = 3; i < items.length; i += 10) {
    if (withVectors.holdingOut(i).classify(items[i]!.text)[0]!.type === items[i]!.type) regression++;
    if (classifier.holdingOut(i).classify(items[i]!.text)[0]!.type === items[i]!.type) centroids++;
  }
  expect(regression).toBeGreaterThan(centroids);
});

test('saved weights are used only while they fit: same bank and vectors, not another bank; a damaged file is ignored', () => {
  const vectors = loadWordVectors();
  const trained = new ExampleClassifier(bank.examples, [], vectors);
  expect(trained.trainedNow).toBe(true);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'weights-'));
  const file = path.join(dir, 'model.bin');
  writeTrainedWeights(file, trained.trainedWeights()!);
  const saved = readTrainedWeights(file)!;
  expect(saved.fingerprint).toBe(trained.fingerprint);
  const loaded = new ExampleClassifier(bank.examples, [], vectors, saved);
  expect(loaded.trainedNow).toBe(false);
  const q = 'Our subscribers cancel after the second month.';
  const a = trained.classify(q);
  const b = loaded.classify(q);
  expect(b.map((x) => x.type)).toEqual(a.map((x) => x.type));
  b.forEach((x, i) => expect(x.share).toBeCloseTo(a[i]!.share, 5));
  // One question more in the bank: another fingerprint, so the saved weights are not used.
  const [first, ...rest] = Object.keys(bank.examples);
  const changed = { ...bank.examples, [first!]: [...bank.examples[first!]!, 'One more question about the business, added later.'] };
  const retrained = new ExampleClassifier(changed, [], vectors, saved);
  expect(retrained.fingerprint).not.toBe(saved.fingerprint);
  expect(retrained.trainedNow).toBe(true);
  expect(rest.length).toBeGreaterThan(0);
  // Cut short, not a weights file, or missing: no weights (the classifier trains instead).
  const bytes = readFileSync(file);
  writeFileSync(file, bytes.subarray(0, bytes.length - 4));
  expect(readTrainedWeights(file)).toBeUndefined();
  writeFileSync(file, 'hello');
  expect(readTrainedWeights(file)).toBeUndefined();
  expect(readTrainedWeights(path.join(dir, 'missing.bin'))).toBeUndefined();
});

test.each([
  ['whole bank', PROBLEM_MODEL_FILE, () => bank.examples],
  ["first two batches, the scope rules' reading", PROBLEM_SCOPE_MODEL_FILE, () => scopeSample(bank.examples)],
] as const)(
  'the shipped problem-type weights (%s) are a fresh training of the shipped bank (else: pnpm --filter @latchkey/strategy train:models)',
  (_, file, examples) => {
    const fresh = new ExampleClassifier(examples(), [], loadWordVectors()).trainedWeights()!;
    const shipped = readTrainedWeights(file)!;
    expect(shipped.fingerprint).toBe(fresh.fingerprint);
    for (const key of ['sparse', 'dense', 'bias'] as const) {
      expect(shipped[key].length).toBe(fresh[key].length);
      let worst = 0;
      for (let i = 0; i < fresh[key].length; i++) worst = Math.max(worst, Math.abs(shipped[key][i]! - fresh[key][i]!));
      expect({ key, worst: worst < 1e-4 }).toEqual({ key, worst: true });
    }
  },
);

test("the scope rules' sample is each type's first questions only, and none of the types that are no evidence of business: a later batch does not move their reading", () => {
  const sample = scopeSample(bank.examples);
  expect(NOT_SCOPE_EVIDENCE.length).toBeGreaterThan(0);
  for (const type of types) {
    expect(bank.examples[type]!.length).toBeGreaterThan(SCOPE_EXAMPLES_PER_TYPE);
    if (NOT_SCOPE_EVIDENCE.includes(type)) expect(sample[type]).toBeUndefined();
    else expect(sample[type]).toEqual(bank.examples[type]!.slice(0, SCOPE_EXAMPLES_PER_TYPE));
  }
  // Nor are they among the problem-type bank's questions the scope bank's n-gram reading learns as business.
  const learnt = new Set(problemBankQuestions());
  for (const type of NOT_SCOPE_EVIDENCE) expect(bank.examples[type]!.some((q) => learnt.has(q))).toBe(false);
  expect(learnt.has(bank.examples.pricing![0]!)).toBe(true);
  const later = { ...bank.examples, pricing: [...bank.examples.pricing!, 'florist, wholesale roses up, put my bouquet price up or hold?'] };
  expect(scopeSample(later)).toEqual(sample);
});

test('the types that are no evidence of business and their frameworks are the same pairs: each type leads with one of them', () => {
  expect(NOT_SCOPE_EVIDENCE_FRAMEWORKS).toHaveLength(NOT_SCOPE_EVIDENCE.length);
  const library = loadLibrary();
  for (const type of NOT_SCOPE_EVIDENCE) {
    const lead = PROBLEMS[type as keyof typeof PROBLEMS]!.frameworks[0]!;
    expect(NOT_SCOPE_EVIDENCE_FRAMEWORKS).toContain(lead);
    expect(library.byId.has(lead)).toBe(true);
  }
});
