/**
 * The SQL that app-signin runs in each app's OWN database (plain `pg`):
 * - the `latchkey_auth` schema (users, credentials, sessions, two-factor),
 *   versioned and additive (`provision`, safe to repeat);
 * - the roles and privileges of `deploy` (PostgREST/Supabase conventions:
 *   `authenticated` and `anonymous`, `request.jwt.claims`, `auth.uid()`);
 * - the app's own migrations (`db migrate`), recorded in
 *   `latchkey_auth.app_migrations`.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { HttpError } from '@latchkey/errors';

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

export const LATEST_AUTH_SCHEMA_VERSION = Math.max(...AUTH_SCHEMA_VERSIONS.map((v) => v.version));

const BOOKKEEPING = `
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
export async function installedAuthVersion(db: pg.Pool): Promise<number> {
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
export async function provisionAuthSchema(db: pg.Pool): Promise<number[]> {
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

async function rolesExist(client: pg.PoolClient | pg.Pool): Promise<boolean> {
  const r = await client.query(`SELECT count(*)::int AS n FROM pg_roles WHERE rolname IN ('authenticated', 'anonymous')`);
  return r.rows[0]?.n === 2;
}

async function revokeAuthSchema(client: pg.PoolClient): Promise<void> {
  if (!(await rolesExist(client))) return;
  await client.query(`
REVOKE ALL ON SCHEMA latchkey_auth FROM authenticated, anonymous;
REVOKE ALL ON ALL TABLES IN SCHEMA latchkey_auth FROM authenticated, anonymous;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA latchkey_auth FROM authenticated, anonymous;`);
}

/** Roles are cluster-wide: another database (or a concurrent deploy) may create them at the same moment. */
async function ensureRoles(client: pg.PoolClient): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'authenticated') THEN
    CREATE ROLE authenticated NOLOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'anonymous') THEN
    CREATE ROLE anonymous NOLOGIN NOINHERIT;
  END IF;
END
$$;`);
      break;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt < 5 && (code === '42710' || code === '23505' || code === 'XX000' || code === '40001')) continue;
      throw err;
    }
  }
  // The connecting role switches into them (SET LOCAL ROLE) on behalf of a token.
  for (const role of ['authenticated', 'anonymous']) {
    await client.query(`GRANT ${role} TO CURRENT_USER`).catch(() => {});
  }
}

/**
 * Deploy: the `authenticated` and `anonymous` roles, the data access rules of
 * SPEC.md (every table and view created later in `public` readable and
 * writable by `authenticated`), the `auth.uid()` helpers, and no access at
 * all to `latchkey_auth`. Idempotent.
 */
export async function deployDataAccess(db: pg.Pool): Promise<void> {
  const client = await db.connect();
  try {
    await ensureRoles(client);
    await client.query(`
GRANT USAGE ON SCHEMA public TO authenticated, anonymous;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO authenticated;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO authenticated;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO authenticated;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO authenticated;
CREATE SCHEMA IF NOT EXISTS auth;
CREATE OR REPLACE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE
  AS $$ SELECT coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb $$;
CREATE OR REPLACE FUNCTION auth.uid() RETURNS text LANGUAGE sql STABLE AS $$ SELECT auth.jwt() ->> 'sub' $$;
CREATE OR REPLACE FUNCTION auth.user_id() RETURNS text LANGUAGE sql STABLE AS $$ SELECT auth.jwt() ->> 'sub' $$;
CREATE OR REPLACE FUNCTION auth.role() RETURNS text LANGUAGE sql STABLE AS $$ SELECT auth.jwt() ->> 'role' $$;
GRANT USAGE ON SCHEMA auth TO authenticated, anonymous;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA auth TO authenticated, anonymous;`);
    await revokeAuthSchema(client);
  } finally {
    client.release();
  }
}

/** True when `authenticated` may use `public` in this database (i.e. deploy ran here). */
export async function dataAccessDeployed(db: pg.Pool): Promise<boolean> {
  if (!(await rolesExist(db))) return false;
  const r = await db.query(`SELECT has_schema_privilege('authenticated', 'public', 'USAGE') AS ok, to_regprocedure('auth.uid()') IS NOT NULL AS helpers`);
  return Boolean(r.rows[0]?.ok && r.rows[0]?.helpers);
}

export interface AppMigration {
  name: string;
  sql: string;
}

const MIGRATION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const ROLE_REFERENCE = /\b(authenticated|anonymous)\b/i;

export function checksum(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * Applies the app's own migrations in name order, each in a transaction,
 * skipping those already recorded. A migration that names `authenticated`
 * or `anonymous` before deploy is refused with a message that says so.
 * @param deployed whether sign-in has been deployed for the app.
 */
export async function applyAppMigrations(
  db: pg.Pool,
  migrations: AppMigration[],
  opts: { deployed: boolean; appId: string },
): Promise<{ applied: string[]; skipped: string[] }> {
  for (const m of migrations) {
    if (!MIGRATION_NAME.test(m.name)) throw new HttpError(400, 'INVALID_MIGRATION_NAME', `"${m.name}" is not a valid migration name (letters, digits, ., _ and -).`);
  }
  const names = migrations.map((m) => m.name);
  if (new Set(names).size !== names.length) throw new HttpError(400, 'DUPLICATE_MIGRATION', 'Two migrations have the same name.');
  const sorted = [...migrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const client = await db.connect();
  try {
    await client.query(BOOKKEEPING);
    const done = new Map(
      (await client.query('SELECT name, checksum FROM latchkey_auth.app_migrations')).rows.map((r) => [String(r.name), String(r.checksum)]),
    );
    const applied: string[] = [];
    const skipped: string[] = [];
    for (const m of sorted) {
      const sum = checksum(m.sql);
      const before = done.get(m.name);
      if (before !== undefined) {
        if (before !== sum) {
          throw new HttpError(409, 'MIGRATION_CHANGED', `Migration ${m.name} was already applied and has changed since; write a new migration instead of editing it.`, {
            details: { applied, migration: m.name },
          });
        }
        skipped.push(m.name);
        continue;
      }
      if (!opts.deployed && ROLE_REFERENCE.test(m.sql)) {
        throw new HttpError(
          409,
          'DEPLOY_FIRST',
          `Migration ${m.name} references the ${ROLE_REFERENCE.exec(m.sql)![1]!.toLowerCase()} role, which exists only after sign-in is deployed: run \`latchkey host db auth deploy ${opts.appId}\` first, then re-run db migrate.`,
          { details: { applied, migration: m.name } },
        );
      }
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO latchkey_auth.app_migrations (name, checksum) VALUES ($1, $2)', [m.name, sum]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        const e = err as { code?: string; message?: string };
        if (e.code === '42704' && /role "(authenticated|anonymous)" does not exist/.test(e.message ?? '')) {
          throw new HttpError(409, 'DEPLOY_FIRST', `Migration ${m.name} failed: ${e.message}. Run \`latchkey host db auth deploy ${opts.appId}\` first, then re-run db migrate.`, {
            details: { applied, migration: m.name },
          });
        }
        throw new HttpError(422, 'MIGRATION_FAILED', `Migration ${m.name} failed and was rolled back: ${e.message ?? 'unknown error'}${e.code ? ` (SQLSTATE ${e.code})` : ''}.`, {
          details: { applied, migration: m.name },
        });
      }
      applied.push(m.name);
    }
    return { applied, skipped };
  } finally {
    client.release();
  }
}
