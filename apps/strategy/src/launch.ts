/**
 * How `pnpm start` boots the strategy service: database `latchkey_strategy`,
 * migrations, auth-central for Bearer tokens, and an API key for org `demo`
 * (created once, with credits) printed with a working curl line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LaunchContext, Launched } from '@latchkey/launcher';
import { parseConfig } from '@latchkey/service-kit';
import { launchConfigSchema } from './config.js';
import { startStrategy } from './server.js';

export const launchOrder = 40;

const DEMO_ORG = 'demo';
const DEMO_CREDITS = 500;

export async function launch(ctx: LaunchContext): Promise<Launched> {
  const logger = ctx.logger.child({ name: 'strategy' });
  const databaseUrl = await ctx.database('latchkey_strategy');
  const gatewayKey = ctx.shared.get('demoGatewayKey');
  const useModel = parseConfig('strategy', launchConfigSchema).STRATEGY_AI === 'gateway' && typeof gatewayKey === 'string';
  const service = await startStrategy({
    databaseUrl,
    logger,
    handleSignals: false,
    config: {
      PORT: ctx.ports.strategy,
      HOST: '127.0.0.1',
      AUTH_URL: ctx.urls.auth,
      AUTH_CACHE_TTL_MS: 30_000,
      LATCHKEY_ADMIN_TOKEN: ctx.secret('admin-token'),
      STRATEGY_RATE_LIMITS: undefined,
      STRATEGY_AI_URL: useModel ? ctx.urls.gateway : undefined,
      STRATEGY_AI_KEY: useModel ? (gatewayKey as string) : undefined,
      STRATEGY_AI_MODEL: 'openai/gpt-4o-mini',
      STRATEGY_AI_TIMEOUT_MS: 20_000,
      REDIS_URL: ctx.redisUrl,
    },
    poolSize: 5,
  });

  // The demo key is shown once by design, so the launcher keeps it in its state directory.
  const stateFile = path.join(ctx.stateDir ?? path.join(ctx.root, '.latchkey'), 'strategy-demo-key.json');
  let key: string | undefined;
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { key?: string };
    if (saved.key && (await service.strategy.keys.verify(saved.key))) key = saved.key;
  }
  if (!key) {
    key = (await service.strategy.keys.create(DEMO_ORG, 'pro', 'pnpm start demo key')).key;
    await service.strategy.ledger.grant(DEMO_ORG, DEMO_CREDITS, { note: 'demo credits', requestId: `demo-grant-${key.slice(-8)}` });
    writeFileSync(stateFile, JSON.stringify({ key }, null, 2), { mode: 0o600 });
  }
  const balance = (await service.strategy.ledger.balance(DEMO_ORG)) ?? 0;
  const url = `http://localhost:${service.port}`;
  return {
    name: 'strategy',
    url,
    lines: [
      `API key for org "${DEMO_ORG}" (${balance} credits): ${key}`,
      `curl -s ${url}/v1/framework -H 'content-type: application/json' -H 'apikey: ${key}' -d '{"messages":[{"role":"user","content":"How do we set quarterly goals that connect every team to the company strategy?"}]}'`,
      `engine: ${useModel ? 'grounded model engine through ai-gateway (library fallback)' : 'library'}`,
    ],
    stop: () => service.close(),
  };
}
