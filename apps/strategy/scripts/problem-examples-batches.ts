/**
 * `pnpm --filter @latchkey/strategy exec tsx --conditions=source scripts/problem-examples-batches.ts`:
 * leave-one-batch-out over the problem-type bank (library/problem-examples.json: its first 40 questions of each type
 * and batches of 20 after them were written at different times, by different writers). Each batch is classified by
 * `understand()` with the bank's classifier trained on the other batches; the report gives the problem type
 * `understand()` decides (cue phrases, the numbers' meaning and the bank at `EXAMPLE_WEIGHT`) and the bank's most
 * similar type alone. The numbers in `EXAMPLE_WEIGHT`'s comment came from running it with that constant edited.
 */
import { ExampleClassifier, loadProblemExamples } from '../src/domain/problem-examples.js';
import { EXAMPLE_WEIGHT, PROBLEMS, understand, useProblemExamples, warmUp } from '../src/domain/understand.js';
import { wordVectors } from '../src/domain/word-vectors.js';

const bank = loadProblemExamples(Object.keys(PROBLEMS)).examples;
// The batches as written: questions 1-40 of each type, then 20 per batch (41-60, 61-80, ...); every type has them all.
const size = Object.values(bank)[0]?.length ?? 0;
const short = Object.entries(bank).filter(([, qs]) => qs.length !== size || (size - 40) % 20 !== 0 || size < 60);
if (short.length)
  throw new Error(`every problem type needs the same whole batches (40, then 20 each): ${short.map(([t, qs]) => `${t} has ${qs.length}`).join(', ')}`);
const batches: Array<[number, number]> = [[0, 40]];
for (let lo = 40; lo < size; lo += 20) batches.push([lo, lo + 20]);
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
