/**
 * The two response tables of SPEC.md area C ("Coordination response",
 * "Framework response") written as zod schemas, field by field, name by name.
 * Objects the spec lists in full are strict, so a misspelt or extra field
 * fails as surely as a missing or mistyped one. The only addition allowed is
 * the framework response's documented top-level `suggestions`
 * (README: clarifying questions under 70, alternatives at 70-79).
 */
import { z } from 'zod';

const strings = z.array(z.string().min(1));
const score = z.number().min(0).max(100);

export const coordinationResponseSchema = z
  .object({
    content: z.string().min(1),
    metadata: z
      .object({
        sessionId: z.string().min(1),
        strategicFocus: z.string().min(1),
        frameworksApplied: strings.min(1),
        creditsUsed: z.number().int().min(1).max(15),
        confidenceScore: score,
        // Additive to SPEC.md: which engine answered.
        engine: z.string().regex(/^(library|model:.+)$/),
      })
      .strict(),
    insights: z
      .object({
        keyRecommendations: strings,
        implementationSteps: strings,
        successMetrics: strings,
        riskFactors: strings.optional(),
      })
      .strict(),
    suggestions: z
      .object({
        followUpQuestions: strings.optional(),
        relatedChallenges: strings.optional(),
        nextMilestones: strings.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const frameworkResponseSchema = z
  .object({
    content: z.string().min(1),
    metadata: z
      .object({
        sessionId: z.string().min(1),
        agent: z.literal('latchkey-framework-expert'),
        engine: z.string().regex(/^(library|model:.+)$/),
        primaryFramework: z.string().min(1),
        supportingFrameworks: strings,
        complexityLevel: z.enum(['basic', 'intermediate', 'advanced', 'expert']),
        confidenceScore: score,
        leadershipPrinciples: strings,
        creditsUsed: z.literal(5),
        processingTimeMs: z.number().min(0),
        businessContextAnalysis: z
          .object({
            industryFocus: z.string().min(1),
            stageAlignment: z.string().min(1),
            keyChallenge: z.string().min(1),
            strategicPriority: z.string().min(1),
          })
          .strict(),
      })
      .strict(),
    structuredOutput: z
      .object({
        frameworkAnalysis: z
          .object({
            primaryFramework: z.string().min(1),
            supportingFrameworks: strings,
            leadershipPrinciples: strings,
            strategicRationale: z.string().min(1),
            complexityAssessment: z.string().min(1),
            confidenceScore: score,
          })
          .strict(),
        expertGuidance: z
          .object({
            methodologyApplication: z
              .array(
                z
                  .object({
                    phase: z.string().min(1),
                    strategicQuestions: strings,
                    expectedInsights: z.string().min(1),
                    deliverables: strings,
                  })
                  .strict(),
              )
              .min(1),
            strategicActions: strings,
            businessOutcomes: strings,
            successMetrics: strings,
            integrationOpportunities: strings,
            implementationTimeline: z.string().min(1),
          })
          .strict(),
      })
      .strict(),
    suggestions: z
      .object({
        followUpQuestions: strings.optional(),
        alternativeFrameworks: strings.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** Fails the test naming every path that breaks the table. */
export function expectTable(schema: z.ZodType, body: unknown): void {
  const r = schema.safeParse(body);
  if (!r.success) {
    throw new Error(`response does not match the SPEC.md table:\n${r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
}
