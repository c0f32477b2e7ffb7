/**
 * A gateway started while Redis is down (or too slow to answer within the
 * fail-fast command time-out) still starts: its revocation subscription
 * waits in the background and is in place once Redis answers.
 */
import { Redis } from 'ioredis';
import { connectRedis, createLogger } from '@latchkey/service-kit';
import { describeWithPrivateRedis, startPrivateRedis, waitFor, type PrivateServer } from '@latchkey/testing';
import { KeyService } from '../src/domain/keys.js';
import type { Db } from '../src/store/db.js';

describeWithPrivateRedis()('Redis down when the gateway starts', () => {
  let redis: PrivateServer;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  }, 60_000);
  afterAll(() => redis.close());

  it('start() resolves without Redis, and the subscription completes once Redis is back', async () => {
    await redis.stop();
    const client = connectRedis(redis.url, 'gateway-test')!;
    const keys = new KeyService(
      {} as Db,
      { models: ['openai/gpt-4o-mini'], rpm: 60, tpm: 1000 },
      { redis: client, prefix: 't:', logger: createLogger('ai-gateway', 'silent') },
    );
    await expect(keys.start(300)).resolves.toBeUndefined();
    await redis.start();
    const publisher = new Redis(redis.url, { lazyConnect: true });
    publisher.on('error', () => {});
    try {
      // PUBLISH answers the number of subscribers that received the message.
      await waitFor(async () => (await publisher.publish('t:gateway:key-revoked', 'nothing').catch(() => 0)) === 1, 20_000, 'the revocation subscriber');
    } finally {
      publisher.disconnect();
      await keys.close();
      client.disconnect();
    }
  }, 60_000);
});
