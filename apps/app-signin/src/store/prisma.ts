/**
 * The Prisma client of app-signin's own database (`latchkey_signin`): the
 * registry (`apps.ts`, `signing-keys.ts`, `providers.ts`, `audit.ts`).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export { PrismaClient };

/**
 * The registry connection as domain/ holds it: it passes it to the store/
 * functions and never queries it itself (the rows it gets back are the plain
 * types of store/apps.ts, signing-keys.ts, providers.ts and audit.ts).
 */
export type Registry = PrismaClient;

/** The registry client on app-signin's own database (latchkey_signin). */
export function createPrisma(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
}

/** Resolves when the registry database answers (readiness); rejects otherwise. */
export async function pingRegistry(prisma: PrismaClient): Promise<void> {
  await prisma.$queryRaw`SELECT 1`;
}
