import { isIP } from 'node:net';
import { z } from 'zod';
import { parseKey } from './secrets.js';

/** Thrown when environment variables do not match a service's schema. */
export class ConfigError extends Error {
  /** One entry per bad variable: `NAME: what is wrong`. */
  readonly problems: string[];
  constructor(service: string, problems: string[]) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/**
 * Parses environment variables with a zod object schema.
 * Empty strings count as unset, so `FOO=` falls back to the default.
 * @throws ConfigError naming each bad or missing variable.
 */
export function parseConfig<S extends z.ZodObject>(service: string, schema: S, env: Record<string, string | undefined> = process.env): z.infer<S> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const received = cleaned[name] === undefined ? 'not set' : 'invalid value';
    return `${name}: ${issue.message} (${received})`;
  });
  throw new ConfigError(service, problems);
}

/**
 * A yes/no variable: `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off` (any case).
 * @param fallback the value when unset
 */
export const flag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => FLAG_VALUES.has(v), 'must be true or false (also 1/0, yes/no, on/off)')
    .transform((v) => FLAG_VALUES.get(v)!)
    .optional()
    .transform((v) => v ?? fallback);

const FLAG_VALUES = new Map([
  ['true', true],
  ['1', true],
  ['yes', true],
  ['on', true],
  ['false', false],
  ['0', false],
  ['no', false],
  ['off', false],
]);

/**
 * A 256-bit encryption key variable: 64 hex or 44 base64 characters (what
 * `parseKey` accepts), kept as the string; `parseKey` turns it into the 32 bytes.
 */
export const encryptionKey = () =>
  z.string().refine((v) => {
    try {
      parseKey(v);
      return true;
    } catch {
      return false;
    }
  }, 'must be 32 bytes as 64 hex or 44 base64 characters');

/** Express's names of whole private ranges: refused, the edge's own addresses are named instead. */
const RANGE_NAMES = new Set(['uniquelocal', 'linklocal', 'true', 'false']);

/** One entry of `TRUST_PROXY`: `loopback`, an IPv4/IPv6 address, or a CIDR block of one. */
function trustEntryProblem(entry: string): string | null {
  if (entry === 'loopback') return null;
  if (RANGE_NAMES.has(entry.toLowerCase()) || /^\d+$/.test(entry)) {
    return `"${entry}" trusts more than the edge: name the edge's own addresses (IP or CIDR) and loopback`;
  }
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return `"${entry}" is not loopback, an IP address or a CIDR block`;
  if (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))) return `"${entry}" has a bad prefix length`;
  return null;
}

/**
 * `TRUST_PROXY`: the peers whose `X-Forwarded-For` / `-Proto` a service
 * believes (Express `trust proxy`), i.e. the edge. A comma-separated list of
 * `loopback` and the edge's own IP addresses or CIDR blocks (e.g.
 * `loopback, 172.28.0.10`); default `loopback` (an edge on the same host).
 * Express's range names (`uniquelocal`, `linklocal`), `true` and hop counts
 * are refused: with them any container or pod on the private network could
 * choose the client address that per-address limits count (SECURITY.md).
 * Parsed to the list `createServiceApp({ trustProxy })` takes.
 */
export const trustProxy = z
  .string()
  .default('loopback')
  .transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (!entries.length) entries.push('loopback');
    for (const entry of entries) {
      const problem = trustEntryProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
    return entries;
  });

/**
 * Common variables of every service: `NODE_ENV`, `HOST`, `LOG_LEVEL`,
 * `DATABASE_URL`, `REDIS_URL`, `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_SERVICE_NAME`
 * and `MIGRATE_ON_START` — Latchkey's one
 * migration policy: a service applies its own pending migrations when it
 * starts (under an advisory lock, so replicas starting together apply them
 * once), unless `MIGRATE_ON_START=false` because a migrate job does it first
 * (docker-compose's `migrate` service, a Kubernetes Job). The embedded
 * database is always migrated. `TRUST_PROXY`: see `trustProxy`.
 */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  MIGRATE_ON_START: flag(true),
  TRUST_PROXY: trustProxy,
  /**
   * OpenTelemetry traces (OTLP/HTTP) go to `<this URL>/v1/traces` when set;
   * unset, tracing is off and its packages are not even loaded
   * (`startTracing` in `tracing.ts`, run by each service's `main.ts`).
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .url()
    .refine((u) => /^https?:/i.test(u), 'must be an http(s) URL')
    .optional(),
  /** `service.name` of the spans; default the service's own name. */
  OTEL_SERVICE_NAME: z.string().optional(),
});

/**
 * `PG_CONNECT_TIMEOUT_MS`, for the services whose pools come from
 * `createPgPool`: how long a PostgreSQL connection attempt may take before it
 * gives up, in milliseconds (unset: `PG_TIMEOUTS.connectMs`, 2000). Pass the
 * parsed value to `setPgConnectTimeout` before connecting.
 */
export const pgConnectTimeout = z.coerce.number().int().min(100).max(60_000).optional();

/** A TCP port from the environment (`"4101"` → 4101). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
