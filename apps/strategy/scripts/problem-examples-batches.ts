/**
 * `pnpm --filter @latchkey/strategy exec tsx --conditions=source scripts/problem-examples-batches.ts`:
 * leave-one-batch-out over the problem-type bank (library/problem-examples.json: its first 40 questions of each type
 * and three batches of 20 after them were written at four times, by different writers). Each batch is classified by
 * `understand()` with the bank's classifier trained on the other three batches; the report gives the problem type
 * `understand()` decides (cue phrases, the numbers' meaning and the bank at `EXAMPLE_WEIGHT`) and the bank's most
 * similar type alone. The numbers in `EXAMPLE_WEIGHT`'s comment came from running it with that constant edited (its
 * table over three batches, before the fourth joined the bank).
 */
import { ExampleClassifier, loadProblemExamples } from '../src/domain/problem-examples.js';
import { EXAMPLE_WEIGHT, PROBLEMS, understand, useProblemExamples, warmUp } from '../src/domain/understand.js';
import { wordVectors } from '../src/domain/word-vectors.js';

const bank = loadProblemExamples(Object.keys(PROBLEMS)).examples;
// The four batches as written: questions 1-40 of each type, 41-60, 61-80 and 81-100 (every type has all 100).
const batches: Array<[number, number]> = [
  [0, 40],
  [40, 60],
  [60, 80],
  [80, 100],
];
const short = Object.entries(bank).filter(([, qs]) => qs.length !== 100);
if (short.length) throw new Error(`every problem type needs its 100 questions of four batches: ${short.map(([t, qs]) => `${t} has ${qs.length}`).join(', ')}`);
warmUp();
console.log(`problem-type bank, leave-one-batch-out (EXAMPLE_WEIGHT ${EXAMPLE_WEIGHT})`);
let total = 0;
let of = 0;
for (const [lo, hi] of batches) {
  const train = Object.fromEntries(Object.entries(bank).map(([type, qs]) => [type, qs.filter((_, i) => i < lo || i >= hi)]));
  useProblemExamples(new ExampleClassifier(train, [], wordVectors()));
  let decided = 0;
  let bankAlone = 0;
  let n = 0;
  for (const [type, qs] of Object.entries(bank))
    for (const q of qs.slice(lo, hi)) {
      const u = understand(q, '');
      n++;
      if (u.problem?.type === type) decided++;
      if (u.similar[0]?.type === type) bankAlone++;
    }
  total += decided;
  of += n;
  console.log(`  questions ${lo + 1}-${hi} of each type (${n}): understand() ${decided}, the bank alone ${bankAlone}`);
}
useProblemExamples(undefined);
console.log(`  all batches: understand() ${total} of ${of}`);
