import { z } from 'zod';
import { baseConfigSchema, port } from '@latchkey/service-kit';
import type { ProviderConfig, ProviderName } from './providers/upstream.js';

/** Environment of the gateway (README.md, "Configuration"). */
export const configSchema = baseConfigSchema.extend({
  PORT: port(4104),
  LATCHKEY_ADMIN_TOKEN: z.string().min(16).optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.string().url().optional(),
  GATEWAY_DEFAULT_MODELS: z
    .string()
    .regex(/^(openai|anthropic|google)\/[^,\s]+(,(openai|anthropic|google)\/[^,\s]+)*$/, 'a comma-separated list of <provider>/<model>')
    .optional(),
  GATEWAY_DEFAULT_RPM: z.coerce.number().int().positive().default(60),
  GATEWAY_DEFAULT_TPM: z.coerce.number().int().positive().default(100_000),
  GATEWAY_KEY_PEPPER: z.string().min(16).optional(),
  GATEWAY_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  GATEWAY_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(600_000),
  REDIS_PREFIX: z.string().default('latchkey:'),
  /** Directory of the local usage spool (one per process; `none` turns it off: a crash then loses the records not yet written). */
  GATEWAY_USAGE_SPOOL_DIR: z.string().min(1).default('.latchkey/usage-spool'),
});

export type GatewayConfig = z.infer<typeof configSchema>;

/** What `pnpm start` (`launch.ts`) takes from the environment: all but `PORT`, which the launcher assigns. */
export const launchConfigSchema = configSchema.omit({ PORT: true });

export const DEFAULT_BASE_URLS: Record<ProviderName, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
};

/** A provider is configured when its key or its base URL is set. */
export function providersFrom(cfg: GatewayConfig): Partial<Record<ProviderName, ProviderConfig>> {
  const out: Partial<Record<ProviderName, ProviderConfig>> = {};
  if (cfg.OPENAI_API_KEY || cfg.OPENAI_BASE_URL) out.openai = { baseUrl: cfg.OPENAI_BASE_URL ?? DEFAULT_BASE_URLS.openai, apiKey: cfg.OPENAI_API_KEY };
  if (cfg.ANTHROPIC_API_KEY || cfg.ANTHROPIC_BASE_URL)
    out.anthropic = { baseUrl: cfg.ANTHROPIC_BASE_URL ?? DEFAULT_BASE_URLS.anthropic, apiKey: cfg.ANTHROPIC_API_KEY };
  if (cfg.GEMINI_API_KEY || cfg.GEMINI_BASE_URL) out.google = { baseUrl: cfg.GEMINI_BASE_URL ?? DEFAULT_BASE_URLS.google, apiKey: cfg.GEMINI_API_KEY };
  return out;
}
