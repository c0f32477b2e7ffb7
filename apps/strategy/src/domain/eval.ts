import { loadEvalSet, type Library } from './library.js';
import { FrameworkSelector } from './selector.js';
import { classifyScope } from './scope.js';

export interface EvalReport {
  total: number;
  top1: number;
  top3: number;
  top1Count: number;
  top3Count: number;
  strictTop1: number;
  strictTop3: number;
  outOfScopeTotal: number;
  outOfScopeCaught: number;
  falsePositives: number;
  scopeMistakes: string[];
  rows: Array<{ question: string; expected: string[]; predicted: string[]; confidence: number; top1: boolean; top3: boolean }>;
}

/** Runs the selector and the scope classifier over the eval set. */
export function runEval(library: Library, selector = new FrameworkSelector(library)): EvalReport {
  const { questions, outOfScope } = loadEvalSet(library);
  const rows = questions.map((q) => {
    const sel = selector.select(q.question, '', q.userContext ?? {});
    const predicted = sel.ranked.map((s) => s.framework.id);
    const top1 = q.expected.includes(predicted[0]!);
    const top3 = predicted.slice(0, 3).some((id) => q.expected.includes(id));
    return {
      question: q.question,
      expected: q.expected,
      predicted: predicted.slice(0, 5),
      confidence: sel.confidence,
      top1,
      top3,
      strict1: predicted[0] === q.expected[0],
      strict3: predicted.slice(0, 3).includes(q.expected[0]!),
    };
  });
  const scopeMistakes: string[] = [];
  let caught = 0;
  for (const q of outOfScope) {
    if (!classifyScope(q, selector).inScope) caught++;
    else scopeMistakes.push(`not caught: ${q}`);
  }
  let falsePositives = 0;
  for (const q of questions) {
    if (!classifyScope(q.question, selector).inScope) {
      falsePositives++;
      scopeMistakes.push(`false positive: ${q.question}`);
    }
  }
  const n = rows.length;
  const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
  return {
    total: n,
    top1Count: count((r) => r.top1),
    top3Count: count((r) => r.top3),
    top1: count((r) => r.top1) / n,
    top3: count((r) => r.top3) / n,
    strictTop1: count((r) => r.strict1) / n,
    strictTop3: count((r) => r.strict3) / n,
    outOfScopeTotal: outOfScope.length,
    outOfScopeCaught: caught,
    falsePositives,
    scopeMistakes,
    rows: rows.map(({ strict1: _a, strict3: _b, ...r }) => r),
  };
}
