import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresServerUrl } from '@latchkey/testing';
import { databaseUrl, dropDatabase, openServiceDatabase } from './index.js';

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('openServiceDatabase', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'lk-service-db-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('without DATABASE_URL runs an embedded PostgreSQL whose data outlive a restart, in <root>/<database name>', async () => {
    const first = await openServiceDatabase('strategy', { dataRoot: root });
    expect(first).toMatchObject({ embedded: true, dataDir: path.join(root, 'latchkey_strategy') });
    await query(first.url, 'CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)');
    await first.stop();
    await first.stop(); // stopping twice is harmless
    expect(existsSync(`${first.dataDir}.lock`)).toBe(false);

    const again = await openServiceDatabase('strategy', { dataRoot: root });
    try {
      expect(await query(again.url, 'SELECT id FROM kept')).toEqual([{ id: 7 }]);
    } finally {
      await again.stop();
    }
  }, 180_000); // a fresh PGlite takes seconds of CPU, many on a busy machine

  it('with DATABASE_URL uses that database, creating it when missing, and has nothing to stop', async () => {
    const server = await postgresServerUrl();
    if (!server) return; // no PostgreSQL server here (LATCHKEY_REQUIRE_SERVICES fails the run elsewhere)
    const url = databaseUrl(server, `test_svcdb_${randomBytes(5).toString('hex')}`);
    try {
      const opened = await openServiceDatabase('ai-gateway', { databaseUrl: url, dataRoot: root });
      expect(opened).toMatchObject({ url, embedded: false, dataDir: undefined });
      expect(await query(url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await opened.stop();
    } finally {
      await dropDatabase(url);
    }
  });
});
