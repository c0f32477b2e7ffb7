/**
 * Purge of expired exchange tokens and pending logins. Rows are kept one hour
 * past their expiry, so a late replay still gets TOKEN_USED / TOKEN_EXPIRED
 * rather than INVALID_TOKEN, then deleted.
 *
 * With Redis: a BullMQ job scheduler (one repeatable job for all instances,
 * run by whichever worker takes it). Without: an in-process timer.
 */
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { Db } from '../store/prisma.js';
import { purgeExpired } from '../store/sessions.js';

export const PURGE_RETENTION_MS = 60 * 60 * 1000;
export const PURGE_QUEUE = 'auth-central-purge';

/** Deletes exchange tokens and logins expired more than `PURGE_RETENTION_MS` before `now` (ms since the epoch); returns how many of each. */
export async function purgeExpiredRows(db: Db, now: number): Promise<{ exchangeTokens: number; loginStates: number }> {
  return purgeExpired(db, new Date(now - PURGE_RETENTION_MS));
}

export interface PurgeScheduler {
  kind: 'bullmq' | 'timer';
  stop(): Promise<void>;
}

/** Starts the purge every `intervalMs`: a BullMQ job scheduler with Redis, an in-process timer without; `stop()` ends it. */
export async function startPurge(opts: {
  db: Db;
  intervalMs: number;
  now: () => number;
  logger: Logger;
  redisUrl?: string;
  /** Redis key prefix (BullMQ `prefix`); default `{latchkey-auth}` (a hash tag, for Redis Cluster). */
  prefix?: string;
  /** Called after each run (tests). */
  onRun?: (r: { exchangeTokens: number; loginStates: number }) => void;
}): Promise<PurgeScheduler> {
  const run = async () => {
    const r = await purgeExpiredRows(opts.db, opts.now());
    if (r.exchangeTokens || r.loginStates) opts.logger.info(r, 'purged expired exchange tokens and logins');
    opts.onRun?.(r);
    return r;
  };
  if (!opts.redisUrl) {
    const timer = setInterval(() => {
      run().catch((err) => opts.logger.warn({ err }, 'purge failed'));
    }, opts.intervalMs);
    timer.unref();
    return {
      kind: 'timer',
      async stop() {
        clearInterval(timer);
      },
    };
  }
  const connection = { url: opts.redisUrl, maxRetriesPerRequest: null };
  const prefix = opts.prefix ?? '{latchkey-auth}';
  const queue = new Queue(PURGE_QUEUE, { connection, prefix });
  const worker = new Worker(PURGE_QUEUE, async () => run(), { connection, prefix, concurrency: 1 });
  // Redis outages are reported once by the service's main connection; without these
  // listeners BullMQ prints a stack trace for every failed reconnect.
  const quiet = (err: Error) => opts.logger.debug({ err: err.message }, 'purge queue connection error');
  queue.on('error', quiet);
  worker.on('error', quiet);
  await queue.upsertJobScheduler('purge-expired', { every: opts.intervalMs }, { name: 'purge', opts: { removeOnComplete: 10, removeOnFail: 50 } });
  worker.on('failed', (_job, err) => opts.logger.warn({ err }, 'purge job failed'));
  return {
    kind: 'bullmq',
    async stop() {
      // Forced: a graceful close can wait forever on the blocking connection after a Redis
      // restart, and a purge cut short is simply run again by the next instance.
      await worker.close(true);
      await queue.close();
    },
  };
}
