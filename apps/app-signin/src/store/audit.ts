/**
 * The audit log of actions on an app's end users (`audit_log` in app-signin's
 * own database, Prisma): operator reset-user and disable, end users' delete-user.
 */
import type { AuditEntry, PrismaClient } from './prisma.js';

/** Appends an entry. @param entry.details JSON object (never a secret or token). */
export async function insertAuditEntry(
  prisma: PrismaClient,
  entry: { appId: string; actor: string; action: string; subject: string | null; details: Record<string, unknown> },
): Promise<void> {
  await prisma.auditEntry.create({ data: { ...entry, details: entry.details as object } });
}

/** The app's entries, oldest first. */
export function listAuditEntries(prisma: PrismaClient, appId: string): Promise<AuditEntry[]> {
  return prisma.auditEntry.findMany({ where: { appId }, orderBy: { id: 'asc' } });
}
