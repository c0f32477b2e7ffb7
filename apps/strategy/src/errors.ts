/**
 * Area C errors (SPEC.md, Errors, Areas C): body `{ error, message, code, details }`.
 * The out-of-scope answer also carries `suggestions` (naming other agents).
 */
import type { Request } from 'express';
import { HttpError, type ErrorFormatter } from '@latchkey/errors';

/** `error` string of each code. */
const ERROR_OF_CODE: Record<string, string> = {
  INVALID_REQUEST_FORMAT: 'bad_request',
  INVALID_REQUEST: 'bad_request',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  INSUFFICIENT_CREDITS: 'payment_required',
  NOT_FOUND: 'not_found',
  PAYLOAD_TOO_LARGE: 'bad_request',
  UNSUPPORTED_MEDIA_TYPE: 'bad_request',
  FRAMEWORK_OUT_OF_SCOPE: 'unsupported_request',
  REQUEST_OUT_OF_SCOPE: 'unsupported_request',
  RATE_LIMIT_EXCEEDED: 'rate_limited',
  COORDINATION_FAILED: 'internal_error',
  INTERNAL_ERROR: 'internal_error',
  SERVICE_UNAVAILABLE: 'service_unavailable',
};

/** A 400 `bad_request` / `INVALID_REQUEST_FORMAT` naming the field and the issue. */
export function badRequest(field: string, issue: string, message?: string): HttpError {
  return new HttpError(400, 'INVALID_REQUEST_FORMAT', message ?? `Invalid request: ${field} ${issue}.`, { details: { field, issue } });
}

export function unauthorized(message: string): HttpError {
  return new HttpError(401, 'UNAUTHORIZED', message, { details: {} });
}

export function forbidden(message: string, details: Record<string, unknown> = {}): HttpError {
  return new HttpError(403, 'FORBIDDEN', message, { details });
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
    error: ERROR_OF_CODE[code] ?? (err.status >= 500 ? 'internal_error' : 'bad_request'),
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
