/**
 * Cross-validation over the example bank (library/problem-examples.json):
 * each bank question is classified by the bank without it (leave-one-out for
 * the TF-IDF centroids, 10-fold for the regression: see
 * `ExampleClassifier.holdingOut`). Measures the example classifier alone, the cue phrases
 * alone (not written from the bank), the problem type `understand()` decides
 * with both signals, and the library engine's pick (fit = the pick is one of
 * the frameworks of the question's problem type) with its calibration by
 * agreement class. `pnpm eval:strategy` prints the summary,
 * scripts/problem-examples-cv.ts the details.
 */
import type { Library } from './library.js';
import { planAnswer } from './plan.js';
import { ExampleClassifier, loadProblemExamples } from './problem-examples.js';
import { agreement, type FrameworkSelector } from './selector.js';
import { wordVectors } from './word-vectors.js';
import { PROBLEMS, problemScores, understand, useProblemExamples, warmUp, type ProblemExampleSource, type ProblemType } from './understand.js';

/** Right out of total. */
export interface Rate {
  ok: number;
  of: number;
}

export interface EngineReport {
  /** The pick is one of the frameworks of the question's problem type. */
  fit: Rate;
  /** Bank questions refused as out of scope (all are business questions). */
  refused: number;
  /** Fit among picks with confidence >= 70. */
  precision: Rate;
  /** Per `agreement` class: questions, fitting picks, confident picks, confident fitting picks. */
  byAgreement: Record<string, { questions: number; fit: number; confident: number; confidentFit: number }>;
}

export interface BankReport {
  questions: number;
  types: number;
  /** The example classifier's most similar type is the question's. */
  classifierTop1: Rate;
  classifierTop2: Rate;
  /** The strongest cue-phrase type is the question's. */
  cueTop1: Rate;
  /** `understand()`'s problem type without, then with, the example signal. */
  understandWithout: Rate;
  understandWith: Rate;
  engineWithout?: EngineReport;
  engineWith?: EngineReport;
  /** Cost of one `classify` call (the bank's own classifier), ms. */
  classifyMs: { p50: number; p99: number };
}

const NO_EXAMPLES: ProblemExampleSource = { classify: () => [] };

function quantile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * p) - 1))] ?? 0;
}

function engine(
  library: Library,
  selector: FrameworkSelector,
  bank: Array<{ type: string; text: string }>,
  source: (i: number) => ProblemExampleSource,
): EngineReport {
  const report: EngineReport = { fit: { ok: 0, of: bank.length }, refused: 0, precision: { ok: 0, of: 0 }, byAgreement: {} };
  bank.forEach((b, i) => {
    useProblemExamples(source(i));
    const plan = planAnswer(library, selector, { messages: [{ role: 'user', content: b.text }] }, { turns: 0, applied: [] });
    if (plan.kind === 'refuse') {
      report.refused++;
      return;
    }
    const a = plan.analysis;
    const fits = PROBLEMS[b.type as ProblemType].frameworks.includes(a.primary.id);
    const confident = a.confidence >= 70;
    const cls = (report.byAgreement[agreement(a.understanding, a.primary.id)] ??= { questions: 0, fit: 0, confident: 0, confidentFit: 0 });
    cls.questions++;
    if (fits) {
      report.fit.ok++;
      cls.fit++;
    }
    if (confident) {
      report.precision.of++;
      cls.confident++;
      if (fits) {
        report.precision.ok++;
        cls.confidentFit++;
      }
    }
  });
  useProblemExamples(undefined);
  return report;
}

/**
 * Runs the cross-validation (about 1 s for the problem types, 2-3 s more with
 * `withEngine` on a quiet machine). Restores the bank's own classifier before returning.
 * @throws LibraryError when the bank is missing or invalid.
 */
export function crossValidateBank(library: Library, selector: FrameworkSelector, withEngine = true): BankReport {
  const types = Object.keys(PROBLEMS);
  const classifier = new ExampleClassifier(loadProblemExamples(types).examples, [], wordVectors());
  const bank = classifier.examples();
  const n = bank.length;
  warmUp();
  const loo = classifier.leaveOneOut();
  const report: BankReport = {
    questions: n,
    types: types.length,
    classifierTop1: { ok: loo.filter((r) => r.ranking[0]!.type === r.type).length, of: n },
    classifierTop2: { ok: loo.filter((r) => r.ranking.slice(0, 2).some((x) => x.type === r.type)).length, of: n },
    cueTop1: { ok: bank.filter((b) => problemScores(b.text)[0]?.type === b.type).length, of: n },
    understandWithout: { ok: 0, of: n },
    understandWith: { ok: 0, of: n },
    classifyMs: { p50: 0, p99: 0 },
  };
  try {
    useProblemExamples(NO_EXAMPLES);
    for (const b of bank) if (understand(b.text, '').problem?.type === b.type) report.understandWithout.ok++;
    bank.forEach((b, i) => {
      useProblemExamples(classifier.holdingOut(i));
      if (understand(b.text, '').problem?.type === b.type) report.understandWith.ok++;
    });
    if (withEngine) {
      report.engineWithout = engine(library, selector, bank, () => NO_EXAMPLES);
      report.engineWith = engine(library, selector, bank, (i) => classifier.holdingOut(i));
    }
  } finally {
    useProblemExamples(undefined);
  }
  const ms: number[] = [];
  for (let round = 0; round < 3; round++)
    for (const b of bank) {
      const t0 = performance.now();
      classifier.classify(b.text);
      ms.push(performance.now() - t0);
    }
  report.classifyMs = { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
  return report;
}
