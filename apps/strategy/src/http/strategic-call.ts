/**
 * The answer step shared by POST /v1/coordinate and POST /v1/framework (after
 * `RouteGuards.strategic`): session → analysis and scope → pending debit →
 * answer (library, or the model engine) → session turn (or, for an answer that only
 * asks which organisation, its digest alone) → settle → send.
 * Anything failing after the debit is refunded, now or by the sweeper
 * (domain/charges.ts). What differs between the two endpoints is a
 * `StrategicEndpoint`, given by each route file.
 */
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { CoordinationDepth } from '@latchkey/credits';
import { HttpError } from '@latchkey/errors';
import { ChargeExpiredError } from '../domain/charges.js';
import { StrategyError } from '../errors.js';
import type { Analysis, CoordinationResponse, FrameworkResponse } from '../domain/guidance.js';
import type { Library } from '../domain/library.js';
import { planAnswer } from '../domain/plan.js';
import { turnSummary } from '../domain/facts.js';
import type { Endpoint, RouteContext } from '../routes/context.js';
import { LANGUAGE_NAMES } from '../domain/language.js';
import { parseStrategicRequest } from './request-schema.js';
import type { StrategicRequest } from './strategic-guards.js';

/**
 * How an asker refused for naming no organisation (and no other domain) gets an answer when the question was about
 * theirs after all: naming it, in the question or as the next message (`saysWhoAsks` reads "It's for my café" with
 * the question before it; `details.organisationNotNamed` lets a client offer that reply). A refusal that names another
 * domain, or follows "not a work question", does not say so: it is no invitation. Of the 176
 * business questions the scope banks written blind refuse (`eval/banks`), a next message "It's for my business."
 * gets every one answered, each with the framework it gets when that sentence leads the question.
 */
const SAY_WHICH_ORGANISATION =
  'If it is about a business or an organisation you run, say which ("It\'s for my café", "I\'m treasurer of our sailing club") in the question or as your next message.';

/** The languages the library engine reads (`LANGUAGE_NAMES` but "another language"), for a refusal's message: "English, …, Italian and Portuguese". */
const READ_LANGUAGES = (() => {
  const names = Object.entries(LANGUAGE_NAMES)
    .filter(([code]) => code !== 'other')
    .map(([, name]) => name);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
})();

/** What makes one strategic endpoint itself. */
export interface StrategicEndpoint {
  endpoint: Endpoint;
  /** The 422 code of a question outside business strategy (SPEC.md area C). */
  outOfScopeCode: 'FRAMEWORK_OUT_OF_SCOPE' | 'REQUEST_OUT_OF_SCOPE';
  /** The depth answered: the analysis's own, or the deepest the charge could pay for. */
  depth(analysis: Analysis, charged: CoordinationDepth): CoordinationDepth;
  /** The library engine's answer. */
  write(library: Library, analysis: Analysis, depth: CoordinationDepth, sessionId: string, creditsUsed: number): CoordinationResponse | FrameworkResponse;
  /** How many supporting frameworks the answer uses (recorded in the session turn). */
  supportingUsed(depth: CoordinationDepth): number;
}

/** The final handler of a strategic endpoint. */
export function answerStrategic(ctx: RouteContext, spec: StrategicEndpoint): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const r = req as StrategicRequest;
    const call = r.call!;
    try {
      const body = parseStrategicRequest(req.body, spec.endpoint);

      const orgId = r.principal.orgId;
      let sessionId = body.sessionId;
      let history = { turns: 0, applied: [] as string[] };
      if (sessionId) {
        // A key within the organisation: another organisation's id is simply unknown here.
        history = (await ctx.sessions.load(orgId, sessionId)).history;
      } else {
        sessionId = `ses_${randomUUID()}`;
      }
      call.sessionId = sessionId;

      const { analysis, scope } = planAnswer(ctx.library, ctx.selector, body, history);
      if (!scope.inScope) {
        // A language the library engine neither reads nor glosses, with no other domain in sight: it could not tell
        // whether this is a business question, so the refusal says that rather than that it is not one.
        const unread = analysis.understanding.language === 'other' && !scope.domain && !scope.notWork;
        // Neither another domain nor "not a work question": it may be about the asker's organisation, unnamed.
        const organisationNotNamed = !unread && !scope.domain && !scope.notWork;
        throw new StrategyError(
          spec.outOfScopeCode,
          unread
            ? `The library engine reads ${READ_LANGUAGES}, not the language of this request, so it could not tell whether this is a business strategy question. Nothing was charged; please ask again in one of those languages.`
            : organisationNotNamed
              ? `This does not read as a question about a business or an organisation. Nothing was charged; other agents can help with anything else. ${SAY_WHICH_ORGANISATION}`
              : `This is not a business strategy question (${scope.domain ? `it looks like ${scope.domain}` : 'it says it is not about work'}). Nothing was charged; other agents can help.`,
          {
            details: {
              suggestions: scope.suggestions,
              ...(scope.domain ? { detectedDomain: scope.domain } : {}),
              ...(unread ? { languageNotRead: true } : {}),
              ...(organisationNotNamed ? { organisationNotNamed: true } : {}),
            },
          },
        );
      }

      const maxCredits = body.preferences?.maxCredits;
      // One pending debit (for coordination: the deepest answer that fits
      // maxCredits and the balance); settled right before the answer is sent.
      const charged = await ctx.charges.charge({
        orgId,
        requestId: call.requestId,
        endpoint: spec.endpoint,
        depth: analysis.depth,
        weight: analysis.weight,
        maxCredits,
      });
      if (!charged.ok) throw insufficient(charged.required, charged.available, maxCredits);
      const cost = charged.cost;
      const depth = spec.depth(analysis, charged.depth);
      call.debited = true;
      call.creditsUsed = cost;
      await ctx.faultInjector?.(spec.endpoint);

      let answer = spec.write(ctx.library, analysis, depth, sessionId, cost);
      call.engine = 'library';
      // An answer that only asks which organisation a request is about is the library's: a model would write a plan.
      if (ctx.model && !analysis.organisationUnconfirmed) {
        const written = await ctx.model.answer({ endpoint: spec.endpoint, analysis, depth, sessionId, creditsUsed: cost }).catch(() => null);
        if (written) {
          answer = written.response;
          call.engine = `model:${written.model}`;
          answer.metadata.engine = call.engine;
        }
      }
      // An answer that only asks which organisation a request is about is recorded without frameworks: its digest
      // (`summary`) stays for the session's next message ("It's for my café"), but it is no turn (`SessionStore.load`),
      // so that message is judged as a first turn again (a personal request stays refused) and the unplaced question's
      // framework is not among those applied.
      await ctx.sessions.recordTurn({
        sessionId,
        orgId,
        requestId: call.requestId,
        endpoint: `/v1/${spec.endpoint}`,
        primaryFramework: analysis.primary.id,
        frameworks: analysis.organisationUnconfirmed ? [] : [analysis.primary.id, ...analysis.supporting.slice(0, spec.supportingUsed(depth)).map((f) => f.id)],
        strategicFocus: analysis.strategicFocus,
        confidence: analysis.confidence,
        industry: analysis.context.industry,
        businessStage: analysis.context.businessStage,
        role: analysis.context.role,
        summary: turnSummary(analysis.understanding),
      });
      if ('agent' in answer.metadata) answer.metadata.processingTimeMs = Math.max(0, ctx.now() - call.started);
      // Last step before the answer: the charge becomes final (durably), or,
      // when the sweeper already refunded it, the answer is withheld.
      await ctx.charges.settle(call.requestId);
      call.debited = false;
      res.status(200).json(answer);
    } catch (err) {
      if (call.debited) {
        // Refunded now, or by the sweeper once the database is back.
        await ctx.charges.refund(call.requestId, err instanceof HttpError ? err.code : 'failed');
        call.creditsUsed = 0;
      }
      const failure =
        err instanceof ChargeExpiredError
          ? new StrategyError('SERVICE_UNAVAILABLE', 'The guidance took too long and was cancelled. Nothing was charged; retry.', {
              headers: { 'Retry-After': '1' },
            })
          : err;
      res.locals.errorCode = failure instanceof HttpError ? failure.code : 'COORDINATION_FAILED';
      next(failure);
    }
  };
}

/** 402 INSUFFICIENT_CREDITS: the balance, or `preferences.maxCredits`, does not cover `required`. */
function insufficient(required: number, available: number, maxCredits: number | undefined): StrategyError {
  const capped = maxCredits !== undefined && maxCredits < required;
  return new StrategyError(
    'INSUFFICIENT_CREDITS',
    capped
      ? `This answer needs ${required} credits, more than preferences.maxCredits (${maxCredits}).`
      : `This answer needs ${required} credits; the organisation has ${available}. Nothing was charged.`,
    { details: { creditsRequired: required, creditsAvailable: available, ...(maxCredits !== undefined ? { maxCredits } : {}) } },
  );
}
