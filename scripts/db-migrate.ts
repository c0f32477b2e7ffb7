/**
 * `pnpm db:migrate [service…]`: applies every pending migration of each
 * service to its own database on the `DATABASE_URL` server (default: the local
 * server at 127.0.0.1:5432), creating the databases when missing
 * (`migrateAll` in @latchkey/db, the same command as the migrate image's).
 */
import '../packages/db/src/migrate-cli.js';
