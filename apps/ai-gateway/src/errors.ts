/**
 * The gateway's errors, in its two error shapes (README, "Errors"):
 * - `/v1` answers in the shape the calling SDK parses (`http/error-body.ts`),
 *   OpenAI's `{"error":{"message","type","param","code"}}` or Anthropic's
 *   `{"type":"error","error":{"type","message"}}`: a `GatewayError`, whose code
 *   is OpenAI's `error.code` and whose status comes from `GATEWAY_ERRORS`;
 * - the operator API (`/admin/*`) answers `{ error: code, message }`: a
 *   `KeyError`, whose status comes from `ADMIN_ERRORS`.
 */
import { HttpError } from '@latchkey/errors';

/**
 * The `/v1` codes and their statuses: the one code → status map of the wire
 * shapes. SPEC.md (Errors, Area D) gives 401 for a missing, malformed or revoked
 * key, 400 for a model off the allow-list or a body that is not JSON, 413 over
 * 10 MB, 429 over a per-key limit, 502 or 503 when a provider or the gateway is
 * unreachable; the other codes are Latchkey's own.
 * `gateway_error` is a failure without an OpenAI code (`code: null` on the wire):
 * an aborted request (400) or a provider's 413, which passes its status.
 * `upstream_invalid_request` carries the provider's 4xx (a 404 becomes 400).
 */
export const GATEWAY_ERRORS = {
  invalid_api_key: 401,
  invalid_json: 400,
  invalid_request: 400,
  model_not_allowed: 400,
  origin_not_allowed: 403,
  not_found: 404,
  model_not_found: 404,
  method_not_allowed: 405,
  request_too_large: 413,
  rate_limit_exceeded: 429,
  upstream_rate_limited: 429,
  upstream_invalid_request: 400,
  internal_error: 500,
  upstream_error: 502,
  upstream_auth: 502,
  upstream_timeout: 502,
  provider_unavailable: 503,
  dependency_unavailable: 503,
  gateway_error: 400,
} as const;

export type GatewayErrorCode = keyof typeof GATEWAY_ERRORS;

/** The code of a gateway error sent without an OpenAI `code` (its wire `code` is null). */
export const GATEWAY_ERROR_CODE = 'gateway_error' satisfies GatewayErrorCode;

/** The wire fields of a gateway error beyond its code and message (DESIGN.md, "D error bodies"). */
export interface GatewayErrorOptions {
  /** Another status than the code's: a provider's own 4xx (`upstream_invalid_request`, `gateway_error`). */
  status?: number;
  /** OpenAI's `error.param`: the request field at fault. */
  param?: string | null;
  /** Response headers that go with it (`retry-after`, `x-should-retry`, rate-limit headers). */
  headers?: Record<string, string>;
  /** OpenAI's `error.type` of a 429 (`requests`, `tokens`, `upstream`). */
  type?: string;
  /** The failure came from a provider. */
  upstream?: boolean;
}

/**
 * An expected failure of a `/v1` call: an `HttpError` (status, headers, message safe to show)
 * rendered in the route's error shape, OpenAI's or Anthropic's (`http/error-body.ts`).
 * `code` is the OpenAI `code` (`gateway_error` for none); `opts` keeps the wire fields as given.
 */
export class GatewayError extends HttpError {
  readonly opts: GatewayErrorOptions;

  constructor(code: GatewayErrorCode, message: string, opts: GatewayErrorOptions = {}) {
    super(opts.status ?? GATEWAY_ERRORS[code], code, message, { headers: opts.headers });
    this.name = 'GatewayError';
    this.opts = opts;
  }
}

/** A 400 `invalid_request` naming the request field at fault. */
export const badRequest = (message: string, param?: string) => new GatewayError('invalid_request', message, { param: param ?? null });

/** The operator API's codes and their statuses (README, "Keys and solutions": the admin API). */
export const ADMIN_ERRORS = {
  INVALID_REQUEST: 400,
  NOT_FOUND: 404,
} as const;

export type AdminErrorCode = keyof typeof ADMIN_ERRORS;

/** A refused request of the operator API (keys, usage), answered in the admin error shape `{ error, message }`. */
export class KeyError extends HttpError {
  constructor(code: AdminErrorCode, message: string) {
    super(ADMIN_ERRORS[code], code, message);
    this.name = 'KeyError';
  }
}
