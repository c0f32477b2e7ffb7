/**
 * The example bank (`library/problem-examples.json`: 25-40 questions in
 * users' own words per problem type) and a similarity classifier over it, the
 * data-driven second signal of the problem-type classification beside the
 * hand-written cue phrases of `understand.ts`.
 *
 * The classifier is TF-IDF over the stemmed content words of `text.ts`
 * (`terms`): every example is a vector of (1 + ln tf) x idf, normalised; each
 * problem type is the normalised sum of its examples' vectors (its centroid);
 * a question's similarity to a type is the cosine to that centroid. Words the
 * bank never uses count in the question's norm at the highest idf, so a
 * question mostly about something else (code, recipes, travel) is far from
 * every type. `share` turns the similarities into a distribution (softmax
 * with temperature `TEMPERATURE`) and `evidence` scales it by how close the
 * question is to the bank at all (`top / FULL_SIMILARITY`, at most 1).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_LIBRARY_DIR, LibraryError } from './library.js';
import { terms } from './text.js';

/** `apps/strategy/library/problem-examples.json`. */
export const PROBLEM_EXAMPLES_FILE = path.join(DEFAULT_LIBRARY_DIR, 'problem-examples.json');

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
  examples: z.record(z.string().regex(/^[a-z]+(?:-[a-z]+)*$/), z.array(z.string().trim().min(10)).min(25).max(40)),
});

/**
 * Reads and validates the example bank: every type in `types` has 25-40
 * examples, no other type appears and no question is listed twice.
 * @throws LibraryError when the file is missing, is not JSON or breaks those rules.
 */
export function loadProblemExamples(types: readonly string[], file = PROBLEM_EXAMPLES_FILE): ProblemExamples {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new LibraryError(`${file}: ${(err as Error).message}`);
  }
  const r = bankSchema.safeParse(raw);
  if (!r.success) throw new LibraryError(`${file} is invalid:\n${r.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const bank = r.data;
  const missing = types.filter((t) => !bank.examples[t]);
  const unknown = Object.keys(bank.examples).filter((t) => !types.includes(t));
  if (missing.length || unknown.length)
    throw new LibraryError(`${file}: problem types missing (${missing.join(', ') || 'none'}) or unknown (${unknown.join(', ') || 'none'})`);
  const seen = new Set<string>();
  for (const q of Object.values(bank.examples).flat()) {
    const key = q.toLowerCase();
    if (seen.has(key)) throw new LibraryError(`${file}: "${q}" is listed twice`);
    seen.add(key);
  }
  return bank;
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
  private readonly types: string[];
  /** Summed (unnormalised) example vectors per type, and each example's vector (for leave-one-out). */
  private readonly sums = new Map<string, Vector>();
  private readonly centroids = new Map<string, Vector>();
  private readonly items: Array<{ type: string; text: string; vector: Vector }> = [];

  /**
   * Builds the classifier from `examples` (problem type → questions); IDF is
   * computed over `extraText` too when given (unlabelled text only: no label
   * of it is used), so a held-out question's words are weighed as in the full bank.
   * @throws LibraryError when a type has no example.
   */
  constructor(examples: Record<string, string[]>, extraText: string[] = []) {
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

  private rank(q: Vector, centroid: (type: string) => Vector): TypeSimilarity[] {
    const sims = this.types.map((type) => {
      const c = centroid(type);
      let s = 0;
      for (const [w, x] of q) s += x * (c.get(w) ?? 0);
      return { type, similarity: s };
    });
    const top = Math.max(0, ...sims.map((s) => s.similarity));
    let z = 0;
    const exps = sims.map((s) => {
      const e = Math.exp((s.similarity - top) / TEMPERATURE);
      z += e;
      return e;
    });
    const closeness = Math.min(1, top / FULL_SIMILARITY);
    return sims
      .map((s, i) => {
        const share = top > 0 ? exps[i]! / z : 0;
        return { ...s, share, evidence: share * closeness };
      })
      .sort((a, b) => b.similarity - a.similarity || a.type.localeCompare(b.type));
  }

  /**
   * Every problem type's similarity to `text`, most similar first. A text
   * without a word of the bank gets similarity, share and evidence 0 for every type.
   * Cost: one pass over the question's terms per type (27 types: well under a millisecond).
   */
  classify(text: string): TypeSimilarity[] {
    return this.rank(this.vector(text), (type) => this.centroids.get(type)!);
  }

  /** The bank's examples with their types, in bank order. */
  examples(): Array<{ type: string; text: string }> {
    return this.items.map(({ type, text }) => ({ type, text }));
  }

  /**
   * The classifier as if example number `index` (in `examples()` order) were
   * not in the bank: its type's centroid is rebuilt without it (IDF keeps its
   * words: IDF uses no label). For leave-one-out cross-validation.
   * @throws RangeError when `index` is not an example's.
   */
  holdingOut(index: number): { classify(text: string): TypeSimilarity[] } {
    const it = this.items[index];
    if (!it) throw new RangeError(`no example ${index} (the bank holds ${this.items.length})`);
    const without = new Map(this.sums.get(it.type)!);
    for (const [w, x] of it.vector) without.set(w, (without.get(w) ?? 0) - x);
    const own = normaliseVector(without);
    return { classify: (text) => this.rank(this.vector(text), (type) => (type === it.type ? own : this.centroids.get(type)!)) };
  }

  /**
   * Leave-one-out cross-validation of the classifier alone: each example
   * classified by the bank without it. Returns, per example, its type and the ranking it got.
   */
  leaveOneOut(): Array<{ type: string; text: string; ranking: TypeSimilarity[] }> {
    return this.items.map((it, i) => ({ type: it.type, text: it.text, ranking: this.holdingOut(i).classify(it.text) }));
  }
}
