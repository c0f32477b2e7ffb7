/**
 * Bearer access tokens are validated by `@latchkey/auth-backend` (auth-central's
 * `GET {authUrl}/context/auth/validate`, SPEC.md area A): cache per token hash,
 * circuit breaker, typed refusals. This module only holds strategy's settings:
 * valid answers are reused for `AUTH_CACHE_TTL_MS` (30 s by default; a
 * logged-out token keeps working until its entry ends, SPEC.md area A rule 5),
 * refusals for 5 s.
 */
import { createValidator, type AccessTokenValidator, type ValidatorOptions } from '@latchkey/auth-backend';

/** What the credential middleware needs: `validate(token)` → `{user, workspace}`, or `TokenRejectedError` / `AuthUnavailableError`. */
export type BearerValidator = Pick<AccessTokenValidator, 'validate'>;

export const BEARER_CACHE_TTL_MS = 30_000;
export const BEARER_NEGATIVE_CACHE_TTL_MS = 5_000;

export function createBearerValidator(opts: ValidatorOptions): AccessTokenValidator {
  return createValidator({ cacheTtlMs: BEARER_CACHE_TTL_MS, negativeCacheTtlMs: BEARER_NEGATIVE_CACHE_TTL_MS, ...opts });
}
