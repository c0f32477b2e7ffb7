/**
 * The library engine, writing half: both response shapes of SPEC.md area C
 * built from the analysis (the question's own facts, the selected
 * frameworks' content and the question sets): never placeholders.
 */
import type { CoordinationDepth } from '@latchkey/credits';
import type { ComplexityLevel, Framework, Library, Stage } from './library.js';
import type { ScoredFramework } from './selector.js';
import { clip, firstSentence, terms } from './text.js';
import { factSheet, type FactSheet } from './facts.js';
import { PROBLEMS } from './understand.js';
import { classifyScope, DEFAULT_SUGGESTIONS } from './scope.js';
import {
  alternatives,
  CATEGORY_LABEL,
  clarifyingQuestions,
  leadershipPrinciples,
  lowerFirst,
  setQuestions,
  stripDot,
  uniq,
  type Analysis,
} from './analysis.js';

function rationale(a: Analysis, scored: ScoredFramework): string {
  const f = a.primary;
  const why = scored.reasons.length ? ` It ranks first on ${uniq(scored.reasons).join(', ')}.` : '';
  const support = a.supporting.length
    ? ` ${a.supporting.map((s) => s.name).join(', ')} ${a.supporting.length === 1 ? 'complements' : 'complement'} it: ${lowerFirst(stripDot(a.supporting[0]!.summary.split('. ')[0]!))}.`
    : '';
  return `${f.name} fits because the question is about this: ${lowerFirst(stripDot(a.matchedUse))}. ${firstSentence(f.summary, 300)}${why}${support}`;
}

function complexityAssessment(a: Analysis): string {
  const scale = a.context.businessStage
    ? `a ${a.context.businessStage}-stage ${a.context.industry ?? 'business'}`
    : `a ${a.context.industry ?? 'business'} of unstated stage`;
  const count = 1 + a.supporting.length;
  return `${a.complexity[0]!.toUpperCase()}${a.complexity.slice(1)}: ${count} framework${count > 1 ? 's' : ''} across ${new Set([a.primary, ...a.supporting].map((f) => CATEGORY_LABEL[f.category])).size} area(s) of the library for ${scale}; ${a.primary.name} itself is rated ${a.primary.complexity}. Typical effort: ${a.primary.implementationTimeline}`;
}

function stageAlignment(a: Analysis): string {
  const stage = a.context.businessStage;
  if (!stage) {
    const best = (Object.entries(a.primary.stageFit) as Array<[Stage, number]>).sort((x, y) => y[1] - x[1])[0]!;
    return `Stage not given; ${a.primary.name} fits ${best[0]}-stage companies best (fit ${best[1].toFixed(2)}).`;
  }
  const fit = a.primary.stageFit[stage];
  const word = fit >= 0.85 ? 'strong' : fit >= 0.6 ? 'good' : 'partial';
  return `${stage[0]!.toUpperCase()}${stage.slice(1)} stage: ${word} fit for ${a.primary.name} (${fit.toFixed(2)}).${fit < 0.6 ? ' Keep the exercise light and time-boxed.' : ''}`;
}

function industryFocus(a: Analysis): string {
  if (a.context.industry) {
    const specific = a.primary.industries.filter((i) => i !== 'any');
    const fits = specific.some((i) => a.context.industry!.toLowerCase().includes(i) || i.includes(a.context.industry!.toLowerCase()));
    return fits
      ? `${a.context.industry}: a common setting for ${a.primary.name}.`
      : `${a.context.industry}: ${a.primary.name} applies; adapt its examples (it is most used in ${specific.slice(0, 3).join(', ') || 'every industry'}).`;
  }
  const specific = a.primary.industries.filter((i) => i !== 'any');
  return specific.length
    ? `Industry not given; ${a.primary.name} is most used in ${specific.slice(0, 3).join(', ')}.`
    : `Industry not given; ${a.primary.name} applies across industries.`;
}

function strategicPriority(a: Analysis): string {
  return `${stripDot(a.primary.businessOutcomes[0]!)}, starting with: ${lowerFirst(stripDot(a.primary.strategicActions[0]!))}.`;
}

function integrationOpportunities(library: Library, a: Analysis): string[] {
  const step = a.primary.phases[Math.min(1, a.primary.phases.length - 1)]!.phase;
  const out = a.supporting.map((s) => `${s.name}: ${lowerFirst(stripDot(s.whenToUse[0]!))}; feed its output into the "${step}" step of ${a.primary.name}.`);
  for (const id of a.primary.combinesWith) {
    if (out.length >= 4) break;
    const f = library.byId.get(id);
    if (!f || a.supporting.some((s) => s.id === id)) continue;
    out.push(`${f.name} later on: ${lowerFirst(stripDot(f.whenToUse[0]!))}.`);
  }
  return out;
}

// ---------------------------------------------------------------- markdown

function bullets(items: string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}

/** What both endpoints say, built once from the analysis and the question's facts. */
export interface GuidanceCore {
  facts: FactSheet;
  /** The decision, answered in one or two sentences. */
  decision: string;
  /** Recommendations / strategic actions, facts first. */
  actions: string[];
  /** Implementation steps (phases), dated to the deadline when there is one. */
  steps: string[];
  metrics: string[];
  risks: string[];
  /** One-sentence notes: the declined half of a mixed request. */
  notes: string[];
}

function subjectPhrase(facts: FactSheet): string {
  return facts.subject ? `the ${facts.subject.replace(/^(a|an|the|our|my)\s+/i, '')}` : 'your business';
}

function weeksLabel(i: number, n: number, weeks: number): string {
  const from = Math.max(1, Math.round((i * weeks) / n) + 1);
  const to = Math.max(from, Math.round(((i + 1) * weeks) / n));
  return from === to ? `week ${from}` : `weeks ${from}-${to}`;
}

/** Builds the shared core of an answer: actions, steps, metrics and risks that use the question's facts. */
export function guidanceCore(a: Analysis, supportCount: number): GuidanceCore {
  const f = a.primary;
  const u = a.understanding;
  const facts = factSheet(u);
  const who = subjectPhrase(facts);
  const support = a.supporting.slice(0, supportCount);
  // The phase whose questions are closest to the decision asked settles it (else the analysis phase).
  const asked = new Set(terms(`${facts.decision} ${u.problem?.label ?? ''}`));
  const closeness = (i: number) => terms(`${f.phases[i]!.phase} ${f.phases[i]!.strategicQuestions.join(' ')}`).filter((t) => asked.has(t)).length;
  let decidingIndex = Math.min(1, f.phases.length - 1);
  for (let i = 0; i < f.phases.length; i++) if (closeness(i) > closeness(decidingIndex)) decidingIndex = i;
  const decidingPhase = f.phases[decidingIndex]!;
  const question = decidingPhase.strategicQuestions[0]!.replace(/[?.\s]+$/, '');
  // How a strategist settles this kind of decision, when the framework is the one the problem calls for.
  const rule = u.problem && PROBLEMS[u.problem.type].frameworks.includes(f.id) ? `${PROBLEMS[u.problem.type].rule} ` : '';
  const decision = `On "${clip(facts.decision, 160)}": ${rule}Settle it in ${f.name}'s "${decidingPhase.phase}" step (${lowerFirst(question)}?), once the numbers below are on the table.`;
  const actions: string[] = [];
  const lowerBaseline = facts.baseline.toLowerCase();
  const told = facts.phrases
    .filter((p) => !lowerBaseline.includes(p.toLowerCase()) && !(facts.subject ?? '').toLowerCase().includes(p.toLowerCase()))
    .slice(0, 4);
  if (facts.baseline)
    actions.push(
      `Start from your numbers for ${who}${told.length ? ` (${told.join(', ')})` : ''}: ${facts.baseline}.${facts.inTheirWords.length ? ` In your words: ${facts.inTheirWords.map((c) => `"${c}"`).join('; ')}.` : ''}${facts.insights[0] ? ` ${facts.insights[0]}` : ''}`,
    );
  else if (facts.phrases.length)
    actions.push(`Start from what you told us about ${who} (${facts.phrases.slice(0, 5).join(', ')}) and put a number on each before deciding.`);
  // The options the question names, compared on the same terms before choosing.
  if (u.options.length >= 2)
    actions.push(
      `Compare the options you named for ${who} side by side (${u.options.map((o) => `"${o}"`).join(' vs ')}): what each costs, what it changes in your numbers, how fast and how reversibly, before choosing.`,
    );
  if (rule) actions.push(rule.trim());
  actions.push(`For ${who}: ${lowerFirst(stripDot(f.strategicActions[0]!))}.`);
  for (const insight of facts.insights.slice(1, 3)) actions.push(insight);
  if (facts.constraint) actions.push(`Keep to your constraint (${facts.constraint}): rule out the options that break it before comparing the rest.`);
  if (facts.deadline)
    actions.push(
      `Work back from your deadline (${facts.deadline}): fix the first results you need by the halfway point${facts.deadlineWeeks ? ` (week ${Math.max(1, Math.round(facts.deadlineWeeks / 2))} of ${facts.deadlineWeeks})` : ''}.`,
    );
  actions.push(...f.strategicActions.slice(1, 4));
  for (const s of support) actions.push(`${s.strategicActions[0]!} (${s.name})`);

  const n = f.phases.length;
  const steps = [
    `Frame the decision: "${clip(facts.decision, 140)}"${facts.baseline ? ` with today's numbers (${clip(facts.baseline, 160)})` : facts.phrases.length ? ` around ${facts.phrases.slice(0, 4).join(', ')}` : ''}.`,
    ...f.phases.map(
      (p, i) =>
        `${facts.deadlineWeeks ? `${weeksLabel(i, n, facts.deadlineWeeks)[0]!.toUpperCase()}${weeksLabel(i, n, facts.deadlineWeeks).slice(1)} of ${facts.deadlineWeeks}: ` : ''}${p.phase}: ${p.deliverables[0]} for ${who} (${lowerFirst(stripDot(p.expectedInsights))}).`,
    ),
    ...support.map((s) => `${s.name}, ${lowerFirst(s.phases[0]!.phase)}: ${s.phases[0]!.deliverables[0]}.`),
  ];
  const metrics = uniq([...facts.metrics, ...f.successMetrics, ...support.map((s) => s.successMetrics[0]!)]);
  const risks = uniq([
    ...(facts.deadline ? [`Running out of time (your deadline: ${facts.deadline}): a partial fix in place beats a perfect one after the deadline.`] : []),
    ...f.risks,
    ...support.map((s) => s.risks[0]!),
  ]);
  const notes: string[] = [];
  if (u.declined.length)
    notes.push(
      `One part of your request ("${clip(u.declined.join(' '), 90)}") is outside strategy guidance and is not answered here; ${agentsFor(u.declined).join(' or ')} can help with it.`,
    );
  return { facts, decision, actions: uniq(actions), steps, metrics, risks, notes };
}

/**
 * The agents for the declined sentences of a request: each recognised domain's (code to the developer assistant, a poem
 * to the writing assistant), once each in the order met, or the general assistant when none is recognised.
 */
function agentsFor(sentences: string[]): string[] {
  // A suggestion reads "latchkey-general-assistant (what it helps with)": its first word is the agent.
  const agent = (suggestion: string) => suggestion.split(' ')[0]!;
  const agents = sentences.flatMap((x) => {
    const v = classifyScope(x);
    return v.domain ? [agent(v.suggestions[0]!)] : [];
  });
  return agents.length ? [...new Set(agents)] : [agent(DEFAULT_SUGGESTIONS[0]!)];
}

function definitionLines(a: Analysis, short = false): string[] {
  const f = a.primary;
  if (short)
    return [
      `**${f.name}** is ${lowerFirst(stripDot(firstSentence(f.summary, 300)))}.`,
      `Use it when: ${lowerFirst(stripDot(f.whenToUse[0]!))}.`,
      ...(f.sources?.length ? [`**Sources:** ${f.sources[0]}.`] : []),
    ];
  const lines = [`**${f.name}** is ${lowerFirst(stripDot(f.summary))}.`, '', '**Use it when:**', bullets(f.whenToUse.slice(0, 3)), '', '**How it works:**'];
  lines.push(f.phases.map((p, i) => `${i + 1}. **${p.phase}**: ${p.expectedInsights}`).join('\n'));
  if (f.sources?.length) lines.push('', `**Sources:** ${f.sources.join('; ')}.`);
  return lines;
}

/** The first words of an answer that only asks which organisation a request is about (`Analysis.organisationUnconfirmed`). */
const NO_ORGANISATION_YET =
  "This does not yet say which business or organisation it is about, so there is no plan yet; if it is a personal matter rather than an organisation's, Latchkey's general assistant is the better place to ask.";

function frameworkMarkdown(library: Library, a: Analysis, core: GuidanceCore, followUps: string[], alts: Framework[]): string {
  const f = a.primary;
  const u = a.understanding;
  const lines: string[] = [];
  lines.push(`## ${f.name}: ${a.strategicFocus.split(': ').slice(1).join(': ')}`);
  lines.push('');
  lines.push(`**Your challenge:** ${a.keyChallenge}`);
  for (const note of core.notes) lines.push('', `_${note}_`);
  lines.push('');
  if (u.definition && a.selection.basis === 'named') lines.push(...definitionLines(a, a.style === 'concise'), '');
  if (u.vague) {
    lines.push(
      `${a.organisationUnconfirmed ? `${NO_ORGANISATION_YET} ${f.name}` : `There is not enough in the question yet to pick a framework with confidence; ${f.name}`} is a reasonable first lens. Answer the questions below and ask again for a full plan (this answer is charged as a simple one).`,
    );
    if (a.style !== 'concise')
      lines.push(
        '',
        `**${f.name} in one line:** ${firstSentence(f.summary, 260)}`,
        '',
        `**What it would ask first:**`,
        bullets(f.phases[0]!.strategicQuestions.slice(0, 3)),
      );
    lines.push('\n### Before going further, clarify');
    lines.push(bullets(followUps.slice(0, a.style === 'concise' ? 2 : 5)));
    return lines.join('\n');
  }
  if (a.style === 'concise') {
    lines.push(`**The decision:** ${core.decision}`);
    lines.push('\n### Three actions');
    lines.push(bullets(core.actions.slice(0, 3)));
    lines.push(`\n**Measure:** ${core.metrics.slice(0, 2).join('; ')}.`);
  } else if (a.style === 'tactical') {
    lines.push(`**Goal:** ${core.decision}`);
    lines.push(`\n### Checklist${core.facts.deadline ? ` to your deadline (${core.facts.deadline})` : ` (${f.implementationTimeline})`}`);
    lines.push(core.steps.map((s) => `- [ ] ${s}`).join('\n'));
    lines.push('\n### Also on the list');
    lines.push(
      core.actions
        .slice(0, 5)
        .map((x) => `- [ ] ${x}`)
        .join('\n'),
    );
    lines.push('\n### Track weekly');
    lines.push(bullets(core.metrics.slice(0, 4)));
  } else {
    lines.push(
      `**Why ${f.name}:** the question is about ${u.problem ? u.problem.label : lowerFirst(stripDot(a.matchedUse))}. ${firstSentence(f.summary, 260)}`,
    );
    if (a.supporting.length)
      lines.push(`\n**Supporting frameworks:** ${a.supporting.map((s) => `${s.name} (${lowerFirst(stripDot(s.whenToUse[0]!))})`).join('; ')}.`);
    if (core.facts.insights.length) {
      lines.push('\n### What your numbers say');
      lines.push(bullets(core.facts.insights));
    }
    lines.push(`\n**The decision:** ${core.decision}`);
    lines.push('\n### How to apply it');
    f.phases.forEach((p, i) => {
      lines.push(`**${i + 1}. ${p.phase}.** ${p.expectedInsights}`);
      lines.push(bullets(p.strategicQuestions.map((q) => `_${q}_`)));
      lines.push(`Deliverables: ${p.deliverables.join('; ')}.`);
      lines.push('');
    });
    lines.push('### Strategic actions');
    lines.push(bullets(core.actions));
    lines.push('\n### Success metrics');
    lines.push(bullets(core.metrics.slice(0, 6)));
    lines.push('\n### Risks to manage');
    lines.push(bullets(core.risks.slice(0, 4)));
    const qs = setQuestions(library, f);
    lines.push('\n### Questions for the leadership team');
    lines.push(bullets([...qs.leadership.map((q) => `**${q.name}:** ${q.question}`), ...qs.management.slice(0, 1).map((q) => `**${q.name}:** ${q.question}`)]));
  }
  lines.push(`\n_Timeline: ${f.implementationTimeline}_`);
  if (alts.length) lines.push(`\n**Alternatives to consider:** ${alts.map((x) => `${x.name} (${lowerFirst(stripDot(x.whenToUse[0]!))})`).join('; ')}.`);
  if (a.confidence < 70) {
    lines.push('\n### Before going further, clarify');
    lines.push(bullets(followUps.slice(0, 4)));
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------- responses

export interface FrameworkResponse {
  content: string;
  metadata: {
    sessionId: string;
    agent: string;
    /** Which engine wrote the answer: `library` or `model:<model>` (additive to SPEC.md). */
    engine: string;
    primaryFramework: string;
    supportingFrameworks: string[];
    complexityLevel: ComplexityLevel;
    confidenceScore: number;
    leadershipPrinciples: string[];
    creditsUsed: number;
    processingTimeMs: number;
    businessContextAnalysis: { industryFocus: string; stageAlignment: string; keyChallenge: string; strategicPriority: string };
  };
  structuredOutput: {
    frameworkAnalysis: {
      primaryFramework: string;
      supportingFrameworks: string[];
      leadershipPrinciples: string[];
      strategicRationale: string;
      complexityAssessment: string;
      confidenceScore: number;
    };
    expertGuidance: {
      methodologyApplication: Array<{ phase: string; strategicQuestions: string[]; expectedInsights: string; deliverables: string[] }>;
      strategicActions: string[];
      businessOutcomes: string[];
      successMetrics: string[];
      integrationOpportunities: string[];
      implementationTimeline: string;
    };
  };
  suggestions?: { followUpQuestions?: string[]; alternativeFrameworks?: string[] };
}

export const AGENT = 'latchkey-framework-expert';

export function frameworkResponse(library: Library, a: Analysis, sessionId: string, creditsUsed: number): FrameworkResponse {
  const f = a.primary;
  const principles = leadershipPrinciples(a);
  const followUps = a.confidence < 70 ? clarifyingQuestions(a) : [];
  const alts = a.confidence >= 70 && a.confidence < 80 ? alternatives(a) : [];
  const core = guidanceCore(a, 3);
  const shape = a.style === 'concise' ? { actions: 3, metrics: 3 } : a.style === 'tactical' ? { actions: 6, metrics: 5 } : { actions: 8, metrics: 7 };
  const who = subjectPhrase(core.facts);
  const weeks = core.facts.deadlineWeeks;
  const response: FrameworkResponse = {
    content: frameworkMarkdown(library, a, core, followUps, alts),
    metadata: {
      sessionId,
      agent: AGENT,
      engine: 'library',
      primaryFramework: f.name,
      supportingFrameworks: a.supporting.map((s) => s.name),
      complexityLevel: a.complexity,
      confidenceScore: a.confidence,
      leadershipPrinciples: principles,
      creditsUsed,
      processingTimeMs: 0,
      businessContextAnalysis: {
        industryFocus: industryFocus(a),
        stageAlignment: stageAlignment(a),
        keyChallenge: a.keyChallenge,
        strategicPriority: strategicPriority(a),
      },
    },
    structuredOutput: {
      frameworkAnalysis: {
        primaryFramework: f.name,
        supportingFrameworks: a.supporting.map((s) => s.name),
        leadershipPrinciples: principles,
        strategicRationale: rationale(a, a.selection.primary),
        complexityAssessment: complexityAssessment(a),
        confidenceScore: a.confidence,
      },
      expertGuidance: {
        methodologyApplication: f.phases.map((p, i) => ({
          phase: weeks && a.style === 'tactical' ? `${p.phase} (${weeksLabel(i, f.phases.length, weeks)} of ${weeks})` : p.phase,
          strategicQuestions:
            i === 0 && core.facts.baseline
              ? [`Given ${clip(core.facts.baseline, 200)}: ${lowerFirst(p.strategicQuestions[0]!)}`, ...p.strategicQuestions.slice(1)]
              : [...p.strategicQuestions],
          expectedInsights: p.expectedInsights,
          deliverables: [`${p.deliverables[0]} for ${who}`, ...p.deliverables.slice(1)],
        })),
        strategicActions: core.actions.slice(0, shape.actions),
        businessOutcomes: uniq([...f.businessOutcomes, ...a.supporting.map((s) => s.businessOutcomes[0]!)]).slice(0, a.style === 'concise' ? 2 : 6),
        successMetrics: core.metrics.slice(0, shape.metrics),
        integrationOpportunities: integrationOpportunities(library, a),
        implementationTimeline: f.implementationTimeline,
      },
    },
  };
  if (followUps.length || alts.length) {
    response.suggestions = {
      ...(followUps.length ? { followUpQuestions: followUps } : {}),
      ...(alts.length ? { alternativeFrameworks: alts.map((x) => x.name) } : {}),
    };
  }
  return response;
}

export interface CoordinationResponse {
  content: string;
  metadata: {
    sessionId: string;
    strategicFocus: string;
    frameworksApplied: string[];
    creditsUsed: number;
    confidenceScore: number;
    /** Which engine wrote the answer: `library` or `model:<model>` (additive to SPEC.md). */
    engine: string;
  };
  insights: {
    keyRecommendations: string[];
    implementationSteps: string[];
    successMetrics: string[];
    riskFactors?: string[];
  };
  suggestions?: { followUpQuestions?: string[]; relatedChallenges?: string[]; nextMilestones?: string[] };
}

/** How much of the library a coordination answer of each depth draws on. */
const DEPTH_SHAPE: Record<CoordinationDepth, { supporting: number; recs: number; steps: number; metrics: number; risks: number }> = {
  simple: { supporting: 0, recs: 3, steps: 3, metrics: 2, risks: 0 },
  planning: { supporting: 2, recs: 5, steps: 6, metrics: 4, risks: 3 },
  comprehensive: { supporting: 3, recs: 8, steps: 10, metrics: 6, risks: 5 },
};

export function coordinationResponse(library: Library, a: Analysis, depth: CoordinationDepth, sessionId: string, creditsUsed: number): CoordinationResponse {
  const shape = DEPTH_SHAPE[depth];
  const f = a.primary;
  const u = a.understanding;
  const support = a.supporting.slice(0, shape.supporting);
  const frameworks = [f, ...support];
  const core = guidanceCore(a, shape.supporting);
  const recs = core.actions.slice(0, shape.recs);
  const steps = core.steps.slice(0, shape.steps);
  const metrics = core.metrics.slice(0, shape.metrics);
  const risks = core.risks.slice(0, shape.risks);
  const qs = setQuestions(library, f);
  const clarifying = a.confidence < 70 ? clarifyingQuestions(a) : [];
  const followUps = uniq([...clarifying, ...f.phases[0]!.strategicQuestions.slice(0, 2), ...qs.leadership.slice(0, 1).map((q) => q.question)]).slice(
    0,
    clarifying.length ? 6 : 3,
  );
  const related = uniq([...support.map((s) => s.whenToUse[0]!), ...alternatives(a).map((x) => `${x.whenToUse[0]!} (${x.name})`)]).slice(0, 3);
  const weeks = core.facts.deadlineWeeks;
  const milestones = f.phases
    .map((p, i) => `Milestone ${i + 1}${weeks ? ` (${weeksLabel(i, f.phases.length, weeks)} of ${weeks})` : ''}: ${p.deliverables[0]}`)
    .slice(0, depth === 'simple' ? 2 : 4);

  const lines: string[] = [];
  lines.push(`## ${a.strategicFocus}`);
  lines.push('');
  lines.push(`**Your challenge:** ${a.keyChallenge}`);
  for (const note of core.notes) lines.push('', `_${note}_`);
  lines.push('');
  const approach = `start with **${f.name}**${support.length ? `, supported by ${support.map((s) => `**${s.name}**`).join(' and ')}` : ''}.`;
  if (u.definition && a.selection.basis === 'named') lines.push(...definitionLines(a, a.style === 'concise'), '');
  if (u.vague) {
    lines.push(
      `${a.organisationUnconfirmed ? `${NO_ORGANISATION_YET} A first lens: **${f.name}**.` : `There is not enough in the question yet to choose a framework with confidence (a first lens: **${f.name}**).`} Tell me the following and ask again; this answer is charged as a simple one.`,
    );
    if (a.style !== 'concise')
      lines.push(
        '',
        `**${f.name} in one line:** ${firstSentence(f.summary, 260)}`,
        '',
        `**What it would ask first:**`,
        bullets(f.phases[0]!.strategicQuestions.slice(0, 3)),
      );
  } else if (a.style === 'concise') {
    // The decision and three actions.
    lines.push(`**The decision:** ${core.decision}`);
    lines.push('\n### Three actions');
    lines.push(bullets(recs.slice(0, 3)));
    lines.push(`\n**Measure:** ${metrics.slice(0, 2).join('; ')}.`);
  } else if (a.style === 'tactical') {
    // A dated checklist to the deadline.
    lines.push(`**Approach:** ${approach}`);
    lines.push(`\n### Checklist${core.facts.deadline ? ` to your deadline (${core.facts.deadline})` : ` (${f.implementationTimeline.split(';')[0]})`}`);
    lines.push(steps.map((s) => `- [ ] ${s}`).join('\n'));
    lines.push('\n### Also do');
    lines.push(
      recs
        .slice(0, 4)
        .map((r) => `- [ ] ${r}`)
        .join('\n'),
    );
    lines.push('\n### Track weekly');
    lines.push(bullets(metrics));
    if (risks.length) lines.push(`\n**Watch for:** ${risks.map((r) => lowerFirst(stripDot(r))).join('; ')}.`);
  } else {
    // The reasoning: why this framework, what the numbers say, then the plan.
    lines.push(
      `**Approach:** ${approach} The question is about ${u.problem ? u.problem.label : lowerFirst(stripDot(a.matchedUse))}; ${lowerFirst(firstSentence(f.summary, 240))}`,
    );
    if (core.facts.insights.length) {
      lines.push('\n### What your numbers say');
      lines.push(bullets(core.facts.insights));
    }
    lines.push(`\n**The decision:** ${core.decision}`);
    lines.push('\n### Recommendations');
    lines.push(bullets(recs));
    lines.push('\n### Implementation');
    lines.push(steps.map((s, i) => `${i + 1}. ${s}`).join('\n'));
    lines.push('\n### How you will know it works');
    lines.push(bullets(metrics));
    if (risks.length) {
      lines.push('\n### Risks');
      lines.push(bullets(risks));
    }
    const sets = depth === 'comprehensive' ? [...qs.leadership, ...qs.management.slice(0, 1)] : [...qs.leadership.slice(0, 2), ...qs.management.slice(0, 1)];
    lines.push('\n### Questions to settle first');
    lines.push(bullets([...f.phases[0]!.strategicQuestions.slice(0, 2).map((q) => `_${q}_`), ...sets.map((q) => `**${q.name}:** ${q.question}`)]));
  }
  if (a.confidence < 70) {
    lines.push('\n### To sharpen this, tell me');
    lines.push(bullets(clarifying.slice(0, a.style === 'concise' && !u.vague ? 2 : 5)));
  } else if (a.confidence < 80) {
    const alts = alternatives(a);
    if (alts.length) lines.push(`\n**Also worth a look:** ${alts.map((x) => x.name).join(', ')}.`);
  }
  lines.push(`\n_Timeline: ${f.implementationTimeline}_`);

  const response: CoordinationResponse = {
    content: lines.join('\n'),
    metadata: {
      sessionId,
      strategicFocus: a.strategicFocus,
      frameworksApplied: frameworks.map((x) => x.name),
      creditsUsed,
      confidenceScore: a.confidence,
      engine: 'library',
    },
    insights: {
      keyRecommendations: recs,
      implementationSteps: steps,
      successMetrics: metrics,
      ...(risks.length ? { riskFactors: risks } : {}),
    },
    suggestions: {
      followUpQuestions: followUps,
      ...(related.length ? { relatedChallenges: related } : {}),
      nextMilestones: milestones,
    },
  };
  return response;
}

export { clip };
