/**
 * How `pnpm start` boots the AI gateway (order 35, before strategy which
 * uses its demo key): database `latchkey_gateway` (migrated), the real
 * providers whose keys are set, or the deterministic fake providers when no
 * OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY is set, and a demo
 * solution with a demo key (created once, printed with a working curl line).
 */
import path from 'node:path';
import type { LaunchContext, Launched } from '@latchkey/launcher';
import type { FakeProviders } from '@latchkey/fake-providers';
import { parseConfig } from '@latchkey/service-kit';
import { DEFAULT_MODELS } from './app.js';
import { launchConfigSchema, providersFrom } from './config.js';
import { startGateway } from './server.js';

export const launchOrder = 35;

export async function launch(ctx: LaunchContext): Promise<Launched> {
  const logger = ctx.logger.child({ name: 'ai-gateway' });
  const cfg = { ...parseConfig('ai-gateway', launchConfigSchema), PORT: ctx.ports.gateway };
  const databaseUrl = await ctx.database('latchkey_gateway');
  let providers = providersFrom(cfg);
  let fakes: FakeProviders | undefined;
  if (!cfg.OPENAI_API_KEY && !cfg.ANTHROPIC_API_KEY && !cfg.GEMINI_API_KEY) {
    // A development dependency, loaded only here: images (`pnpm deploy --prod`) do not hold it.
    const { startFakeProviders } = await import('@latchkey/fake-providers');
    fakes = await startFakeProviders();
    providers = {
      openai: { baseUrl: fakes.openai.baseUrl, apiKey: fakes.openai.apiKey },
      anthropic: { baseUrl: fakes.anthropic.baseUrl, apiKey: fakes.anthropic.apiKey },
      google: { baseUrl: fakes.gemini.baseUrl, apiKey: fakes.gemini.apiKey },
    };
  }
  const running = await startGateway({
    databaseUrl,
    redisUrl: ctx.redisUrl,
    port: ctx.ports.gateway,
    host: '127.0.0.1',
    logger,
    // One connection is plenty for an embedded database (the launcher runs one when DATABASE_URL is unset).
    poolSize: cfg.DATABASE_URL ? 10 : 1,
    handleSignals: false,
    deps: {
      adminToken: ctx.secret('admin-token'),
      providers,
      redisPrefix: cfg.REDIS_PREFIX,
      defaultModels: cfg.GATEWAY_DEFAULT_MODELS?.split(','),
      defaultRpm: cfg.GATEWAY_DEFAULT_RPM,
      defaultTpm: cfg.GATEWAY_DEFAULT_TPM,
      keyPepper: ctx.secret('gateway-key-pepper'),
      upstream: { timeoutMs: cfg.GATEWAY_UPSTREAM_TIMEOUT_MS },
      usageSpoolDir: path.join(ctx.stateDir ?? path.join(ctx.root, '.latchkey'), 'usage-spool'),
    },
  });
  // The demo key derives from a stable development secret: the same key on every start, stored only as a fingerprint.
  const demoKey = `lk_${Buffer.from(ctx.secret('gateway-demo-key').slice(0, 64), 'hex').toString('base64url')}`;
  await running.app.keys.ensureKey(demoKey, 'demo', 'Demo solution');
  ctx.shared.set('demoGatewayKey', demoKey);
  const url = ctx.urls.gateway;
  const model =
    (cfg.GATEWAY_DEFAULT_MODELS?.split(',') ?? DEFAULT_MODELS).find((m) => !!providers[m.split('/')[0] as keyof typeof providers]) ?? DEFAULT_MODELS[0];
  return {
    name: 'ai-gateway',
    url,
    lines: [
      fakes
        ? `providers: FAKE (no OPENAI_API_KEY, ANTHROPIC_API_KEY or GEMINI_API_KEY set): deterministic local fakes at ${fakes.openai.origin}, ${fakes.anthropic.origin}, ${fakes.gemini.origin}`
        : `providers: ${Object.keys(providers).join(', ')} (real upstreams)`,
      `demo key (solution "demo"): ${demoKey}`,
      `curl -s ${url}/v1/chat/completions -H 'authorization: Bearer ${demoKey}' -H 'content-type: application/json' -d '{"model":"${model}","messages":[{"role":"user","content":"Say hello"}]}'`,
      `keys: LATCHKEY_ADMIN_TOKEN=${ctx.secret('admin-token')} pnpm latchkey gateway keys list`,
    ],
    async stop() {
      await running.close();
      await fakes?.close();
    },
  };
}
