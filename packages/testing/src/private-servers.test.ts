import pg from 'pg';
import { Redis } from 'ioredis';
import { describeWithPrivatePostgres, describeWithPrivateRedis, startPrivatePostgres, startPrivateRedis } from './index.js';

describeWithPrivateRedis()('startPrivateRedis', () => {
  it('serves, stops and comes back on the same port without the old data', async () => {
    const r = await startPrivateRedis();
    const client = new Redis(r.url, { maxRetriesPerRequest: 0, lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.set('k', 'v');
      expect(await client.get('k')).toBe('v');
      client.disconnect();
      await r.stop({ kill: true });
      expect(r.running).toBe(false);
      await r.start();
      const again = new Redis(r.url, { maxRetriesPerRequest: 0 });
      try {
        expect(await again.get('k')).toBeNull(); // --save '': nothing survives a restart
      } finally {
        again.disconnect();
      }
    } finally {
      client.disconnect();
      await r.close();
    }
  });
});

describeWithPrivatePostgres()('startPrivatePostgres', () => {
  it('serves, stops and comes back with its data', async () => {
    const p = await startPrivatePostgres();
    try {
      const c = new pg.Client({ connectionString: p.url });
      await c.connect();
      await c.query('CREATE TABLE kept (id int)');
      await c.end();
      await p.stop({ kill: true });
      expect(p.running).toBe(false);
      const refused = new pg.Client({ connectionString: p.url, connectionTimeoutMillis: 2000 });
      await expect(refused.connect()).rejects.toThrow();
      await p.start();
      const c2 = new pg.Client({ connectionString: p.url });
      await c2.connect();
      const r = await c2.query("SELECT to_regclass('public.kept') AS t");
      await c2.end();
      expect(r.rows[0].t).toBe('kept');
    } finally {
      await p.close();
    }
  }, 120_000);
});
