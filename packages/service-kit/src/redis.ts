import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.js';
import { DependencyMonitor } from './dependency.js';

/**
 * Time-outs of every Redis connection, in milliseconds: a Redis that is down
 * or stalled makes a command fail within `commandMs` (not hang), a connection
 * attempt gives up after `connectMs`, and reconnects are tried at most
 * `maxReconnectDelayMs` apart (so service resumes within about a second of
 * Redis's return).
 */
export const REDIS_TIMEOUTS = { commandMs: 800, connectMs: 1000, maxReconnectDelayMs: 500 } as const;

/**
 * The options of a fail-fast connection: command and connect time-outs,
 * no retries of a command across reconnects, quick reconnects. Spread into
 * `new Redis(url, …)` for connections made elsewhere (BullMQ's `Queue`
 * connection); not for BullMQ's blocking `Worker` connections, which need
 * `maxRetriesPerRequest: null` and no command time-out.
 */
export function failFastRedisOptions(): RedisOptions {
  return {
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    maxRetriesPerRequest: 0,
    retryStrategy: (times) => Math.min(times * 100, REDIS_TIMEOUTS.maxReconnectDelayMs),
  };
}

/**
 * Reports a connection's outages to `monitor` (one warning per outage, one
 * line on recovery) and turns its offline queue off once it has connected:
 * from then on a command issued while Redis is down fails at once instead
 * of waiting for a reconnect. Also gives the connection its `error` listener,
 * without which ioredis prints `[ioredis] Unhandled error event` with a
 * stack trace on every failed reconnect.
 */
export function watchRedis(client: Redis, monitor: DependencyMonitor, opts: { failFast?: boolean } = {}): Redis {
  client.on('error', (err: Error) => monitor.failed(err));
  client.on('close', () => {
    // 'close' without 'error' is a clean shutdown of the server (SHUTDOWN, SIGTERM).
    if (client.status !== 'end') monitor.failed(new Error('connection closed'));
  });
  client.on('ready', () => {
    if (opts.failFast !== false) client.options.enableOfflineQueue = false;
    monitor.recovered();
  });
  return client;
}

/**
 * Connects to Redis at `url`, or returns `undefined` when no URL is
 * configured (the in-process fallbacks are then used: DESIGN.md, principle 4).
 * The connection connects now and fails fast when Redis is down: commands
 * time out after `REDIS_TIMEOUTS.commandMs`, and once it has connected the
 * offline queue is off, so a command sent while Redis is away fails at once.
 * Outages are logged once through `opts.monitor` (created on `opts.logger`
 * when not given).
 */
export function connectRedis(url: string | undefined, name = 'latchkey', opts: { logger?: Logger; monitor?: DependencyMonitor } = {}): Redis | undefined {
  if (!url) return undefined;
  const client = new Redis(url, { connectionName: name, enableAutoPipelining: true, ...failFastRedisOptions() });
  watchRedis(client, opts.monitor ?? new DependencyMonitor('redis', opts.logger));
  return client;
}

export type { Redis };
