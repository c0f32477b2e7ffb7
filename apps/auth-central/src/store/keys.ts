/** Signing keys, shared by every instance through the database. */
import type { Db } from './prisma.js';

export interface KeyRow {
  kid: string;
  alg: string;
  privateJwkEncrypted: string;
  createdAt: Date;
  retiredAt: Date | null;
}

export async function listKeys(db: Db): Promise<KeyRow[]> {
  return db.signingKey.findMany({ orderBy: { createdAt: 'desc' } });
}

/** One lock id for every key change, so two instances never both create or rotate at once. */
const KEY_LOCK = 0x6c6b6b31; // "lkk1"

/**
 * Runs `make` under a transaction-scoped advisory lock and inserts the key it
 * returns; when `rotate` is false, does nothing if an active key already exists.
 * With `rotate`, retires the active keys first and drops keys retired before `dropRetiredBefore`.
 */
export async function addKey(db: Db, opts: { rotate: boolean; now: Date; dropRetiredBefore?: Date }, make: () => Promise<KeyRow>): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${KEY_LOCK})`;
    const active = await tx.signingKey.count({ where: { retiredAt: null } });
    if (active > 0 && !opts.rotate) return false;
    if (opts.rotate) {
      await tx.signingKey.updateMany({ where: { retiredAt: null }, data: { retiredAt: opts.now } });
      if (opts.dropRetiredBefore) await tx.signingKey.deleteMany({ where: { retiredAt: { lt: opts.dropRetiredBefore } } });
    }
    await tx.signingKey.create({ data: await make() });
    return true;
  });
}
