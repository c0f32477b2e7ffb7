/**
 * The audit log of actions on an app's end users (`audit_log` in app-signin's
 * own database, Prisma): operator reset-user and disable, end users' delete-user.
 */
import type { PrismaClient } from './prisma.js';

/** A row of `audit_log`. */
export interface AuditRow {
  id: bigint;
  appId: string;
  actor: string;
  action: string;
  subject: string | null;
  /** The JSON object given at insert. */
  details: unknown;
  createdAt: Date;
}

/** Appends an entry. @param entry.details JSON object (never a secret or token). */
export async function insertAuditEntry(
  prisma: PrismaClient,
  entry: { appId: string; actor: string; action: string; subject: string | null; details: Record<string, unknown> },
): Promise<void> {
  await prisma.auditEntry.create({ data: { ...entry, details: entry.details as object } });
}

/** The app's entries, oldest first. */
export function listAuditEntries(prisma: PrismaClient, appId: string): Promise<AuditRow[]> {
  return prisma.auditEntry.findMany({ where: { appId }, orderBy: { id: 'asc' } });
}
