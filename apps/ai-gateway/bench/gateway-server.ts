/**
 * Runs the gateway in its own process for the benchmark, the way `main.ts`
 * does (`startGateway`: PostgreSQL pool, Redis with auto-pipelining, the
 * usage spool in a temporary directory), in front of the fake OpenAI at `FAKE_ORIGIN`, on a
 * fresh test database and Redis prefix (`BENCH_REDIS=0`: no Redis).
 * Prints `READY <origin> <key>` on stdout; SIGTERM stops and cleans up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createTestDatabase, createTestRedis } from '@latchkey/testing';
import { createLogger } from '@latchkey/service-kit';
import type { startGateway as StartGateway } from '../src/server.js';

// GATEWAY_SRC: another checkout's src/server.ts, to compare versions on the same machine state.
const source = process.env.GATEWAY_SRC ? pathToFileURL(path.resolve(process.env.GATEWAY_SRC)).href : '../src/server.js';
const { startGateway } = (await import(source)) as { startGateway: typeof StartGateway };
const fakeOrigin = process.env.FAKE_ORIGIN;
if (!fakeOrigin) throw new Error('FAKE_ORIGIN is required');
const database = await createTestDatabase({ service: 'ai-gateway' });
const redis = process.env.BENCH_REDIS === '0' ? undefined : await createTestRedis();
const spoolDir = mkdtempSync(path.join(tmpdir(), 'lk-bench-spool-'));
const gw = await startGateway({
  databaseUrl: database.url,
  redisUrl: redis?.url,
  port: 0,
  logger: createLogger('ai-gateway', 'warn'),
  handleSignals: false,
  deps: { redisPrefix: redis?.prefix, usageSpoolDir: spoolDir, providers: { openai: { baseUrl: `${fakeOrigin}/v1`, apiKey: 'fake-openai-key' } } },
});
const { key } = await gw.app.keys.create({ solution: 'bench', rpm: 100_000_000, tpm: 1_000_000_000 });
process.stdout.write(`READY ${gw.url} ${key} ${redis?.url ? 'redis' : 'in-process'}\n`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  gw.server.closeAllConnections();
  await gw.close();
  await redis?.close();
  await database.drop();
  rmSync(spoolDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
