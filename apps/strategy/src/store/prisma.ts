import { PrismaPg } from '@prisma/adapter-pg';
import { createPgPool, type DependencyMonitor } from '@latchkey/service-kit';
import { PrismaClient } from '../generated/prisma/client.js';

export type { PrismaClient };

/** A Prisma client on `connectionString` through `@prisma/adapter-pg`, on a pool with service-kit's time-outs. */
export function createPrisma(connectionString: string, max = 10, monitor?: DependencyMonitor): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(createPgPool(connectionString, { max, monitor }), { disposeExternalPool: true }) });
}
