/**
 * What each auth-central role may do with the strategy API (an access token's
 * `user.role` in its `workspace`, as auth-central's validate answers it).
 *
 * | role | `/v1/coordinate`, `/v1/framework` with a Bearer token |
 * |---|---|
 * | `owner`, `admin`, `member` (given by the organisation: `latchkey org members add`) | allowed, charged to the organisation's credits |
 * | `user` (only signed in through one of the organisation's apps), or any other value | 403 FORBIDDEN, nothing charged |
 *
 * No role reaches `/admin/*` (operator token only): credits, ledgers and API
 * keys are never read or changed with an access token. API keys (`apikey`)
 * belong to the organisation and are not affected by roles.
 */

/** Roles whose access tokens may spend the organisation's strategy credits. */
export const SPENDING_ROLES: ReadonlySet<string> = new Set(['owner', 'admin', 'member']);

/** True when an access token with `role` may call the strategic endpoints on its organisation's credits. */
export function maySpendCredits(role: string | undefined): boolean {
  return role !== undefined && SPENDING_ROLES.has(role);
}
