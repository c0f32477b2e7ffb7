/**
 * The framework library (`apps/strategy/library/`): 28+ named frameworks in
 * four categories plus the leadership (7) and management (5) question sets.
 * Everything is validated with zod at start-up; a bad file stops the service
 * with the file name and the problem.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const CATEGORIES = {
  'strategic-planning': ['core-strategy', 'business-model-design'],
  'customer-experience': ['customer-intelligence', 'market-analysis'],
  'employee-experience': ['organizational-design', 'team-operations'],
  'operational-excellence': ['financial-management', 'growth-operations', 'performance-management'],
} as const;

export const COMPLEXITY_LEVELS = ['basic', 'intermediate', 'advanced', 'expert'] as const;
export type ComplexityLevel = (typeof COMPLEXITY_LEVELS)[number];
export const STAGES = ['startup', 'growth', 'enterprise'] as const;
export type Stage = (typeof STAGES)[number];

const text = z.string().trim().min(1);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const phaseSchema = z.strictObject({
  phase: text,
  strategicQuestions: z.array(text).min(1),
  expectedInsights: text,
  deliverables: z.array(text).min(1),
});

export const frameworkSchema = z
  .strictObject({
    id: z.string().regex(SLUG),
    name: text,
    category: z.enum(Object.keys(CATEGORIES) as [keyof typeof CATEGORIES, ...Array<keyof typeof CATEGORIES>]),
    subcategory: text,
    summary: text.min(40),
    whenToUse: z.array(text).min(2),
    keywords: z.array(text).min(5),
    industries: z.array(text.toLowerCase()).min(1),
    stageFit: z.strictObject({ startup: z.number().min(0).max(1), growth: z.number().min(0).max(1), enterprise: z.number().min(0).max(1) }),
    roles: z.array(text.toLowerCase()).min(1),
    complexity: z.enum(COMPLEXITY_LEVELS),
    phases: z.array(phaseSchema).min(2),
    strategicActions: z.array(text).min(3),
    businessOutcomes: z.array(text).min(2),
    successMetrics: z.array(text).min(2),
    risks: z.array(text).min(2),
    combinesWith: z.array(z.string().regex(SLUG)).min(1),
    implementationTimeline: text,
    leadershipPrinciples: z.array(text).min(1),
    /** Where the method comes from (books, papers, standards); optional, shown with definitions. */
    sources: z.array(text).optional(),
  })
  .superRefine((f, ctx) => {
    const subs = CATEGORIES[f.category] as readonly string[];
    if (!subs.includes(f.subcategory)) {
      ctx.addIssue({ code: 'custom', path: ['subcategory'], message: `${f.subcategory} is not a subcategory of ${f.category} (${subs.join(', ')})` });
    }
    if (f.combinesWith.includes(f.id)) ctx.addIssue({ code: 'custom', path: ['combinesWith'], message: 'a framework cannot combine with itself' });
  });

export type Framework = z.infer<typeof frameworkSchema>;

export const questionSchema = z.strictObject({
  id: z.string().regex(SLUG),
  name: text,
  question: text,
  followUps: z.array(text).min(1),
  lookFor: text,
});
export type SetQuestion = z.infer<typeof questionSchema>;

const LEADERSHIP_IDS = ['vision', 'values', 'strategy', 'structure', 'systems', 'skills', 'style'];
const MANAGEMENT_IDS = ['planning', 'organizing', 'staffing', 'directing', 'controlling'];

export const questionSetsSchema = z.strictObject({
  leadership: z
    .array(questionSchema)
    .length(7)
    .refine((qs) => qs.map((q) => q.id).join() === LEADERSHIP_IDS.join(), { message: `leadership questions are ${LEADERSHIP_IDS.join(', ')} in that order` }),
  management: z
    .array(questionSchema)
    .length(5)
    .refine((qs) => qs.map((q) => q.id).join() === MANAGEMENT_IDS.join(), { message: `management questions are ${MANAGEMENT_IDS.join(', ')} in that order` }),
});
export type QuestionSets = z.infer<typeof questionSetsSchema>;

export const evalQuestionSchema = z.strictObject({
  question: text,
  userContext: z.strictObject({ industry: z.string().optional(), businessStage: z.enum(STAGES).optional(), role: z.string().optional() }).optional(),
  expected: z.array(z.string().regex(SLUG)).min(1),
});
export type EvalQuestion = z.infer<typeof evalQuestionSchema>;

export interface Library {
  frameworks: Framework[];
  byId: Map<string, Framework>;
  questionSets: QuestionSets;
}

/** Thrown when a library file is missing or invalid. */
export class LibraryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LibraryError';
  }
}

/** `apps/strategy/library` (the same from `src/` under tsx/jest and from `dist/`). */
export const DEFAULT_LIBRARY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../library');

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new LibraryError(`${file}: ${(err as Error).message}`);
  }
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const problems = r.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
  throw new LibraryError(`${file} is invalid:\n${problems}`);
}

/**
 * Reads and validates the library. Checks across files too: unique ids, the
 * file name equals the id, every `combinesWith` names a framework of the
 * library, at least 28 frameworks and every category represented.
 */
export function loadLibrary(dir = DEFAULT_LIBRARY_DIR): Library {
  const fwDir = path.join(dir, 'frameworks');
  if (!existsSync(fwDir)) throw new LibraryError(`no framework directory at ${fwDir}`);
  const frameworks: Framework[] = [];
  for (const name of readdirSync(fwDir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = path.join(fwDir, name);
    const fw = parseOrThrow(frameworkSchema, readJson(file), file);
    if (`${fw.id}.json` !== name) throw new LibraryError(`${file}: id "${fw.id}" does not match the file name`);
    frameworks.push(fw);
  }
  if (frameworks.length < 28) throw new LibraryError(`the library holds ${frameworks.length} frameworks; SPEC.md requires at least 28`);
  const byId = new Map(frameworks.map((f) => [f.id, f]));
  for (const f of frameworks) {
    for (const other of f.combinesWith) {
      if (!byId.has(other)) throw new LibraryError(`${f.id}: combinesWith names unknown framework "${other}"`);
    }
  }
  for (const [category, subs] of Object.entries(CATEGORIES)) {
    for (const sub of subs) {
      if (!frameworks.some((f) => f.category === category && f.subcategory === sub)) {
        throw new LibraryError(`no framework in ${category} / ${sub}`);
      }
    }
  }
  const qsFile = path.join(dir, 'question-sets.json');
  const questionSets = parseOrThrow(questionSetsSchema, readJson(qsFile), qsFile);
  return { frameworks, byId, questionSets };
}

/** The eval set (`library/eval/questions.json`), validated against the library. */
export function loadEvalSet(library: Library, dir = DEFAULT_LIBRARY_DIR): { questions: EvalQuestion[]; outOfScope: string[] } {
  const qFile = path.join(dir, 'eval', 'questions.json');
  const questions = parseOrThrow(z.array(evalQuestionSchema), readJson(qFile), qFile);
  for (const q of questions) {
    for (const id of q.expected) if (!library.byId.has(id)) throw new LibraryError(`${qFile}: unknown framework "${id}"`);
  }
  const oFile = path.join(dir, 'eval', 'out-of-scope.json');
  const outOfScope = parseOrThrow(z.array(text), readJson(oFile), oFile);
  return { questions, outOfScope };
}
