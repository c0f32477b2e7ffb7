/**
 * The error bodies of `/v1`, in the shape the calling SDK parses (DESIGN.md,
 * "D error bodies"): OpenAI's `{"error":{"message","type","param","code"}}` or
 * Anthropic's `{"type":"error","error":{"type","message"}}`. The gateway's
 * formatter for service-kit's fast path, as `formatErrorBody` is the admin API's.
 */
import type { HttpError } from '@latchkey/errors';
import { GATEWAY_ERROR_CODE, GatewayError } from '../errors.js';

/** Which SDK family a `/v1` answer is shaped for. */
export type Shape = 'openai' | 'anthropic';

const ANTHROPIC_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  502: 'api_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

function openaiType(err: HttpError): string {
  if (err.status === 429) return (err instanceof GatewayError ? err.opts.type : undefined) ?? 'requests';
  if (err.status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/**
 * The error body of `err` in `shape`. A `GatewayError` gives its wire fields as thrown (`param`
 * and `code` null when absent); any other `HttpError` its code and a null `param`.
 */
export function errorBody(shape: Shape, err: HttpError): unknown {
  if (shape === 'anthropic')
    return { type: 'error', error: { type: ANTHROPIC_TYPES[err.status] ?? (err.status >= 500 ? 'api_error' : 'invalid_request_error'), message: err.message } };
  if (err instanceof GatewayError)
    return { error: { message: err.message, type: openaiType(err), param: err.opts.param ?? null, code: err.code === GATEWAY_ERROR_CODE ? null : err.code } };
  return { error: { message: err.message, type: openaiType(err), param: null, code: err.code === GATEWAY_ERROR_CODE ? null : err.code } };
}
