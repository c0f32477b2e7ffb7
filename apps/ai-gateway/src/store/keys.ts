/**
 * The `gateway_keys` and `solutions` tables (Prisma): every query of key
 * management and of the key lookup on a cache miss. The rules (formats,
 * defaults, caching, revocation messages) are in `domain/keys.ts`.
 */
import type { Db } from './db.js';

/** A stored gateway key (never the secret: only its fingerprint and display prefix). */
export interface KeyRow {
  id: string;
  solutionId: string;
  name: string | null;
  /** HMAC-SHA-256 (or SHA-256) of the secret, hex. */
  fingerprint: string;
  /** `lk_` + 6 characters + `…`. */
  prefix: string;
  /** Allowed models; empty means the gateway's default allow-list. */
  models: string[];
  rpm: number | null;
  tpm: number | null;
  createdAt: Date;
  revokedAt: Date | null;
}

/** A key to store (`insertKeyWithSolution`). */
export interface NewKey {
  id: string;
  solutionId: string;
  name: string | null;
  fingerprint: string;
  prefix: string;
  models?: string[];
  rpm?: number | null;
  tpm?: number | null;
}

/** A solution with its number of keys not revoked. */
export interface SolutionRow {
  id: string;
  name: string;
  activeKeys: number;
  createdAt: Date;
}

/** The key with this fingerprint (revoked or not), or null. */
export function findKeyByFingerprint(db: Db, fingerprint: string): Promise<KeyRow | null> {
  return db.gatewayKey.findUnique({ where: { fingerprint } });
}

/** The key with this id, or null. */
export function findKey(db: Db, id: string): Promise<KeyRow | null> {
  return db.gatewayKey.findUnique({ where: { id } });
}

/** Keys oldest first, of one solution when given, without the revoked ones when `activeOnly`. */
export function listKeys(db: Db, filter: { solution?: string; activeOnly?: boolean }): Promise<KeyRow[]> {
  return db.gatewayKey.findMany({
    where: { ...(filter.solution ? { solutionId: filter.solution } : {}), ...(filter.activeOnly ? { revokedAt: null } : {}) },
    orderBy: { createdAt: 'asc' },
  });
}

/** Creates the solution (`solutionName`) unless it exists, and the key, in one transaction. */
export function insertKeyWithSolution(db: Db, key: NewKey, solutionName: string): Promise<KeyRow> {
  return db.$transaction(async (tx) => {
    await tx.solution.upsert({ where: { id: key.solutionId }, create: { id: key.solutionId, name: solutionName }, update: {} });
    return tx.gatewayKey.create({ data: key });
  });
}

/** Sets a key's `revokedAt` (`null` restores it). */
export function setKeyRevokedAt(db: Db, id: string, revokedAt: Date | null): Promise<KeyRow> {
  return db.gatewayKey.update({ where: { id }, data: { revokedAt } });
}

/** The solutions by id, each with its number of keys not revoked. */
export async function listSolutions(db: Db): Promise<SolutionRow[]> {
  const rows = await db.solution.findMany({ orderBy: { id: 'asc' }, include: { _count: { select: { keys: { where: { revokedAt: null } } } } } });
  return rows.map((s) => ({ id: s.id, name: s.name, activeKeys: s._count.keys, createdAt: s.createdAt }));
}
