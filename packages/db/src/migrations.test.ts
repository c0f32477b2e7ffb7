import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, postgresServerUrl } from '@latchkey/testing';
import { upToDate } from './atomic-migrations.js';
import { applyMigrations, pendingSchemaChange, readMigrations, startEmbeddedPostgres, writeNextMigration, type EmbeddedPostgres } from './index.js';

const header = `generator client {
  provider = "prisma-client"
  output   = "../src/generated/prisma"
}
datasource db {
  provider = "postgresql"
}
`;
const v1 = `${header}model Thing {\n  id   String @id\n  name String\n  @@map("things")\n}\n`;
const v2 = v1.replace('name String', 'name String\n  size Int?');

describe('offline migrations', () => {
  let dir: string;
  let server: string;
  let embedded: EmbeddedPostgres | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lk-prisma-'));
    await mkdir(path.join(dir, 'prisma'));
    // The engine needs a reachable PostgreSQL even for a model-to-model diff.
    const real = await postgresServerUrl();
    if (!real) embedded = await startEmbeddedPostgres({});
    server = real ?? embedded!.url;
  });
  afterAll(async () => {
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes migrations from the schema, applies them, and detects drift', async () => {
    const prismaDir = path.join(dir, 'prisma');
    await writeFile(path.join(prismaDir, 'schema.prisma'), v1);
    expect(await pendingSchemaChange(prismaDir, server)).toContain('CREATE TABLE "things"');
    const first = await writeNextMigration(prismaDir, 'init', server, new Date(Date.UTC(2026, 0, 1)));
    expect(first).toBe('20260101000000_init');
    expect(await pendingSchemaChange(prismaDir, server)).toBe('');
    expect(await writeNextMigration(prismaDir, 'noop', server)).toBeNull();

    await writeFile(path.join(prismaDir, 'schema.prisma'), v2);
    const drift = await pendingSchemaChange(prismaDir, server);
    expect(drift).toContain('ADD COLUMN');
    expect(drift).toContain('"size"');
    await writeNextMigration(prismaDir, 'add_size', server, new Date(Date.UTC(2026, 0, 2)));
    expect((await readdir(path.join(prismaDir, 'migrations'))).sort()).toEqual(['20260101000000_init', '20260102000000_add_size', 'migration_lock.toml']);
    expect(await readFile(path.join(prismaDir, 'migrations', '20260102000000_add_size', 'schema.prisma'), 'utf8')).toBe(v2);

    const db = await createTestDatabase({ prismaDir });
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const cols = await client.query("SELECT column_name FROM information_schema.columns WHERE table_name = 'things' ORDER BY 1");
      const applied = await client.query('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY 1');
      await client.end();
      expect(cols.rows.map((r) => r.column_name)).toEqual(['id', 'name', 'size']);
      expect(applied.rows.map((r) => r.migration_name)).toEqual(['20260101000000_init', '20260102000000_add_size']);
      // Applying again is a no-op.
      expect(await applyMigrations(db.url, prismaDir)).toEqual([]);
      // Services apply migrations on every start: an up-to-date database is recognised by one read
      // (the engine is skipped), and an edited or new migration is not mistaken for applied.
      const migrations = await readMigrations(path.join(prismaDir, 'migrations'));
      expect(await upToDate(db.url, migrations)).toBe(true);
      expect(
        await upToDate(
          db.url,
          migrations.map((m, i) => (i ? { ...m, sql: `${m.sql}\n-- edited` } : m)),
        ),
      ).toBe(false);
      expect(await upToDate(db.url, [...migrations, { name: '20260103000000_next', sql: 'SELECT 1;' }])).toBe(false);
    } finally {
      await db.drop();
    }
  });

  it('refuses a bad migration name', async () => {
    await expect(writeNextMigration(path.join(dir, 'prisma'), 'Bad Name', server)).rejects.toThrow(/lowercase/);
  });
});
