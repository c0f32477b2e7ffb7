import { PrismaPg } from '@prisma/adapter-pg';
import { createPgPool, type DependencyMonitor } from '@latchkey/service-kit';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export { PrismaClient };

/**
 * A Prisma client on `connectionString` through the `pg` driver adapter.
 * @param opts.max pool size (default 10).
 * @param opts.monitor reports PostgreSQL outages (one warning per outage).
 * The pool has service-kit's connection and statement time-outs.
 */
export function createPrisma(connectionString: string, opts: { max?: number; monitor?: DependencyMonitor } = {}): PrismaClient {
  const pool = createPgPool(connectionString, { max: opts.max ?? 10, monitor: opts.monitor });
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

/** True for a Prisma unique-constraint violation (P2002). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === 'P2002';
}
