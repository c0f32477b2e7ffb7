/**
 * Test infrastructure: a fresh PostgreSQL database per test file and a Redis
 * namespace per test file, on the real servers when they are reachable.
 *
 * PostgreSQL: `DATABASE_URL` (any database on the server), else the standard
 * local server at 127.0.0.1:5432, else an embedded PGlite server.
 * Redis: `REDIS_URL`, else 127.0.0.1:6379, else `undefined` (in-process fallbacks).
 * With `LATCHKEY_REQUIRE_SERVICES=1` (set by CI) a missing PostgreSQL or Redis
 * fails the test instead of falling back.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  applyMigrations,
  canConnect,
  databaseUrl,
  dropDatabase,
  ensureDatabase,
  prismaDirOf,
  startEmbeddedPostgres,
  DEFAULT_SERVER_URL,
  type EmbeddedPostgres,
  type ServiceName,
} from '@latchkey/db';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const required = () => process.env.LATCHKEY_REQUIRE_SERVICES === '1';

/**
 * Probes a server. When the services are required (CI), a loaded machine may
 * answer slowly: keep trying for up to `patienceMs` before giving up. When they
 * are optional, one quick try decides between the server and the fallback.
 */
async function probe(check: (timeoutMs: number) => Promise<boolean>, patienceMs = 30_000): Promise<boolean> {
  if (!required()) return check(2000);
  const deadline = Date.now() + patienceMs;
  for (let attempt = 1; ; attempt++) {
    if (await check(5000)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, Math.min(500 * attempt, 3000)));
  }
}

let serverUrlPromise: Promise<string | null> | undefined;

/** The PostgreSQL server tests use, or null when none answers. */
export function postgresServerUrl(): Promise<string | null> {
  serverUrlPromise ??= (async () => {
    const candidate = process.env.DATABASE_URL || DEFAULT_SERVER_URL;
    if (await probe((timeoutMs) => canConnect(candidate, timeoutMs))) return candidate;
    if (required()) {
      throw new Error(`LATCHKEY_REQUIRE_SERVICES=1 but no PostgreSQL answers at ${candidate}`);
    }
    return null;
  })();
  return serverUrlPromise;
}

export interface TestDatabase {
  /** Connection URL of the fresh database. */
  url: string;
  /** True when it is an embedded PGlite server rather than a real PostgreSQL. */
  embedded: boolean;
  /** Drops the database (or stops the embedded server). */
  drop(): Promise<void>;
}

/**
 * A new, empty database with a unique name, with the migrations of `service`
 * (or of `prismaDir`) applied when one is given.
 */
export async function createTestDatabase(opts: { service?: ServiceName; prismaDir?: string; prefix?: string } = {}): Promise<TestDatabase> {
  const server = await postgresServerUrl();
  const prismaDir = opts.prismaDir ?? (opts.service ? prismaDirOf(opts.service) : undefined);
  if (server) {
    const name = `test_${(opts.prefix ?? opts.service ?? 'db').replace(/[^a-z0-9]/g, '_')}_${randomBytes(5).toString('hex')}`;
    const url = databaseUrl(server, name);
    await ensureDatabase(url);
    if (prismaDir) await applyMigrations(url, prismaDir);
    return { url, embedded: false, drop: () => dropDatabase(url) };
  }
  const pg: EmbeddedPostgres = await startEmbeddedPostgres({ port: 0 });
  if (prismaDir) await applyMigrations(pg.url, prismaDir);
  return { url: pg.url, embedded: true, drop: () => pg.stop() };
}

let redisUrlPromise: Promise<string | null> | undefined;

/** The Redis URL tests use, or null when none answers. */
export function redisServerUrl(): Promise<string | null> {
  redisUrlPromise ??= (async () => {
    const candidate = process.env.REDIS_URL || DEFAULT_REDIS_URL;
    const ping = async (timeoutMs: number) => {
      const client = new Redis(candidate, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: timeoutMs });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.ping();
        return true;
      } catch {
        return false;
      } finally {
        client.disconnect();
      }
    };
    if (await probe(ping)) return candidate;
    if (required()) throw new Error(`LATCHKEY_REQUIRE_SERVICES=1 but no Redis answers at ${candidate}`);
    return null;
  })();
  return redisUrlPromise;
}

export interface TestRedis {
  /** The server URL, or undefined when the in-process fallbacks are in use. */
  url: string | undefined;
  /** A connection, or undefined without Redis. */
  redis: Redis | undefined;
  /** A unique key prefix for this test file, e.g. `t:ab12cd:`; pass it to the code under test. */
  prefix: string;
  /** Deletes every key under `prefix` and closes the connection. */
  close(): Promise<void>;
}

/** A Redis connection and a key namespace of its own for one test file. */
export async function createTestRedis(): Promise<TestRedis> {
  const url = (await redisServerUrl()) ?? undefined;
  const prefix = `t:${randomBytes(4).toString('hex')}:`;
  if (!url) return { url: undefined, redis: undefined, prefix, close: async () => {} };
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  return {
    url,
    redis,
    prefix,
    async close() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
    },
  };
}
