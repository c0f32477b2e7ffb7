/**
 * Regressions over hashed n-grams: each text's stemmed terms, its words, its word pairs ("my dog" against "dog
 * walker") and its character 4-grams ("mowing", "valeting" without a dictionary), with the sentence vector of the word
 * vectors beside them. The bank classifier (`ExampleClassifier`) learns TF-IDF terms only, which read a sole trader's
 * telegraphic words ("ironing service, £1.20 an item, 700 items a week") as unlike the bank; these learn the words'
 * pairs and pieces too. Two of them:
 * - `NgramRegression`, two classes: both weigh the same in training however many examples each has, so a share of
 *   0.5 means "as like one as the other". The scope bank's second reading (`scope-examples.ts`) uses it.
 * - `NgramSoftmax`, one class per label (a softmax, trained by `trainSoftmax` like the bank classifier): the framework
 *   example bank's second reading (`framework-examples.ts`).
 */
import { createHash } from 'node:crypto';
import { terms } from './text.js';
import { logits, softmax, trainSoftmax, type Features, type SoftmaxModel, type SoftmaxTraining, type TrainedWeights } from './problem-examples.js';
import type { WordVectors } from './word-vectors.js';

/** Hashed feature columns (2^18): collisions cost nothing measurable on the scope banks against 2^20 (AUC 0.888 both). */
const COLUMNS = 1 << 18;
/** Weight of a character 4-gram against a word or a word pair. */
const CHAR_WEIGHT = 0.3;
const EPOCHS = 12;
const LEARNING_RATE = 0.5;
const RATE_DECAY = 0.8;
const L2 = 1e-6;
/** The version of `ngramFeatures`: both regressions' fingerprints hold it, so a change to the features retrains both. */
const FEATURES_VERSION = 2;
/** Every setting the weights depend on (part of the fingerprint), with the version of the features. */
const SETTINGS = { version: FEATURES_VERSION, COLUMNS, CHAR_WEIGHT, EPOCHS, LEARNING_RATE, RATE_DECAY, L2, seed: 1 };

/** An amount of money, thousands or a percentage ("£1.20", "$9k", "15%"). */
const MONEY = /[£$€]\s?\d|\d\s?(?:k|%)/i;

/** FNV-1a hash of `s` into one of `columns` feature columns. */
function column(s: string, columns: number): number {
  let x = 2166136261;
  for (let i = 0; i < s.length; i++) {
    x ^= s.charCodeAt(i);
    x = Math.imul(x, 16777619);
  }
  return (x >>> 0) % columns;
}

/**
 * A text's features over `columns` hashed columns: stemmed terms, lower-cased words (digits as 0) and their pairs,
 * and character 4-grams (weighing `CHAR_WEIGHT`), L2-normalised; and the sentence vector.
 */
function ngramFeatures(text: string, columns: number, vectors: WordVectors): Features {
  const counts = new Map<number, number>();
  const add = (key: string, value: number) => {
    const c = column(key, columns);
    counts.set(c, (counts.get(c) ?? 0) + value);
  };
  const words =
    text
      .toLowerCase()
      .replace(/\d+/g, '0')
      .match(/[\p{L}0£$€%']+/gu) ?? [];
  for (const t of terms(text)) add(`t:${t}`, 1);
  for (const w of words) add(`w:${w}`, 1);
  for (let i = 0; i + 1 < words.length; i++) add(`p:${words[i]} ${words[i + 1]}`, 1);
  const joined = ` ${words.join(' ')} `;
  for (let i = 0; i + 4 <= joined.length; i++) add(`c:${joined.slice(i, i + 4)}`, CHAR_WEIGHT);
  // An amount of money or a percentage anywhere ("£1.20 an item", "15k", "markup 15%").
  if (MONEY.test(text)) add('money', 1);
  let norm = 0;
  for (const v of counts.values()) norm += v * v;
  norm = Math.sqrt(norm) || 1;
  const cols = [...counts.keys()];
  return { cols, vals: cols.map((c) => counts.get(c)! / norm), dense: vectors.sentence(text) };
}

/** Park–Miller generator: the same examples give the same shuffles, so the same weights, on every machine. */
function seededRandom(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

export class NgramRegression {
  /** What the weights depend on (SHA-256, hex): the examples, the word vectors' file and the settings. */
  readonly fingerprint: string;
  /** Whether the regression was trained when it was built (false: read from saved weights). */
  readonly trainedNow: boolean;
  private readonly weights: Float64Array;
  private readonly denseWeights: Float64Array;
  private bias = 0;

  /** The `fingerprint` a regression built from these arguments has, computed without training. */
  static fingerprintOf(examples: { positive: string[]; negative: string[] }, vectors: WordVectors): string {
    return createHash('sha256')
      .update(JSON.stringify({ examples, vectors: vectors.fingerprint, settings: SETTINGS }))
      .digest('hex');
  }

  /**
   * Trains on `examples` (about 3 s for 16,000 texts), or takes `saved` weights (`trainedWeights`, read with
   * `readTrainedWeights`) when their fingerprint and sizes match.
   * @throws Error when a class has no example.
   */
  constructor(
    examples: { positive: string[]; negative: string[] },
    private readonly vectors: WordVectors,
    saved?: TrainedWeights,
  ) {
    if (!examples.positive.length || !examples.negative.length) throw new Error('each class of the n-gram regression needs an example');
    this.fingerprint = NgramRegression.fingerprintOf(examples, vectors);
    this.weights = new Float64Array(COLUMNS);
    this.denseWeights = new Float64Array(vectors.dimensions);
    if (saved?.fingerprint === this.fingerprint && saved.sparse.length === COLUMNS && saved.dense.length === vectors.dimensions && saved.bias.length === 1) {
      this.weights.set(saved.sparse);
      this.denseWeights.set(saved.dense);
      this.bias = saved.bias[0]!;
      this.trainedNow = false;
    } else {
      this.train(examples);
      this.trainedNow = true;
    }
  }

  /** Probability (0-1) that `text` belongs to the positive class. */
  probability(text: string): number {
    return 1 / (1 + Math.exp(-this.logit(this.features(text))));
  }

  /** The weights (32-bit floats: `sparse` the hashed columns, `dense` the sentence vector's, one `bias`), for `writeTrainedWeights`. */
  trainedWeights(): TrainedWeights {
    return {
      fingerprint: this.fingerprint,
      sparse: Float32Array.from(this.weights),
      dense: Float32Array.from(this.denseWeights),
      bias: Float32Array.from([this.bias]),
    };
  }

  private features(text: string): Features {
    return ngramFeatures(text, COLUMNS, this.vectors);
  }

  private logit(x: Features): number {
    let z = this.bias;
    for (let k = 0; k < x.cols.length; k++) z += this.weights[x.cols[k]!]! * x.vals[k]!;
    for (let d = 0; d < x.dense.length; d++) z += this.denseWeights[d]! * x.dense[d]!;
    return z;
  }

  /** Stochastic gradient descent on the log loss, each class weighted by half the examples over its own count. */
  private train(examples: { positive: string[]; negative: string[] }): void {
    const data = [...examples.positive.map((t) => ({ x: this.features(t), y: 1 })), ...examples.negative.map((t) => ({ x: this.features(t), y: 0 }))];
    const classWeight = [data.length / (2 * examples.negative.length), data.length / (2 * examples.positive.length)];
    const random = seededRandom(1);
    let rate = LEARNING_RATE;
    for (let epoch = 0; epoch < EPOCHS; epoch++) {
      for (let i = data.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [data[i], data[j]] = [data[j]!, data[i]!];
      }
      for (const { x, y } of data) {
        const g = (1 / (1 + Math.exp(-this.logit(x))) - y) * classWeight[y]!;
        this.bias -= rate * g;
        for (let k = 0; k < x.cols.length; k++) {
          const c = x.cols[k]!;
          this.weights[c] = this.weights[c]! * (1 - rate * L2) - rate * g * x.vals[k]!;
        }
        for (let d = 0; d < x.dense.length; d++) this.denseWeights[d] = this.denseWeights[d]! - rate * g * x.dense[d]!;
      }
      rate *= RATE_DECAY;
    }
  }
}

/** Hashed feature columns of `NgramSoftmax` (2^14 per label): 2^13 to 2^17 read the framework bank's later batches alike. */
const SOFTMAX_COLUMNS = 1 << 14;
/** How `NgramSoftmax` trains (`trainSoftmax`), with `NgramRegression`'s step, decay and penalty. */
const SOFTMAX_TRAINING: SoftmaxTraining = { epochs: 10, learningRate: LEARNING_RATE, rateDecay: RATE_DECAY, l2: L2, skipGradient: 1e-3 };
/** Every setting `NgramSoftmax`'s weights depend on (part of the fingerprint), with the version of the features. */
const SOFTMAX_SETTINGS = { version: FEATURES_VERSION, COLUMNS: SOFTMAX_COLUMNS, CHAR_WEIGHT, ...SOFTMAX_TRAINING, seed: 1 };

/**
 * A softmax (multinomial logistic) regression over the same hashed n-grams and sentence vector as `NgramRegression`,
 * one class per label of `examples`: the framework example bank's second reading (`BankReading` in
 * `framework-examples.ts`). On the bank's last 20 questions of each framework held out (980 questions of very small
 * organisations typed on a phone), the bank classifier alone ranks 688 first, this regression 734, their mean 759
 * (scripts/framework-examples-heldout.ts).
 */
export class NgramSoftmax {
  /** What the weights depend on (SHA-256, hex): the examples, the word vectors' file and the settings. */
  readonly fingerprint: string;
  /** Whether the regression was trained when it was built (false: read from saved weights). */
  readonly trainedNow: boolean;
  /** The labels, in the order of the weights' rows. */
  readonly labels: string[];
  private readonly model: SoftmaxModel;

  /** The `fingerprint` a regression built from these arguments has, computed without training. */
  static fingerprintOf(examples: Record<string, string[]>, vectors: WordVectors): string {
    return createHash('sha256')
      .update(JSON.stringify({ examples, vectors: vectors.fingerprint, settings: SOFTMAX_SETTINGS }))
      .digest('hex');
  }

  /**
   * Trains on `examples` (label → texts; about 35 s for the framework bank's 7,378 questions and 51 labels), or takes
   * `saved` weights (`trainedWeights`, read with `readTrainedWeights`) when their fingerprint and sizes match.
   * @throws Error when there are fewer than two labels or a label has no example.
   */
  constructor(
    examples: Record<string, string[]>,
    private readonly vectors: WordVectors,
    saved?: TrainedWeights,
  ) {
    this.labels = Object.keys(examples);
    if (this.labels.length < 2 || this.labels.some((l) => !examples[l]!.length))
      throw new Error('the n-gram softmax needs two labels or more, each with an example');
    this.fingerprint = NgramSoftmax.fingerprintOf(examples, vectors);
    const k = this.labels.length;
    this.model = { sparse: new Float64Array(k * SOFTMAX_COLUMNS), dense: new Float64Array(k * vectors.dimensions), bias: new Float64Array(k) };
    const { sparse, dense, bias } = this.model;
    if (saved?.fingerprint === this.fingerprint && saved.sparse.length === sparse.length && saved.dense.length === dense.length && saved.bias.length === k) {
      sparse.set(saved.sparse);
      dense.set(saved.dense);
      bias.set(saved.bias);
      this.trainedNow = false;
    } else {
      const data = this.labels.flatMap((label, y) => examples[label]!.map((t) => ({ x: ngramFeatures(t, SOFTMAX_COLUMNS, vectors), y })));
      trainSoftmax(this.model, data, seededRandom(1), SOFTMAX_TRAINING);
      this.trainedNow = true;
    }
  }

  /** Each label's probability (0-1, summing to 1) for `text`. */
  probabilities(text: string): Map<string, number> {
    const p = new Float64Array(this.labels.length);
    logits(this.model, ngramFeatures(text, SOFTMAX_COLUMNS, this.vectors), p, this.vectors.dimensions);
    softmax(p);
    return new Map(this.labels.map((l, i) => [l, p[i]!]));
  }

  /** The weights (32-bit floats: `sparse` labels x hashed columns, `dense` labels x vector dimensions, a bias per label), for `writeTrainedWeights`. */
  trainedWeights(): TrainedWeights {
    const { sparse, dense, bias } = this.model;
    return { fingerprint: this.fingerprint, sparse: Float32Array.from(sparse), dense: Float32Array.from(dense), bias: Float32Array.from(bias) };
  }
}
