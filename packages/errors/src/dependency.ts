/**
 * Recognising a dependency outage in an error, whatever layer threw it:
 * `pg` (connection refused or reset, connection time-out, server shutting
 * down, statement time-out), Prisma's `pg` driver adapter (`DatabaseNotReachable`,
 * `ConnectionClosed`, `SocketTimeout`, P1001…), and ioredis (fail-fast
 * commands with the offline queue off, command time-outs, closed connections).
 * Every service answers such an error with 503 and `Retry-After` instead of a
 * 500 (README, "Dependency outages").
 */
import { HttpError } from './http-error.js';

export type DependencyName = 'postgres' | 'redis' | 'dependency';

/** Seconds a caller is told to wait (`Retry-After`) while a dependency is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 2;

/** SQLSTATEs of a server that is going away, not accepting connections, or cancelled a statement on time-out. */
const PG_UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '53300', '08000', '08001', '08003', '08004', '08006']);
/** Prisma's codes for an unreachable server, a closed connection, a pool or socket time-out. */
const PRISMA_UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** `@prisma/driver-adapter-utils` error kinds of the same. */
const ADAPTER_UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const PG_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'terminating connection due to administrator command',
];
const REDIS_MESSAGES = [
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
  'Command timed out',
  'Reached the max retries per request limit',
];
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown; code?: unknown } } };
  errors?: unknown;
}

function classifyOne(e: ErrorLike): DependencyName | undefined {
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  if (e.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => message.includes(m))) return 'redis';
  if (code && PRISMA_UNAVAILABLE_CODES.has(code)) return 'postgres';
  const adapter = e.meta?.driverAdapterError?.cause;
  if (adapter) {
    if (typeof adapter.kind === 'string' && ADAPTER_UNAVAILABLE_KINDS.has(adapter.kind)) return 'postgres';
    const state = adapter.originalCode ?? adapter.code;
    if (typeof state === 'string' && PG_UNAVAILABLE_STATES.has(state)) return 'postgres';
  }
  if (code && PG_UNAVAILABLE_STATES.has(code)) return 'postgres';
  if (PG_MESSAGES.some((m) => message.includes(m)) || message.startsWith("Can't reach database server")) return 'postgres';
  if (code && SOCKET_CODES.has(code)) return 'dependency';
  return undefined;
}

/**
 * Which dependency `err` says is unavailable (looking through `cause`
 * chains and `AggregateError`s), or undefined for any other error.
 */
export function unavailableDependency(err: unknown, depth = 0): DependencyName | undefined {
  if (!err || typeof err !== 'object' || depth > 5) return undefined;
  if (err instanceof HttpError) return undefined;
  const e = err as ErrorLike;
  const found = classifyOne(e);
  if (found) return found;
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const f = unavailableDependency(inner, depth + 1);
      if (f) return f;
    }
  }
  return unavailableDependency(e.cause, depth + 1);
}

/**
 * The 503 `SERVICE_UNAVAILABLE` answer for a dependency outage, with
 * `Retry-After` (RFC 9110 §10.2.3) in seconds. The message names no host.
 */
export function dependencyUnavailable(dependency: DependencyName, requestId?: string, cause?: unknown): HttpError {
  const what = dependency === 'postgres' ? 'Its database' : dependency === 'redis' ? 'Its cache' : 'A dependency';
  return new HttpError(
    503,
    'SERVICE_UNAVAILABLE',
    `The service is temporarily unavailable (${what.toLowerCase()} cannot be reached). Retry in ${DEPENDENCY_RETRY_AFTER_SECONDS} s.`,
    {
      headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
      details: requestId ? { requestId, dependency } : { dependency },
      cause,
    },
  );
}
