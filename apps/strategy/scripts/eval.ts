/**
 * `pnpm eval:strategy`: the held-out set (eval/heldout.json: fit, fact use,
 * refusals, calibration) and framework selection agreement over the eval set
 * (library/eval/questions.json) and out-of-scope detection
 * (library/eval/out-of-scope.json against the in-scope questions), and the
 * cross-validation of the problem-type classification over the
 * example bank (library/problem-examples.json).
 */
import path from 'node:path';
import { crossValidateBank } from '../src/domain/bank-eval.js';
import { loadFrameworkExamples } from '../src/domain/framework-examples.js';
import { ExampleClassifier } from '../src/domain/problem-examples.js';
import { vaguenessExamples } from '../src/domain/vague-examples.js';
import { wordVectors } from '../src/domain/word-vectors.js';
import { loadLibrary } from '../src/domain/library.js';
import { runEval } from '../src/domain/eval.js';
import {
  blindSetFile,
  FRESH_FILE,
  scopeSetFile,
  scopeBankFile,
  UNSEEN_FILE,
  loadHeldout,
  runHeldout,
  runPeopleBank,
  peopleBankFile,
  runScopeBank,
  type HeldoutReport,
} from '../src/domain/heldout.js';
import { FrameworkSelector } from '../src/domain/selector.js';

const verbose = process.argv.includes('--verbose');
/** Every set kept unread, added up (`printSets`): the figures the README's standing paragraph gives. */
const unreadTotals = { fit: 0, fitOf: 0, facts: 0, factsOf: 0, confident: 0, confidentFit: 0, falseRefusals: 0, answered: 0, askedBusiness: 0, askedOther: 0 };
const library = loadLibrary();
const r = runEval(library);
if (verbose) {
  for (const row of r.rows) {
    const mark = row.top1 ? '✓' : row.top3 ? '~' : '✗';
    console.log(
      `${mark} ${String(row.confidence).padStart(3)} [${row.predicted.slice(0, 3).join(', ')}] expected [${row.expected.join(', ')}] ${row.question.slice(0, 70)}`,
    );
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

// ---------------------------------------------------------------- held-out set
// One selector for every set (building it indexes the library and reads the framework bank's weights).
const selector = new FrameworkSelector(library);
const held = runHeldout(library, selector);
if (verbose) {
  for (const r of held.rows) {
    const mark = r.outcome === 'refused' ? (r.expect === 'refuse' ? '✓ refused' : '✗ REFUSED') : r.fit === false ? '✗' : '✓';
    const facts = r.factsMissing.length ? ` missing facts: ${r.factsMissing.join(', ')}` : '';
    console.log(
      `${mark} ${r.id} [${r.kind}] ${r.primary ?? ''} ${r.confidence ?? ''} ${r.depth ?? ''}${facts}${r.clarifyOk === false ? ' (clarify not ok)' : ''}${r.languageOk === false ? ' (language not said)' : ''}`,
    );
  }
}
console.log(`held-out set (eval/heldout.json, ${held.total} questions in users' own words; never tuned on)`);
console.log(`  framework fit (primary accepted by a strategist):      ${pct(held.fit.rate)} (${held.fit.ok}/${held.fit.of})`);
console.log(`  fact use (structured fields use every given fact):     ${pct(held.facts.rate)} (${held.facts.ok}/${held.facts.of})`);
console.log(
  `  false refusals of business questions:                  ${held.falseRefusals.length}${held.falseRefusals.length ? ` (${held.falseRefusals.join(', ')})` : ''}`,
);
console.log(
  `  non-business questions answered:                       ${held.wrongAnswers.length}${held.wrongAnswers.length ? ` (${held.wrongAnswers.join(', ')})` : ''}`,
);
console.log(`  only asked which organisation:                         ${held.askedOrganisation.length}`);
console.log(`  vague questions given clarifying questions (simple):   ${held.clarify.ok}/${held.clarify.of}`);
console.log(
  `  calibration: fit among answers with confidence >= 70:  ${pct(held.calibration.precision)} (${held.calibration.correct}/${held.calibration.confident})`,
);
console.log(`  non-English answered, saying the answer is in English: ${held.language.ok}/${held.language.of}`);
console.log(`  library engine time per question (in process), p99:    ${held.p99Ms.toFixed(1)} ms`);

const fresh = runHeldout(library, selector, loadHeldout(FRESH_FILE));
if (verbose) {
  for (const r of fresh.rows) {
    const mark = r.outcome === 'refused' ? (r.expect === 'refuse' ? '✓ refused' : '✗ REFUSED') : r.fit === false ? '✗' : '✓';
    console.log(
      `${mark} ${r.id} [${r.kind}] ${r.primary ?? ''} ${r.confidence ?? ''} ${r.depth ?? ''}${r.factsMissing.length ? ` missing facts: ${r.factsMissing.join(', ')}` : ''}`,
    );
  }
}
console.log(
  `fresh set (eval/fresh.json, ${fresh.total} questions written after the selector work; its first run, before any change, gave fit 70.6% (12/17), fact use 81.3% (13/16), 2 false refusals, precision 84.6% (11/13); general vocabulary was added after it, so it is no longer untouched)`,
);
console.log(
  `  framework fit: ${pct(fresh.fit.rate)} (${fresh.fit.ok}/${fresh.fit.of}); fact use: ${pct(fresh.facts.rate)} (${fresh.facts.ok}/${fresh.facts.of}); false refusals: ${fresh.falseRefusals.length}; non-business answered: ${fresh.wrongAnswers.length}; confidence >= 70 precision: ${pct(fresh.calibration.precision)} (${fresh.calibration.correct}/${fresh.calibration.confident})`,
);

// ------------------------------------------------------------ unseen set
const unseen = runHeldout(library, selector, loadHeldout(UNSEEN_FILE));
printSet(
  unseen,
  'unseen set (eval/unseen.json, 30 questions written without reading the selector, its cues or the other sets; its first run, before any change, gave fit 64.0% (16/25), fact use 91.3% (21/23), 0 false refusals, precision 71.4% (15/21); understanding, selection and writing were changed after it, so it is no longer untouched)',
);

// ------------------------------------------------------------ framework example bank
{
  const c = new ExampleClassifier(loadFrameworkExamples(library.frameworks.map((f) => f.id)).examples, [], wordVectors());
  const { ok: right, of } = c.heldOutTop1();
  console.log(`framework example bank (library/framework-examples.json, ${of} questions in users' own words, 10-fold)`);
  console.log(`  framework, example classifier alone (top-1 of ${library.frameworks.length}): ${pct(right / of)} (${right}/${of})`);
}

// ------------------------------------------------------------ vague-question bank
{
  const c = new ExampleClassifier(vaguenessExamples(), [], wordVectors());
  const all = c.heldOutTop1();
  const vague = c.heldOutTop1({ type: 'vague' });
  console.log(`vague-question bank (library/vague-examples.json with a sample of the framework bank, ${all.of} questions, 10-fold)`);
  console.log(`  vague or specific, classifier alone: ${pct(all.ok / all.of)} (${all.ok}/${all.of}); vague ones read as vague: ${vague.ok}/${vague.of}`);
}

// ------------------------------------------------------------ example bank
const bank = crossValidateBank(library, selector);
const rate = ({ ok, of }: { ok: number; of: number }) => `${pct(ok / Math.max(1, of))} (${ok}/${of})`;
console.log(
  `example bank (library/problem-examples.json, ${bank.questions} questions in users' own words, cross-validated; details: scripts/problem-examples-cv.ts)`,
);
console.log(`  problem type, example classifier alone:                ${rate(bank.classifierTop1)}`);
console.log(`  problem type, cue phrases alone:                       ${rate(bank.cueTop1)}`);
console.log(`  problem type, understand() with both signals:          ${rate(bank.understandWith)} (without the examples: ${rate(bank.understandWithout)})`);
if (bank.engineWith && bank.engineWithout)
  console.log(
    `  library engine: fit ${rate(bank.engineWith.fit)} (without the examples: ${rate(bank.engineWithout.fit)}), refused ${bank.engineWith.refused} (without: ${bank.engineWithout.refused}), confidence >= 70 precision ${rate(bank.engineWith.precision)}`,
  );
console.log(`  classification cost per question: p50 ${bank.classifyMs.p50.toFixed(3)} ms, p99 ${bank.classifyMs.p99.toFixed(3)} ms`);

// ------------------------------------------------------------ blind sets
/** The blind sets (eval/blindN.json) and what each was used for; a set kept unread prints its totals only. */
const BLIND_SETS: Array<{ n: number; title: string; unread?: boolean }> = [
  {
    n: 4,
    title:
      'blind4 set (eval/blind4.json, 30 questions written blind; its first run, before any change (commit 7ecc96b), gave fit 68.0% (17/25), fact use 87.0% (20/23), 2 false refusals, precision 84.2% (16/19); it was the development set of the generalisation work (language, words in context, the meaning of numbers, calibration), so it is no longer untouched)',
  },
  {
    n: 5,
    title:
      'blind5 set (eval/blind5.json, 30 questions written blind, never tuned on; its first run, before any change (commit 7ecc96b), gave fit 60.0% (15/25), fact use 87.0% (20/23), 1 false refusal, precision 64.7% (11/17); its first run after the generalisation work tuned on blind4 (commit 04c464f) gave fit 64.0% (16/25), fact use 87.0% (20/23), 1 false refusal (b5-08), 2/3 vague clarified, precision 68.8% (11/16), 3/3 non-English saying English; its first run with the example bank as a second signal (commit bacd300, tuned only by cross-validation over the bank) gave fit 68.0% (17/25), fact use 91.3% (21/23), 1 false refusal (b5-08), 2/3 vague clarified, precision 80.0% (8/10), 3/3 non-English: still short of the targets)',
  },
  {
    n: 6,
    title:
      'blind6 set (eval/blind6.json, 40 questions written blind, never tuned on; its first run (commit fa79a1a) gave fit 77.1% (27/35), fact use 94.3% (33/35), 1 false refusal (b6-33, Italian), 2 non-business questions answered, 3/3 vague clarified, precision 85.7% (18/21), 1/2 non-English saying English; its first run with the example bank (commit bacd300) gave fit 77.1% (27/35), fact use 94.3% (33/35), 1 false refusal (b6-33), 2 non-business answered, 3/3 vague clarified, precision 94.1% (16/17), 1/2 non-English saying English); since then it is a development set: its failures led to the cooking and travel markers and the organisation-runs-a-trade rule of the scope decision, so it is no longer untouched',
  },
  {
    n: 7,
    title:
      'blind7 set (eval/blind7.json, 40 questions written blind, never tuned on; its first run (commit 2ef59bb, after the example bank, the glossaries and the blind6 work) gave fit 54.3% (19/35), fact use 71.4% (25/35), 1 false refusal (b7-31), 1 non-business question answered (b7-40), 2/3 vague clarified, precision 75.0% (12/16), 2/2 non-English saying English: far short of the targets); since then it is a development set (definitions after a greeting, a parenting domain, a bare request for the next period plan, general cue phrases), so it is no longer untouched',
  },
  {
    n: 8,
    title:
      'blind8 set (eval/blind8.json, 40 questions written blind, never tuned on; its first run (commit 4068820, after the blind7 work) gave fit 68.6% (24/35), fact use 82.9% (29/35), 1 false refusal (b8-12), 0 non-business answered, 2/3 vague clarified, precision 83.3% (10/12), 2/2 non-English saying English: short of the targets); since then it is a development set (a definition asked of someone, one count per stemmed domain marker, general cue phrases), so it is no longer untouched',
  },
  {
    n: 9,
    title:
      'blind9 set (eval/blind9.json, 40 questions written blind, never tuned on; its first run (commit 86ea3ee, after the blind8 work) gave fit 74.3% (26/35), fact use 65.7% (23/35), 0 false refusals, 0 non-business answered, 2/3 vague clarified, precision 94.4% (17/18), 2/2 non-English saying English: precision and refusals meet the targets, fit and fact use do not); since then it is a development set (hyphenated counts quoted as written: 34-person, 300-bed), so it is no longer untouched',
  },
  {
    n: 10,
    title:
      'blind10 set (eval/blind10.json, 40 questions written blind, never tuned on; its first run (commit d5a226d, after the blind9 work) gave fit 68.6% (24/35), fact use 87.5% (28/32), 1 false refusal (b10-35), 0 non-business answered, 1/3 vague clarified, precision 86.7% (13/15), 2/2 non-English saying English: fact use meets the target, fit, refusals and precision do not; measured again, its questions still unread, with the word vectors (e2503bd): fit 65.7%; with the framework example bank (f6d0603): fit 77.1% (27/35), fact use 90.6%, 0 false refusals, precision 78.6% (11/14); with 32 questions per framework (1784ff1): 82.9%; with 48 (0744ba7): 85.7%, precision 100% (11/11); with 80 (a641686): 88.6% (31/35), clarify 3/3); its questions are still unread',
    unread: true,
  },
  {
    n: 11,
    title:
      'blind11 set (eval/blind11.json, 40 questions written blind, never tuned on; its first run (commit e2503bd, with the word vectors) gave fit 62.9% (22/35), fact use 87.5% (28/32), 0 false refusals, 0 non-business answered, 0/3 vague clarified, precision 84.6% (11/13), 2/2 non-English saying English; the engine before the word vectors (94ac65a) scored fit 60.0% (21/35), fact use 87.5%, precision 91.7% (11/12) on it); since then it is a development set (a cry for help that names a symptom or two, "a mess", "where do we even start": vague, 3/3 clarified), so it is no longer untouched',
  },
  {
    n: 12,
    title:
      'blind12 set (eval/blind12.json, 40 questions written blind, never tuned on; its first run (commit f6d0603, with the framework example bank) gave fit 71.4% (25/35), fact use 93.8% (30/32), 0 false refusals, 1 non-business answered (b12-39), 0/3 vague clarified, precision 94.1% (16/17), 2/2 non-English saying English; the engine before the framework bank (e1273e5) scored fit 62.9% (22/35) on it, the rest alike); since then it is a development set for the scope decision (a request the asker says is not about work is refused), so it is no longer untouched',
  },
  {
    n: 13,
    title:
      'blind13 set (eval/blind13.json, 40 questions written blind, never tuned on; its first run (commit f6d0603, with the framework example bank) gave fit 80.0% (28/35), fact use 81.3% (26/32), 0 false refusals, 2 non-business answered (b13-10, b13-11), 2/3 vague clarified, precision 78.9% (15/19), 2/2 non-English saying English; the engine before the framework bank (e1273e5) scored fit 68.6% (24/35) and precision 73.7% (14/19) on it, the rest alike); since then it is a development set for the scope decision (not-about-work requests, family events and a marathon plan are refused), so it is no longer untouched',
  },
  {
    n: 14,
    title:
      "blind14 set (eval/blind14.json, 40 questions written blind, never tuned on; its first run (commit 1784ff1, with 32 users' questions per framework) gave fit 80.0% (28/35), fact use 82.9% (29/35), 0 false refusals, 1 non-business answered (b14-32), 1/3 vague clarified, precision 92.9% (13/14), 2/2 non-English saying English; with 48 per framework (0744ba7): fit 85.7% (30/35), precision 100% (14/14)); since then it is a development set (a wedding speech the asker says is not about the business is refused; a cry for help asking nothing in particular is vague; pluses and ranges are quoted whole), so it is no longer untouched",
  },
  {
    n: 15,
    title:
      "blind15 set (eval/blind15.json, 40 questions written blind, never tuned on; its first run (commit 77d0c59, 48 users' questions per framework) gave fit 65.7% (23/35), fact use 100% (32/32), 0 false refusals, 1 non-business answered (b15-19), 2/3 vague clarified, precision 92.9% (13/14), 2/2 non-English saying English: fit far short of 85% on it; its questions are still unread; with 80 users' questions per framework (a641686): fit 74.3% (26/35), precision 92.9% (13/14), the rest alike)",
    unread: true,
  },
  {
    n: 16,
    title:
      "blind16 set (eval/blind16.json, 40 questions written blind, never tuned on; its first run (commit 2807ee4, 48 users' questions per framework) gave fit 85.7% (30/35), fact use 85.7% (30/35), 0 false refusals, 1 non-business answered, 0/3 vague clarified, precision 100% (11/11), 2/2 non-English saying English; with 80 per framework (a641686): the same; its questions are still unread)",
    unread: true,
  },
  {
    n: 17,
    title:
      "blind17 set (eval/blind17.json, 40 questions written blind, never tuned on; its first run (commit 2807ee4, 48 users' questions per framework) gave fit 77.1% (27/35), fact use 91.4% (32/35), 0 false refusals, 1 non-business answered, 1/3 vague clarified, precision 90.0% (9/10), 2/2 non-English saying English; with 80 per framework (a641686): fit 80.0% (28/35), precision 100% (9/9), the rest alike); since then it is a development set (ranges written as one token: 5-8%, 2026-2031; 'what am I doing wrong?' and 'how do I fix it?' asking nothing in particular are vague; a personal purchase or hobby is refused), so it is no longer untouched",
  },
  {
    n: 18,
    title:
      "blind18 set (eval/blind18.json, 40 questions written blind, never tuned on; its first run (commit 3bc0c26, 80 users' questions per framework) gave fit 94.3% (33/35), fact use 74.3% (26/35), 0 false refusals, 0 non-business answered, 1/3 vague clarified, precision 100% (17/17), 2/2 non-English saying English; with the vague-question bank (9c41c55): 2/3 vague clarified); since then it is a development set for fact use (how a number moved: 'down 6%', 'growing 11%'; small counts of something named: 'two seniors'; 'waiting list of 45'; a plus not repeated in its context), so it is no longer untouched",
  },
  {
    n: 19,
    title:
      "blind19 set (eval/blind19.json, 40 questions written blind after the sixth bank batch was measured and set aside, never tuned on; its first run (commit 23eaa94) gave fit 97.1% (34/35), fact use 76.5% (26/34), 1 false refusal, 0 non-business answered, 2/3 vague clarified, precision 100% (16/16), 2/2 non-English saying English; after the blind18 fact-use work: fact use 79.4% (27/34), the rest alike); since then it is a development set (from X to Y quotes both numbers, a tilde stays with its number, a bare help? about one's own organisation is vague), so it is no longer untouched",
  },
  {
    n: 20,
    title:
      'blind20 set (eval/blind20.json, 40 questions written blind, never tuned on; its first run (commit ec62677) gave fit 82.9% (29/35), fact use 80.0% (28/35), 0 false refusals, 1 non-business answered, 1/3 vague clarified, precision 100% (12/12), 2/2 non-English saying English); since then it is a development set (one symptom in a sentence with a bare ask and no figures is vague; a range or change in a glossed question is quoted as written from its first number to its last; a telescope for the kids is a hobby), so it is no longer untouched',
  },
  {
    n: 21,
    title:
      "blind21 set (eval/blind21.json, 40 questions written blind, never tuned on; its first run (commit ec62677) gave fit 91.4% (32/35), fact use 85.7% (30/35), 1 false refusal, 0 non-business answered, 1/3 vague clarified, precision 100% (14/14), 2/2 non-English saying English; after the blind20 work: 2/3 vague clarified); since then it is a development set (a vague worry about an organisation of the asker's own is clarified, not refused; between X and Y is one range; a glossed amount keeps its currency words), so it is no longer untouched",
  },
  {
    n: 22,
    title:
      'blind22 set (eval/blind22.json, 40 questions written blind, never tuned on; its first run (commit 0383da5) gave fit 88.6% (31/35), fact use 77.1% (27/35), 0 false refusals, 1 non-business answered, 1/3 vague clarified, precision 100% (14/14), 2/2 non-English saying English); since then it is a development set (pence are money; a planning horizon is not a figure; help me figure out what to do asks nothing in particular; family life with money in it is refused), so it is no longer untouched',
  },
  {
    n: 23,
    title:
      'blind23 set (eval/blind23.json, 40 questions written blind, never tuned on; its first run (commit 0383da5) gave fit 85.7% (30/35), fact use 82.4% (28/34), 0 false refusals, 1 non-business answered, 3/3 vague clarified, precision 100% (13/13), 2/2 non-English saying English); since then it is a development set (a range written with an en dash is one range; a teenage son or daughter is family life), so it is no longer untouched',
  },
  {
    n: 24,
    title:
      'blind24 set (eval/blind24.json, 40 questions written blind, never tuned on; its first run (commit 3e2c6fa) gave fit 94.3% (33/35), fact use 85.7% (30/35), 0 false refusals, 1 non-business answered, 1/3 vague clarified, precision 100% (12/12), 2/2 non-English saying English; its questions are still unread)',
    unread: true,
  },
  {
    n: 25,
    title:
      'blind25 set (eval/blind25.json, 40 questions written blind, never tuned on; its first run (commit 3e2c6fa) gave fit 80.0% (28/35), fact use 91.4% (32/35), 1 false refusal, 1 non-business answered, 1/3 vague clarified, precision 100% (13/13), 2/2 non-English saying English; its questions are still unread)',
    unread: true,
  },
  {
    n: 26,
    title:
      "blind26 set (eval/blind26.json, 40 questions written blind, never tuned on; its first run (commit c44ae84) gave fit 85.7% (30/35), fact use 87.5% (28/32), 0 false refusals, 0 non-business answered, 2/3 vague clarified, precision 100% (14/14), 2/2 non-English saying English; with the scope bank and the vague bank's second batch: the same; its questions are still unread)",
    unread: true,
  },
  {
    n: 27,
    title:
      "blind27 set (eval/blind27.json, 40 questions written blind, never tuned on; its first run (commit c44ae84) gave fit 80.0% (28/35), fact use 96.9% (31/32), 0 false refusals, 1 non-business answered, 2/3 vague clarified, precision 100% (9/9), 2/2 non-English saying English; with the scope bank and the vague bank's second batch: the same; its questions are still unread)",
    unread: true,
  },
  {
    n: 28,
    title:
      "blind28 set (eval/blind28.json, 40 questions written blind, never tuned on; its first run (commit c44ae84) gave fit 74.3% (26/35), fact use 96.9% (31/32), 0 false refusals, 0 non-business answered, 2/3 vague clarified, precision 100% (10/10), 2/2 non-English saying English; with the scope bank and the vague bank's second batch: 3/3 vague clarified, the rest alike; its questions are still unread)",
    unread: true,
  },
  {
    n: 29,
    title:
      'blind29 set (eval/blind29.json, 40 questions written blind, never tuned on; its first run (commit 983a404) gave fit 74.3% (26/35), fact use 84.4% (27/32), 0 false refusals, 1 non-business answered, 3/3 vague clarified, precision 100% (9/9), 2/2 non-English saying English; its questions are still unread)',
    unread: true,
  },
  {
    n: 30,
    title:
      'blind30 set (eval/blind30.json, 40 questions written blind, never tuned on; its first run (commit 983a404) gave fit 91.4% (32/35), fact use 71.9% (23/32), 0 false refusals, 1 non-business answered, 2/3 vague clarified, precision 94.1% (16/17), 2/2 non-English saying English; its questions are still unread)',
    unread: true,
  },
  {
    n: 31,
    title:
      'blind31 set (eval/blind31.json, 40 questions written blind, never tuned on; its first run (commit 983a404) gave fit 77.1% (27/35), fact use 90.6% (29/32), 0 false refusals, 2 non-business answered, 3/3 vague clarified, precision 100% (10/10), 2/2 non-English saying English; its questions are still unread)',
    unread: true,
  },
  {
    n: 32,
    title:
      'blind32 set (eval/blind32.json, 40 questions written blind in industries seldom used as examples (boat building, crematoria, ferries, self-storage, organ building…), with 2 multi-turn, 3 vague, 3 definition, 2 mixed and 2 non-English questions, never tuned on; its first run (commit 27ea383) gave fit 83.8% (31/37), fact use 91.2% (31/34), 1 false refusal, 3/3 vague clarified, precision 100% (14/14), 2/2 non-English saying English (at f2db4f8, before the mixed-request parts and the single-situation frameworks: fit 81.1%, fact use 88.2%, 2 false refusals, precision 13/13); its questions are still unread)',
    unread: true,
  },
];
printSets(BLIND_SETS, blindSetFile);

// ------------------------------------------------------------ scope sets
/** The scope sets (eval/scopeN.json: vague worries, requests that are not business, business questions that look personal). */
const SCOPE_SETS: Array<{ n: number; title: string; unread?: boolean }> = [
  {
    n: 1,
    title:
      "scope1 set (eval/scope1.json, 60 messages written blind to test the answer / clarify / refuse decision; its first run (commit c44ae84) gave 8 false refusals, 12 of 20 non-business requests answered, 9/20 vague clarified, fit 55.0% (11/20), now 0, 8, 16/20 and 60.0%; it is the development set of the scope bank (the bank reading beside the rules, an organisation of the asker's own or one set beside theirs, a personal question that is about the firm after all) and of the vague bank's second batch, so it is no longer untouched)",
  },
  {
    n: 2,
    title:
      "scope2 set (eval/scope2.json, 60 messages written blind like scope1; its first run (commit c44ae84) gave 6 false refusals, 18 of 20 non-business requests answered, 9/20 vague clarified, fit 30.0% (6/20); kept unread through the scope bank's three batches (3 false refusals, 13 of 20 answered, 11/20 clarified, fit 35.0% at 84b1886), it was then read and became a development set of the scope decision ('not a business' said of volunteers, the industry the caller gives as evidence of a business), so it is no longer untouched)",
  },
  {
    n: 3,
    title:
      "scope3 set (eval/scope3.json, 60 messages written blind: 35 business questions that look personal or small, 8 of them non-English and 5 mixed, 15 requests that are not business, 10 vague worries; its first run (commit 8e8a926) gave 4 false refusals, 12 of 15 non-business requests answered, 8/10 vague clarified, fit 51.4% (18/35); it is a development set of the scope decision (working for oneself, renting out as a trade, 'I've been running it', a hedged 'personal question but…' about a business the asker co-owns), so it is no longer untouched)",
  },
  {
    n: 4,
    title:
      "scope4 set (eval/scope4.json, 60 messages written blind: 35 business questions that look personal or small, 10 of them non-English and 6 mixed, 15 requests that are not business, 4 of them non-English, 10 vague worries; its first run (commit 49d054d) gave 1 false refusal, 12 of 15 non-business requests answered, 8/10 vague clarified, fit 45.7% (16/35); it is a development set of the scope decision (holdings counted like a trade's: 'my wife and I have 3 holiday flats'), so it is no longer untouched)",
  },
  {
    n: 5,
    title:
      'scope5 set (eval/scope5.json, 60 messages written blind like scope1: 20 vague worries, 20 requests that are not business, 19 of them in business or money words, 20 business questions that look personal or small, 3 of them mixed and 3 non-English, never tuned on; its first run (commit 983a404) gave 0 false refusals, 10 of 20 non-business requests answered, 15/20 vague clarified, fit 35.0% (7/20); its questions are still unread)',
    unread: true,
  },
  {
    n: 6,
    title:
      "scope6 set (eval/scope6.json, 60 messages written blind like scope1, with more of the business questions very short or informal or about family, home or feelings; its first run (commit 84b1886) gave 1 false refusal, 8 of 20 non-business requests answered, 20/20 vague clarified, fit 40.0% (8/20); kept unread through this round's selector work (1, 9, 20/20 at 6422b6d), it was then read: the rules drawn from it and scope7 (a seller's telegraphic words, a glossed request that reads nothing like business) answered dozens of personal requests a reviewer wrote and refused glossed business questions, so they were taken out; it is no longer untouched)",
  },
  {
    n: 7,
    title:
      "scope7 set (eval/scope7.json, 60 messages written blind like scope1, its business questions often telegraphic, from clubs and charities or mentioning a spouse or child, and a third of its personal requests from people who run a business; its first run (commit 6422b6d) gave 5 false refusals, 10 of 20 non-business requests answered, 16/20 vague clarified, fit 45.0% (9/20); it was read to find rules for them (someone who sells in a trade's telegraphic words: 'hubby reckons i undercharge', 'dog walker, 11 regular dogs', 'brass band sec.'); they took it to 0 but answered many personal requests of the same shape, so they were taken out and its 5 false refusals stand; it is no longer untouched)",
  },
  {
    n: 8,
    title:
      'scope8 set (eval/scope8.json, 60 messages written blind like scope7, never tuned on; its first run (commit 6422b6d) gave 3 false refusals, 11 of 20 non-business requests answered, 16/20 vague clarified, fit 70.0% (14/20); its questions are still unread)',
    unread: true,
  },
  {
    n: 9,
    title:
      'scope9 set (eval/scope9.json, 60 messages written blind like scope7: 20 business questions, at least 10 of them telegraphic and 5 mentioning family, from sole traders and club, church and charity officers; 20 vague worries; 20 personal requests, some from people who run a business and some from customers of a small trade; never tuned on; its first run (commit 75adff5) gave 4 false refusals, 16 of 20 non-business requests answered, 18/20 vague clarified, fit 45.0% (9/20); its questions are still unread)',
    unread: true,
  },
  {
    n: 10,
    title:
      'scope10 set (eval/scope10.json, 60 messages written blind like scope9, with more US and Australian askers, club, church and charity officers, and customers of trades among the personal requests; never tuned on; its first run (commit 75adff5) gave 1 false refusal, 15 of 20 non-business requests answered, 16/20 vague clarified, fit 45.0% (9/20); its questions are still unread)',
    unread: true,
  },
  {
    n: 11,
    title:
      'scope11 set (eval/scope11.json, 60 messages written blind like scope9: 20 business questions from sole traders, mobile trades, family firms and officers of clubs, a parish council, a mosque committee and a PTA, 3 of them mixed and 3 non-English; 20 vague worries; 20 personal requests, 5 from customers of small trades, 2 non-English; never tuned on; its first run (commit 27ea383) gave 2 false refusals, 9 of 20 non-business requests answered, 12/20 vague clarified, fit 55.0% (11/20), fact use 95.0% (19/20) (at f2db4f8: 3, 10, 11/20 and 50.0%); its questions are still unread)',
    unread: true,
  },
  {
    n: 12,
    title:
      'scope12 set (eval/scope12.json, 60 messages written blind like scope11: 20 business questions from sole traders (a chimney sweep, a piano tuner, a wedding DJ), family firms and officers of a gurdwara, a scout group, a village hall, a rowing club, 11 of them telegraphic, 3 mixed and 3 non-English; 20 vague worries; 20 personal requests, 5 from owners and 5 from customers of small trades; never tuned on; its first run (commit ccfcb2c) gave 0 false refusals, 10 of 20 non-business requests answered, 17/20 vague clarified, fit 30.0% (6/20), fact use 95.0% (19/20); its questions are still unread)',
    unread: true,
  },
  {
    n: 13,
    title:
      "scope13 set (eval/scope13.json, 80 messages written blind: 50 business questions in a phone's telegraphic words from sole traders, family firms, clubs, churches and charities whose trade is another domain's words (a dog walker, a wedding cake maker, a mobile mechanic 'my lad drives the van'), 6 of them mixed and 6 non-English; 10 vague worries; 20 personal requests in money words; its first run (commit ccfcb2c) gave 12 false refusals, 10 of 20 non-business requests answered, 7/10 vague clarified, fit 38.0% (19/50), fact use 58.0% (29/50); it is the development set of the trade named first (selfLabel), so it is no longer untouched)",
  },
  {
    n: 14,
    title:
      "scope14 set (eval/scope14.json, 80 messages written blind like scope13: 50 business questions in a phone's telegraphic words from sole traders, family firms, clubs, churches and charities whose trade looks personal (a farrier, a doula, a holiday let, a choir), 6 of them mixed and 6 non-English; 10 vague worries; 20 personal requests in money or business words, 5 from people who mention their business; never tuned on; its first run (commit 32dd176) gave 8 false refusals, 6 of 20 non-business requests answered, 8/10 vague clarified, fit 34.0% (17/50), fact use 80.0% (40/50); kept unread until its one remaining false refusal (s14-74, a holiday let's owner weighing the hassle) was read at 6d3ed09: a rule for its shape also answered members' and customers' requests and was not kept, so it is a known miss; no longer untouched)",
  },
  {
    n: 15,
    title:
      "scope15 set (eval/scope15.json, 60 messages written blind from the framework list: 50 decisions of sole traders, family firms, small shops, charities and clubs in a phone's telegraphic words with 2-4 figures, 10 vague worries; to test framework fit on small trades; never tuned on; its first run (commit 8f85b54) gave fit 50.0% (25/50), fact use 88.0% (44/50), 6 false refusals (2 plain, 4 vague), 6/10 vague clarified, precision 13/14; its questions are still unread)",
    unread: true,
  },
  {
    n: 16,
    title:
      "scope16 set (eval/scope16.json, 60 decisions written blind from the framework list in a phone's telegraphic words with 2-4 figures: sole traders, family firms, small shops, clubs and small charities, 5 of them non-English; to test framework fit on small trades; its first run (commit 2eab2b8) gave fit 63.3% (38/60), fact use 96.7% (58/60), 0 false refusals, precision 13/13; it is the development set of the small trade's priced choice, so it is no longer untouched)",
  },
  {
    n: 17,
    title:
      'scope17 set (eval/scope17.json, 60 decisions written blind like scope16, 6 of them non-English; never tuned on; its first run (commit 2eab2b8) gave fit 66.7% (40/60), fact use 91.7% (55/60), 1 false refusal, precision 8/8; its questions are still unread)',
    unread: true,
  },
  {
    n: 18,
    title:
      'scope18 set (eval/scope18.json, 60 decisions written blind like scope16, 5 of them non-English; its first run (commit f941157) gave fit 65.0% (39/60), fact use 95.0% (57/60), 1 false refusal, precision 20/22; it is the development set of growth moves, staff leaving and causes not yet known, so it is no longer untouched)',
  },
  {
    n: 19,
    title:
      'scope19 set (eval/scope19.json, 50 decisions written blind like scope16, 4 of them non-English, and 10 vague worries of small trades and clubs; never tuned on; its first run (commit f941157) gave fit 86.0% (43/50), fact use 94.0% (47/50), 0 false refusals, 9/10 vague clarified, precision 17/17; its questions are still unread)',
    unread: true,
  },
  {
    n: 20,
    title:
      "scope20 set (eval/scope20.json, 50 decisions written blind like scope16 across every kind of small trade's problem, 5 of them non-English, and 10 vague worries; its first run (commit fa19b5e) gave fit 76.0% (38/50), fact use 92.0% (46/50), 2 false refusals, 7/10 vague clarified, precision 13/13; it is a development set, so it is no longer untouched)",
  },
  {
    n: 21,
    title:
      "scope21 set (eval/scope21.json, 80 messages written blind like scope13 from the frameworks' id, name, summary and whenToUse: 50 small trades' decisions (38 plain, 6 mixed, 6 non-English), 10 vague worries and 20 personal requests in business words; its first run (commit 125d7a6) gave fit 68.0% (34/50), fact use 88.0% (44/50), 2 false refusals, 6 of 20 personal requests answered, 9/10 vague clarified, precision 13/13; it is a development set, so it is no longer untouched)",
  },
  {
    n: 22,
    title:
      "scope22 set (eval/scope22.json, 50 small trades' decisions with 2-4 figures and 10 vague worries, written blind like scope15 with accepts chosen strictly as the primary framework; its first run (commit 125d7a6) gave fit 56.0% (28/50), fact use 100% (50/50), 0 false refusals, 7/10 vague clarified, precision 9/11; it is a development set, so it is no longer untouched)",
  },
  {
    n: 23,
    title:
      'scope23 set (eval/scope23.json, 50 decisions of micro-businesses and small organisations, 5 of them non-English, and 10 vague worries, written blind like scope17 with accepts chosen strictly; never tuned on; its first run (commit 07dcea4) gave fit 68.0% (34/50), fact use 92.0% (46/50), 1 false refusal, 8/10 vague clarified, precision 17/18; its questions are still unread)',
    unread: true,
  },
  {
    n: 24,
    title:
      'scope24 set (eval/scope24.json, 50 decisions of small trades whose trade looks personal, 5 of them non-English, and 10 vague worries, written blind like scope14 with accepts chosen strictly; its first run (commit 07dcea4) gave fit 60.0% (30/50), fact use 88.0% (44/50), 2 false refusals, 10/10 vague clarified, precision 9/9; it is a development set, so it is no longer untouched)',
  },
  {
    n: 25,
    title:
      "scope25 set (eval/scope25.json, 80 messages written blind like scope21: 50 small trades' decisions (38 plain, 6 mixed, 6 non-English), 10 vague worries and 20 personal requests in business words; its first run (commit 42acc1d) gave fit 70.0% (35/50), fact use 90.0% (45/50), 2 false refusals, 12 of 20 personal requests answered, 10/10 vague clarified, precision 15/16; it is a development set, so it is no longer untouched)",
  },
  {
    n: 26,
    title:
      'scope26 set (eval/scope26.json, 50 decisions of small trades and organisations, 4 of them non-English, and 10 vague worries, written blind like scope23; never tuned on; its first run (commit 42acc1d) gave fit 66.0% (33/50), fact use 92.0% (46/50), 1 false refusal, 6/10 vague clarified, precision 11/13; its questions are still unread)',
    unread: true,
  },
  {
    n: 27,
    title:
      "scope27 set (eval/scope27.json, 50 phone-typed decisions of very small organisations, 5 of them non-English, and 10 vague worries, written blind from the frameworks' id, name, summary and whenToUse with accepts chosen strictly; never tuned on; its first run (commit c29307b) gave fit 82.0% (41/50), fact use 96.0% (48/50), 3 false refusals, 9/10 vague clarified, precision 10/10; kept unread until its one remaining false refusal (s27-10, a family garden centre named first with its crew) was read at 6d3ed09: a rule for its shape also answered households' requests and was not kept, so it is a known miss; no longer untouched)",
  },
  {
    n: 28,
    title:
      'scope28 set (eval/scope28.json, 50 decisions of small organisations in three registers (telegraphic, a plain paragraph, a ramble with a side worry), 5 of them non-English, and 10 vague worries, written blind like scope27; never tuned on; its first run (commit c29307b) gave fit 82.0% (41/50), fact use 100% (50/50), 0 false refusals, 10/10 vague clarified, precision 14/15; its questions are still unread)',
    unread: true,
  },
  {
    n: 29,
    title:
      'scope29 set (eval/scope29.json, 50 decisions of small organisations in three registers, 5 of them non-English, and 10 vague worries, written blind like scope28 with each framework the best answer to at most two; never tuned on; its first run (commit c58d850) gave fit 88.0% (44/50), fact use 98.0% (49/50), 1 false refusal, 10/10 vague clarified, precision 20/20; its questions are still unread)',
    unread: true,
  },
  {
    n: 30,
    title:
      "scope30 set (eval/scope30.json, 50 decisions of small organisations in three registers, 5 of them non-English, and 10 vague worries, written blind like scope29 from the frameworks' id, name, summary and whenToUse; never tuned on; its first run (commit 1bb9da6) gave fit 94.0% (47/50), fact use 96.0% (48/50), 0 false refusals, 9/10 vague clarified, precision 19/20; its questions are still unread)",
    unread: true,
  },
  {
    n: 31,
    title:
      'scope31 set (eval/scope31.json, 50 decisions of small organisations in three registers (about 15 of them from organisations of 20 to 300 staff), 5 of them non-English, and 10 vague worries, written blind like scope30; never tuned on; its first run (commit a72ca0c) gave fit 96.0% (48/50), fact use 84.0% (42/50), 1 false refusal, 9/10 vague clarified, precision 27/28; its questions are still unread)',
    unread: true,
  },
  {
    n: 32,
    title:
      'scope32 set (eval/scope32.json, 50 decisions of small organisations in three registers (about 15 of them from organisations of 20 to 300 staff), 5 of them non-English, and 10 vague worries, written blind like scope31 with each framework the best answer to at most two; never tuned on; its first run (commit 04bb675) gave fit 92.0% (46/50), fact use 98.0% (49/50), 0 false refusals, 10/10 vague clarified, precision 20/20 (the reading before it, the bank classifier alone at weight 5: fit 44/50); its questions are still unread)',
    unread: true,
  },
  {
    n: 33,
    title:
      "scope33 set (eval/scope33.json, 50 decisions of organisations from sole traders to firms of 500, a third of them larger, in three registers, 5 of them non-English and about 5 in a non-native speaker's English, and 10 vague worries, written blind like scope32; never tuned on; its first run (commit 04bb675) gave fit 98.0% (49/50), fact use 100% (50/50), 0 false refusals, 9/10 vague clarified, precision 24/24 (the bank classifier alone at weight 5: the same); its questions are still unread)",
    unread: true,
  },
  {
    n: 34,
    title:
      'scope34 set (eval/scope34.json, 80 messages written blind from a brief like scope14: 50 decisions of sole traders, family firms, clubs and firms of 50 to 2,000 staff (38 plain, 6 mixed, 6 non-English), 10 vague worries and 20 personal requests in business words, 6 of them from owners; never tuned on; its first run (commit d98b029) gave fit 98.0% (49/50), fact use 98.0% (49/50), 0 false refusals, 11 of 20 personal requests answered, 10/10 vague clarified, precision 22/22; its questions are still unread)',
    unread: true,
  },
  {
    n: 35,
    title:
      "scope35 set (eval/scope35.json, 80 messages written blind from a brief by one writer who read only it and the frameworks' id, name and first sentence: 58 expecting an answer (38 plain, from startups, enterprises of 600 to 12,000 staff, charities, the public sector, family firms, sole traders, a club and a church; 5 mixed, 6 non-English, 4 definitions, 5 three-turn conversations), 10 vague worries and 12 personal requests in business words, 4 of them from owners; never tuned on; its first run (commit 6d3ed09) gave fit 91.4% (53/58), fact use 82.8% (48/58), 0 false refusals, 9 of 12 personal requests answered, 10/10 vague clarified, precision 23/23, language said 6/6; its questions are still unread)",
    unread: true,
  },
  {
    n: 36,
    title:
      "scope36 set (eval/scope36.json, 80 messages written blind like scope35, half of its 38 plain questions from couples, families, sole traders, market traders, a village hall, a club, a church and a small charity, the firm often named only in passing; never tuned on; its first run (with rules for the shapes of scope14's and scope27's last false refusals, later dropped, which changed none of its answers) gave fit 81.0% (47/58), fact use 78.2% (43/55), 0 false refusals, 7 of 12 personal requests answered, 9/10 vague clarified, precision 26/28, language said 6/6; its questions are still unread)",
    unread: true,
  },
  {
    n: 37,
    title:
      "scope37 set (eval/scope37.json, 80 questions written blind from a brief as a development set, every one with figures: 40 plain (half small organisations, half startups, enterprises, non-profits and the public sector), 24 non-English (four in each of de, fr, es, it, nl, pt, figures as each language writes them), 6 mixed, 6 three-turn conversations, 4 definitions; its first run (commit a520ca1) gave fit 83.8% (67/80), fact use 82.5% (66/80), 0 false refusals, precision 38/39; read and tuned on: a change from one number to another quoted with its 'from' and no target, a quarter (Q3) as a date, a scale against the euro sign and a rate after it (28k€, 1,2 M€, 12€/h), a score out of 10, a glossed range's own 'van' / 'von', a noun described by two words joined by 'and', and twenty words of management in five glossed languages: 71 and 74)",
  },
  {
    n: 38,
    title:
      "scope38 set (eval/scope38.json, 80 messages written blind like scope35; never tuned on; its first run (with scope37's changes, before their commit; the same after a review's mends) gave fit 91.4% (53/58), fact use 87.3% (48/55), 1 false refusal, 8 of 12 personal requests answered, 9/10 vague clarified, precision 34/34, language said 6/6; kept unread until its one false refusal (s38-70, a vague worry of someone working in their parents' company) was read at 4623e74: a vague worry about the firm from the asker working in the family's firm is clarified now (not their own job or life), and s38-70 with it; the rest of it was not read)",
  },
  {
    n: 39,
    title:
      "scope39 set (eval/scope39.json, 80 messages written blind from a brief as a development set on the line between an owner's worry and a private person's: 30 owners, couples, treasurers and family firms writing of what they run in personal words, 20 personal requests of the same shapes from members, customers, employees and households, 6 owners' vague worries and 24 non-English questions with figures in local notation; its first run (at 4623e74) gave fit 31/54, fact use 34/44, 0 false refusals, 13 of 20 personal requests answered, 6/6 vague clarified, precision 11/11, language said 24/24; read and tuned on: quarters and acronyms as the glossed languages write them, glossary words, and a household's wedding, move, loft and budget as personal matters: fit 33, fact use 38, 10 personal requests answered)",
  },
  {
    n: 40,
    title:
      "scope40 set (eval/scope40.json, 80 messages written blind like scope35 by one writer who read only the brief, the format and the frameworks' id, name and first sentence: 38 plain, 5 mixed, 6 non-English, 4 definitions, 5 three-turn conversations, 10 vague worries and 12 personal requests, 4 of them from owners; never tuned on; its first run (at 3a56f68, after everything else of the round that added it) gave fit 93.1% (54/58), fact use 82.8% (48/58), 0 false refusals, 7 of 12 personal requests answered, 10/10 vague clarified, precision 25/25, language said 6/6; then its missing facts were read (a tolerance's ±, 'every two weeks', 'only 2', 'cut 18%', '4,300 officers and staff', a sentence counting engineers declined for its code words): fact use 54/58; its other questions were not read)",
  },
  {
    n: 41,
    title:
      "scope41 set (eval/scope41.json, 80 messages written blind like scope40 by another writer, organisations from pre-seed startups and cooperatives to multinationals, an airport and a mosque; never tuned on; its first run (at 3a56f68, with scope40) gave fit 96.6% (56/58), fact use 81.0% (47/58), 0 false refusals, 7 of 12 personal requests answered, 8/10 vague clarified, precision 26/27, language said 6/6; its questions are unread; unchanged by this round's parsing of numbers (49/58 at 9db151b and 757a3ee), 55/58 with the asker's own clauses quoted (d1dbd24))",
    unread: true,
  },
  {
    n: 42,
    title:
      "scope42 set (eval/scope42.json, 80 messages written blind from the brief as a development set for fact use by one writer who read only the brief, the format and the frameworks' id, name and first sentence: 48 plain, 5 mixed, 7 non-English, 3 definitions, 3 five-turn conversations, 6 vague worries and 8 personal requests, with facts of every form; its first run (at 218b704) gave fit 60/66, fact use 49/66, 0 false refusals, 5 of 8 personal requests answered, 6/6 vague clarified, precision 37/37; read and tuned on: dates and periods quoted with the words that place them in time, a change's 'by', arrows, the rand, currency codes, a signed price range, a dozen, number words of the glossed languages: fact use 65/66, fit 61/66)",
  },
  {
    n: 43,
    title:
      "scope43 set (eval/scope43.json, 80 messages written blind like scope40 by another writer: 38 plain, 5 mixed, 6 non-English, 4 definitions, 5 five-turn conversations, 10 vague worries and 12 personal requests, 4 of them from owners; never tuned on; its first run (at 218b704, before this round's fact work) gave fit 96.6% (56/58), fact use 70.7% (41/58), 0 false refusals, 10 of 12 personal requests answered, 9/10 vague clarified, precision 26/26, language said 6/6; its questions are unread; at 9db151b, after the scope42 and scope44 work: fact use 47/58; with the asker's own clauses quoted (d1dbd24): 55/58)",
    unread: true,
  },
  {
    n: 44,
    title:
      "scope44 set (eval/scope44.json, 80 messages written blind from the brief as a second development set for fact use by a third writer: 44 plain, 4 mixed, 10 non-English, 3 definitions, 7 five-turn conversations, 6 vague worries and 6 personal requests, askers from 28 countries, facts in shapes hard to read on purpose (scale words, signs and codes, per-unit rates, ranges, ratios, ages, times, dates in words); its first run (at 4377466, after scope42's fixes) gave fit 58/68, fact use 41/68, 0 false refusals, 4 of 6 personal requests answered, 6/6 vague clarified, precision 30/31; read and tuned on: a decimal point kept inside its sentence, cents, ratios and pairs in words, ages, times, rough counts, 'between' and 'top', more currency signs, scale words, glossed changes and dates as written: fact use 61/68)",
  },
  {
    n: 45,
    title:
      "scope45 set (eval/scope45.json, 80 messages written blind from the brief as a third development set for fact use by a fourth writer, in the registers of a paid advice service's mail (rambling, terse, bullet lists, abbreviations, approximate numbers): 40 plain, 5 mixed, 7 non-English, 4 definitions, 6 five-turn conversations, 8 vague worries and 10 personal requests; its first run (at 98bd400) gave fit 54/62, fact use 33/62, 1 false refusal, 6 of 10 personal requests answered, 8/8 vague clarified, precision 29/30; read and tuned on: approximate numbers with their word (about, c., maybe, just over, rund, circa, unos), a share in brackets after its noun, points, a target 'of', 'after 9 depots', an age range, a sentence of what the organisation launched kept; a later turn about the organisation in another domain's words answered: fact use 55/62, fit 55/62, 0 false refusals; with the asker's own clauses quoted (d1dbd24): fact use 61/62)",
  },
  {
    n: 46,
    title:
      "scope46 set (eval/scope46.json, 80 messages written blind like scope43 by a fifth writer: 38 plain, 5 mixed, 6 non-English, 4 definitions, 5 five-turn conversations, 10 vague worries and 12 personal requests, 4 of them from owners; never tuned on; measured at 218b704 (before this round): fit 56/58, fact use 36/58; its first run this round (at 98bd400, after the scope42 and scope44 work) gave fit 96.6% (56/58), fact use 74.1% (43/58), 1 false refusal, 10 of 12 personal requests answered, 9/10 vague clarified, precision 29/29; its questions are unread; with the asker's own clauses quoted (d1dbd24): fact use 55/58, 0 false refusals)",
    unread: true,
  },
];
printSets(SCOPE_SETS, scopeSetFile);
{
  const t = unreadTotals;
  console.log('every set kept unread, in all');
  console.log(`  framework fit: ${t.fit}/${t.fitOf} (${pct(t.fit / t.fitOf)}); fact use: ${t.facts}/${t.factsOf} (${pct(t.facts / t.factsOf)})`);
  console.log(`  confidence >= 70 precision: ${t.confidentFit}/${t.confident} (${pct(t.confidentFit / t.confident)})`);
  console.log(`  false refusals: ${t.falseRefusals}; non-business answered: ${t.answered}`);
  console.log(`  only asked which organisation: ${t.askedBusiness} business questions, ${t.askedOther} others`);
}

// ------------------------------------------------------------ scope banks
/** Said of a read bank that the scope readings learn (`businessBlind` and `notBusinessBlind` of the scope bank). */
const LEARNED = '; learned by the scope readings since the blind requests joined the scope bank: in-sample';
// First turns written blind for the scope rules (eval/banks): business questions refused and other requests answered.
// The test banks are kept unread: totals only, even with --verbose.
for (const bank of [
  { name: 'vague-worries', unread: false, learned: true, first: 'first run (da96fb3): 45 of 200 refused, 64 of 150 answered' },
  { name: 'trade-questions', unread: false, learned: true, first: 'first run (da96fb3): 63 of 250 refused, 74 of 200 answered' },
  { name: 'trade-test', unread: true, first: 'first run (da96fb3): 39 of 200 refused, 41 of 150 answered; kept unread' },
  {
    name: 'fresh-probes',
    unread: false,
    learned: true,
    first: 'first run (e4632ee): 108 of 570 refused, 95 of 459 answered; three probes written blind, read (the third after the rules it checked)',
  },
  {
    name: 'fresh-test',
    unread: true,
    first: 'first run (a406f88): 33 of 200 refused, 47 of 200 answered; a fifth probe written blind with personal mirrors; kept unread',
  },
  {
    name: 'sixth-probe',
    unread: true,
    first:
      'first run (9a441ec): 5 of 150 refused (3 more only asked which organisation), 65 of 150 answered (7 of them only asked); a sixth probe written blind from a brief, with personal mirrors; kept unread',
  },
  {
    name: 'seventh-probe',
    unread: true,
    first:
      'first run (d98b029): 6 of 150 refused (2 more only asked which organisation), 91 of 150 answered (9 of them only asked); a seventh probe written blind from a brief (family firms, holiday lets, trades in everyday words), with personal mirrors; kept unread',
  },
] as const) {
  const r = runScopeBank(library, selector, scopeBankFile(bank.name));
  if (verbose && !bank.unread) {
    for (const q of r.business.refused) console.log(`✗ REFUSED ${q}`);
    for (const q of r.notBusiness.answered) console.log(`✗ ANSWERED ${q}`);
  }
  console.log(`scope bank eval/banks/${bank.name}.json (${bank.first}${'learned' in bank ? LEARNED : ''})`);
  console.log(`  business questions refused:                            ${r.business.refused.length}/${r.business.of}`);
  console.log(`  other requests answered:                               ${r.notBusiness.answered.length}/${r.notBusiness.of}`);
  console.log(`  only asked which organisation (business / other):     ${r.business.asked.length} / ${r.notBusiness.asked.length}`);
}

// Employers' questions about their people (eval/banks): framework fit, refusals and confident picks; personal mirrors answered.
for (const bank of [
  {
    name: 'people-questions',
    unread: false,
    first:
      'first run (3cc0c65, before the performance and reward frameworks): 26 of 90 fitted, 12 refused, 18 of 60 answered; its requests are learned by the scope readings since the blind requests joined the scope bank: refusals and answers in-sample',
  },
  {
    name: 'people-test',
    unread: true,
    first: 'first run (3cc0c65, before the performance and reward frameworks): 27 of 90 fitted, 12 refused, 26 of 60 answered; kept unread',
  },
] as const) {
  const r = runPeopleBank(library, selector, peopleBankFile(bank.name));
  if (verbose && !bank.unread) {
    for (const q of r.business.refused) console.log(`✗ REFUSED ${q}`);
    for (const q of r.notBusiness.answered) console.log(`✗ ANSWERED ${q}`);
  }
  console.log(`people bank eval/banks/${bank.name}.json (${bank.first})`);
  console.log(`  framework fit (primary accepted by a strategist):      ${r.business.fit}/${r.business.of}`);
  console.log(`  business questions refused:                            ${r.business.refused.length}/${r.business.of}`);
  console.log(`  calibration: fit among answers with confidence >= 70:  ${r.business.confidentFit}/${r.business.confident}`);
  console.log(`  personal requests answered:                            ${r.notBusiness.answered.length}/${r.notBusiness.of}`);
  console.log(`  personal requests only asked which organisation:       ${r.notBusiness.asked.length}`);
}

/** Runs and prints each numbered set (`fileOf(n)`), totals only for a set kept unread. */
function printSets(sets: Array<{ n: number; title: string; unread?: boolean }>, fileOf: (n: number) => string): void {
  for (const set of sets) {
    // A title must name its own set's file (an entry pasted into the wrong list would report one set under another's name).
    const file = path.basename(fileOf(set.n));
    if (!set.title.includes(`eval/${file}`)) throw new Error(`the title of ${file} does not name eval/${file}: ${set.title.slice(0, 80)}…`);
    const questions = loadHeldout(fileOf(set.n));
    const rep = runHeldout(library, selector, questions);
    if (set.unread) {
      const t = unreadTotals;
      t.fit += rep.fit.ok;
      t.fitOf += rep.fit.of;
      t.facts += rep.facts.ok;
      t.factsOf += rep.facts.of;
      t.confident += rep.calibration.confident;
      t.confidentFit += rep.calibration.correct;
      t.falseRefusals += rep.falseRefusals.length;
      t.answered += rep.wrongAnswers.length;
      const other = new Set(questions.filter((q) => q.expect === 'refuse').map((q) => q.id));
      t.askedOther += rep.askedOrganisation.filter((id) => other.has(id)).length;
      t.askedBusiness += rep.askedOrganisation.filter((id) => !other.has(id)).length;
    }
    printSet(rep, set.title, { unread: set.unread ?? false });
  }
}

/** The same report as the held-out set, for another set. */
function printSet(rep: HeldoutReport, title: string, { unread = false } = {}): void {
  // A set kept unread for the next measurement shows its totals only, even with --verbose.
  if (verbose && !unread) {
    for (const r of rep.rows) {
      const mark =
        r.outcome === 'refused' ? (r.expect === 'refuse' ? '✓ refused' : '✗ REFUSED') : r.expect === 'refuse' ? '✗ ANSWERED' : r.fit === false ? '✗' : '✓';
      console.log(
        `${mark} ${r.id} [${r.kind}] ${r.primary ?? ''} ${r.confidence ?? ''} ${r.depth ?? ''}${r.factsMissing.length ? ` missing facts: ${r.factsMissing.join(', ')}` : ''}${r.clarifyOk === false ? ' (clarify not ok)' : ''}${r.languageOk === false ? ' (language not said)' : ''}`,
      );
    }
  }
  console.log(title);
  console.log(`  framework fit (primary accepted by a strategist):      ${pct(rep.fit.rate)} (${rep.fit.ok}/${rep.fit.of})`);
  console.log(`  fact use (structured fields use every given fact):     ${pct(rep.facts.rate)} (${rep.facts.ok}/${rep.facts.of})`);
  console.log(
    `  false refusals of business questions:                  ${rep.falseRefusals.length}${rep.falseRefusals.length ? ` (${rep.falseRefusals.join(', ')})` : ''}`,
  );
  console.log(
    `  non-business questions answered:                       ${rep.wrongAnswers.length}${rep.wrongAnswers.length ? ` (${rep.wrongAnswers.join(', ')})` : ''}`,
  );
  console.log(`  only asked which organisation (of those answered):    ${rep.askedOrganisation.length}`);
  console.log(`  vague questions given clarifying questions (simple):   ${rep.clarify.ok}/${rep.clarify.of}`);
  console.log(
    `  calibration: fit among answers with confidence >= 70:  ${pct(rep.calibration.precision)} (${rep.calibration.correct}/${rep.calibration.confident})`,
  );
  console.log(`  non-English answered, saying the answer is in English: ${rep.language.ok}/${rep.language.of}`);
}
