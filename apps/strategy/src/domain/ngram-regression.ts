/**
 * A two-class logistic regression over hashed n-grams: each text's stemmed terms, its words, its word pairs ("my dog"
 * against "dog walker") and its character 4-grams ("mowing", "valeting" without a dictionary), with the sentence vector
 * of the word vectors beside them. Both classes weigh the same in training however many examples each has, so a share
 * of 0.5 means "as like one as the other". The scope bank's second reading (`scope-examples.ts`) uses it: the bank
 * classifier (`ExampleClassifier`) learns TF-IDF terms only, which read a sole trader's telegraphic words
 * ("ironing service, £1.20 an item, 700 items a week") as unlike business.
 */
import { createHash } from 'node:crypto';
import { terms } from './text.js';
import type { TrainedWeights } from './problem-examples.js';
import type { WordVectors } from './word-vectors.js';

/** Hashed feature columns (2^18): collisions cost nothing measurable on the scope banks against 2^20 (AUC 0.888 both). */
const COLUMNS = 1 << 18;
/** Weight of a character 4-gram against a word or a word pair. */
const CHAR_WEIGHT = 0.3;
const EPOCHS = 12;
const LEARNING_RATE = 0.5;
const RATE_DECAY = 0.8;
const L2 = 1e-6;
/** Every setting the weights depend on (part of the fingerprint), with the version of the features. */
const SETTINGS = { version: 2, COLUMNS, CHAR_WEIGHT, EPOCHS, LEARNING_RATE, RATE_DECAY, L2, seed: 1 };

/** An amount of money, thousands or a percentage ("£1.20", "$9k", "15%"). */
const MONEY = /[£$€]\s?\d|\d\s?(?:k|%)/i;

interface Features {
  cols: number[];
  vals: number[];
  dense: Float64Array;
}

/** FNV-1a hash of `s` into a feature column. */
function column(s: string): number {
  let x = 2166136261;
  for (let i = 0; i < s.length; i++) {
    x ^= s.charCodeAt(i);
    x = Math.imul(x, 16777619);
  }
  return (x >>> 0) % COLUMNS;
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

  /** Stemmed terms, lower-cased words (digits as 0) and their pairs, and character 4-grams, L2-normalised; and the sentence vector. */
  private features(text: string): Features {
    const counts = new Map<number, number>();
    const add = (key: string, value: number) => {
      const c = column(key);
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
    return { cols, vals: cols.map((c) => counts.get(c)! / norm), dense: this.vectors.sentence(text) };
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
