/**
 * The audit log of actions on an app's end users (`store/audit.ts`): who
 * (`actor`: the operator's name, or `end-user:<id>`), what, on whom, and
 * details that never carry a secret or a token.
 */
import type { Registry } from '../store/prisma.js';
import { insertAuditEntry } from '../store/audit.js';

/** Appends an entry to the app's audit log. */
export function recordAudit(
  prisma: Registry,
  entry: { appId: string; actor: string; action: string; subject: string | null; details: Record<string, unknown> },
): Promise<void> {
  return insertAuditEntry(prisma, entry);
}
