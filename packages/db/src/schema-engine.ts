/**
 * Offline Prisma migrations through `@prisma/schema-engine-wasm`.
 *
 * Prisma's CLI downloads a native schema engine that these machines cannot
 * fetch; the WebAssembly build of the same engine runs anywhere Node runs.
 * Migrations stay in Prisma's standard folder format
 * (`prisma/migrations/<timestamp>_<name>/migration.sql` + `migration_lock.toml`)
 * and are recorded in `_prisma_migrations` exactly as `prisma migrate deploy`
 * records them, so the standard CLI keeps working wherever it can run.
 */
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PrismaPg } from '@prisma/adapter-pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { applyMigrationsAtomically, upToDate } from './atomic-migrations.js';

const require = createRequire(import.meta.url);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Engine = any;

let modulePromise: Promise<{ SchemaEngine: Engine }> | undefined;

/** Loads and instantiates the wasm module once per process. */
async function loadEngineModule(): Promise<{ SchemaEngine: Engine }> {
  modulePromise ??= (async () => {
    const pkgDir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
    const bg = await import(pathToFileURL(path.join(pkgDir, 'schema_engine_bg.js')).href);
    const bytes = await readFile(path.join(pkgDir, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return bg as { SchemaEngine: Engine };
  })();
  return modulePromise;
}

const noFilters = { externalTables: [], externalEnums: [] };

/** A migration folder as Prisma lays it out. */
export interface MigrationDir {
  /** `<timestamp>_<name>` */
  name: string;
  sql: string;
}

/** Reads `prisma/migrations` of a service, sorted by name (timestamp first). */
export async function readMigrations(migrationsDir: string): Promise<MigrationDir[]> {
  let entries: string[];
  try {
    entries = await readdir(migrationsDir);
  } catch {
    return [];
  }
  const dirs = entries.filter((e) => /^\d{14}_/.test(e)).sort();
  return Promise.all(dirs.map(async (name) => ({ name, sql: await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8') })));
}

async function withEngine<T>(
  connectionString: string,
  schemaPath: string,
  fn: (engine: Engine, schemaText: string) => Promise<T>,
  schemaText?: string,
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  schemaText ??= await readFile(schemaPath, 'utf8');
  // The engine never disposes the connections it opens (and with them the
  // advisory lock `migrate deploy` takes), so track and close them here.
  const base = new PrismaPg({ connectionString });
  const opened: { dispose(): Promise<void> }[] = [];
  const tracking = Object.create(base) as typeof base;
  tracking.connect = async () => {
    const adapter = await base.connect();
    opened.push(adapter);
    return adapter;
  };
  tracking.connectToShadowDb = async () => {
    const adapter = await base.connectToShadowDb();
    opened.push(adapter);
    return adapter;
  };
  const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schemaText]] }, () => {}, bindMigrationAwareSqlAdapterFactory(tracking));
  try {
    return await fn(engine, schemaText);
  } finally {
    engine.free?.();
    await Promise.all(opened.map((a) => a.dispose().catch(() => {})));
  }
}

/**
 * Applies every pending migration of `prismaDir/migrations` to the database at
 * `connectionString`, as `prisma migrate deploy` does, but each one atomically
 * (its SQL and its record in one transaction; see atomic-migrations.ts), then
 * lets Prisma's engine check the result (and apply any migration that cannot
 * run in a transaction).
 * @returns the names of the migrations applied by this call.
 * @throws UnfinishedMigrationError when an unfinished earlier attempt cannot be recovered safely;
 *   an Error when a migration fails (nothing of it is kept) or an applied migration was edited afterwards.
 */
export async function applyMigrations(connectionString: string, prismaDir: string): Promise<string[]> {
  const migrationsDir = path.join(prismaDir, 'migrations');
  const migrations = await readMigrations(migrationsDir);
  // Every start applies migrations: on an up-to-date database that is one query, not the engine.
  if (await upToDate(connectionString, migrations)) return [];
  const atomically = await applyMigrationsAtomically(connectionString, migrations);
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  const lockContent = await readFile(lockPath, 'utf8').catch(() => null);
  return withEngine(connectionString, path.join(prismaDir, 'schema.prisma'), async (engine) => {
    const result = await engine.applyMigrations({
      migrationsList: {
        baseDir: migrationsDir,
        lockfile: { path: 'migration_lock.toml', content: lockContent },
        migrationDirectories: migrations.map((m) => ({
          path: m.name,
          migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: m.sql } },
        })),
        shadowDbInitScript: '',
      },
      filters: noFilters,
    });
    return [...atomically, ...((result?.appliedMigrationNames ?? []) as string[])];
  });
}

/**
 * The SQL that takes the data model `fromSchema` to the data model `toSchema`
 * (`null` = an empty database). Used by `pnpm db:diff` against the schema
 * snapshot kept beside the newest migration, and by the drift test.
 * The engine needs a reachable PostgreSQL to start, though it reads nothing from it.
 * @returns the SQL script; an empty string when the two models are the same.
 */
export async function diffDatamodels(connectionString: string, fromSchema: string | null, toSchema: string): Promise<string> {
  return withEngine(
    connectionString,
    'schema.prisma',
    async (engine) => {
      const result = await engine.diff({
        from: fromSchema === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: fromSchema }] },
        to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: toSchema }] },
        script: true,
        exitCode: null,
        shadowDatabaseUrl: null,
        filters: noFilters,
      });
      const sql = String(result?.stdout ?? '');
      return /^\s*(-- This is an empty migration\.)?\s*$/.test(sql) ? '' : sql;
    },
    toSchema,
  );
}
