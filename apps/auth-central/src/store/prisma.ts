import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export { PrismaClient };

/**
 * A Prisma client on `connectionString` through the `pg` driver adapter.
 * @param opts.max pool size (default 10).
 */
export function createPrisma(connectionString: string, opts: { max?: number } = {}): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: opts.max ?? 10 }) });
}

/** True for a Prisma unique-constraint violation (P2002). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === 'P2002';
}
