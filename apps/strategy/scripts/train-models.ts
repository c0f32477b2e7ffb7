/**
 * `pnpm --filter @latchkey/strategy train:models`: trains the regressions of the example banks
 * (library/problem-examples.json, whole and its first two batches, framework-examples.json, vague-examples.json and
 * scope-examples.json) and saves their weights (library/problem-model.bin, problem-scope-model.bin, framework-model.bin,
 * vague-model.bin and scope-model.bin), and the n-gram regressions of the framework bank and the scope bank
 * (library/framework-ngram-model.bin, scope-ngram-model.bin), so the service starts without training.
 * Run it after changing a bank, the word vectors or the training settings; a test fails until then
 * (the service still works meanwhile: a model that no longer fits is trained at start instead).
 */
import { statSync } from 'node:fs';
import { FRAMEWORK_MODEL_FILE, FRAMEWORK_NGRAM_MODEL_FILE, loadFrameworkExamples } from '../src/domain/framework-examples.js';
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
import { NgramRegression, NgramSoftmax } from '../src/domain/ngram-regression.js';
import { VAGUE_MODEL_FILE, vaguenessExamples } from '../src/domain/vague-examples.js';
import { wordVectors } from '../src/domain/word-vectors.js';

const library = loadLibrary();
const frameworkBank = () => loadFrameworkExamples(library.frameworks.map((f) => f.id)).examples;
/** Each model: its name, its weights file and what it trains on, given as the number of questions and a trainer. */
const classifierOf = (name: string, file: string, examples: () => Record<string, string[]>) => ({
  name,
  file,
  train: () => {
    const e = examples();
    return {
      count: Object.values(e).flat().length,
      classes: Object.keys(e).length,
      weights: () => new ExampleClassifier(e, [], wordVectors()).trainedWeights()!,
    };
  },
});
const models = [
  classifierOf('problem types', PROBLEM_MODEL_FILE, () => loadProblemExamples(Object.keys(PROBLEMS)).examples),
  classifierOf('problem types, first two batches, for the scope rules', PROBLEM_SCOPE_MODEL_FILE, () =>
    scopeSample(loadProblemExamples(Object.keys(PROBLEMS)).examples),
  ),
  classifierOf('frameworks', FRAMEWORK_MODEL_FILE, frameworkBank),
  {
    name: 'frameworks, n-grams',
    file: FRAMEWORK_NGRAM_MODEL_FILE,
    train: () => {
      const e = frameworkBank();
      return { count: Object.values(e).flat().length, classes: Object.keys(e).length, weights: () => new NgramSoftmax(e, wordVectors()).trainedWeights() };
    },
  },
  classifierOf('vague or specific', VAGUE_MODEL_FILE, () => vaguenessExamples()),
  classifierOf('business or not', SCOPE_MODEL_FILE, () => scopeExamples()),
  {
    name: 'business or not, n-grams',
    file: SCOPE_NGRAM_MODEL_FILE,
    train: () => {
      const e = ngramScopeExamples();
      return { count: e.positive.length + e.negative.length, classes: 2, weights: () => new NgramRegression(e, wordVectors()).trainedWeights() };
    },
  },
];
for (const model of models) {
  const { count, classes, weights } = model.train();
  process.stdout.write(`training on ${count} questions (${model.name}, ${classes} classes)… `);
  const t0 = Date.now();
  writeTrainedWeights(model.file, weights());
  console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s, wrote ${model.file} (${(statSync(model.file).size / 1e6).toFixed(2)} MB)`);
}
