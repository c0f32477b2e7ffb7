/**
 * The decision shared by both endpoints and by the evaluations: analyse the
 * request, then answer it or refuse it as out of scope (SPEC.md area C,
 * 422 `unsupported_request`).
 */
import { analyse, type Analysis, type SessionHistory, type StrategicRequest } from './guidance.js';
import type { Library } from './library.js';
import { classifyScope, type ScopeVerdict } from './scope.js';
import type { FrameworkSelector } from './selector.js';

export type Plan = { kind: 'answer'; analysis: Analysis; scope: ScopeVerdict } | { kind: 'refuse'; analysis: Analysis; scope: ScopeVerdict };

/**
 * Analyses `req` and decides whether it is answered. A follow-up ("Who should
 * own them?") is judged with its conversation: in a session with answered
 * turns, or after earlier business questions, it is in scope unless it shows
 * another domain's markers.
 */
export function planAnswer(library: Library, selector: FrameworkSelector, req: StrategicRequest, history: SessionHistory): Plan {
  const analysis = analyse(library, selector, req, history);
  let scope = classifyScope(analysis.question, selector, analysis.selection.strength);
  if (!scope.inScope && !scope.domain && (history.turns > 0 || (analysis.conversation.trim() && classifyScope(analysis.conversation, selector).inScope))) {
    scope = { ...scope, inScope: true };
  }
  return { kind: scope.inScope ? 'answer' : 'refuse', analysis, scope };
}
