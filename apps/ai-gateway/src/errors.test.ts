import { HttpError } from '@latchkey/errors';
import { ADMIN_ERRORS, GATEWAY_ERRORS, GATEWAY_ERROR_CODE, GatewayError, KeyError, badRequest, type GatewayErrorCode } from './errors.js';
import { errorBody } from './http/error-body.js';

/** SPEC.md, Errors, Area D: each status and the codes the gateway answers it with. */
const SPEC_AREA_D: Partial<Record<GatewayErrorCode, number>> = {
  // 401: missing, malformed or revoked key
  invalid_api_key: 401,
  // 400: model not on the allow-list, or body is not JSON
  model_not_allowed: 400,
  invalid_json: 400,
  // 413: request body over 10 MB
  request_too_large: 413,
  // 429: over a per-key limit
  rate_limit_exceeded: 429,
  // 502 or 503: provider or gateway unreachable
  upstream_error: 502,
  upstream_auth: 502,
  upstream_timeout: 502,
  provider_unavailable: 503,
  dependency_unavailable: 503,
};

/** Latchkey's own codes (README, "Errors"). */
const LATCHKEY_OWN: Partial<Record<GatewayErrorCode, number>> = {
  invalid_request: 400,
  upstream_invalid_request: 400,
  gateway_error: 400,
  origin_not_allowed: 403,
  not_found: 404,
  model_not_found: 404,
  method_not_allowed: 405,
  upstream_rate_limited: 429,
  internal_error: 500,
};

it('every /v1 code of the map has the status SPEC.md (area D) gives, or the one Latchkey documents', () => {
  expect(GATEWAY_ERRORS).toEqual({ ...SPEC_AREA_D, ...LATCHKEY_OWN });
});

it('a GatewayError takes its status from its code, unless it passes a provider’s', () => {
  for (const code of Object.keys(GATEWAY_ERRORS) as GatewayErrorCode[]) {
    const e = new GatewayError(code, 'm');
    expect(e).toBeInstanceOf(HttpError);
    expect([e.status, e.code]).toEqual([GATEWAY_ERRORS[code], code]);
  }
  expect(new GatewayError('upstream_invalid_request', 'm', { status: 422 }).status).toBe(422);
  const bad = badRequest('stream must be a boolean', 'stream');
  expect([bad.status, bad.code, bad.opts.param]).toEqual([400, 'invalid_request', 'stream']);
  // No OpenAI code: null on the wire.
  const aborted = new GatewayError(GATEWAY_ERROR_CODE, 'The request was aborted.');
  expect(errorBody('openai', aborted)).toEqual({ error: { message: 'The request was aborted.', type: 'invalid_request_error', param: null, code: null } });
});

it('the operator API: INVALID_REQUEST 400, NOT_FOUND 404, body { error, message }', () => {
  expect(ADMIN_ERRORS).toEqual({ INVALID_REQUEST: 400, NOT_FOUND: 404 });
  const e = new KeyError('NOT_FOUND', 'no gateway key k');
  expect(e).toBeInstanceOf(HttpError);
  expect([e.status, e.code, e.message]).toEqual([404, 'NOT_FOUND', 'no gateway key k']);
});
