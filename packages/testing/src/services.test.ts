import pg from 'pg';
import { createTestDatabase, createTestRedis } from './index.js';

describe('createTestDatabase', () => {
  it('gives each caller its own empty database', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(a.url).not.toBe(b.url);
      const ca = new pg.Client({ connectionString: a.url });
      await ca.connect();
      await ca.query('CREATE TABLE only_in_a (id int)');
      await ca.end();
      const cb = new pg.Client({ connectionString: b.url });
      await cb.connect();
      const r = await cb.query("SELECT to_regclass('public.only_in_a') AS t");
      await cb.end();
      expect(r.rows[0].t).toBeNull();
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
  });
});

describe('createTestRedis', () => {
  it('namespaces keys per caller and cleans them up', async () => {
    const t = await createTestRedis();
    if (!t.redis) {
      expect(t.url).toBeUndefined();
      return;
    }
    await t.redis.set(`${t.prefix}k`, 'v');
    expect(await t.redis.get(`${t.prefix}k`)).toBe('v');
    const other = await createTestRedis();
    expect(other.prefix).not.toBe(t.prefix);
    await other.close();
    const { Redis } = await import('ioredis');
    await t.close();
    const check = new Redis(t.url!);
    expect(await check.get(`${t.prefix}k`)).toBeNull();
    check.disconnect();
  });
});
