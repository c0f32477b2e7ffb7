/**
 * Floors on the eval set (library/eval): selection agreement and
 * out-of-scope detection. `pnpm eval:strategy` prints the same numbers.
 * Floors sit just under the measured values (top-1 46/56, top-3 55/56,
 * out-of-scope 20/20, no false positives). These questions use the library's
 * own vocabulary: top-1 was 48/56 while the library text weighed fully in the
 * ranking; at `WEIGHTS.relevance` 0.4 it is 47/56, for 8 more fits on the
 * development sets of users' own words; 46/56 since the reward framework joined the
 * library: this eval ranks by the library's text alone, which reads "they don't see
 * why they'd pay for it" as pay (the engine, with the question understood as a
 * funnel problem, picks the Value Proposition Canvas).
 */
import { loadLibrary } from './library.js';
import { runEval } from './eval.js';

const report = runEval(loadLibrary());

test('top-1 and top-3 agreement stay above their floors', () => {
  expect(report.total).toBe(56);
  expect(report.top1).toBeGreaterThanOrEqual(0.82);
  expect(report.top3).toBeGreaterThanOrEqual(0.95);
});

test('every out-of-scope question is caught and no in-scope question is refused', () => {
  expect(report.scopeMistakes).toEqual([]);
  expect(report.outOfScopeCaught).toBe(report.outOfScopeTotal);
  expect(report.falsePositives).toBe(0);
});

test('confidence scores spread across the bands', () => {
  const scores = report.rows.map((r) => r.confidence);
  expect(Math.min(...scores)).toBeLessThan(70);
  expect(Math.max(...scores)).toBeGreaterThanOrEqual(90);
  for (const s of scores) {
    expect(s).toBeGreaterThanOrEqual(0);
    expect(s).toBeLessThanOrEqual(100);
  }
});
