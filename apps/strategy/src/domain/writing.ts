/**
 * The library engine, writing half: both response shapes of SPEC.md area C
 * built from the analysis (the question's own facts, the selected
 * frameworks' content and the question sets): never placeholders.
 */
import type { CoordinationDepth } from '@latchkey/credits';
import type { ComplexityLevel, Framework, Library, Stage } from './library.js';
import type { ScoredFramework } from './selector.js';
import { clip, firstSentence } from './text.js';
import { alternatives, CATEGORY_LABEL, clarifyingQuestions, leadershipPrinciples, lowerFirst, setQuestions, stripDot, uniq, type Analysis } from './analysis.js';

function rationale(a: Analysis, scored: ScoredFramework): string {
  const f = a.primary;
  const why = scored.reasons.length ? ` It ranks first on ${uniq(scored.reasons).join(', ')}.` : '';
  const support = a.supporting.length
    ? ` ${a.supporting.map((s) => s.name).join(', ')} ${a.supporting.length === 1 ? 'complements' : 'complement'} it: ${lowerFirst(stripDot(a.supporting[0]!.summary.split('. ')[0]!))}.`
    : '';
  return `${f.name} fits because the question is about this: ${lowerFirst(stripDot(a.matchedUse))}. ${firstSentence(f.summary, 300)}${why}${support}`;
}

function complexityAssessment(a: Analysis): string {
  const scale = a.context.businessStage ? `a ${a.context.businessStage}-stage ${a.context.industry ?? 'business'}` : `a ${a.context.industry ?? 'business'} of unstated stage`;
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
  return specific.length ? `Industry not given; ${a.primary.name} is most used in ${specific.slice(0, 3).join(', ')}.` : `Industry not given; ${a.primary.name} applies across industries.`;
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

function frameworkMarkdown(library: Library, a: Analysis, followUps: string[], alts: Framework[]): string {
  const f = a.primary;
  const lines: string[] = [];
  lines.push(`## ${f.name}: ${a.strategicFocus.split(': ').slice(1).join(': ')}`);
  lines.push('');
  lines.push(`**Your challenge:** ${a.keyChallenge}`);
  lines.push('');
  lines.push(`**Why ${f.name}:** ${firstSentence(f.summary, 260)} Use it when: ${lowerFirst(stripDot(a.matchedUse))}.`);
  if (a.supporting.length) lines.push(`\n**Supporting frameworks:** ${a.supporting.map((s) => `${s.name} (${lowerFirst(stripDot(s.whenToUse[0]!))})`).join('; ')}.`);
  lines.push('');
  if (a.style === 'concise') {
    lines.push('### Do this next');
    lines.push(bullets(f.strategicActions.slice(0, 3)));
    lines.push('\n### Measure');
    lines.push(bullets(f.successMetrics.slice(0, 2)));
  } else if (a.style === 'tactical') {
    lines.push(`### Action plan (${f.implementationTimeline})`);
    f.phases.forEach((p, i) => {
      lines.push(`${i + 1}. **${p.phase}**: ${p.deliverables.map((d) => `[ ] ${d}`).join('; ')}`);
      lines.push(`   - Ask: ${p.strategicQuestions[0]}`);
    });
    lines.push('\n### Checklist');
    lines.push(f.strategicActions.map((x) => `- [ ] ${x}`).join('\n'));
    lines.push('\n### Track weekly');
    lines.push(bullets(f.successMetrics));
  } else {
    lines.push('### How to apply it');
    f.phases.forEach((p, i) => {
      lines.push(`**${i + 1}. ${p.phase}.** ${p.expectedInsights}`);
      lines.push(bullets(p.strategicQuestions.map((q) => `_${q}_`)));
      lines.push(`Deliverables: ${p.deliverables.join('; ')}.`);
      lines.push('');
    });
    lines.push('### Strategic actions');
    lines.push(bullets(f.strategicActions));
    lines.push('\n### Success metrics');
    lines.push(bullets(f.successMetrics));
    lines.push('\n### Risks to manage');
    lines.push(bullets(f.risks.slice(0, 3)));
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
  const supportingActions = a.supporting.map((s) => `${s.strategicActions[0]!} (${s.name})`);
  const response: FrameworkResponse = {
    content: frameworkMarkdown(library, a, followUps, alts),
    metadata: {
      sessionId,
      agent: AGENT,
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
        methodologyApplication: f.phases.map((p) => ({ phase: p.phase, strategicQuestions: [...p.strategicQuestions], expectedInsights: p.expectedInsights, deliverables: [...p.deliverables] })),
        strategicActions: uniq([...f.strategicActions, ...supportingActions]).slice(0, 8),
        businessOutcomes: uniq([...f.businessOutcomes, ...a.supporting.map((s) => s.businessOutcomes[0]!)]).slice(0, 6),
        successMetrics: uniq([...f.successMetrics, ...a.supporting.map((s) => s.successMetrics[0]!)]).slice(0, 7),
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
  const support = a.supporting.slice(0, shape.supporting);
  const frameworks = [f, ...support];
  const recs = uniq([...f.strategicActions.slice(0, Math.max(2, shape.recs - support.length)), ...support.map((s) => `${s.strategicActions[0]!} (${s.name})`)]).slice(0, shape.recs);
  const steps: string[] = [];
  for (const p of f.phases) steps.push(`${p.phase}: ${p.deliverables[0]} (${lowerFirst(stripDot(p.expectedInsights))}).`);
  for (const s of support) {
    const p = s.phases[0]!;
    steps.push(`${s.name}, ${lowerFirst(p.phase)}: ${p.deliverables[0]}.`);
  }
  const metrics = uniq([...f.successMetrics, ...support.map((s) => s.successMetrics[0]!)]).slice(0, shape.metrics);
  const risks = uniq([...f.risks, ...support.map((s) => s.risks[0]!)]).slice(0, shape.risks);
  const qs = setQuestions(library, f);
  const clarifying = a.confidence < 70 ? clarifyingQuestions(a) : [];
  const followUps = uniq([...clarifying, ...f.phases[0]!.strategicQuestions.slice(0, 2), ...qs.leadership.slice(0, 1).map((q) => q.question)]).slice(0, clarifying.length ? 6 : 3);
  const related = uniq([...support.map((s) => s.whenToUse[0]!), ...alternatives(a).map((x) => `${x.whenToUse[0]!} (${x.name})`)]).slice(0, 3);
  const milestones = f.phases.map((p, i) => `Milestone ${i + 1}: ${p.deliverables[0]}`).slice(0, depth === 'simple' ? 2 : 4);

  const lines: string[] = [];
  lines.push(`## ${a.strategicFocus}`);
  lines.push('');
  lines.push(`**Your challenge:** ${a.keyChallenge}`);
  lines.push('');
  const approach = `start with **${f.name}**${support.length ? `, supported by ${support.map((s) => `**${s.name}**`).join(' and ')}` : ''}.`;
  if (a.style === 'concise') {
    // The decision and the first moves only.
    lines.push(`**Approach:** ${approach}`);
    lines.push('\n### Do this next');
    lines.push(bullets(recs.slice(0, 3)));
    lines.push('\n### Measure');
    lines.push(bullets(metrics.slice(0, 2)));
  } else if (a.style === 'tactical') {
    // Actions to tick off, in order, each with what it produces.
    lines.push(`**Approach:** ${approach}`);
    lines.push('\n### This week');
    lines.push(recs.slice(0, 3).map((r) => `- [ ] ${r}`).join('\n'));
    lines.push(`\n### Plan (${f.implementationTimeline.split(':')[0]})`);
    lines.push(steps.slice(0, shape.steps).map((s, i) => `- [ ] **Step ${i + 1}.** ${s}`).join('\n'));
    if (recs.length > 3) {
      lines.push('\n### Then');
      lines.push(recs.slice(3).map((r) => `- [ ] ${r}`).join('\n'));
    }
    lines.push('\n### Track weekly');
    lines.push(bullets(metrics));
    if (risks.length) lines.push(`\n**Watch for:** ${risks.map((r) => lowerFirst(stripDot(r))).join('; ')}.`);
  } else {
    lines.push(`**Approach:** ${approach} ${firstSentence(f.summary, 240)}`);
    lines.push('\n### Recommendations');
    lines.push(bullets(recs));
    lines.push('\n### Implementation');
    lines.push(steps.slice(0, shape.steps).map((s, i) => `${i + 1}. ${s}`).join('\n'));
    lines.push('\n### How you will know it works');
    lines.push(bullets(metrics));
    if (risks.length) {
      lines.push('\n### Risks');
      lines.push(bullets(risks));
    }
    // The questions the first phase has to answer, then the leadership (7)
    // and management (5) questions that fit the framework's area.
    const sets = depth === 'comprehensive' ? [...qs.leadership, ...qs.management.slice(0, 1)] : [...qs.leadership.slice(0, 2), ...qs.management.slice(0, 1)];
    lines.push('\n### Questions to settle first');
    lines.push(bullets([...f.phases[0]!.strategicQuestions.slice(0, 2).map((q) => `_${q}_`), ...sets.map((q) => `**${q.name}:** ${q.question}`)]));
  }
  if (a.confidence < 70) {
    lines.push('\n### To sharpen this, tell me');
    lines.push(bullets(clarifying.slice(0, a.style === 'concise' ? 2 : 4)));
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
    },
    insights: {
      keyRecommendations: recs,
      implementationSteps: steps.slice(0, shape.steps),
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
