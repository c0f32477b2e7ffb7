import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './index.js';

// Many pooled connections on the one embedded session must behave as separate PostgreSQL sessions.
describe('embedded PostgreSQL under concurrent pooled connections', () => {
  let embedded: EmbeddedPostgres;
  let pool: pg.Pool;
  beforeAll(async () => {
    embedded = await startEmbeddedPostgres({});
    pool = new pg.Pool({ connectionString: embedded.url, max: 8 });
    await pool.query('CREATE TABLE items (id serial PRIMARY KEY, owner int NOT NULL)');
  }, 120_000); // a fresh PGlite takes seconds of CPU, many on a busy machine
  afterAll(async () => {
    await pool.end();
    await embedded.stop();
  });

  it('keeps named prepared statements private to each connection', async () => {
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        pool.query(i % 2 ? { name: 'lk_plus_one', text: 'SELECT $1::int + 1 AS v', values: [i] } : { text: 'SELECT $1::int * 2 AS v', values: [i] }),
      ),
    );
    expect(results.map((r) => r.rows[0].v)).toEqual(Array.from({ length: 64 }, (_, i) => (i % 2 ? i + 1 : i * 2)));
  });

  it('keeps an error inside its own extended-query cycle', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => pool.query({ text: i % 2 ? 'SELECT 1 / ($1::int - $1::int) AS v' : 'SELECT $1::int AS v', values: [i] })),
    );
    outcomes.forEach((o, i) => {
      if (i % 2) expect(o.status === 'rejected' && (o.reason as { code?: string }).code).toBe('22012');
      else expect(o.status === 'fulfilled' && o.value.rows[0].v).toBe(i);
    });
  });

  it('runs concurrent transactions as units: no foreign statement inside, rollback undoes only its own', async () => {
    const tx = async (owner: number) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('INSERT INTO items (owner) VALUES ($1), ($1)', [owner]);
        const seen = await client.query('SELECT count(*)::int AS n FROM items WHERE owner = $1', [owner]);
        await client.query(owner % 3 === 0 ? 'ROLLBACK' : 'COMMIT');
        return seen.rows[0].n as number;
      } finally {
        client.release();
      }
    };
    const plain = Array.from({ length: 20 }, (_, i) =>
      pool.query({ name: 'lk_count', text: 'SELECT count(*)::int AS n FROM items WHERE owner = $1', values: [1000 + i] }),
    );
    const seen = await Promise.all([...Array.from({ length: 30 }, (_, i) => tx(i + 1)), ...plain]);
    expect(seen.slice(0, 30)).toEqual(Array(30).fill(2));
    expect(seen.slice(30).every((r) => (r as pg.QueryResult).rows[0].n === 0)).toBe(true);
    const kept = await pool.query('SELECT count(*)::int AS n FROM items');
    expect(kept.rows[0].n).toBe(2 * Array.from({ length: 30 }, (_, i) => i + 1).filter((o) => o % 3 !== 0).length);
  });

  it('rolls back the transaction and drops the statements of a connection that goes away', async () => {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query({ name: 'lk_gone', text: 'SELECT $1::int AS v', values: [1] });
    await client.query('BEGIN');
    await client.query('INSERT INTO items (owner) VALUES (-1)');
    client.on('error', () => {});
    const stream = (client as unknown as { connection: { stream: import('node:net').Socket } }).connection.stream;
    const closed = new Promise((resolve) => stream.once('close', resolve));
    stream.destroy();
    await closed;
    // The session is free again for the others, and nothing of the dead connection is left.
    const rows = await pool.query(
      "SELECT (SELECT count(*)::int FROM items WHERE owner = -1) AS n, (SELECT count(*)::int FROM pg_prepared_statements WHERE name LIKE '%lk_gone') AS s",
    );
    expect(rows.rows[0]).toEqual({ n: 0, s: 0 });
  });
});
