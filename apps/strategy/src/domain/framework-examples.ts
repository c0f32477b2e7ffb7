/**
 * The framework example bank (`library/framework-examples.json`): for every
 * framework of the library, questions in users' own words to which a
 * strategist would answer with that framework as the primary lens, written
 * from the framework's description without naming it and without reading any
 * evaluation set. Two regressions read it (`BankReading`): the same
 * classifier as the problem-type bank (`ExampleClassifier`: TF-IDF terms and
 * word vectors) and a softmax over hashed n-grams (`NgramSoftmax`); the
 * selector adds their mean probability of each framework to the library
 * text's BM25: the library's own words are a strategist's vocabulary, these
 * examples are the users'.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LIBRARY_DIR, LibraryError } from './library.js';
import { NgramSoftmax } from './ngram-regression.js';
import { ExampleClassifier, FULL_SIMILARITY, readExampleBank, readTrainedWeights, type TypeSimilarity } from './problem-examples.js';
import { wordVectors } from './word-vectors.js';

/** `apps/strategy/library/framework-examples.json`. */
export const FRAMEWORK_EXAMPLES_FILE = path.join(DEFAULT_LIBRARY_DIR, 'framework-examples.json');

/**
 * `apps/strategy/library/framework-model.bin`: the regression trained on the bank (`pnpm --filter
 * @latchkey/strategy train:models` rebuilds it), so the service starts without training; when the bank, the word
 * vectors or the settings have changed since, it no longer fits and the classifier trains at start instead.
 */
export const FRAMEWORK_MODEL_FILE = path.join(DEFAULT_LIBRARY_DIR, 'framework-model.bin');

/** `apps/strategy/library/framework-ngram-model.bin`: the bank's n-gram softmax (`NgramSoftmax`), rebuilt with the others. */
export const FRAMEWORK_NGRAM_MODEL_FILE = path.join(DEFAULT_LIBRARY_DIR, 'framework-ngram-model.bin');

const bankSchema = z.strictObject({
  about: z.string().trim().min(20),
  examples: z.record(z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/), z.array(z.string().trim().min(10)).min(12).max(200)),
});

/** The framework example bank: how it was written, and the questions per framework id. */
export interface FrameworkExamples {
  about: string;
  examples: Record<string, string[]>;
}

/**
 * Reads the framework example bank and checks its shape (12-200 questions per
 * framework, none listed twice).
 * @throws LibraryError when the file is missing, is not JSON or breaks those rules.
 */
export function readFrameworkExamples(file = FRAMEWORK_EXAMPLES_FILE): FrameworkExamples {
  // The shipped bank is read once per process: its classifier and the vague-question classifier's sample both use it.
  if (file !== FRAMEWORK_EXAMPLES_FILE) return readExampleBank(file, bankSchema);
  shippedBank ??= readExampleBank(file, bankSchema);
  return shippedBank;
}
let shippedBank: FrameworkExamples | undefined;

/** How many questions of each framework (its first five batches) the vague and scope classifiers may sample. */
const SAMPLED_PER_FRAMEWORK = 80;
/** Every how many of those questions one is sampled. */
const SAMPLE_EVERY = 8;

/**
 * Frameworks whose words are no evidence of business (those of the problem types in `NOT_SCOPE_EVIDENCE`: one
 * person's performance, staff pay), added after the vague and scope readings' thresholds were set (`plan.ts`). Their
 * questions are left out of the sample those classifiers learn (`frameworkBankSample`), out of the scope bank's
 * n-gram reading (`ngramScopeExamples`), and their keyword match does not count as business words
 * (`planAnswer`): they speak of staff, pay and family, and learnt or counted they read employees' and households'
 * own requests as business (the classifier's business share of "My bonus was smaller than I was promised, how do I
 * raise it with HR?" 0.76 -> 0.84; the fresh probes' personal requests answered 95 -> 104 of 459).
 */
export const NOT_SCOPE_EVIDENCE_FRAMEWORKS: readonly string[] = ['performance-conversation', 'total-rewards'];

/**
 * Every question of the framework example bank but those of the frameworks whose words are no evidence of business
 * (`NOT_SCOPE_EVIDENCE_FRAMEWORKS`): the scope bank's n-gram reading learns them as business questions
 * (`ngramScopeExamples`).
 * @throws LibraryError as `readFrameworkExamples`.
 */
export function frameworkBankQuestions(bank = readFrameworkExamples()): string[] {
  return Object.entries(bank.examples).flatMap(([id, qs]) => (NOT_SCOPE_EVIDENCE_FRAMEWORKS.includes(id) ? [] : qs));
}

/**
 * Business questions from the framework example bank for the vague and scope classifiers: every `SAMPLE_EVERY`th of
 * the first `SAMPLED_PER_FRAMEWORK` questions of each framework, in bank order (10 per framework, 490 in all). A
 * later batch of the framework bank does not move those classifiers' readings.
 * @throws LibraryError as `readFrameworkExamples`.
 */
export function frameworkBankSample(bank = readFrameworkExamples()): string[] {
  return Object.entries(bank.examples)
    .filter(([id]) => !NOT_SCOPE_EVIDENCE_FRAMEWORKS.includes(id))
    .flatMap(([, qs]) => qs.slice(0, SAMPLED_PER_FRAMEWORK))
    .filter((_, i) => i % SAMPLE_EVERY === 0);
}

/**
 * Reads the framework example bank and checks that it covers exactly the
 * frameworks `ids` (the shipped library's).
 * @throws LibraryError as `readFrameworkExamples`, or when a framework is missing or unknown.
 */
export function loadFrameworkExamples(ids: readonly string[], file = FRAMEWORK_EXAMPLES_FILE): FrameworkExamples {
  const bank = readFrameworkExamples(file);
  const missing = ids.filter((id) => !bank.examples[id]);
  const unknown = Object.keys(bank.examples).filter((id) => !ids.includes(id));
  if (missing.length || unknown.length)
    throw new LibraryError(`${file}: frameworks missing (${missing.join(', ') || 'none'}) or unknown (${unknown.join(', ') || 'none'})`);
  return bank;
}

/** What ranks the frameworks for a text by the example bank (a `BankReading`, or a stand-in in cross-validation). */
export interface FrameworkExampleSource {
  classify(text: string): TypeSimilarity[];
  /**
   * The reading of a follow-up alone in a conversation, when it differs from `classify` (a few words, which lean on the
   * earlier turns).
   */
  classifyAlone?(text: string): TypeSimilarity[];
}

/**
 * The framework bank's reading of a text: the mean of the bank classifier's share of each framework
 * (`ExampleClassifier`: TF-IDF terms and word vectors) and the n-gram softmax's probability of it (`NgramSoftmax`: word
 * pairs and pieces of words too, as a phone's abbreviations and other languages' forms have them), as the classifier's
 * `evidence` scaled by how close the text is to the bank at all. A text with no term of the bank's vocabulary gets 0
 * for every framework, whatever its pieces of words would say. A follow-up read alone (`classifyAlone`) keeps the
 * classifier's reading: the n-grams read a few words sharply ("I want my team looked after. Which one?" as a team's
 * stages at 0.82) and would outvote the conversation (a deal's offers).
 */
export class BankReading implements FrameworkExampleSource {
  /**
   * `ngrams` may read more frameworks than `classifier` (the whole bank's, for a library of its own with fewer): its
   * probabilities are then taken over the classifier's frameworks only, scaled to sum to 1.
   * @throws Error when the classifier reads a framework the n-gram softmax does not.
   */
  constructor(
    readonly classifier: ExampleClassifier,
    readonly ngrams: NgramSoftmax,
  ) {
    const missing = classifier.types.filter((t) => !ngrams.labels.includes(t));
    if (missing.length) throw new Error(`the n-gram softmax does not read every framework of the classifier: ${missing.join(', ')} missing`);
  }

  /** Every framework for `text`, most likely first (`share` sums to 1, or is 0 throughout when no term of the bank is in it). */
  classify(text: string): TypeSimilarity[] {
    const rows = this.classifier.classify(text);
    const top = Math.max(0, ...rows.map((r) => r.similarity));
    if (top <= 0) return rows;
    const closeness = Math.min(1, top / FULL_SIMILARITY);
    const p = this.ngrams.probabilities(text);
    // Over the classifier's frameworks only (all of them for the shipped library); nothing when every one underflows.
    const total = rows.reduce((sum, r) => sum + p.get(r.type)!, 0);
    const scale = total > 0 ? 1 / total : 0;
    return rows
      .map((r) => {
        const share = (r.share + p.get(r.type)! * scale) / 2;
        return { ...r, share, evidence: share * closeness };
      })
      .sort((a, b) => b.share - a.share || b.similarity - a.similarity || a.type.localeCompare(b.type));
  }

  /** The classifier's reading alone, for a follow-up read without its conversation. */
  classifyAlone(text: string): TypeSimilarity[] {
    return this.classifier.classify(text);
  }
}

const sources = new Map<string, FrameworkExampleSource | null>();
let ngramsOfBank: NgramSoftmax | undefined;
let override: FrameworkExampleSource | null | undefined;

/**
 * The reading of the framework example bank (`BankReading`: the mean of the classifier and the n-gram softmax), for
 * a library whose framework ids are `ids` (built on first use, then shared: some 100 ms with the saved weights of
 * `FRAMEWORK_MODEL_FILE` and `FRAMEWORK_NGRAM_MODEL_FILE`; a library of its own trains the classifier, about 4 s,
 * and reads the shipped n-gram weights over its frameworks). On the bank's last 20 questions of each framework held
 * out, the library engine's pick is the question's framework for 648 of 980 with the classifier alone and 689 with
 * the mean (at the selector's weight 6; 635 and 669 at 5; scripts/framework-examples-heldout.ts).
 * Only the bank's frameworks that are in `ids` are classes: a library of its
 * own (`STRATEGY_LIBRARY_DIR`) gets no share for a framework the bank lacks.
 * Null when fewer than two frameworks are in both, or when a stand-in turned
 * the signal off (`useFrameworkExamples(null)`).
 * @throws LibraryError when the bank is missing or malformed.
 */
export function frameworkExampleSource(ids: readonly string[]): FrameworkExampleSource | null {
  if (override !== undefined) return override;
  const key = [...ids].sort().join(',');
  if (!sources.has(key)) {
    const bank = readFrameworkExamples();
    const examples = Object.fromEntries(Object.entries(bank.examples).filter(([id]) => ids.includes(id)));
    let reading: BankReading | null = null;
    if (Object.keys(examples).length >= 2) {
      // The n-gram softmax reads the whole bank (its shipped weights, never retrained for a library of its own: 16 s);
      // the reading takes its probabilities over the library's frameworks (`BankReading`).
      ngramsOfBank ??= new NgramSoftmax(bank.examples, wordVectors(), readTrainedWeights(FRAMEWORK_NGRAM_MODEL_FILE));
      reading = new BankReading(new ExampleClassifier(examples, [], wordVectors(), readTrainedWeights(FRAMEWORK_MODEL_FILE)), ngramsOfBank);
    }
    sources.set(key, reading);
  }
  return sources.get(key)!;
}

/**
 * Replaces the framework bank's reading (cross-validation holds examples out
 * through a stand-in; `null` turns the signal off); `undefined` restores the bank's own.
 */
export function useFrameworkExamples(source: FrameworkExampleSource | null | undefined): void {
  override = source;
}
