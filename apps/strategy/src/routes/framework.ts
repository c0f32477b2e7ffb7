/**
 * POST /v1/framework (SPEC.md area C): one framework for the question, with
 * its steps applied to the question's facts and up to three supporting
 * frameworks; a fixed price (`FRAMEWORK_COST` of `@latchkey/credits`).
 */
import type { Router } from 'express';
import { frameworkResponse } from '../domain/guidance.js';
import { answerStrategic, type StrategicEndpoint } from '../http/strategic-call.js';
import type { RouteContext } from './context.js';

const framework: StrategicEndpoint = {
  endpoint: 'framework',
  outOfScopeCode: 'FRAMEWORK_OUT_OF_SCOPE',
  depth: (analysis) => analysis.depth,
  write: (library, analysis, _depth, sessionId, creditsUsed) => frameworkResponse(library, analysis, sessionId, creditsUsed),
  supportingUsed: () => 3,
};

export function register(router: Router, ctx: RouteContext): void {
  router.post('/v1/framework', ...ctx.guards.strategic('framework'), answerStrategic(ctx, framework));
}
