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

/** Common variables: `PORT`, `HOST`, `LOG_LEVEL`, `DATABASE_URL`, `REDIS_URL`. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
});

/** A TCP port from the environment (`"4101"` → 4101). */
export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
