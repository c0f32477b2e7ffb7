import type { Request } from 'express';
import { HttpError } from '@latchkey/errors';
import { STRATEGY_ERRORS, StrategyError, formatStrategyError, type StrategyErrorCode } from './errors.js';

/** SPEC.md, Errors, Areas C: status, `error` and `code` of each row. */
const SPEC_AREA_C: Partial<Record<StrategyErrorCode, { status: number; error: string }>> = {
  INVALID_REQUEST_FORMAT: { status: 400, error: 'bad_request' },
  INSUFFICIENT_CREDITS: { status: 402, error: 'payment_required' },
  RATE_LIMIT_EXCEEDED: { status: 429, error: 'rate_limited' },
  COORDINATION_FAILED: { status: 500, error: 'internal_error' },
};

/** Latchkey's own (README, "Errors"), where SPEC.md says "not shown" (401, 403, the out-of-scope status) or is silent. */
const LATCHKEY_OWN: Partial<Record<StrategyErrorCode, { status: number; error: string }>> = {
  INVALID_REQUEST: { status: 400, error: 'bad_request' },
  UNAUTHORIZED: { status: 401, error: 'unauthorized' },
  FORBIDDEN: { status: 403, error: 'forbidden' },
  NOT_FOUND: { status: 404, error: 'not_found' },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'bad_request' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'bad_request' },
  FRAMEWORK_OUT_OF_SCOPE: { status: 422, error: 'unsupported_request' },
  REQUEST_OUT_OF_SCOPE: { status: 422, error: 'unsupported_request' },
  INTERNAL_ERROR: { status: 500, error: 'internal_error' },
  SERVICE_UNAVAILABLE: { status: 503, error: 'service_unavailable' },
};

const req = (path: string) => ({ path, id: 'req-1' }) as unknown as Request;

it('every code of the map has the status and error SPEC.md (areas C) gives, or the ones Latchkey documents', () => {
  expect(STRATEGY_ERRORS).toEqual({ ...SPEC_AREA_C, ...LATCHKEY_OWN });
});

it('a StrategyError takes its status from the map; the body is SPEC.md’s { error, message, code, details }', () => {
  for (const code of Object.keys(STRATEGY_ERRORS) as StrategyErrorCode[]) {
    const e = new StrategyError(code, 'm', { details: { field: 'messages', issue: 'x' } });
    expect(e).toBeInstanceOf(HttpError);
    expect([e.status, e.code]).toEqual([STRATEGY_ERRORS[code].status, code]);
  }
  const credits = new StrategyError('INSUFFICIENT_CREDITS', 'short', { details: { creditsRequired: 5, creditsAvailable: 1 } });
  expect(formatStrategyError(credits, req('/v1/framework'))).toEqual({
    error: 'payment_required',
    message: 'short',
    code: 'INSUFFICIENT_CREDITS',
    details: { creditsRequired: 5, creditsAvailable: 1 },
  });
  const limited = new StrategyError('RATE_LIMIT_EXCEEDED', 'slow down', { headers: { 'Retry-After': '3' }, details: { resetTime: 't', tier: 'free' } });
  expect([limited.status, limited.headers]).toEqual([429, { 'Retry-After': '3' }]);
  expect(formatStrategyError(new HttpError(500, 'INTERNAL_ERROR', 'boom'), req('/v1/coordinate'))).toMatchObject({
    error: 'internal_error',
    code: 'COORDINATION_FAILED',
    details: { requestId: 'req-1' },
  });
});
