import path from 'node:path';
import pg from 'pg';
import {
  applyMigrations,
  applyMigrationsAtomically,
  prismaDirOf,
  readMigrations,
  startEmbeddedPostgres,
  UnfinishedMigrationError,
  type EmbeddedPostgres,
} from './index.js';

// One embedded database (in memory, the default of `pnpm start`), emptied before each test.
let embedded: EmbeddedPostgres;
let client: pg.Client;
beforeAll(async () => {
  embedded = await startEmbeddedPostgres({});
  client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
}, 120_000); // a fresh PGlite takes seconds of CPU, many on a busy machine
afterAll(async () => {
  await client.end();
  await embedded.stop();
});
beforeEach(async () => {
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
});

const tables = async () =>
  (await client.query<{ t: string }>("SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map((r) => r.t);
const records = async () =>
  (
    await client.query(
      'SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM "_prisma_migrations" ORDER BY started_at, migration_name',
    )
  ).rows;

const init = {
  name: '20260101000000_init',
  sql: 'CREATE TABLE a (id int PRIMARY KEY, name text NOT NULL);\nCREATE TABLE b (id int PRIMARY KEY REFERENCES a(id));\nCREATE INDEX b_idx ON b (id);',
};

it('keeps nothing of a migration that fails halfway, so the next run applies it', async () => {
  const broken = { ...init, sql: `${init.sql}\nCREATE TABLE c (id int REFERENCES missing(id));` };
  await expect(applyMigrationsAtomically(embedded.url, [broken])).rejects.toThrow(/missing/);
  expect(await tables()).toEqual(['_prisma_migrations']);
  expect(await records()).toEqual([]);
  // Fixed (or simply run again after a crash): it applies.
  expect(await applyMigrationsAtomically(embedded.url, [init])).toEqual([init.name]);
  expect(await tables()).toEqual(['_prisma_migrations', 'a', 'b']);
  expect(await records()).toEqual([{ migration_name: init.name, finished: true, rolled_back: false }]);
  expect(await applyMigrationsAtomically(embedded.url, [init])).toEqual([]);
});

it('recovers an unfinished record whose migration left nothing behind', async () => {
  await applyMigrationsAtomically(embedded.url, []);
  await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ('x', 'y', $1, now() - interval '1 hour')`, [
    init.name,
  ]);
  expect(await applyMigrationsAtomically(embedded.url, [init])).toEqual([init.name]);
  expect(await tables()).toEqual(['_prisma_migrations', 'a', 'b']);
  expect(await records()).toEqual([
    { migration_name: init.name, finished: false, rolled_back: true },
    { migration_name: init.name, finished: true, rolled_back: false },
  ]);
});

it('refuses, changing nothing, an unfinished migration whose objects exist only in part', async () => {
  await applyMigrationsAtomically(embedded.url, []);
  await client.query('CREATE TABLE a (id int PRIMARY KEY, name text NOT NULL)');
  await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ('x', 'y', $1)`, [init.name]);
  await expect(applyMigrationsAtomically(embedded.url, [init])).rejects.toBeInstanceOf(UnfinishedMigrationError);
  expect(await tables()).toEqual(['_prisma_migrations', 'a']);
  expect(await records()).toEqual([{ migration_name: init.name, finished: false, rolled_back: false }]);
  // Objects that differ from what the migration makes are not taken as applied either.
  await client.query('CREATE TABLE b (id int PRIMARY KEY)');
  await expect(applyMigrationsAtomically(embedded.url, [init])).rejects.toThrow(/never finished/);
});

it("recovers a service's init migration found fully applied but unfinished, and Prisma's engine accepts the result", async () => {
  const prismaDir = prismaDirOf('ai-gateway');
  const all = await readMigrations(path.join(prismaDir, 'migrations'));
  const first = all[0];
  // What an interrupted, non-atomic `migrate deploy` leaves: every table, and a record without finished_at.
  await client.query(first!.sql);
  await applyMigrationsAtomically(embedded.url, []);
  await client.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ('x', 'y', $1)`, [first!.name]);
  const applied = await applyMigrations(embedded.url, prismaDir);
  expect(applied).toContain(first!.name);
  // The recovered init and every later migration of the service, each recorded once and finished.
  expect((await records()).filter((r) => !r.rolled_back)).toEqual(all.map((m) => ({ migration_name: m.name, finished: true, rolled_back: false })));
  expect(await applyMigrations(embedded.url, prismaDir)).toEqual([]);
}, 60_000);
