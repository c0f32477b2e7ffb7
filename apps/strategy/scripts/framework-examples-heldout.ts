/**
 * `pnpm --filter @latchkey/strategy exec tsx --conditions=source scripts/framework-examples-heldout.ts [--last N]`:
 * the framework example bank's last N questions of each framework (20 by default: its eighth and ninth batches,
 * very small organisations typed on a phone, by writers who read no other batch) held out, and both readings
 * (`BankReading`) trained on the rest. Reports how often each reading alone, and their mean, ranks the
 * question's framework first, and how often the library engine (`planAnswer`, as the endpoints run it) picks it.
 * About a minute: both regressions are trained once.
 */
import { BankReading, loadFrameworkExamples, useFrameworkExamples } from '../src/domain/framework-examples.js';
import { loadLibrary } from '../src/domain/library.js';
import { NgramSoftmax } from '../src/domain/ngram-regression.js';
import { planAnswer, warmUpPlan } from '../src/domain/plan.js';
import { ExampleClassifier } from '../src/domain/problem-examples.js';
import { FrameworkSelector } from '../src/domain/selector.js';
import { wordVectors } from '../src/domain/word-vectors.js';

const at = process.argv.indexOf('--last');
const last = at > 0 ? Number(process.argv[at + 1]) : 20;
if (!Number.isInteger(last) || last < 1) throw new Error(`--last takes a whole number of questions, not ${process.argv[at + 1]}`);
const library = loadLibrary();
const bank = loadFrameworkExamples(library.frameworks.map((f) => f.id)).examples;
// The bank's schema asks 12 questions of each framework at least; as many must stay to train on.
const MIN_PER_FRAMEWORK = 12;
const short = Object.entries(bank).filter(([, qs]) => qs.length < last + MIN_PER_FRAMEWORK);
if (short.length) throw new Error(`frameworks with too few questions to hold out ${last}: ${short.map(([id]) => id).join(', ')}`);
const train = Object.fromEntries(Object.entries(bank).map(([id, qs]) => [id, qs.slice(0, -last)]));
const test = Object.entries(bank).flatMap(([id, qs]) => qs.slice(-last).map((text) => ({ id, text })));

console.log(`framework example bank: the last ${last} questions of each framework held out (${test.length}), both readings trained on the rest`);
const classifier = new ExampleClassifier(train, [], wordVectors());
const ngrams = new NgramSoftmax(train, wordVectors());
const reading = new BankReading(classifier, ngrams);
const first = (ranked: Array<[string, number]>) => ranked.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
let alone = 0;
let grams = 0;
let mean = 0;
for (const { id, text } of test) {
  if (classifier.classify(text)[0]?.type === id) alone++;
  if (first([...ngrams.probabilities(text)]) === id) grams++;
  if (reading.classify(text)[0]?.type === id) mean++;
}
console.log(`  ranked first: the classifier ${alone}, the n-gram softmax ${grams}, their mean ${mean}`);

const selector = new FrameworkSelector(library);
warmUpPlan(selector);
for (const [name, source] of [
  ['the classifier alone', classifier],
  ['the mean (as the service runs)', reading],
] as const) {
  useFrameworkExamples(source);
  let picked = 0;
  let refused = 0;
  for (const { id, text } of test) {
    const plan = planAnswer(library, selector, { messages: [{ role: 'user', content: text }] }, { turns: 0, applied: [] });
    if (plan.kind === 'refuse') refused++;
    else if (plan.analysis.primary.id === id) picked++;
  }
  console.log(`  library engine with ${name}: picks the framework for ${picked}, refuses ${refused}`);
}
useFrameworkExamples(undefined);
