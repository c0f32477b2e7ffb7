import { Redis } from 'ioredis';

/**
 * Connects to Redis at `url`, or returns `undefined` when no URL is
 * configured (the in-process fallbacks are then used: DESIGN.md, principle 4).
 * The connection is lazy-free: it connects now and fails fast on commands
 * when Redis is down (`enableOfflineQueue` off after the first connect).
 */
export function connectRedis(url: string | undefined, name = 'latchkey'): Redis | undefined {
  if (!url) return undefined;
  return new Redis(url, { connectionName: name, maxRetriesPerRequest: 2, enableAutoPipelining: true });
}

export type { Redis };
