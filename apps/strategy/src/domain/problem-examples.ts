/**
 * The example bank (`library/problem-examples.json`: 25-120 questions in
 * users' own words per problem type) and a classifier over it, the
 * data-driven second signal of the problem-type classification beside the
 * hand-written cue phrases of `understand.ts`.
 *
 * Two parts:
 * - TF-IDF centroids over the stemmed content words of `text.ts` (`terms`):
 *   every example is a vector of (1 + ln tf) x idf, normalised; each problem
 *   type is the normalised sum of its examples' vectors; a question's
 *   `similarity` to a type is the cosine to that centroid. Words the bank
 *   never uses count in the question's norm at the highest idf, so a question
 *   mostly about something else (code, recipes, travel) is far from every type.
 * - With word vectors (`word-vectors.ts`, as the service runs), a softmax
 *   regression over the TF-IDF terms and the question's sentence vector,
 *   trained on the bank when the classifier is built (about 0.5 s): its
 *   probability of each type is the `share`. The vectors let a question in
 *   words the bank never uses ("blunders", "mis-shipments") find the type
 *   whose examples say the same thing in other words. Without them, `share`
 *   is the softmax of the cosines (temperature `TEMPERATURE`).
 *
 * `evidence` scales the share by how close the question is to the bank at all
 * (`top cosine / FULL_SIMILARITY`, at most 1). Cross-validated type accuracy
 * over the bank: 64.4% with the centroids alone, 72.3% with the regression.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LIBRARY_DIR, LibraryError } from './library.js';
import { terms } from './text.js';
import type { WordVectors } from './word-vectors.js';

/** `apps/strategy/library/problem-examples.json`. */
export const PROBLEM_EXAMPLES_FILE = path.join(DEFAULT_LIBRARY_DIR, 'problem-examples.json');

/**
 * `apps/strategy/library/problem-model.bin`: the regression trained on the problem-type bank (`pnpm --filter
 * @latchkey/strategy train:models` rebuilds it); used only while it fits the bank (see `ExampleClassifier.fingerprint`).
 */
export const PROBLEM_MODEL_FILE = path.join(DEFAULT_LIBRARY_DIR, 'problem-model.bin');

/**
 * `apps/strategy/library/problem-scope-model.bin`: the regression trained on the problem-type bank's first
 * `SCOPE_EXAMPLES_PER_TYPE` questions of each type (`scopeSample`), for the readings the scope rules weigh.
 */
export const PROBLEM_SCOPE_MODEL_FILE = path.join(DEFAULT_LIBRARY_DIR, 'problem-scope-model.bin');

/**
 * How many questions of each problem type (the bank's first two batches) the scope rules' reading of the bank is
 * trained on: their thresholds (`plan.ts`) were set on those, so a later batch, which weighs in choosing the type,
 * does not move the answer-or-refuse decision.
 */
export const SCOPE_EXAMPLES_PER_TYPE = 60;

/**
 * Problem types that are no evidence of business for the scope rules: one person's performance and what staff are
 * paid are asked as often by the person (an employee about their own rise, a warning, a bonus; a household about its
 * nanny) as by the employer, in the same words. They choose the type and the framework of a question already in
 * scope, but neither their cues nor their examples count in `Understanding.scopeStrength`. Counted, they answered 16
 * more of the 459 personal requests of the fresh probes (eval/banks/fresh-probes.json), most of them employees' own pay.
 */
export const NOT_SCOPE_EVIDENCE: readonly string[] = ['performance', 'reward'];

/**
 * The first `SCOPE_EXAMPLES_PER_TYPE` questions of each type of a problem-type bank (see `PROBLEM_SCOPE_MODEL_FILE`),
 * but for the types that are no evidence of business (`NOT_SCOPE_EVIDENCE`).
 */
export function scopeSample(examples: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(examples)
      .filter(([type]) => !NOT_SCOPE_EVIDENCE.includes(type))
      .map(([type, qs]) => [type, qs.slice(0, SCOPE_EXAMPLES_PER_TYPE)]),
  );
}

/** Softmax temperature over cosine similarities (chosen by leave-one-out cross-validation over the bank). */
export const TEMPERATURE = 0.04;
/** Cosine to the nearest centroid at which the classifier's evidence counts in full (typical of a bank question held out). */
export const FULL_SIMILARITY = 0.3;

export interface ProblemExamples {
  /** How the bank was written. */
  about: string;
  /** Example questions per problem type. */
  examples: Record<string, string[]>;
}

const bankSchema = z.strictObject({
  about: z.string().trim().min(20),
  examples: z.record(z.string().regex(/^[a-z]+(?:-[a-z]+)*$/), z.array(z.string().trim().min(10)).min(25).max(120)),
});

/**
 * Reads and validates the example bank: every type in `types` has 25-120
 * examples, no other type appears and no question is listed twice.
 * @throws LibraryError when the file is missing, is not JSON or breaks those rules.
 */
export function loadProblemExamples(types: readonly string[], file = PROBLEM_EXAMPLES_FILE): ProblemExamples {
  const bank = readExampleBank(file, bankSchema);
  const missing = types.filter((t) => !bank.examples[t]);
  const unknown = Object.keys(bank.examples).filter((t) => !types.includes(t));
  if (missing.length || unknown.length)
    throw new LibraryError(`${file}: problem types missing (${missing.join(', ') || 'none'}) or unknown (${unknown.join(', ') || 'none'})`);
  return bank;
}

/**
 * Every question of the problem-type bank but those of the types that are no evidence of business
 * (`NOT_SCOPE_EVIDENCE`): the scope bank's n-gram reading learns them as business questions (`ngramScopeExamples`).
 * @throws LibraryError when the file is missing, is not JSON or breaks the bank's rules.
 */
export function problemBankQuestions(file = PROBLEM_EXAMPLES_FILE): string[] {
  return Object.entries(readExampleBank(file, bankSchema).examples).flatMap(([type, qs]) => (NOT_SCOPE_EVIDENCE.includes(type) ? [] : qs));
}

/**
 * Reads an example bank (`{about, examples: {label: questions}}`), checks it
 * against `schema` and that no question is listed twice (case-insensitive).
 * @throws LibraryError naming the file when it is missing, is not JSON or breaks those rules.
 */
export function readExampleBank<T extends { examples: Record<string, string[]> }>(file: string, schema: z.ZodType<T>): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new LibraryError(`${file}: ${(err as Error).message}`);
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw new LibraryError(`${file} is invalid:\n${r.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const seen = new Set<string>();
  for (const q of Object.values(r.data.examples).flat()) {
    const key = q.toLowerCase();
    if (seen.has(key)) throw new LibraryError(`${file}: "${q}" is listed twice`);
    seen.add(key);
  }
  return r.data;
}

/** A problem type's similarity to a question. */
export interface TypeSimilarity {
  type: string;
  /** Cosine between the question and the type's centroid, 0-1. */
  similarity: number;
  /** Softmax share of the similarities over all types, 0-1 (sums to 1). */
  share: number;
  /** `share` scaled by how close the question is to the bank at all, 0-1: what the classifier adds to the cue scores. */
  evidence: number;
}

type Vector = Map<string, number>;

function normaliseVector(v: Vector): Vector {
  let n = 0;
  for (const x of v.values()) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (const [k, x] of v) v.set(k, x / n);
  return v;
}

/** TF-IDF centroid classifier over an example bank (see the file's docstring). */
export class ExampleClassifier {
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;
  /** The types (classes), in the order of the regression's rows. */
  readonly types: string[];
  /** Summed (unnormalised) example vectors per type, and each example's vector (for leave-one-out). */
  private readonly sums = new Map<string, Vector>();
  private readonly centroids = new Map<string, Vector>();
  private readonly items: Array<{ type: string; text: string; vector: Vector }> = [];
  /** The softmax regression over the whole bank (with word vectors only), and those trained without one fold each. */
  private model: SoftmaxModel | undefined;
  private readonly foldModels = new Map<number, SoftmaxModel>();
  private readonly columns = new Map<string, number>();

  /**
   * What the regression's weights depend on (SHA-256, hex): the examples, the extra IDF text, the word vectors'
   * file and the training settings. Trained weights saved under another fingerprint are not used. The feature code
   * (tokens, stems, sentence vectors) is not in it: the tests compare the shipped weights with a fresh training.
   */
  readonly fingerprint: string;
  /** Whether the regression was trained when the classifier was built (false: read from saved weights, or no word vectors). */
  readonly trainedNow: boolean = false;

  /** The `fingerprint` a classifier built from these arguments has, computed without building it (no training). */
  static fingerprintOf(examples: Record<string, string[]>, extraText: string[] = [], vectors?: WordVectors): string {
    return createHash('sha256')
      .update(JSON.stringify({ examples, extraText, vectors: vectors?.fingerprint ?? null, settings: TRAINING }))
      .digest('hex');
  }

  /**
   * Builds the classifier from `examples` (problem type → questions); IDF is
   * computed over `extraText` too when given (unlabelled text only: no label
   * of it is used), so a held-out question's words are weighed as in the full bank.
   * @throws LibraryError when a type has no example.
   */
  constructor(
    examples: Record<string, string[]>,
    extraText: string[] = [],
    private readonly vectors?: WordVectors,
    /** Weights saved by `trainedWeights()` (see `readTrainedWeights`): used instead of training when their fingerprint matches. */
    saved?: TrainedWeights,
  ) {
    this.fingerprint = ExampleClassifier.fingerprintOf(examples, extraText, vectors);
    this.types = Object.keys(examples);
    const docs = [...Object.values(examples).flat(), ...extraText];
    const df = new Map<string, number>();
    for (const d of docs) for (const w of new Set(terms(d))) df.set(w, (df.get(w) ?? 0) + 1);
    for (const [w, d] of df) this.idf.set(w, Math.log(docs.length / d) + 1);
    this.maxIdf = Math.log(Math.max(1, docs.length)) + 1;
    for (const [type, qs] of Object.entries(examples)) {
      if (!qs.length) throw new LibraryError(`problem type ${type} has no example`);
      const sum: Vector = new Map();
      for (const text of qs) {
        const vector = this.vector(text);
        this.items.push({ type, text, vector });
        for (const [w, x] of vector) sum.set(w, (sum.get(w) ?? 0) + x);
      }
      this.sums.set(type, sum);
      this.centroids.set(type, normaliseVector(new Map(sum)));
    }
    if (vectors) {
      for (const w of this.idf.keys()) this.columns.set(w, this.columns.size);
      const k = this.types.length;
      const fits =
        saved?.fingerprint === this.fingerprint &&
        saved.sparse.length === k * this.columns.size &&
        saved.dense.length === k * vectors.dimensions &&
        saved.bias.length === k;
      if (fits) this.model = { sparse: Float64Array.from(saved.sparse), dense: Float64Array.from(saved.dense), bias: Float64Array.from(saved.bias) };
      else {
        this.model = this.train(this.items.map((_, i) => i));
        this.trainedNow = true;
      }
    }
  }

  /** The regression's weights (32-bit floats) with this classifier's fingerprint, for `writeTrainedWeights`; undefined without word vectors. */
  trainedWeights(): TrainedWeights | undefined {
    if (!this.model) return undefined;
    const { sparse, dense, bias } = this.model;
    return { fingerprint: this.fingerprint, sparse: Float32Array.from(sparse), dense: Float32Array.from(dense), bias: Float32Array.from(bias) };
  }

  /** Features of `text` for the regression: its TF-IDF terms (bank vocabulary) and its sentence vector times `VECTOR_WEIGHT`. */
  private features(text: string, tfidf: Vector = this.vector(text)): Features {
    const cols: number[] = [];
    const vals: number[] = [];
    for (const [w, x] of tfidf) {
      const c = this.columns.get(w);
      if (c === undefined) continue;
      cols.push(c);
      vals.push(x);
    }
    const dense = this.vectors!.sentence(text);
    for (let d = 0; d < dense.length; d++) dense[d]! *= VECTOR_WEIGHT;
    return { cols: Int32Array.from(cols), vals: Float64Array.from(vals), dense };
  }

  /** Trains the softmax regression on the examples numbered `ids` (SGD, see `EPOCHS`; the same bank gives the same model). */
  private train(ids: number[]): SoftmaxModel {
    const k = this.types.length;
    const dims = this.vectors!.dimensions;
    const model: SoftmaxModel = { sparse: new Float64Array(k * this.columns.size), dense: new Float64Array(k * dims), bias: new Float64Array(k) };
    const data = ids.map((i) => ({ x: this.features(this.items[i]!.text, this.items[i]!.vector), y: this.types.indexOf(this.items[i]!.type) }));
    trainSoftmax(model, data, seededRandom(1), { epochs: EPOCHS, learningRate: LEARNING_RATE, rateDecay: RATE_DECAY, l2: L2, skipGradient: SKIP_GRADIENT });
    return model;
  }

  /** The regression's probability of each type (in `types` order) for `text`. */
  private probabilities(model: SoftmaxModel, text: string, tfidf: Vector): Float64Array {
    const p = new Float64Array(this.types.length);
    logits(model, this.features(text, tfidf), p, this.vectors!.dimensions);
    return softmax(p);
  }

  /** The model trained without the fold of example `index` (folds: index modulo `FOLDS`), trained on first use. */
  private foldModel(index: number): SoftmaxModel {
    const fold = index % FOLDS;
    let m = this.foldModels.get(fold);
    if (!m) {
      m = this.train(this.items.map((_, i) => i).filter((i) => i % FOLDS !== fold));
      this.foldModels.set(fold, m);
    }
    return m;
  }

  /** Normalised TF-IDF vector of `text`; words unknown to the bank weigh in the norm only (at the highest idf). */
  private vector(text: string): Vector {
    const tf = new Map<string, number>();
    for (const w of terms(text)) tf.set(w, (tf.get(w) ?? 0) + 1);
    const v: Vector = new Map();
    let unknown = 0;
    for (const [w, c] of tf) {
      const idf = this.idf.get(w);
      const x = (1 + Math.log(c)) * (idf ?? this.maxIdf);
      if (idf === undefined) unknown += x * x;
      else v.set(w, x);
    }
    let n = unknown;
    for (const x of v.values()) n += x * x;
    n = Math.sqrt(n);
    if (n > 0) for (const [k, x] of v) v.set(k, x / n);
    return v;
  }

  /**
   * Ranks the types for a question's TF-IDF vector `q`: cosine to each centroid, and a share that is the
   * regression's probability when there is a `model`, else the softmax of the cosines.
   */
  private rank(text: string, q: Vector, centroid: (type: string) => Vector, model?: SoftmaxModel): TypeSimilarity[] {
    const sims = this.types.map((type) => {
      const c = centroid(type);
      let s = 0;
      for (const [w, x] of q) s += x * (c.get(w) ?? 0);
      return { type, similarity: s };
    });
    const top = Math.max(0, ...sims.map((s) => s.similarity));
    let shares: Float64Array;
    if (model) shares = this.probabilities(model, text, q);
    else {
      shares = Float64Array.from(sims, (s) => (s.similarity - top) / TEMPERATURE);
      softmax(shares);
    }
    const closeness = Math.min(1, top / FULL_SIMILARITY);
    return sims
      .map((s, i) => {
        const share = top > 0 ? shares[i]! : 0;
        return { ...s, share, evidence: share * closeness };
      })
      .sort((a, b) => b.share - a.share || b.similarity - a.similarity || a.type.localeCompare(b.type));
  }

  /**
   * Every problem type's similarity to `text`, most likely first (by `share`).
   * A text without a word of the bank gets share and evidence 0 for every type.
   * Cost: one pass over the question's terms per type and, with word
   * vectors, one sentence vector (30 types: well under a millisecond).
   */
  classify(text: string): TypeSimilarity[] {
    return this.rank(text, this.vector(text), (type) => this.centroids.get(type)!, this.model);
  }

  /** The bank's examples with their types, in bank order. */
  examples(): Array<{ type: string; text: string }> {
    return this.items.map(({ type, text }) => ({ type, text }));
  }

  /**
   * The classifier as if example number `index` (in `examples()` order) were
   * not in the bank, for cross-validation: its type's centroid is rebuilt
   * without it (IDF keeps its words: IDF uses no label) and, with word
   * vectors, the regression is one trained without the example's fold (the
   * examples whose number has the same remainder modulo `FOLDS`: retraining
   * for each example would take minutes).
   * @throws RangeError when `index` is not an example's.
   */
  holdingOut(index: number): { classify(text: string): TypeSimilarity[] } {
    const it = this.items[index];
    if (!it) throw new RangeError(`no example ${index} (the bank holds ${this.items.length})`);
    const without = new Map(this.sums.get(it.type)!);
    for (const [w, x] of it.vector) without.set(w, (without.get(w) ?? 0) - x);
    const own = normaliseVector(without);
    const model = this.model ? this.foldModel(index) : undefined;
    return { classify: (text) => this.rank(text, this.vector(text), (type) => (type === it.type ? own : this.centroids.get(type)!), model) };
  }

  /**
   * Cross-validation of the classifier alone: each example classified by the
   * bank without it (`holdingOut`). Returns, per example, its type and the ranking it got.
   */
  leaveOneOut(): Array<{ type: string; text: string; ranking: TypeSimilarity[] }> {
    return this.items.map((it, i) => ({ type: it.type, text: it.text, ranking: this.holdingOut(i).classify(it.text) }));
  }

  /**
   * How many held-out examples (`holdingOut`) get their own type first: every `every`th example from number
   * `offset` (all of them by default), only those of `type` when given.
   */
  heldOutTop1({ every = 1, offset = 0, type }: { every?: number; offset?: number; type?: string } = {}): { ok: number; of: number } {
    let ok = 0;
    let of = 0;
    for (let i = offset; i < this.items.length; i += every) {
      const it = this.items[i]!;
      if (type !== undefined && it.type !== type) continue;
      of++;
      if (this.holdingOut(i).classify(it.text)[0]!.type === it.type) ok++;
    }
    return { ok, of };
  }
}

/**
 * A softmax (multinomial logistic) regression's weights: per class, one row over the sparse feature columns (TF-IDF
 * terms, or hashed n-grams in `NgramSoftmax`), one over the sentence vector's dimensions, and a bias.
 */
export interface SoftmaxModel {
  sparse: Float64Array;
  dense: Float64Array;
  bias: Float64Array;
}

/** A text's features: values at their sparse columns, and the sentence vector. */
export interface Features {
  cols: ArrayLike<number>;
  vals: ArrayLike<number>;
  dense: Float64Array;
}

/** Settings of `trainSoftmax`: passes over the data, the step and its decay per pass, the L2 penalty and the skipped gradients. */
export interface SoftmaxTraining {
  epochs: number;
  learningRate: number;
  rateDecay: number;
  l2: number;
  /** A class whose gradient for an example is within this of 0 keeps its weights (and their decay) for that example. */
  skipGradient: number;
}

/**
 * Trains `model` in place by stochastic gradient descent on the cross-entropy: `data` (features and class index) is
 * shuffled with `random` before each pass; the same data, generator and settings give the same weights.
 */
export function trainSoftmax(model: SoftmaxModel, data: Array<{ x: Features; y: number }>, random: () => number, s: SoftmaxTraining): void {
  const { sparse, dense: denseW, bias } = model;
  const k = bias.length;
  const dims = denseW.length / k;
  const columns = sparse.length / k;
  const p = new Float64Array(k);
  let rate = s.learningRate;
  for (let epoch = 0; epoch < s.epochs; epoch++) {
    for (let i = data.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [data[i], data[j]] = [data[j]!, data[i]!];
    }
    for (const { x, y } of data) {
      logits(model, x, p, dims);
      softmax(p);
      const { cols, vals, dense } = x;
      for (let c = 0; c < k; c++) {
        const g = p[c]! - (c === y ? 1 : 0);
        if (g > -s.skipGradient && g < s.skipGradient) continue;
        bias[c] = bias[c]! - rate * g;
        const row = c * columns;
        for (let t = 0; t < cols.length; t++) {
          const at = row + cols[t]!;
          sparse[at] = sparse[at]! - rate * (g * vals[t]! + s.l2 * sparse[at]!);
        }
        const base = c * dims;
        for (let d = 0; d < dims; d++) denseW[base + d] = denseW[base + d]! - rate * (g * dense[d]! + s.l2 * denseW[base + d]!);
      }
    }
    rate *= s.rateDecay;
  }
}

/**
 * Settings of the regression, chosen by 10-fold cross-validation over the
 * bank (scripts/problem-examples-cv.ts): the sentence vector weighs 3 times a
 * unit TF-IDF vector (type accuracy 66.5% with TF-IDF alone, 70.0% at 1,
 * 72.5% at 2, 73.1% at 3, 72.1% at 4); 30 passes at a rate of 0.5 that
 * shrinks by a tenth per pass (70.1% with 15 passes, 73.2% with 60);
 * L2 penalty 0.001 (70.8% at 0.0001, 70.4% at 0.003).
 */
export const VECTOR_WEIGHT = 3;
const EPOCHS = 30;
const LEARNING_RATE = 0.5;
const RATE_DECAY = 0.9;
const L2 = 0.001;
/** Gradients smaller than this leave a type's weights as they are for that example (training time 740 ms → 170 ms, same accuracy). */
const SKIP_GRADIENT = 1e-3;
/** Every setting the trained weights depend on (part of the fingerprint), with the version of the features and of the training. */
const TRAINING = { version: 1, VECTOR_WEIGHT, EPOCHS, LEARNING_RATE, RATE_DECAY, L2, SKIP_GRADIENT, seed: 1 };
/** Folds of the cross-validation of the regression (`holdingOut`). */
export const FOLDS = 10;

/** Writes the regression's logit of each class for `x` into `out` (`dims`: the sentence vector's dimensions). */
export function logits(model: SoftmaxModel, x: Features, out: Float64Array, dims: number): void {
  const { sparse, dense, bias } = model;
  const { cols, vals, dense: v } = x;
  const columns = sparse.length / out.length;
  for (let c = 0; c < out.length; c++) {
    let s = bias[c]!;
    const row = c * columns;
    for (let t = 0; t < cols.length; t++) s += sparse[row + cols[t]!]! * vals[t]!;
    const base = c * dims;
    for (let d = 0; d < dims; d++) s += dense[base + d]! * v[d]!;
    out[c] = s;
  }
}

/** Turns `v` into its softmax in place, and returns it. */
export function softmax(v: Float64Array): Float64Array {
  let top = -Infinity;
  for (const x of v) top = Math.max(top, x);
  let z = 0;
  for (let i = 0; i < v.length; i++) {
    v[i] = Math.exp(v[i]! - top);
    z += v[i]!;
  }
  for (let i = 0; i < v.length; i++) v[i]! /= z;
  return v;
}

/** A repeatable pseudo-random number generator (mulberry32), 0 to 1, for the training order. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A trained regression, saved so that a service starts without training (see `readTrainedWeights`): per type, the
 * weights over the TF-IDF columns (`sparse`, types x columns), over the sentence vector (`dense`, types x
 * dimensions) and a bias, with the fingerprint of what they were trained on (`ExampleClassifier.fingerprint`).
 */
export interface TrainedWeights {
  fingerprint: string;
  sparse: Float32Array;
  dense: Float32Array;
  bias: Float32Array;
}

const WEIGHTS_MAGIC = 'LKSM1\n';

/**
 * Writes `weights` to `file`: the line `LKSM1`, a JSON line `{"fingerprint":…,"sparse":n,"dense":n,"bias":n}`
 * (lengths in values), then the three arrays as little-endian 32-bit floats.
 */
export function writeTrainedWeights(file: string, weights: TrainedWeights): void {
  const { fingerprint, sparse, dense, bias } = weights;
  const header = Buffer.from(`${WEIGHTS_MAGIC}${JSON.stringify({ fingerprint, sparse: sparse.length, dense: dense.length, bias: bias.length })}\n`, 'utf8');
  const body = Buffer.alloc(4 * (sparse.length + dense.length + bias.length));
  let at = 0;
  for (const arr of [sparse, dense, bias]) for (const x of arr) at = body.writeFloatLE(x, at);
  writeFileSync(file, Buffer.concat([header, body]));
}

/**
 * Reads weights written by `writeTrainedWeights`. A missing or malformed file gives undefined: the classifier
 * then trains at start (a second or a few), which is slower but never wrong.
 */
export function readTrainedWeights(file: string): TrainedWeights | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.subarray(0, WEIGHTS_MAGIC.length).toString('utf8') !== WEIGHTS_MAGIC) return undefined;
  const end = bytes.indexOf(10, WEIGHTS_MAGIC.length);
  let header: { fingerprint?: unknown; sparse?: unknown; dense?: unknown; bias?: unknown };
  try {
    header = JSON.parse(bytes.subarray(WEIGHTS_MAGIC.length, end).toString('utf8'));
  } catch {
    return undefined;
  }
  const { fingerprint, sparse, dense, bias } = header;
  if (typeof fingerprint !== 'string' || ![sparse, dense, bias].every((n) => Number.isInteger(n) && (n as number) >= 0)) return undefined;
  const lengths = [sparse, dense, bias] as number[];
  if (bytes.length !== end + 1 + 4 * lengths.reduce((a, b) => a + b, 0)) return undefined;
  let at = end + 1;
  const [s, d, b] = lengths.map((n) => {
    const arr = new Float32Array(n);
    for (let i = 0; i < n; i++, at += 4) arr[i] = bytes.readFloatLE(at);
    return arr;
  });
  return { fingerprint, sparse: s!, dense: d!, bias: b! };
}

/**
 * The share (0-1) of class `label` in `classifier`'s reading of a text: what the two-class banks (vague or specific,
 * business or not) give the rules.
 * @throws Error when `label` is not one of the classifier's classes.
 */
export function classShare(classifier: ExampleClassifier, label: string): (text: string) => number {
  return (text) => {
    const found = classifier.classify(text).find((x) => x.type === label);
    if (!found) throw new Error(`the classifier has no "${label}" class`);
    return found.share;
  };
}

/**
 * A classifier-backed source built on first use and then shared, which tests may replace: `replace(null)` turns
 * the signal off, `replace(undefined)` restores the bank's own.
 */
export class SharedSource<T> {
  private built: T | undefined;
  private override: T | null | undefined;

  constructor(private readonly build: () => T) {}

  /** The stand-in when one is set, else the bank's own (built now on first use). */
  get(): T | null {
    if (this.override !== undefined) return this.override;
    return (this.built ??= this.build());
  }

  replace(source: T | null | undefined): void {
    this.override = source;
  }
}
