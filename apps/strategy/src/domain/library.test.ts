import { mkdtempSync, cpSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LIBRARY_DIR, LibraryError, loadEvalSet, loadLibrary } from './library.js';

test('the shipped library validates: 28+ frameworks in every category, both question sets', () => {
  const lib = loadLibrary();
  expect(lib.frameworks.length).toBeGreaterThanOrEqual(28);
  expect(lib.questionSets.leadership.map((q) => q.name)).toEqual(['Vision', 'Values', 'Strategy', 'Structure', 'Systems', 'Skills', 'Style']);
  expect(lib.questionSets.management.map((q) => q.name)).toEqual(['Planning', 'Organizing', 'Staffing', 'Directing', 'Controlling']);
  const { questions, outOfScope } = loadEvalSet(lib);
  expect(questions.length).toBeGreaterThanOrEqual(50);
  expect(outOfScope.length).toBeGreaterThanOrEqual(20);
});

function copyLibrary(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'strategy-lib-'));
  cpSync(DEFAULT_LIBRARY_DIR, dir, { recursive: true });
  return dir;
}

test('a bad framework file stops start-up with the file and the field', () => {
  const dir = copyLibrary();
  const file = path.join(dir, 'frameworks', 'okrs.json');
  const fw = JSON.parse(readFileSync(file, 'utf8'));
  fw.complexity = 'trivial';
  delete fw.phases;
  writeFileSync(file, JSON.stringify(fw));
  expect(() => loadLibrary(dir)).toThrow(LibraryError);
  expect(() => loadLibrary(dir)).toThrow(/okrs\.json is invalid[\s\S]*complexity[\s\S]*phases/);
});

test('cross-file rules: combinesWith must name a library framework, subcategory must belong to the category', () => {
  const dir = copyLibrary();
  const file = path.join(dir, 'frameworks', 'swot-analysis.json');
  const fw = JSON.parse(readFileSync(file, 'utf8'));
  fw.combinesWith = ['no-such-framework'];
  writeFileSync(file, JSON.stringify(fw));
  expect(() => loadLibrary(dir)).toThrow(/unknown framework "no-such-framework"/);
  fw.combinesWith = ['okrs'];
  fw.subcategory = 'team-operations';
  writeFileSync(file, JSON.stringify(fw));
  expect(() => loadLibrary(dir)).toThrow(/not a subcategory of strategic-planning/);
});

test('the question sets must be complete', () => {
  const dir = copyLibrary();
  const file = path.join(dir, 'question-sets.json');
  const qs = JSON.parse(readFileSync(file, 'utf8'));
  qs.management.pop();
  writeFileSync(file, JSON.stringify(qs));
  expect(() => loadLibrary(dir)).toThrow(/question-sets\.json is invalid/);
});
