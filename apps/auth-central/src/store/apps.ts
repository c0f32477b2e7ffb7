/** Hosted apps and their organisations. */
import type { HostedApp } from '@latchkey/admin-api';
import type { Db } from './prisma.js';
import type { Tier } from '../generated/prisma/client.js';
import { isUniqueViolation } from './prisma.js';
import type { Sql } from './sql.js';

/** A hosted app as the admin API answers it (`@latchkey/admin-api`). */
export type AppRecord = HostedApp;

const include = { organisation: true } as const;

type AppRow = {
  id: string;
  allowedAuthDomains: string[];
  createdAt: Date;
  updatedAt: Date;
  organisation: { id: string; name: string; tier: Tier };
};

export function toAppRecord(row: AppRow): AppRecord {
  return {
    app_id: row.id,
    organisation: { id: row.organisation.id, name: row.organisation.name, tier: row.organisation.tier },
    allowed_auth_domains: row.allowedAuthDomains,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface NewApp {
  appId: string;
  organisationId: string;
  /** Used when the organisation is created by this call; defaults to its id. */
  organisationName?: string;
  tier?: Tier;
  domains: string[];
}

/**
 * Registers an app, creating its organisation when it does not exist yet.
 * @returns null when the app id is taken.
 */
export async function insertApp(db: Db, input: NewApp): Promise<AppRecord | null> {
  try {
    const row = await db.$transaction(async (tx) => {
      await tx.organisation.upsert({
        where: { id: input.organisationId },
        create: { id: input.organisationId, name: input.organisationName ?? input.organisationId, tier: input.tier ?? 'free' },
        update: {},
      });
      return tx.app.create({
        data: { id: input.appId, organisationId: input.organisationId, allowedAuthDomains: input.domains },
        include,
      });
    });
    return toAppRecord(row);
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Registers or updates an app (idempotent; used by `pnpm start`). */
export async function upsertApp(db: Db, input: NewApp): Promise<AppRecord> {
  const row = await db.$transaction(async (tx) => {
    await tx.organisation.upsert({
      where: { id: input.organisationId },
      create: { id: input.organisationId, name: input.organisationName ?? input.organisationId, tier: input.tier ?? 'free' },
      update: {},
    });
    return tx.app.upsert({
      where: { id: input.appId },
      create: { id: input.appId, organisationId: input.organisationId, allowedAuthDomains: input.domains },
      update: { organisationId: input.organisationId, allowedAuthDomains: input.domains },
      include,
    });
  });
  return toAppRecord(row);
}

export async function findApp(db: Db, appId: string): Promise<AppRecord | null> {
  const row = await db.app.findUnique({ where: { id: appId }, include });
  return row ? toAppRecord(row) : null;
}

export async function listApps(db: Db): Promise<AppRecord[]> {
  const rows = await db.app.findMany({ include, orderBy: { id: 'asc' } });
  return rows.map(toAppRecord);
}

/** @returns null when the app does not exist. */
export async function setAppDomains(db: Db, appId: string, domains: string[]): Promise<AppRecord | null> {
  const { count } = await db.app.updateMany({ where: { id: appId }, data: { allowedAuthDomains: domains } });
  if (!count) return null;
  return findApp(db, appId);
}

/** Deletes an app with its sessions, exchange tokens and pending logins. @returns false when it did not exist. */
export async function deleteApp(db: Db, appId: string): Promise<boolean> {
  const { count } = await db.app.deleteMany({ where: { id: appId } });
  return count > 0;
}

const HOST_ALLOWED_ANY = 'SELECT 1 FROM apps WHERE allowed_auth_domains @> ARRAY[$1::text] LIMIT 1';
const HOST_ALLOWED_FOR_APP = 'SELECT 1 FROM apps WHERE app_id = $2 AND allowed_auth_domains @> ARRAY[$1::text]';

/** True when some registered app (or `appId` only, when given) lists `host` (one indexed query). */
export async function hostIsAllowed(sql: Sql, host: string, appId?: string): Promise<boolean> {
  const rows = appId ? await sql('lk_host_allowed_for_app', HOST_ALLOWED_FOR_APP, [host, appId]) : await sql('lk_host_allowed_any', HOST_ALLOWED_ANY, [host]);
  return rows.length > 0;
}

/** An organisation's `{id, name, tier}`, or null when it does not exist. */
export async function findOrganisation(db: Db, organisationId: string): Promise<{ id: string; name: string; tier: Tier } | null> {
  return db.organisation.findUnique({ where: { id: organisationId }, select: { id: true, name: true, tier: true } });
}
