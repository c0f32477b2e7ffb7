/**
 * A running gateway (startGateway) reports a Redis outage in its log: one
 * warning when Redis goes away, one line when it is back.
 */
import { createLogger } from '@latchkey/service-kit';
import {
  captureLogs,
  createTestDatabase,
  describeWithPrivateRedis,
  startPrivateRedis,
  waitFor,
  type PrivateServer,
  type TestDatabase,
} from '@latchkey/testing';
import { startGateway, type RunningGateway } from '../src/server.js';

const redisLines = (lines: string[]) =>
  lines
    .map((l) => JSON.parse(l) as { dependency?: string; level: number })
    .filter((l) => l.dependency === 'redis')
    .map((l) => l.level);

describeWithPrivateRedis()('ai-gateway while Redis is down', () => {
  let redis: PrivateServer;
  let database: TestDatabase;
  let gateway: RunningGateway;
  const logs = captureLogs();

  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await createTestDatabase({ prefix: 'gw_redis_log' }); // empty: startGateway migrates it
    gateway = await startGateway({
      databaseUrl: database.url,
      redisUrl: redis.url,
      port: 0,
      logger: createLogger('ai-gateway', 'info', logs.stream),
      poolSize: 2,
      handleSignals: false,
      deps: { providers: {} },
    });
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await database?.drop();
    await redis?.close();
  }, 60_000);

  it('logs the outage once and its end', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    await redis.stop({ kill: true });
    await waitFor(() => redisLines(logs.lines).includes(40), 15_000, 'the outage warning');
    await redis.start();
    await waitFor(() => redisLines(logs.lines).includes(30), 15_000, 'the recovery line');
    expect(redisLines(logs.lines)).toEqual([40, 30]);
  }, 60_000);
});
