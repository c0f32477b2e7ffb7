/**
 * The Prisma client of app-signin's own database (`latchkey_signin`): the
 * registry (`apps.ts`, `signing-keys.ts`, `providers.ts`, `audit.ts`).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type { App, SigningKey, AuditEntry, AuthProvider } from '../generated/prisma/client.js';
export { PrismaClient };

/** The registry client on app-signin's own database (latchkey_signin). */
export function createPrisma(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
}

/** Resolves when the registry database answers (readiness); rejects otherwise. */
export async function pingRegistry(prisma: PrismaClient): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}
