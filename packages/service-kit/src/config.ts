import { z } from 'zod';

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
export function parseConfig<S extends z.ZodObject>(
  service: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
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
 * Common variables of every service: `NODE_ENV`, `HOST`, `LOG_LEVEL`,
 * `DATABASE_URL`, `REDIS_URL`, `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_SERVICE_NAME`
 * and `MIGRATE_ON_START` — Latchkey's one
 * migration policy: a service applies its own pending migrations when it
 * starts (under an advisory lock, so replicas starting together apply them
 * once), unless `MIGRATE_ON_START=false` because a migrate job does it first
 * (docker-compose's `migrate` service, a Kubernetes Job). The embedded
 * database is always migrated.
 */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  MIGRATE_ON_START: flag(true),
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

/** A TCP port from the environment (`"4101"` → 4101). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
