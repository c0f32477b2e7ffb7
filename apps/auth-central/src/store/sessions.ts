/** Sessions and single-use exchange tokens. */
import type { Db } from './prisma.js';
import type { Sql } from './sql.js';
import { SIGN_IN_ROLE } from './users.js';

export interface SessionView {
  sessionId: string;
  appId: string;
  invalidatedAt: Date | null;
  user: { id: string; email: string; name: string; role: string };
  workspace: { id: string; name: string; tier: string };
}

interface SessionRow {
  session_id: string;
  app_id: string;
  invalidated_at: Date | null;
  user_id: string;
  email: string;
  name: string;
  role: string | null;
  organisation_id: string;
  organisation_name: string;
  tier: string;
}

function toView(r: SessionRow): SessionView {
  return {
    sessionId: r.session_id,
    appId: r.app_id,
    invalidatedAt: r.invalidated_at,
    user: { id: r.user_id, email: r.email, name: r.name, role: r.role ?? SIGN_IN_ROLE },
    workspace: { id: r.organisation_id, name: r.organisation_name, tier: r.tier },
  };
}

export interface NewExchangeToken {
  tokenHash: string;
  userId: string;
  appId: string;
  organisationId: string;
  redirectUrl: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertExchangeToken(db: Db, t: NewExchangeToken): Promise<void> {
  await db.exchangeToken.create({ data: t });
}

const CONSUME_EXCHANGE_TOKEN = `
    WITH consumed AS (
      UPDATE exchange_tokens
         SET used_at = $2::timestamptz, session_id = $3
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz
      RETURNING user_id, app_id, organisation_id
    ), created AS (
      INSERT INTO sessions (id, user_id, app_id, organisation_id, created_at)
      SELECT $3, user_id, app_id, organisation_id, $2::timestamptz FROM consumed
      RETURNING id, user_id, app_id, organisation_id, invalidated_at
    )
    SELECT c.id AS session_id, c.app_id, c.invalidated_at, u.id AS user_id, u.email, u.name, m.role::text AS role,
           o.id AS organisation_id, o.name AS organisation_name, o.tier::text AS tier
      FROM created c
      JOIN users u ON u.id = c.user_id
      JOIN organisations o ON o.id = c.organisation_id
      LEFT JOIN memberships m ON m.user_id = c.user_id AND m.organisation_id = c.organisation_id`;

/**
 * Consumes an exchange token and creates its session in ONE statement (one
 * round trip, no explicit transaction): the `UPDATE … WHERE used_at IS NULL
 * AND expires_at > now` row lock makes concurrent exchanges of one token
 * serialize, and only the first sees the row still unused. Returns null when
 * the token is unknown, used or expired (the caller classifies with
 * `findExchangeToken`).
 */
export async function consumeExchangeToken(sql: Sql, tokenHash: string, now: Date, sessionId: string): Promise<SessionView | null> {
  const rows = await sql<SessionRow>('lk_consume_exchange_token', CONSUME_EXCHANGE_TOKEN, [tokenHash, now, sessionId]);
  return rows[0] ? toView(rows[0]) : null;
}

/** The state of an exchange token, to say why a consume failed. */
export async function findExchangeToken(db: Db, tokenHash: string): Promise<{ usedAt: Date | null; expiresAt: Date; sessionId: string | null } | null> {
  return db.exchangeToken.findUnique({ where: { tokenHash }, select: { usedAt: true, expiresAt: true, sessionId: true } });
}

const FIND_SESSION = `
    SELECT s.id AS session_id, s.app_id, s.invalidated_at, u.id AS user_id, u.email, u.name, m.role::text AS role,
           o.id AS organisation_id, o.name AS organisation_name, o.tier::text AS tier
      FROM sessions s
      JOIN users u ON u.id = s.user_id
      JOIN organisations o ON o.id = s.organisation_id
      LEFT JOIN memberships m ON m.user_id = s.user_id AND m.organisation_id = s.organisation_id
     WHERE s.id = $1`;

/** The session with its user and organisation (one query: four primary-key lookups). */
export async function findSession(sql: Sql, sessionId: string): Promise<SessionView | null> {
  const rows = await sql<SessionRow>('lk_find_session', FIND_SESSION, [sessionId]);
  return rows[0] ? toView(rows[0]) : null;
}

/** Marks a session logged out (idempotent: the first time wins). */
export async function invalidateSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.session.updateMany({ where: { id: sessionId, invalidatedAt: null }, data: { invalidatedAt: now } });
}

/**
 * Deletes exchange tokens and pending logins that expired before `cutoff`.
 * @returns how many rows went.
 */
export async function purgeExpired(db: Db, cutoff: Date): Promise<{ exchangeTokens: number; loginStates: number }> {
  const [a, b] = await Promise.all([
    db.exchangeToken.deleteMany({ where: { expiresAt: { lt: cutoff } } }),
    db.loginState.deleteMany({ where: { expiresAt: { lt: cutoff } } }),
  ]);
  return { exchangeTokens: a.count, loginStates: b.count };
}
