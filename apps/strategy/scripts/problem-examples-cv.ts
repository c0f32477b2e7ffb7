/**
 * `pnpm --filter @latchkey/strategy exec tsx --conditions=source scripts/problem-examples-cv.ts`:
 * leave-one-out cross-validation over the example bank (library/problem-examples.json).
 * Each bank question is classified with the bank minus itself and reports:
 * the classifier alone, the cue phrases alone (which were not written from
 * the bank), and the problem type `understand()` decides with both signals,
 * with the precision of each agreement class (what the confidence relies on).
 */
import { ExampleClassifier, loadProblemExamples } from '../src/domain/problem-examples.js';
import { loadLibrary } from '../src/domain/library.js';
import { planAnswer } from '../src/domain/plan.js';
import { agreement, FrameworkSelector } from '../src/domain/selector.js';
import { PROBLEMS, problemScores, understand, useProblemExamples, warmUp, type ProblemExampleSource } from '../src/domain/understand.js';

const types = Object.keys(PROBLEMS);
const classifier = new ExampleClassifier(loadProblemExamples(types).examples);
const bank = classifier.examples();
warmUp();
const n = bank.length;
const pct = (ok: number, of: number) => `${((100 * ok) / Math.max(1, of)).toFixed(1)}% (${ok}/${of})`;

const loo = classifier.leaveOneOut();
const alone = loo.filter((r) => r.ranking[0]!.type === r.type).length;
const alone2 = loo.filter((r) => r.ranking.slice(0, 2).some((x) => x.type === r.type)).length;
const cueOnly = bank.filter((b) => problemScores(b.text)[0]?.type === b.type).length;

const timings: number[] = [];
const classes = new Map<string, [number, number]>();
let decidedNoExamples = 0;
let decided = 0;
useProblemExamples({ classify: () => [] });
const before = bank.map((b) => understand(b.text, '').problem?.type);
bank.forEach((b, i) => {
  if (before[i] === b.type) decidedNoExamples++;
  useProblemExamples(classifier.holdingOut(i));
  const t0 = performance.now();
  const u = understand(b.text, '');
  timings.push(performance.now() - t0);
  const got = u.problem?.type;
  if (got === b.type) decided++;
  const cueTop = problemScores(b.text)[0]?.type;
  const simTop = u.similar[0]?.type;
  const cls = !got ? 'no type' : cueTop === got && simTop === got ? 'both signals agree' : !cueTop ? 'examples only (no cue)' : 'signals disagree';
  const c = classes.get(cls) ?? [0, 0];
  c[0] += got === b.type ? 1 : 0;
  c[1]++;
  classes.set(cls, c);
});
useProblemExamples(undefined);

// Cost of the classification alone, per question (the bank's own classifier).
const cost: number[] = [];
for (let r = 0; r < 3; r++)
  for (const b of bank) {
    const t0 = performance.now();
    classifier.classify(b.text);
    cost.push(performance.now() - t0);
  }
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * p) - 1)]!;

console.log(`example bank: ${n} questions, ${types.length} problem types (leave-one-out)`);
console.log(`  classifier alone, top-1:                   ${pct(alone, n)}`);
console.log(`  classifier alone, top-2:                   ${pct(alone2, n)}`);
console.log(`  cue phrases alone, top-1:                  ${pct(cueOnly, n)}`);
console.log(`  understand() without the example signal:   ${pct(decidedNoExamples, n)}`);
console.log(`  understand() with both signals:            ${pct(decided, n)}`);
for (const [k, [ok, of]] of [...classes.entries()].sort()) console.log(`    ${k.padEnd(28)} right ${pct(ok, of)}`);
console.log(`  classification cost per question: p50 ${q(cost, 0.5).toFixed(3)} ms, p99 ${q(cost, 0.99).toFixed(3)} ms`);
console.log(`  understand() per question: p50 ${q(timings, 0.5).toFixed(2)} ms, p99 ${q(timings, 0.99).toFixed(2)} ms`);

// ------------------------------------------------------------ selection and calibration (the whole library engine)
// Fit proxy: the primary framework is one of the frameworks of the question's problem type in the bank.
const library = loadLibrary();
const selector = new FrameworkSelector(library);
function engine(label: string, source: (i: number) => ProblemExampleSource): void {
  let fit = 0;
  let confident = 0;
  let confidentFit = 0;
  let refused = 0;
  const byClass = new Map<string, [number, number, number, number]>();
  bank.forEach((b, i) => {
    useProblemExamples(source(i));
    const plan = planAnswer(library, selector, { messages: [{ role: 'user', content: b.text }] }, { turns: 0, applied: [] });
    if (plan.kind === 'refuse') {
      refused++;
      return;
    }
    const a = plan.analysis;
    const ok = PROBLEMS[b.type as keyof typeof PROBLEMS].frameworks.includes(a.primary.id);
    if (ok) fit++;
    if (a.confidence >= 70) {
      confident++;
      if (ok) confidentFit++;
    }
    const u = a.understanding;
    const cls = agreement(u, a.primary.id);
    const c = byClass.get(cls) ?? [0, 0, 0, 0];
    c[0]++;
    if (ok) c[3]++;
    if (a.confidence >= 70) {
      c[1]++;
      if (ok) c[2]++;
    }
    byClass.set(cls, c);
  });
  useProblemExamples(undefined);
  console.log(`  ${label}: fit ${pct(fit, n)}, refused ${refused}, confidence >= 70 precision ${pct(confidentFit, confident)}`);
  for (const [k, [of, conf, ok, fits]] of [...byClass.entries()].sort())
    console.log(`    ${k.padEnd(15)} ${String(of).padStart(4)} questions, fit ${pct(fits, of)}; ${conf} confident, ${ok} of them fit`);
}
console.log("library engine over the bank (fit = primary among the type's frameworks)");
// Without the bank every pick has 'no reading' and stays under 70: only fit and refusals compare.
engine('without the example signal', () => ({ classify: () => [] }));
engine('with both signals (leave-one-out)', (i) => classifier.holdingOut(i));
