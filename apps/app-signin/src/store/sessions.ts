/**
 * End-user sessions (`latchkey_auth.session`) in an app's own database.
 * A session is found by the SHA-256 of its token (`token_hash`): the token
 * itself is never stored. Callers pass the hash (see `domain/users.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from './app-db.js';
import { USER_COLUMNS, type UserRow } from './users.js';

/** A row of `latchkey_auth.session`, without its token hash. */
export interface SessionRow {
  id: string;
  user_id: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date;
  updated_at: Date;
}

const SESSION_COLUMNS = 'id, user_id, expires_at, ip_address, user_agent, created_at, updated_at';

/**
 * Inserts a session that expires at `expiresAt`; the user agent is cut to 512 characters.
 * @param input.tokenHash SHA-256 (hex) of the session token.
 */
export async function insertSession(
  db: Queryable,
  input: { tokenHash: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null; now: Date },
): Promise<SessionRow> {
  const r = await db.query(
    `INSERT INTO latchkey_auth.session (id, token_hash, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     RETURNING ${SESSION_COLUMNS}`,
    [randomUUID(), input.tokenHash, input.userId, input.expiresAt, input.ip, input.userAgent?.slice(0, 512) ?? null, input.now],
  );
  return r.rows[0] as SessionRow;
}

/** The session with this token hash that has not expired at `now`, and its user; null otherwise. */
export async function findLiveSession(db: Queryable, tokenHash: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | null> {
  const r = await db.query(
    `SELECT s.id AS s_id, s.user_id AS s_user_id, s.expires_at AS s_expires_at, s.ip_address AS s_ip_address,
            s.user_agent AS s_user_agent, s.created_at AS s_created_at, s.updated_at AS s_updated_at, ${USER_COLUMNS}
       FROM latchkey_auth.session s JOIN latchkey_auth."user" u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [tokenHash, now],
  );
  const row = r.rows[0];
  if (!row) return null;
  const session: SessionRow = {
    id: row.s_id,
    user_id: row.s_user_id,
    expires_at: row.s_expires_at,
    ip_address: row.s_ip_address,
    user_agent: row.s_user_agent,
    created_at: row.s_created_at,
    updated_at: row.s_updated_at,
  };
  const user: UserRow = {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified: row.email_verified,
    image: row.image,
    role: row.role,
    two_factor_enabled: row.two_factor_enabled,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  return { session, user };
}

/**
 * The address of the user of session `sessionId` when that session is the
 * user `userId`'s and has not expired at `now`; undefined otherwise.
 */
export async function liveSessionEmail(db: Queryable, sessionId: string, userId: string, now: Date): Promise<string | undefined> {
  const r = await db.query(
    `SELECT u.email FROM latchkey_auth.session s JOIN latchkey_auth."user" u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2 AND s.expires_at > $3`,
    [sessionId, userId, now],
  );
  return r.rows[0]?.email as string | undefined;
}

/** Deletes the session with this token hash (none: nothing happens). */
export async function deleteSessionByHash(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM latchkey_auth.session WHERE token_hash = $1', [tokenHash]);
}

/** Deletes every session of the user. @returns how many ended. */
export async function deleteUserSessions(db: Queryable, userId: string): Promise<number> {
  const r = await db.query('DELETE FROM latchkey_auth.session WHERE user_id = $1', [userId]);
  return r.rowCount ?? 0;
}

/** Deletes every session of every user of the app. @returns how many ended. */
export async function deleteAllSessions(db: Queryable): Promise<number> {
  const r = await db.query('DELETE FROM latchkey_auth.session');
  return r.rowCount ?? 0;
}

/** Sets the session's expiry to `expiresAt` (and `updated_at` to `now`). @returns the row, or null when it is gone. */
export async function extendSession(db: Queryable, id: string, expiresAt: Date, now: Date): Promise<SessionRow | null> {
  const r = await db.query(
    `UPDATE latchkey_auth.session SET expires_at = $2, updated_at = $3 WHERE id = $1
     RETURNING ${SESSION_COLUMNS}`,
    [id, expiresAt, now],
  );
  return (r.rows[0] as SessionRow | undefined) ?? null;
}

/** The user's sessions that have not expired at `now`, newest first (at most 1000). */
export async function listUserSessions(db: Queryable, userId: string, now: Date): Promise<SessionRow[]> {
  const r = await db.query(`SELECT ${SESSION_COLUMNS} FROM latchkey_auth.session WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC LIMIT 1000`, [
    userId,
    now,
  ]);
  return r.rows as SessionRow[];
}

/**
 * Deletes one of the user's sessions: the one whose token hash is `tokenHash`
 * or whose id is `id`.
 * @returns the id of the deleted session, or null when the user has no such session.
 */
export async function deleteUserSession(db: Queryable, userId: string, by: { tokenHash: string; id: string }): Promise<string | null> {
  const r = await db.query(`DELETE FROM latchkey_auth.session WHERE user_id = $1 AND (token_hash = $2 OR id = $3) RETURNING id`, [userId, by.tokenHash, by.id]);
  return (r.rows[0]?.id as string | undefined) ?? null;
}

/** Deletes every session of the user except `keepId`. @returns how many ended. */
export async function deleteOtherSessions(db: Queryable, userId: string, keepId: string): Promise<number> {
  const r = await db.query('DELETE FROM latchkey_auth.session WHERE user_id = $1 AND id <> $2', [userId, keepId]);
  return r.rowCount ?? 0;
}
