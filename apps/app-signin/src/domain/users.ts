/**
 * End users, credentials and sessions in the app's own database
 * (`latchkey_auth`). Session tokens are stored as SHA-256 only.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { sha256Hex } from '@latchkey/service-kit';
import { HttpError } from '@latchkey/errors';
import { randomToken } from './crypto.js';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  role: string | null;
  two_factor_enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface SessionRow {
  id: string;
  user_id: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The user as better-auth returns it. */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: u.email_verified,
    image: u.image,
    createdAt: u.created_at.toISOString(),
    updatedAt: u.updated_at.toISOString(),
    twoFactorEnabled: u.two_factor_enabled,
    role: u.role,
  };
}

export function publicSession(s: SessionRow, token: string) {
  return {
    id: s.id,
    userId: s.user_id,
    token,
    expiresAt: s.expires_at.toISOString(),
    createdAt: s.created_at.toISOString(),
    updatedAt: s.updated_at.toISOString(),
    ipAddress: s.ip_address,
    userAgent: s.user_agent,
  };
}

const USER_COLUMNS = 'u.id, u.name, u.email, u.email_verified, u.image, u.role, u.two_factor_enabled, u.created_at, u.updated_at';

export async function findUserWithPassword(db: pg.Pool, email: string): Promise<{ user: UserRow; password: string | null } | null> {
  const r = await db.query(
    `SELECT ${USER_COLUMNS}, a.password FROM latchkey_auth."user" u
       LEFT JOIN latchkey_auth.account a ON a.user_id = u.id AND a.provider_id = 'credential'
      WHERE lower(u.email) = lower($1)`,
    [email],
  );
  const row = r.rows[0];
  if (!row) return null;
  const { password, ...user } = row;
  return { user: user as UserRow, password: (password as string | null) ?? null };
}

export async function passwordOf(db: pg.Pool, userId: string): Promise<string | null> {
  const r = await db.query(`SELECT password FROM latchkey_auth.account WHERE user_id = $1 AND provider_id = 'credential'`, [userId]);
  return (r.rows[0]?.password as string | undefined) ?? null;
}

export async function findUserByEmail(db: pg.Pool, email: string): Promise<UserRow | null> {
  const r = await db.query(`SELECT ${USER_COLUMNS} FROM latchkey_auth."user" u WHERE lower(u.email) = lower($1)`, [email]);
  return (r.rows[0] as UserRow | undefined) ?? null;
}

/** Creates user and credential in one statement (no transaction to hold open). */
export async function createUser(db: pg.Pool, input: { name: string; email: string; passwordHash: string; now: Date }): Promise<UserRow> {
  const id = randomUUID();
  try {
    const r = await db.query(
      `WITH u AS (
         INSERT INTO latchkey_auth."user" (id, name, email, created_at, updated_at) VALUES ($1, $2, $3, $5, $5)
         RETURNING id, name, email, email_verified, image, role, two_factor_enabled, created_at, updated_at
       ), a AS (
         INSERT INTO latchkey_auth.account (id, user_id, provider_id, account_id, password, created_at, updated_at)
         SELECT $6, id, 'credential', id, $4, $5, $5 FROM u
       )
       SELECT * FROM u`,
      [id, input.name, input.email, input.passwordHash, input.now, randomUUID()],
    );
    return r.rows[0] as UserRow;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw new HttpError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.');
    }
    throw err;
  }
}

export async function createSession(
  db: pg.Pool,
  userId: string,
  opts: { now: Date; ttlSec: number; ip?: string; userAgent?: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken(32);
  const r = await db.query(
    `INSERT INTO latchkey_auth.session (id, token_hash, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     RETURNING id, user_id, expires_at, ip_address, user_agent, created_at, updated_at`,
    [randomUUID(), sha256Hex(token), userId, new Date(opts.now.getTime() + opts.ttlSec * 1000), opts.ip ?? null, opts.userAgent?.slice(0, 512) ?? null, opts.now],
  );
  return { token, session: r.rows[0] as SessionRow };
}

export async function findSession(db: pg.Pool, token: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | null> {
  const r = await db.query(
    `SELECT s.id AS s_id, s.user_id AS s_user_id, s.expires_at AS s_expires_at, s.ip_address AS s_ip_address,
            s.user_agent AS s_user_agent, s.created_at AS s_created_at, s.updated_at AS s_updated_at, ${USER_COLUMNS}
       FROM latchkey_auth.session s JOIN latchkey_auth."user" u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [sha256Hex(token), now],
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

export async function deleteSession(db: pg.Pool, token: string): Promise<void> {
  await db.query('DELETE FROM latchkey_auth.session WHERE token_hash = $1', [sha256Hex(token)]);
}

export async function deleteUserSessions(db: pg.Pool, userId: string): Promise<number> {
  const r = await db.query('DELETE FROM latchkey_auth.session WHERE user_id = $1', [userId]);
  return r.rowCount ?? 0;
}

export async function deleteAllSessions(db: pg.Pool): Promise<number> {
  const r = await db.query('DELETE FROM latchkey_auth.session');
  return r.rowCount ?? 0;
}

export async function findUserById(db: pg.Pool, id: string): Promise<UserRow | null> {
  const r = await db.query(`SELECT ${USER_COLUMNS} FROM latchkey_auth."user" u WHERE u.id = $1`, [id]);
  return (r.rows[0] as UserRow | undefined) ?? null;
}

/** Extends a session to `now + ttlMs`. */
export async function refreshSession(db: pg.Pool, id: string, now: Date, ttlMs: number): Promise<SessionRow | null> {
  const r = await db.query(
    `UPDATE latchkey_auth.session SET expires_at = $2, updated_at = $3 WHERE id = $1
     RETURNING id, user_id, expires_at, ip_address, user_agent, created_at, updated_at`,
    [id, new Date(now.getTime() + ttlMs), now],
  );
  return (r.rows[0] as SessionRow | undefined) ?? null;
}

const SESSION_COLUMNS = 'id, user_id, expires_at, ip_address, user_agent, created_at, updated_at';

/** The user's sessions that have not expired, newest first. */
export async function listUserSessions(db: pg.Pool, userId: string, now: Date): Promise<SessionRow[]> {
  const r = await db.query(
    `SELECT ${SESSION_COLUMNS} FROM latchkey_auth.session WHERE user_id = $1 AND expires_at > $2 ORDER BY created_at DESC LIMIT 1000`,
    [userId, now],
  );
  return r.rows as SessionRow[];
}

/**
 * Deletes one of the user's sessions, named by its token or by its id (the
 * handle that list-sessions shows for the user's other sessions).
 * @returns the id of the deleted session, or null when the user has no such session.
 */
export async function deleteUserSession(db: pg.Pool, userId: string, tokenOrId: string): Promise<string | null> {
  const r = await db.query(
    `DELETE FROM latchkey_auth.session WHERE user_id = $1 AND (token_hash = $2 OR id = $3) RETURNING id`,
    [userId, sha256Hex(tokenOrId), tokenOrId],
  );
  return (r.rows[0]?.id as string | undefined) ?? null;
}

/** Deletes every session of the user except `keepId`. @returns how many ended. */
export async function deleteOtherSessions(db: pg.Pool, userId: string, keepId: string): Promise<number> {
  const r = await db.query('DELETE FROM latchkey_auth.session WHERE user_id = $1 AND id <> $2', [userId, keepId]);
  return r.rowCount ?? 0;
}

/** The user linked to a provider account (`provider_id`, the provider's subject), or null. */
export async function findUserByAccount(db: pg.Pool, providerId: string, accountId: string): Promise<UserRow | null> {
  const r = await db.query(
    `SELECT ${USER_COLUMNS} FROM latchkey_auth.account a JOIN latchkey_auth."user" u ON u.id = a.user_id WHERE a.provider_id = $1 AND a.account_id = $2`,
    [providerId, accountId],
  );
  return (r.rows[0] as UserRow | undefined) ?? null;
}

/** Links a provider account to an existing user. */
export async function linkAccount(db: pg.Pool, input: { userId: string; providerId: string; accountId: string; email: string | null; now: Date }): Promise<void> {
  await db.query(
    `INSERT INTO latchkey_auth.account (id, user_id, provider_id, account_id, email, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (provider_id, account_id) DO NOTHING`,
    [randomUUID(), input.userId, input.providerId, input.accountId, input.email, input.now],
  );
}

/** Creates a user who signed up through a provider (no password), with the provider account, in one statement. */
export async function createProviderUser(
  db: pg.Pool,
  input: { name: string; email: string; emailVerified: boolean; image: string | null; providerId: string; accountId: string; now: Date },
): Promise<UserRow> {
  try {
    const r = await db.query(
      `WITH u AS (
         INSERT INTO latchkey_auth."user" (id, name, email, email_verified, image, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
         RETURNING id, name, email, email_verified, image, role, two_factor_enabled, created_at, updated_at
       ), a AS (
         INSERT INTO latchkey_auth.account (id, user_id, provider_id, account_id, email, created_at, updated_at)
         SELECT $7, id, $8, $9, $3, $6, $6 FROM u
       )
       SELECT * FROM u`,
      [randomUUID(), input.name, input.email, input.emailVerified, input.image, input.now, randomUUID(), input.providerId, input.accountId],
    );
    return r.rows[0] as UserRow;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw new HttpError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.');
    }
    throw err;
  }
}
