import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type { App, SigningKey, AuditEntry } from '../generated/prisma/client.js';
export { PrismaClient };

/** The registry client on app-signin's own database (latchkey_signin). */
export function createPrisma(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
}
