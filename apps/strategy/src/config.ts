import { z } from 'zod';
import { baseConfigSchema, pgConnectTimeout, port } from '@latchkey/service-kit';

const tierLimits = z
  .object({ minute: z.number().int().positive(), hour: z.number().int().positive(), day: z.number().int().positive(), concurrent: z.number().int().positive() })
  .partial()
  .strict();
/** Overrides of some limits of some tiers; the rest keep DESIGN.md's defaults (merged by the RateLimiter). */
const rateLimitOverrides = z.object({ free: tierLimits, pro: tierLimits, enterprise: tierLimits }).partial().strict();

/** Environment of the strategy service. */
export const strategyConfigSchema = baseConfigSchema.extend({
  PORT: port(4103),
  /** auth-central base URL ({auth_url}); without it Bearer tokens are refused. */
  AUTH_URL: z.string().url().optional(),
  /** Cache time of Bearer validation results, ms. */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  LATCHKEY_ADMIN_TOKEN: z.string().min(16).optional(),
  /** JSON overrides of the per-tier limits, merged over the defaults, e.g. {"free":{"minute":10}}. */
  STRATEGY_RATE_LIMITS: z
    .string()
    .transform((s, ctx) => {
      try {
        return rateLimitOverrides.parse(JSON.parse(s));
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `not valid limits JSON (${(err as Error).message})` });
        return z.NEVER;
      }
    })
    .optional(),
  /** Optional grounded model engine through Latchkey's ai-gateway (OpenAI chat completions). */
  STRATEGY_AI_URL: z.string().url().optional(),
  STRATEGY_AI_KEY: z.string().min(1).optional(),
  STRATEGY_AI_MODEL: z.string().default('openai/gpt-4o-mini'),
  /** Time budget of a detailed answer, ms (concise: half, tactical: three quarters); past it the library engine answers. */
  STRATEGY_AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(20_000),
  /** Age after which the pending debit of an unanswered call (crash, outage) is refunded, ms; longer than any call. */
  STRATEGY_PENDING_GRACE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /** How often the credit sweeper looks for such debits, ms. */
  STRATEGY_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  PG_CONNECT_TIMEOUT_MS: pgConnectTimeout,
});

/**
 * The variables `pnpm start` (`launch.ts`) takes from the environment (the
 * launcher supplies the rest): `STRATEGY_AI=gateway` answers through the
 * grounded model engine via ai-gateway's demo key; `library` (default) with
 * the library engine alone.
 */
export const launchConfigSchema = z.object({ STRATEGY_AI: z.enum(['library', 'gateway']).default('library') });

export type StrategyConfig = z.infer<typeof strategyConfigSchema>;
