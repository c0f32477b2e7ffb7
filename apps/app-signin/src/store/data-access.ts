/**
 * Deploy's data access rules in an app's own database (SPEC.md, PostgREST /
 * Supabase conventions): the `authenticated` and `anonymous` roles, grants on
 * `public` (and on every table and sequence created there later), the
 * `auth.jwt()` / `auth.uid()` / `auth.user_id()` / `auth.role()` helpers over
 * `request.jwt.claims`, and no access at all to `latchkey_auth`. Idempotent.
 */
import type { AppDb, Queryable } from './app-db.js';

/** Whether both roles exist (they are cluster-wide). */
async function rolesExist(client: Queryable): Promise<boolean> {
  const r = await client.query(`SELECT count(*)::int AS n FROM pg_roles WHERE rolname IN ('authenticated', 'anonymous')`);
  return r.rows[0]?.n === 2;
}

/** Takes every privilege on `latchkey_auth` from both roles (when they exist). */
export async function revokeAuthSchema(client: Queryable): Promise<void> {
  if (!(await rolesExist(client))) return;
  await client.query(`
REVOKE ALL ON SCHEMA latchkey_auth FROM authenticated, anonymous;
REVOKE ALL ON ALL TABLES IN SCHEMA latchkey_auth FROM authenticated, anonymous;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA latchkey_auth FROM authenticated, anonymous;`);
}

/** Roles are cluster-wide: another database (or a concurrent deploy) may create them at the same moment. */
async function ensureRoles(client: Queryable): Promise<void> {
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
export async function deployDataAccess(db: AppDb): Promise<void> {
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
export async function dataAccessDeployed(db: AppDb): Promise<boolean> {
  if (!(await rolesExist(db))) return false;
  const r = await db.query(`SELECT has_schema_privilege('authenticated', 'public', 'USAGE') AS ok, to_regprocedure('auth.uid()') IS NOT NULL AS helpers`);
  return Boolean(r.rows[0]?.ok && r.rows[0]?.helpers);
}
