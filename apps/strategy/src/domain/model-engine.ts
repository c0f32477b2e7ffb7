/**
 * The grounded model engine (optional, `STRATEGY_AI_*`): through Latchkey's
 * own ai-gateway (`POST {ai_url}/v1/chat/completions`, OpenAI format) the
 * model receives the parsed question (problem type, subject, numbers with
 * their meaning and the arithmetic on them, deadline, constraint, decision,
 * language), the top candidate frameworks with their library entries and the
 * session's memory; it chooses the framework (or says none fits) and writes
 * the prose and every structured field as JSON (`response_format:
 * json_schema`), checked here with zod against the response shapes of SPEC.md
 * area C. A reply that is not valid JSON, fails the schema, names a framework
 * that was not offered, says none fits, errors, or misses the time budget of
 * its style returns null: the library engine answers. Prompts and answers are
 * never logged.
 */
import CircuitBreaker from 'opossum';
import { z } from 'zod';
import type { CoordinationDepth } from '@latchkey/credits';
import type { Logger } from '@latchkey/service-kit';
import type { Analysis } from './analysis.js';
import { factSheet } from './facts.js';
import type { Framework, Library } from './library.js';
import { coordinationResponse, frameworkResponse, type CoordinationResponse, type FrameworkResponse } from './writing.js';

export interface ModelInput {
  endpoint: 'coordinate' | 'framework';
  analysis: Analysis;
  depth: CoordinationDepth;
  sessionId: string;
  creditsUsed: number;
}

export interface ModelEngine {
  /** The answer written by the model, or null (the library engine answers). */
  answer(input: ModelInput): Promise<{ response: CoordinationResponse | FrameworkResponse; model: string } | null>;
}

export interface GatewayModelOptions {
  /** `{ai_url}` (with or without a trailing `/v1`). */
  baseUrl: string;
  apiKey: string;
  model: string;
  library: Library;
  /** Time budget of a detailed answer, ms; concise gets half, tactical three quarters. */
  timeoutMs?: number;
  logger?: Logger | undefined;
  fetch?: typeof fetch;
  breaker?: { volumeThreshold?: number; errorThresholdPercentage?: number; resetTimeout?: number };
}

const line = z.string().trim().min(3).max(600);
/** What the model must return (also sent as the JSON schema of `response_format`). */
export const modelAnswerSchema = z.strictObject({
  framework: z.string().min(1).max(80),
  supporting: z.array(z.string().min(1).max(80)).max(3),
  confidence: z.number().int().min(0).max(100),
  content: z.string().min(150).max(20_000),
  keyChallenge: z.string().trim().min(10).max(600),
  strategicFocus: z.string().trim().min(5).max(300),
  recommendations: z.array(line).min(3).max(10),
  steps: z.array(line).min(2).max(12),
  metrics: z.array(line).min(2).max(8),
  risks: z.array(line).min(1).max(6),
  followUpQuestions: z.array(line).max(6),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

const stringArray = (min: number, max: number) => ({ type: 'array', items: { type: 'string' }, minItems: min, maxItems: max });
const JSON_SCHEMA = {
  name: 'strategy_answer',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: [
      'framework',
      'supporting',
      'confidence',
      'content',
      'keyChallenge',
      'strategicFocus',
      'recommendations',
      'steps',
      'metrics',
      'risks',
      'followUpQuestions',
    ],
    properties: {
      framework: { type: 'string', description: 'id of the chosen candidate framework, or "none" when none fits' },
      supporting: { ...stringArray(0, 3), description: 'ids of up to three other candidates that support it' },
      confidence: { type: 'integer', minimum: 0, maximum: 100, description: 'how well the chosen framework fits: 90+ clearly, 70-89 well, under 70 partly' },
      content: { type: 'string', description: 'the answer as GitHub-flavoured markdown, in the language of the question' },
      keyChallenge: { type: 'string', description: 'the situation and the decision asked, restated in one or two sentences' },
      strategicFocus: { type: 'string' },
      recommendations: stringArray(3, 10),
      steps: stringArray(2, 12),
      metrics: stringArray(2, 8),
      risks: stringArray(1, 6),
      followUpQuestions: stringArray(0, 6),
    },
  },
};

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const STYLE_RULES = {
  concise: 'Style concise: state the decision and exactly three actions; at most 180 words of content.',
  detailed: 'Style detailed: give the reasoning (why this framework, what the numbers say), then phases, metrics and risks; 300-600 words.',
  tactical: 'Style tactical: a checklist of dated steps up to the deadline (weeks from now), each a concrete action with an owner.',
} as const;

/** The time budget of an answer of `style`, ms. */
export function budgetFor(style: Analysis['style'], detailedMs: number): number {
  return Math.round(style === 'concise' ? detailedMs * 0.5 : style === 'tactical' ? detailedMs * 0.75 : detailedMs);
}

function candidateEntry(f: Framework) {
  return {
    id: f.id,
    name: f.name,
    summary: f.summary,
    whenToUse: f.whenToUse,
    phases: f.phases.map((p) => ({ phase: p.phase, questions: p.strategicQuestions, deliverables: p.deliverables })),
    actions: f.strategicActions,
    metrics: f.successMetrics,
    risks: f.risks,
    sources: f.sources ?? [],
  };
}

/** The grounding sent to the model: the parsed question, the candidates, the session memory. */
export function groundingOf(a: Analysis): Record<string, unknown> {
  const u = a.understanding;
  const facts = factSheet(u);
  return {
    question: a.question,
    language: u.languageName,
    parsed: {
      problemType: u.problem?.label ?? null,
      subject: u.subject ?? null,
      numbers: [...u.earlierQuantities, ...u.quantities].map((q) => ({
        text: q.text,
        kind: q.kind,
        measures: q.context,
        target: Boolean(q.target),
        per: q.per ?? null,
      })),
      arithmetic: facts.insights,
      deadline: u.deadline ?? null,
      constraint: u.constraint ?? null,
      decisionAsked: u.decision,
      declinedPart: u.declined.length ? u.declined.join(' ') : null,
      vague: u.vague,
    },
    context: a.context,
    // The newest part: the turns a follow-up builds on (as `splitConversation` keeps them).
    earlierConversation: a.conversation.slice(-4000),
    sessionMemory: a.history.summaries ?? [],
    candidates: a.selection.ranked.slice(0, 5).map((s) => candidateEntry(s.framework)),
  };
}

function instructions(a: Analysis): string {
  return [
    "You are Latchkey's strategy advisor. Answer the QUESTION for the business described, grounded in the INPUT.",
    'Choose the candidate framework that fits the problem and the decision asked ("framework": its id); if none of the candidates fits, answer with "framework": "none".',
    "Use the question's own facts: name the subject, use its numbers and the arithmetic given, restate the real question in keyChallenge, work to its deadline and constraint. Never invent figures about the business.",
    `Write "content" and every text field in ${a.understanding.languageName}.`,
    'If part of the request is not about business (declinedPart), decline that part in one sentence and answer the rest.',
    STYLE_RULES[a.style],
    'Reply with JSON matching the schema only.',
  ].join('\n');
}

/** Turns a validated model answer into the response of `endpoint`, reusing the library response for the fields the model does not write. */
export function responseFromModel(
  library: Library,
  input: ModelInput,
  m: ModelAnswer,
  chosen: Framework,
  supporting: Framework[],
): CoordinationResponse | FrameworkResponse {
  const a: Analysis = { ...input.analysis, primary: chosen, supporting, confidence: m.confidence };
  if (input.endpoint === 'coordinate') {
    const base = coordinationResponse(library, a, input.depth, input.sessionId, input.creditsUsed);
    return {
      ...base,
      content: m.content,
      metadata: {
        ...base.metadata,
        strategicFocus: m.strategicFocus,
        frameworksApplied: [chosen.name, ...supporting.map((s) => s.name)],
        confidenceScore: m.confidence,
      },
      insights: { keyRecommendations: m.recommendations, implementationSteps: m.steps, successMetrics: m.metrics, riskFactors: m.risks },
      suggestions: { ...base.suggestions, ...(m.followUpQuestions.length ? { followUpQuestions: m.followUpQuestions } : {}) },
    };
  }
  const base = frameworkResponse(library, a, input.sessionId, input.creditsUsed);
  const out: FrameworkResponse = {
    ...base,
    content: m.content,
    metadata: {
      ...base.metadata,
      confidenceScore: m.confidence,
      businessContextAnalysis: { ...base.metadata.businessContextAnalysis, keyChallenge: m.keyChallenge },
    },
    structuredOutput: {
      frameworkAnalysis: { ...base.structuredOutput.frameworkAnalysis, confidenceScore: m.confidence },
      expertGuidance: { ...base.structuredOutput.expertGuidance, strategicActions: m.recommendations, successMetrics: m.metrics },
    },
  };
  if (m.followUpQuestions.length) out.suggestions = { ...base.suggestions, followUpQuestions: m.followUpQuestions };
  return out;
}

/** The model engine through Latchkey's ai-gateway, behind an opossum breaker. */
export function createGatewayModel(opts: GatewayModelOptions): ModelEngine & { breaker: CircuitBreaker } {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const url = base.endsWith('/v1') ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
  const doFetch = opts.fetch ?? fetch;
  const detailedMs = opts.timeoutMs ?? 20_000;

  const call = async (input: ModelInput) => {
    const a = input.analysis;
    const budget = budgetFor(a.style, detailedMs);
    const res = await doFetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: opts.model,
        temperature: 0.2,
        max_tokens: a.style === 'concise' ? 900 : 2400,
        response_format: { type: 'json_schema', json_schema: JSON_SCHEMA },
        messages: [
          { role: 'system', content: instructions(a) },
          { role: 'user', content: JSON.stringify(groundingOf(a)) },
        ],
      }),
      signal: AbortSignal.timeout(budget),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`gateway answered ${res.status}`);
    }
    const text = completionSchema.parse(await res.json()).choices[0]!.message.content ?? '';
    const m = modelAnswerSchema.parse(JSON.parse(text));
    const offered = new Map(a.selection.ranked.slice(0, 5).map((s) => [s.framework.id, s.framework]));
    if (m.framework === 'none') throw new Error('the model found no fitting framework');
    const chosen = offered.get(m.framework);
    if (!chosen) throw new Error('the model chose a framework that was not offered');
    const supporting = m.supporting
      .filter((id) => id !== chosen.id)
      .map((id) => offered.get(id) ?? opts.library.byId.get(id))
      .filter((f): f is Framework => Boolean(f));
    return { response: responseFromModel(opts.library, input, m, chosen, supporting), model: opts.model };
  };

  const breaker = new CircuitBreaker(call, {
    // The per-call budget is enforced by the abort signal; the breaker's own timeout is a backstop.
    timeout: detailedMs + 500,
    volumeThreshold: opts.breaker?.volumeThreshold ?? 3,
    errorThresholdPercentage: opts.breaker?.errorThresholdPercentage ?? 50,
    resetTimeout: opts.breaker?.resetTimeout ?? 30_000,
  });

  return {
    breaker,
    async answer(input) {
      try {
        return (await breaker.fire(input)) as { response: CoordinationResponse | FrameworkResponse; model: string };
      } catch (err) {
        opts.logger?.warn({ reason: (err as Error).message }, 'model engine unavailable; the library engine answers');
        return null;
      }
    },
  };
}
