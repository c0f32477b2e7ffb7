/**
 * `pnpm --filter @latchkey/strategy train:models`: trains the regressions of the example banks
 * (library/problem-examples.json, whole and its first two batches, framework-examples.json, vague-examples.json and
 * scope-examples.json) and saves their weights (library/problem-model.bin, problem-scope-model.bin, framework-model.bin,
 * vague-model.bin and scope-model.bin), and the scope bank's n-gram regression (library/scope-ngram-model.bin), so the
 * service starts without training.
 * Run it after changing a bank, the word vectors or the training settings; a test fails until then
 * (the service still works meanwhile: a model that no longer fits is trained at start instead).
 */
import { statSync } from 'node:fs';
import { FRAMEWORK_MODEL_FILE, loadFrameworkExamples } from '../src/domain/framework-examples.js';
import { loadLibrary } from '../src/domain/library.js';
import {
  ExampleClassifier,
  loadProblemExamples,
  PROBLEM_MODEL_FILE,
  PROBLEM_SCOPE_MODEL_FILE,
  scopeSample,
  writeTrainedWeights,
} from '../src/domain/problem-examples.js';
import { PROBLEMS } from '../src/domain/understand.js';
import { ngramScopeExamples, SCOPE_MODEL_FILE, SCOPE_NGRAM_MODEL_FILE, scopeExamples } from '../src/domain/scope-examples.js';
import { NgramRegression } from '../src/domain/ngram-regression.js';
import { VAGUE_MODEL_FILE, vaguenessExamples } from '../src/domain/vague-examples.js';
import { wordVectors } from '../src/domain/word-vectors.js';

const library = loadLibrary();
const banks = [
  { name: 'problem types', file: PROBLEM_MODEL_FILE, examples: () => loadProblemExamples(Object.keys(PROBLEMS)).examples },
  {
    name: 'problem types, first two batches, for the scope rules',
    file: PROBLEM_SCOPE_MODEL_FILE,
    examples: () => scopeSample(loadProblemExamples(Object.keys(PROBLEMS)).examples),
  },
  { name: 'frameworks', file: FRAMEWORK_MODEL_FILE, examples: () => loadFrameworkExamples(library.frameworks.map((f) => f.id)).examples },
  { name: 'vague or specific', file: VAGUE_MODEL_FILE, examples: () => vaguenessExamples() },
  { name: 'business or not', file: SCOPE_MODEL_FILE, examples: () => scopeExamples() },
];
for (const bank of banks) {
  const examples = bank.examples();
  const count = Object.values(examples).flat().length;
  process.stdout.write(`training on ${count} questions (${bank.name}, ${Object.keys(examples).length} classes)… `);
  const t0 = Date.now();
  const classifier = new ExampleClassifier(examples, [], wordVectors());
  writeTrainedWeights(bank.file, classifier.trainedWeights()!);
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s, wrote ${bank.file} (${(statSync(bank.file).size / 1e6).toFixed(2)} MB)`);
}
{
  const examples = ngramScopeExamples();
  process.stdout.write(`training on ${examples.positive.length + examples.negative.length} questions (business or not, n-grams)… `);
  const t0 = Date.now();
  writeTrainedWeights(SCOPE_NGRAM_MODEL_FILE, new NgramRegression(examples, wordVectors()).trainedWeights());
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s, wrote ${SCOPE_NGRAM_MODEL_FILE} (${(statSync(SCOPE_NGRAM_MODEL_FILE).size / 1e6).toFixed(2)} MB)`);
}
