/**
 * `pnpm --filter @latchkey/strategy exec tsx --conditions=source scripts/problem-examples-cv.ts`:
 * cross-validation over the example bank
 * (library/problem-examples.json, see src/domain/bank-eval.ts), in detail:
 * the classifier alone, the cue phrases alone, the problem type understand()
 * decides without and with the example signal, and the library engine's pick
 * with its calibration per agreement class of the two signals.
 */
import { crossValidateBank, type Rate } from '../src/domain/bank-eval.js';
import { loadLibrary } from '../src/domain/library.js';
import { FrameworkSelector } from '../src/domain/selector.js';

const library = loadLibrary();
const r = crossValidateBank(library, new FrameworkSelector(library));
const pct = ({ ok, of }: Rate) => `${((100 * ok) / Math.max(1, of)).toFixed(1)}% (${ok}/${of})`;

console.log(`example bank: ${r.questions} questions, ${r.types} problem types (cross-validated: leave-one-out for the centroids, 10-fold for the regression)`);
console.log(`  classifier alone, top-1:                  ${pct(r.classifierTop1)}`);
console.log(`  classifier alone, top-2:                  ${pct(r.classifierTop2)}`);
console.log(`  cue phrases alone, top-1:                 ${pct(r.cueTop1)}`);
console.log(`  understand() without the example signal:  ${pct(r.understandWithout)}`);
console.log(`  understand() with both signals:           ${pct(r.understandWith)}`);
console.log(`  classification cost per question:         p50 ${r.classifyMs.p50.toFixed(3)} ms, p99 ${r.classifyMs.p99.toFixed(3)} ms`);
console.log(`library engine over the bank (fit: the pick is one of the frameworks of the question's problem type)`);
for (const [label, e] of [
  // Without the bank every pick has 'no reading' and stays under 70: only fit and refusals compare.
  ['without the example signal', r.engineWithout],
  ['with both signals', r.engineWith],
] as const) {
  if (!e) continue;
  console.log(`  ${label}: fit ${pct(e.fit)}, refused ${e.refused}, confidence >= 70 precision ${pct(e.precision)}`);
  for (const [k, c] of Object.entries(e.byAgreement).sort())
    console.log(
      `    ${k.padEnd(15)} ${String(c.questions).padStart(4)} questions, fit ${pct({ ok: c.fit, of: c.questions })}; confident ${c.confident}, of them fit ${c.confidentFit}`,
    );
}
