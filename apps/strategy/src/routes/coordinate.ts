/**
 * POST /v1/coordinate (SPEC.md area C): strategic guidance at the depth the
 * question needs (simple, planning, complex) and the credits allow; the
 * deepest answer that fits the balance and `preferences.maxCredits` is given.
 */
import type { Router } from 'express';
import { coordinationResponse } from '../domain/guidance.js';
import { answerStrategic, type StrategicEndpoint } from '../http/strategic-call.js';
import type { RouteContext } from './context.js';

const coordinate: StrategicEndpoint = {
  endpoint: 'coordinate',
  outOfScopeCode: 'REQUEST_OUT_OF_SCOPE',
  depth: (_analysis, charged) => charged,
  write: coordinationResponse,
  supportingUsed: (depth) => (depth === 'simple' ? 0 : depth === 'planning' ? 2 : 3),
};

export function register(router: Router, ctx: RouteContext): void {
  router.post('/v1/coordinate', ...ctx.guards.strategic('coordinate'), answerStrategic(ctx, coordinate));
}
