/**
 * Area C errors (SPEC.md, Errors, Areas C): body `{ error, message, code, details }`.
 * The out-of-scope answer also carries `suggestions` (naming other agents).
 */
import type { Request } from 'express';
import { HttpError, type ErrorFormatter } from '@latchkey/errors';

/**
 * strategy's error codes: the one code → status map of the service, with the
 * `error` string each code has on the wire. SPEC.md (Errors, Areas C) gives
 * INVALID_REQUEST_FORMAT 400, INSUFFICIENT_CREDITS 402, RATE_LIMIT_EXCEEDED 429
 * and COORDINATION_FAILED 500; the others are Latchkey's own (README, "Errors"):
 * SPEC.md leaves 401/403 and the out-of-scope status "not shown". INVALID_REQUEST,
 * PAYLOAD_TOO_LARGE and UNSUPPORTED_MEDIA_TYPE come from the shared middleware
 * (unreadable bodies) and are answered as INVALID_REQUEST_FORMAT.
 */
export const STRATEGY_ERRORS = {
  INVALID_REQUEST_FORMAT: { status: 400, error: 'bad_request' },
  INVALID_REQUEST: { status: 400, error: 'bad_request' },
  UNAUTHORIZED: { status: 401, error: 'unauthorized' },
  INSUFFICIENT_CREDITS: { status: 402, error: 'payment_required' },
  FORBIDDEN: { status: 403, error: 'forbidden' },
  NOT_FOUND: { status: 404, error: 'not_found' },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'bad_request' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'bad_request' },
  FRAMEWORK_OUT_OF_SCOPE: { status: 422, error: 'unsupported_request' },
  REQUEST_OUT_OF_SCOPE: { status: 422, error: 'unsupported_request' },
  RATE_LIMIT_EXCEEDED: { status: 429, error: 'rate_limited' },
  COORDINATION_FAILED: { status: 500, error: 'internal_error' },
  INTERNAL_ERROR: { status: 500, error: 'internal_error' },
  SERVICE_UNAVAILABLE: { status: 503, error: 'service_unavailable' },
} as const satisfies Record<string, { status: number; error: string }>;

export type StrategyErrorCode = keyof typeof STRATEGY_ERRORS;

/** What an error may carry besides its code and message: `details` (always in the body) and headers (`Retry-After`). */
export interface StrategyErrorOptions {
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An area C error with its code's status; the body is `{ error, message, code, details }` (`formatStrategyError`). */
export class StrategyError extends HttpError {
  constructor(code: StrategyErrorCode, message: string, opts: StrategyErrorOptions = {}) {
    super(STRATEGY_ERRORS[code].status, code, message, opts);
    this.name = 'StrategyError';
  }
}

/** The wire `error` string of a code, or undefined for a code not in the map. */
function errorOfCode(code: string): string | undefined {
  return Object.hasOwn(STRATEGY_ERRORS, code) ? STRATEGY_ERRORS[code as StrategyErrorCode].error : undefined;
}

/** A 400 `bad_request` / `INVALID_REQUEST_FORMAT` naming the field and the issue. */
export function badRequest(field: string, issue: string, message?: string): StrategyError {
  return new StrategyError('INVALID_REQUEST_FORMAT', message ?? `Invalid request: ${field} ${issue}.`, { details: { field, issue } });
}

export function unauthorized(message: string): StrategyError {
  return new StrategyError('UNAUTHORIZED', message, { details: {} });
}

export function forbidden(message: string, details: Record<string, unknown> = {}): StrategyError {
  return new StrategyError('FORBIDDEN', message, { details });
}

/**
 * The area C body for any error. Parser errors of express.json (malformed
 * JSON, too large, bad charset) and generic 400s become INVALID_REQUEST_FORMAT
 * with a field and an issue; unexpected errors on the strategic endpoints
 * become 500 COORDINATION_FAILED with the request id.
 */
export const formatStrategyError: ErrorFormatter = (err: HttpError, req: Request) => {
  let code = err.code;
  let details: Record<string, unknown> = { ...(err.details ?? {}) };
  if (code === 'INVALID_REQUEST' || code === 'UNSUPPORTED_MEDIA_TYPE' || code === 'PAYLOAD_TOO_LARGE') {
    code = 'INVALID_REQUEST_FORMAT';
    details = {
      field: 'body',
      issue: err.code === 'PAYLOAD_TOO_LARGE' ? 'too_large' : err.code === 'UNSUPPORTED_MEDIA_TYPE' ? 'unsupported_encoding' : 'invalid_json',
      ...details,
    };
  }
  if (code === 'SERVICE_UNAVAILABLE') {
    // A dependency outage (PostgreSQL, Redis, auth-central): 503 with Retry-After, quoted by the same request id.
    const requestId = (req as Request & { strategyRequestId?: string }).strategyRequestId ?? (req as Request & { id?: string }).id;
    details = { ...details, requestId };
  }
  if (code === 'INTERNAL_ERROR') {
    code = req.path.startsWith('/v1/') ? 'COORDINATION_FAILED' : 'INTERNAL_ERROR';
    const requestId = (req as Request & { strategyRequestId?: string }).strategyRequestId ?? (req as Request & { id?: string }).id;
    details = { requestId };
  }
  const body: Record<string, unknown> = {
    error: errorOfCode(code) ?? (err.status >= 500 ? 'internal_error' : 'bad_request'),
    message:
      code === 'COORDINATION_FAILED' ? 'The guidance could not be produced. Nothing was charged; retry, or quote details.requestId to support.' : err.message,
    code,
    details,
  };
  if (Array.isArray(details.suggestions)) {
    body.suggestions = details.suggestions;
  }
  return body;
};
