import type { GatewayKey } from '@latchkey/admin-api';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '../store/db.js';
import { findKey, findKeyByFingerprint, insertKeyWithSolution, listKeys, setKeyRevokedAt, type KeyRow } from '../store/keys.js';
import { KeyError } from '../errors.js';

/** `lk_` + 43 base64url characters (32 random bytes). */
export const KEY_PATTERN = /^lk_[A-Za-z0-9_-]{43}$/;
const SOLUTION_ID = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/** What the request path needs of a key: resolved once, then cached. */
export interface ActiveKey {
  id: string;
  solutionId: string;
  /** Effective allow-list (the key's own, or the gateway default). */
  models: string[];
  rpm: number;
  tpm: number;
}

/** A key as the admin API answers it (`@latchkey/admin-api`). */
export type KeyView = GatewayKey;

export interface KeyDefaults {
  models: string[];
  rpm: number;
  tpm: number;
}

interface CacheEntry {
  key: ActiveKey | null;
  expires: number;
}

/**
 * Gateway keys: creation (the secret is returned once), listing, revocation
 * and the cached lookup of the request path. A revocation is published on
 * Redis so every instance drops its cached entry at once; the cache time
 * (30 s by default) bounds the delay when a message is missed.
 */
export class KeyService {
  private cache = new Map<string, CacheEntry>();
  private subscriber: Redis | undefined;
  private readonly channel: string;

  constructor(
    private readonly db: Db,
    private readonly defaults: KeyDefaults,
    private readonly opts: {
      pepper?: string;
      cacheTtlMs?: number;
      negativeTtlMs?: number;
      maxEntries?: number;
      redis?: Redis;
      prefix?: string;
      logger?: Logger;
      now?: () => number;
    },
  ) {
    this.channel = `${opts.prefix ?? 'latchkey:'}gateway:key-revoked`;
  }

  /**
   * Subscribes to revocations (call once; no-op without Redis). Resolves once
   * subscribed, or after `waitMs` (default 2 s) when Redis is slow or down: the
   * subscription then completes in the background when Redis is reachable, and
   * until then a revocation reaches this process through the cache TTL.
   */
  async start(waitMs = 2_000): Promise<void> {
    if (!this.opts.redis) return;
    // A subscriber waits for Redis rather than failing fast: no command
    // time-out, commands queued until connected, kept across reconnects.
    const sub = this.opts.redis.duplicate({ enableAutoPipelining: false, enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: null });
    sub.on('error', () => {}); // reported by the shared connection's monitor
    sub.on('message', (_channel, fingerprint: string) => this.cache.delete(fingerprint));
    // After a reconnect, messages may have been missed: forget everything cached.
    sub.on('ready', () => this.cache.clear());
    this.subscriber = sub;
    let timer: NodeJS.Timeout | undefined;
    const subscribed = sub.subscribe(this.channel).then(
      () => true,
      (err: Error) => {
        this.opts.logger?.warn({ err: err.message }, 'revocation subscription failed; revocations reach this process through the key cache TTL');
        return true;
      },
    );
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), waitMs);
      timer.unref();
    });
    const done = await Promise.race([subscribed, late]);
    clearTimeout(timer);
    if (!done) this.opts.logger?.warn('Redis is not reachable yet: revocation messages are subscribed to once it is');
  }

  async close(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = undefined;
    if (sub) {
      await sub.quit().catch(() => sub.disconnect());
    }
  }

  fingerprint(secret: string): string {
    return this.opts.pepper ? createHmac('sha256', this.opts.pepper).update(secret).digest('hex') : createHash('sha256').update(secret).digest('hex');
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  /**
   * The active key for a presented secret, or null (unknown, malformed or
   * revoked). Cached in memory; misses are cached briefly too.
   */
  async lookup(secret: string): Promise<ActiveKey | null> {
    if (!KEY_PATTERN.test(secret)) return null;
    const fp = this.fingerprint(secret);
    const now = this.now();
    const hit = this.cache.get(fp);
    if (hit && hit.expires > now) return hit.key;
    const row = await findKeyByFingerprint(this.db, fp);
    const key: ActiveKey | null =
      row && !row.revokedAt
        ? {
            id: row.id,
            solutionId: row.solutionId,
            models: row.models.length ? row.models : this.defaults.models,
            rpm: row.rpm ?? this.defaults.rpm,
            tpm: row.tpm ?? this.defaults.tpm,
          }
        : null;
    if (this.cache.size >= (this.opts.maxEntries ?? 50_000)) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(fp, { key, expires: now + (key ? (this.opts.cacheTtlMs ?? 30_000) : (this.opts.negativeTtlMs ?? 2_000)) });
    return key;
  }

  private view(row: KeyRow): KeyView {
    return {
      id: row.id,
      solution: row.solutionId,
      name: row.name,
      prefix: row.prefix,
      models: row.models.length ? row.models : this.defaults.models,
      usesDefaultModels: row.models.length === 0,
      rpm: row.rpm ?? this.defaults.rpm,
      tpm: row.tpm ?? this.defaults.tpm,
      createdAt: row.createdAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    };
  }

  /** Creates a key (and its solution when new). The secret is in the result and nowhere else. */
  async create(input: {
    solution: string;
    solutionName?: string;
    name?: string;
    models?: string[];
    rpm?: number;
    tpm?: number;
    knownModels?: (m: string) => boolean;
  }): Promise<KeyView & { key: string }> {
    if (!SOLUTION_ID.test(input.solution))
      throw new KeyError('INVALID_REQUEST', 'solution must be 1-63 characters of a-z, 0-9, ".", "_" or "-", starting with a letter or digit');
    const models = input.models ?? [];
    for (const m of models) {
      if (!/^(openai|anthropic|google)\/[A-Za-z0-9._:-]+$/.test(m))
        throw new KeyError('INVALID_REQUEST', `model ${JSON.stringify(m)} is not <provider>/<model> with provider openai, anthropic or google`);
    }
    for (const [name, v] of [
      ['rpm', input.rpm],
      ['tpm', input.tpm],
    ] as const) {
      if (v !== undefined && (!Number.isInteger(v) || v < 1)) throw new KeyError('INVALID_REQUEST', `${name} must be a positive integer`);
    }
    const secret = `lk_${randomBytes(32).toString('base64url')}`;
    const id = `key_${randomBytes(8).toString('hex')}`;
    const row = await insertKeyWithSolution(
      this.db,
      {
        id,
        solutionId: input.solution,
        name: input.name ?? null,
        fingerprint: this.fingerprint(secret),
        prefix: `${secret.slice(0, 9)}…`,
        models: [...new Set(models)],
        rpm: input.rpm ?? null,
        tpm: input.tpm ?? null,
      },
      input.solutionName ?? input.solution,
    );
    return { ...this.view(row), key: secret };
  }

  async list(filter: { solution?: string; includeRevoked?: boolean } = {}): Promise<KeyView[]> {
    const rows = await listKeys(this.db, { solution: filter.solution, activeOnly: filter.includeRevoked === false });
    return rows.map((r) => this.view(r));
  }

  async get(id: string): Promise<KeyView | null> {
    const row = await findKey(this.db, id);
    return row ? this.view(row) : null;
  }

  /** Revokes a key: stored at once, announced to every instance over Redis. Idempotent. */
  async revoke(id: string): Promise<KeyView> {
    const row = await findKey(this.db, id);
    if (!row) throw new KeyError('NOT_FOUND', `no gateway key ${id}`);
    const updated = row.revokedAt ? row : await setKeyRevokedAt(this.db, id, new Date(this.now()));
    this.cache.delete(row.fingerprint);
    if (this.opts.redis) {
      await this.opts.redis
        .publish(this.channel, row.fingerprint)
        .catch((err) => this.opts.logger?.warn({ err: (err as Error).message }, 'revocation not published; the key cache time bounds the delay'));
    }
    return this.view(updated);
  }

  /** Idempotent: the demo key of `pnpm start` is created once and found again by its fingerprint. */
  async ensureKey(secret: string, solution: string, solutionName: string): Promise<void> {
    const fp = this.fingerprint(secret);
    const existing = await findKeyByFingerprint(this.db, fp);
    if (existing) {
      if (existing.revokedAt) await setKeyRevokedAt(this.db, existing.id, null);
      return;
    }
    await insertKeyWithSolution(
      this.db,
      { id: `key_${randomBytes(8).toString('hex')}`, solutionId: solution, name: 'demo', fingerprint: fp, prefix: `${secret.slice(0, 9)}…` },
      solutionName,
    );
  }
}
