/**
 * The `latchkey_auth` schema that app-signin installs in each app's OWN
 * database (plain `pg`, not Prisma: the database is the app's): users,
 * credentials, sessions, two-factor data and mailed tokens, versioned and
 * additive. `provisionAuthSchema` installs the missing versions (safe to
 * repeat); the bookkeeping tables also record the app's own migrations
 * (`app-migrations.ts`). Roles and grants of deploy: `data-access.ts`.
 */
import type { AppDb, Queryable } from './app-db.js';
import { revokeAuthSchema } from './data-access.js';

/** Each version is idempotent DDL (IF NOT EXISTS), so re-running it is harmless. */
export const AUTH_SCHEMA_VERSIONS: Array<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
CREATE TABLE IF NOT EXISTS latchkey_auth."user" (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  image text,
  role text,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON COLUMN latchkey_auth."user".role IS 'Owned by the app: the value becomes the app_role claim, and decides whether a second factor is required (db auth policy).';
CREATE UNIQUE INDEX IF NOT EXISTS user_email_key ON latchkey_auth."user" (lower(email));
CREATE TABLE IF NOT EXISTS latchkey_auth.account (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES latchkey_auth."user"(id) ON DELETE CASCADE,
  provider_id text NOT NULL,
  account_id text NOT NULL,
  password text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, account_id)
);
CREATE INDEX IF NOT EXISTS account_user_id_idx ON latchkey_auth.account (user_id);
CREATE TABLE IF NOT EXISTS latchkey_auth.session (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES latchkey_auth."user"(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  ip_address text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS session_user_id_idx ON latchkey_auth.session (user_id);
CREATE TABLE IF NOT EXISTS latchkey_auth.two_factor (
  id text PRIMARY KEY,
  user_id text NOT NULL UNIQUE REFERENCES latchkey_auth."user"(id) ON DELETE CASCADE,
  secret text NOT NULL,
  backup_codes text NOT NULL,
  backup_code_hashes text[] NOT NULL,
  verified boolean NOT NULL DEFAULT false,
  last_used_step bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON COLUMN latchkey_auth.two_factor.secret IS 'TOTP secret, AES-256-GCM encrypted';
COMMENT ON COLUMN latchkey_auth.two_factor.backup_codes IS 'remaining backup codes, AES-256-GCM encrypted';
COMMENT ON COLUMN latchkey_auth.two_factor.backup_code_hashes IS 'HMAC-SHA-256 of each remaining backup code (verification)';
COMMENT ON COLUMN latchkey_auth.two_factor.last_used_step IS 'last accepted TOTP time step: a code is never accepted twice (RFC 6238 5.2)';
`,
  },
  {
    // Email verification, password reset and change-email tokens; device metadata of sessions;
    // deleted (anonymised) users.
    version: 2,
    sql: `
CREATE TABLE IF NOT EXISTS latchkey_auth.verification (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  purpose text NOT NULL,
  user_id text NOT NULL REFERENCES latchkey_auth."user"(id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
COMMENT ON COLUMN latchkey_auth.verification.token_hash IS 'SHA-256 of the token mailed to the user (the token itself is never stored)';
COMMENT ON COLUMN latchkey_auth.verification.purpose IS 'verify-email | reset-password | change-email';
COMMENT ON COLUMN latchkey_auth.verification.email IS 'the address the token was sent to (the new address for change-email)';
CREATE INDEX IF NOT EXISTS verification_user_id_idx ON latchkey_auth.verification (user_id, purpose);
CREATE INDEX IF NOT EXISTS verification_expires_at_idx ON latchkey_auth.verification (expires_at);
ALTER TABLE latchkey_auth."user" ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
COMMENT ON COLUMN latchkey_auth."user".deleted_at IS 'set when the user deleted their account and the app keeps an anonymised row';
ALTER TABLE latchkey_auth.account ADD COLUMN IF NOT EXISTS email text;
COMMENT ON COLUMN latchkey_auth.account.email IS 'the address the provider reported when the account was linked (null for credential)';
`,
  },
];

/** The version a deploy requires (doctor reports anything older). */
export const LATEST_AUTH_SCHEMA_VERSION = Math.max(...AUTH_SCHEMA_VERSIONS.map((v) => v.version));

/**
 * The schema itself (closed to everyone but the owner) and its bookkeeping:
 * installed versions and the app's own migrations. Idempotent.
 */
export const BOOKKEEPING = `
CREATE SCHEMA IF NOT EXISTS latchkey_auth;
REVOKE ALL ON SCHEMA latchkey_auth FROM PUBLIC;
CREATE TABLE IF NOT EXISTS latchkey_auth.schema_version (
  version integer PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS latchkey_auth.app_migrations (
  name text PRIMARY KEY,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);`;

/** Installed `latchkey_auth` version of an app database (0 when none). */
export async function installedAuthVersion(db: Queryable): Promise<number> {
  const exists = await db.query(`SELECT to_regclass('latchkey_auth.schema_version') AS t`);
  if (!exists.rows[0]?.t) return 0;
  const r = await db.query('SELECT coalesce(max(version), 0)::int AS v FROM latchkey_auth.schema_version');
  return Number(r.rows[0]?.v ?? 0);
}

/**
 * Installs every missing version of `latchkey_auth`, each in its own short
 * transaction (on one connection, as embedded PGlite requires).
 * @returns the versions applied by this call.
 */
export async function provisionAuthSchema(db: AppDb): Promise<number[]> {
  const client = await db.connect();
  try {
    await client.query(BOOKKEEPING);
    const done = new Set((await client.query('SELECT version FROM latchkey_auth.schema_version')).rows.map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const v of AUTH_SCHEMA_VERSIONS) {
      if (done.has(v.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(v.sql);
        await client.query('INSERT INTO latchkey_auth.schema_version (version) VALUES ($1) ON CONFLICT DO NOTHING', [v.version]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
      applied.push(v.version);
    }
    // End users never reach latchkey_auth, whatever happened before.
    await revokeAuthSchema(client);
    return applied;
  } finally {
    client.release();
  }
}
