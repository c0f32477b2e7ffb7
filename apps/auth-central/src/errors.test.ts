import { HttpError } from '@latchkey/errors';
import { AUTH_CENTRAL_ERRORS, AuthCentralError, type AuthCentralErrorCode } from './errors.js';

/** SPEC.md, Errors, Area A (INVALID_TOKEN: 401 on refresh and validate; the exchange passes 400). */
const SPEC_AREA_A: Partial<Record<AuthCentralErrorCode, number>> = {
  INVALID_APP_ID: 400,
  INVALID_REDIRECT_URL: 400,
  INVALID_TOKEN: 401,
  TOKEN_EXPIRED: 400,
  TOKEN_USED: 400,
  SESSION_INVALIDATED: 401,
  CORS_REJECTED: 403,
};

/** Latchkey's own codes, with the statuses the README and the tests of the routes give them. */
const LATCHKEY_OWN: Partial<Record<AuthCentralErrorCode, number>> = {
  INVALID_REQUEST: 400,
  INVALID_DOMAIN: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  APP_EXISTS: 409,
  AMBIGUOUS_USER: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

it('every code of the map has the status SPEC.md (area A) gives, or the one Latchkey documents', () => {
  expect(AUTH_CENTRAL_ERRORS).toEqual({ ...SPEC_AREA_A, ...LATCHKEY_OWN });
});

it("an AuthCentralError is an HttpError with its code's status unless another is given", () => {
  const e = new AuthCentralError('APP_EXISTS', 'taken');
  expect(e).toBeInstanceOf(HttpError);
  expect([e.status, e.code, e.message, e.name]).toEqual([409, 'APP_EXISTS', 'taken', 'AuthCentralError']);
  expect(new AuthCentralError('INVALID_TOKEN', 'malformed', { status: 400 }).status).toBe(400);
  const limited = new AuthCentralError('RATE_LIMITED', 'later', { headers: { 'Retry-After': '3' }, details: { n: 1 } });
  expect([limited.status, limited.headers, limited.details]).toEqual([429, { 'Retry-After': '3' }, { n: 1 }]);
});
