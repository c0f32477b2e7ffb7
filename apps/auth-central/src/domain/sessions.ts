/**
 * Exchange, refresh, validate and logout (SPEC.md area A, states and
 * transitions of the exchange token and of the session).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { AuthCentralError } from '../errors.js';
import { sha256Hex } from '@latchkey/service-kit';
import type { Db } from '../store/prisma.js';
import type { Sql } from '../store/sql.js';
import { consumeExchangeToken, findExchangeToken, findSession, invalidateSession, type SessionView } from '../store/sessions.js';
import type { AccessTokens } from './access-tokens.js';

/** An exchange token is `randomHex(64)`: exactly 128 lowercase hex characters. */
export const EXCHANGE_TOKEN_FORMAT = /^[0-9a-f]{128}$/;

export interface UserBody {
  id: string;
  email: string;
  name: string;
  role: string;
}
export interface WorkspaceBody {
  id: string;
  name: string;
  tier: string;
}

export interface SessionsOptions {
  db: Db;
  /** The hot queries: consume, session lookup. */
  sql: Sql;
  tokens: AccessTokens;
  now: () => number;
  logger?: Logger;
  /** Revoke the session issued from an exchange token when the token is presented again (RFC 6749 §4.1.2). */
  revokeOnReuse: boolean;
  /** Seconds after expiry during which refresh still accepts a validly signed token (0: never). */
  refreshGraceSeconds: number;
}

/**
 * Told the app id of a token as soon as its signature (access token) or its
 * consumption (exchange token) proves it; the routes scope CORS with it.
 */
export type AppHook = (appId: string) => Promise<void>;

const invalidToken = (status: number, message = 'The access token is invalid or expired.') => new AuthCentralError('INVALID_TOKEN', message, { status });

/**
 * The sessions of signed-in users: `exchange` (single use, replay-guarded), `refresh`, `validate`
 * and `logout`, over the database and the access-token signer. Throws `AuthCentralError` with the
 * codes and statuses of SPEC.md area A.
 */
export class Sessions {
  constructor(private readonly o: SessionsOptions) {}

  /**
   * POST /context/auth/exchange.
   * @param onApp called with the token's app id once the token is consumed, before the answer (CORS scoping)
   */
  async exchange(token: unknown, onApp?: AppHook): Promise<{ access_token: string; expires_at: string; user: UserBody; workspace: WorkspaceBody }> {
    if (typeof token !== 'string' || !EXCHANGE_TOKEN_FORMAT.test(token)) {
      throw new AuthCentralError('INVALID_TOKEN', 'The exchange token is malformed.', { status: 400 });
    }
    const hash = sha256Hex(token);
    const now = new Date(this.o.now());
    const sessionId = randomUUID();
    const view = await consumeExchangeToken(this.o.sql, hash, now, sessionId);
    if (!view) throw await this.whyNotConsumed(hash, now);
    await onApp?.(view.appId);
    const { token: accessToken, expiresAt } = await this.o.tokens.issue({
      userId: view.user.id,
      organisationId: view.workspace.id,
      appId: view.appId,
      sessionId: view.sessionId,
    });
    return { access_token: accessToken, expires_at: expiresAt.toISOString(), user: view.user, workspace: view.workspace };
  }

  private async whyNotConsumed(hash: string, now: Date): Promise<AuthCentralError> {
    const row = await findExchangeToken(this.o.db, hash);
    if (!row) return new AuthCentralError('INVALID_TOKEN', 'The exchange token was not found.', { status: 400 });
    if (row.usedAt) {
      if (this.o.revokeOnReuse && row.sessionId) {
        await invalidateSession(this.o.db, row.sessionId, now);
        this.o.logger?.warn({ sessionId: row.sessionId }, 'exchange token presented again: session revoked');
      }
      return new AuthCentralError('TOKEN_USED', 'The exchange token has already been used. Sign in again.');
    }
    return new AuthCentralError('TOKEN_EXPIRED', 'The exchange token has expired. Sign in again.');
  }

  /** The session behind a verified access token, or the area A error. */
  private async liveSession(sessionId: string, userId: string): Promise<SessionView> {
    const session = await findSession(this.o.sql, sessionId);
    if (!session || session.user.id !== userId) throw invalidToken(401, 'The session of this access token does not exist.');
    if (session.invalidatedAt) throw new AuthCentralError('SESSION_INVALIDATED', 'The session has been logged out. Sign in again.');
    return session;
  }

  /**
   * Whether `accessToken` carries a valid signature of this auth-central (its
   * issuer, audience and expiry included); no database lookup. Used to serve
   * real tokens from an address that is over its limit of refused tokens (a
   * backend relaying strangers' garbage must not lock out its real users).
   */
  async isSigned(accessToken: unknown): Promise<boolean> {
    return (await this.o.tokens.verify(accessToken)).ok;
  }

  /**
   * GET /context/auth/validate: SPEC's `user` and `workspace`, plus the
   * `app_id` the token was issued for (an additive field), so that a backend
   * can refuse another tenant's tokens (`@latchkey/auth-backend`'s `apps`).
   */
  async validate(accessToken: unknown, onApp?: AppHook): Promise<{ user: UserBody; workspace: WorkspaceBody; app_id: string }> {
    const v = await this.o.tokens.verify(accessToken);
    if (!v.ok) throw invalidToken(401, v.expired ? 'The access token has expired.' : 'The access token is invalid.');
    await onApp?.(v.claims.app_id);
    const session = await this.liveSession(v.claims.sid, v.claims.sub);
    return { user: session.user, workspace: session.workspace, app_id: session.appId };
  }

  /** POST /context/auth/refresh: a new 1-hour token for the same session. */
  async refresh(accessToken: unknown, onApp?: AppHook): Promise<{ access_token: string; expires_at: string }> {
    const v = await this.o.tokens.verify(accessToken, { expiredGraceSeconds: this.o.refreshGraceSeconds });
    if (!v.ok) throw invalidToken(401, v.expired ? 'The access token has expired. Sign in again.' : 'The access token is invalid.');
    await onApp?.(v.claims.app_id);
    const session = await this.liveSession(v.claims.sid, v.claims.sub);
    const { token, expiresAt } = await this.o.tokens.issue({
      userId: session.user.id,
      organisationId: session.workspace.id,
      appId: session.appId,
      sessionId: session.sessionId,
    });
    return { access_token: token, expires_at: expiresAt.toISOString() };
  }

  /**
   * POST /context/auth/logout: invalidates the session at once (every
   * instance reads the session row on validate and refresh). An expired but
   * validly signed token may still log its session out. Idempotent.
   */
  async logout(accessToken: unknown, onApp?: AppHook): Promise<{ success: true }> {
    const v = await this.o.tokens.verify(accessToken, { expiredGraceSeconds: Number.MAX_SAFE_INTEGER });
    if (!v.ok) throw invalidToken(401);
    await onApp?.(v.claims.app_id);
    const session = await findSession(this.o.sql, v.claims.sid);
    if (!session || session.user.id !== v.claims.sub) throw invalidToken(401, 'The session of this access token does not exist.');
    await invalidateSession(this.o.db, session.sessionId, new Date(this.o.now()));
    return { success: true };
  }
}
