/**
 * API keys of the `apikey` header: `lk_strategy_` followed by 32 random bytes
 * (base64url). Shown once at creation; only the SHA-256 fingerprint is stored
 * (the keys are high-entropy, so a plain hash suffices) and compared in
 * constant time after the lookup.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { safeEqual, sha256Hex } from '@latchkey/service-kit';
import type { PrismaClient } from './prisma.js';
import type { StrategyApiKey } from '@latchkey/admin-api';
import type { Tier } from '../domain/rate-limiter.js';

export const KEY_PREFIX = 'lk_strategy_';
const KEY_FORMAT = /^lk_strategy_[A-Za-z0-9_-]{43}$/;

/** An API key as stored (dates as `Date`) and, once sent as JSON, as the admin API answers it. */
export type ApiKeyRecord = StrategyApiKey<Date>;

type Row = ApiKeyRecord & { fingerprint: string };

const toRecord = ({ fingerprint: _f, ...r }: Row): ApiKeyRecord => ({ ...r, tier: r.tier as Tier });

export class ApiKeyStore {
  private readonly cache = new Map<string, { row: Row | null; expires: number }>();

  constructor(
    private readonly prisma: PrismaClient,
    private readonly opts: { cacheTtlMs?: number; now?: () => number } = {},
  ) {}

  /** Creates a key; the returned `key` is the only time the secret exists in clear. */
  async create(orgId: string, tier: Tier, name?: string): Promise<{ key: string; record: ApiKeyRecord }> {
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.prisma.apiKey.create({
      data: {
        id: `key_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
        orgId,
        tier,
        fingerprint: sha256Hex(key),
        prefix: key.slice(0, KEY_PREFIX.length + 6),
        name: name ?? null,
      },
    });
    return { key, record: toRecord(row as Row) };
  }

  /** The active key matching `presented`, or null. */
  async verify(presented: string): Promise<ApiKeyRecord | null> {
    if (!KEY_FORMAT.test(presented)) return null;
    const fingerprint = sha256Hex(presented);
    const now = (this.opts.now ?? Date.now)();
    const hit = this.cache.get(fingerprint);
    let row: Row | null;
    if (hit && hit.expires > now) row = hit.row;
    else {
      row = (await this.prisma.apiKey.findUnique({ where: { fingerprint } })) as Row | null;
      this.cache.set(fingerprint, { row, expires: now + (this.opts.cacheTtlMs ?? 10_000) });
      if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    }
    if (!row || row.revokedAt || !safeEqual(row.fingerprint, fingerprint)) return null;
    return toRecord(row);
  }

  async list(orgId?: string): Promise<ApiKeyRecord[]> {
    const rows = await this.prisma.apiKey.findMany({ where: orgId ? { orgId } : {}, orderBy: { createdAt: 'desc' }, take: 500 });
    return (rows as Row[]).map(toRecord);
  }

  /** Revokes a key (effective at once on this instance, within the cache time on others). */
  async revoke(id: string): Promise<ApiKeyRecord | null> {
    const found = (await this.prisma.apiKey.findUnique({ where: { id } })) as Row | null;
    if (!found) return null;
    const row = (found.revokedAt ? found : await this.prisma.apiKey.update({ where: { id }, data: { revokedAt: new Date() } })) as Row;
    this.cache.delete(row.fingerprint);
    return toRecord(row);
  }

  /** Drops cached lookups (tests, revocation). */
  clearCache(): void {
    this.cache.clear();
  }
}
