/**
 * `pnpm eval:strategy`: framework selection agreement over the eval set
 * (library/eval/questions.json) and out-of-scope detection
 * (library/eval/out-of-scope.json against the in-scope questions).
 */
import { loadLibrary } from '../src/domain/library.js';
import { runEval } from '../src/domain/eval.js';

const verbose = process.argv.includes('--verbose');
const library = loadLibrary();
const r = runEval(library);
if (verbose) {
  for (const row of r.rows) {
    const mark = row.top1 ? '✓' : row.top3 ? '~' : '✗';
    console.log(`${mark} ${String(row.confidence).padStart(3)} [${row.predicted.slice(0, 3).join(', ')}] expected [${row.expected.join(', ')}] ${row.question.slice(0, 70)}`);
  }
  for (const m of r.scopeMistakes) console.log(`scope mistake: ${m}`);
}
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(`framework selection over ${r.total} questions`);
console.log(`  top-1 agreement (primary is an expected framework):     ${pct(r.top1)} (${r.top1Count}/${r.total})`);
console.log(`  top-3 agreement (an expected framework in the top 3):   ${pct(r.top3)} (${r.top3Count}/${r.total})`);
console.log(`  strict top-1 (primary is the first expected framework):  ${pct(r.strictTop1)}`);
console.log(`  strict top-3 (first expected framework in the top 3):    ${pct(r.strictTop3)}`);
console.log(`out-of-scope detection`);
console.log(`  out-of-scope caught: ${r.outOfScopeCaught}/${r.outOfScopeTotal}`);
console.log(`  in-scope false positives: ${r.falsePositives}/${r.total}`);
