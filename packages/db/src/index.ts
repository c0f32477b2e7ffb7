export { applyMigrations, diffDatamodels, readMigrations, type MigrationDir } from './schema-engine.js';
export { canConnect, databaseName, databaseUrl, dropDatabase, ensureDatabase, DEFAULT_SERVER_URL } from './databases.js';
export { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded.js';
export { SERVICE_DATABASES, prismaDirOf, type ServiceName } from './services.js';
export { latestSnapshot, migrationTimestamp, pendingSchemaChange, writeNextMigration } from './migrations.js';
export { acquireLock, LockedError } from './lock.js';
export { migrateAll } from './migrate-all.js';
export { applyMigrationsAtomically, UnfinishedMigrationError } from './atomic-migrations.js';
export { openServiceDatabase, DEFAULT_DATA_ROOT, type ServiceDatabase } from './service-database.js';
