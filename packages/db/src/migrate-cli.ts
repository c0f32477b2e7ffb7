/**
 * `node dist/migrate-cli.js [service…]`: the migrate image's command (and
 * `pnpm db:migrate`'s): `migrateAll` on the `DATABASE_URL` server (default the
 * local server at 127.0.0.1:5432). Exit status 0 when every service is up to
 * date, 1 when one failed, 2 for an unknown service.
 */
import { DEFAULT_SERVER_URL } from './databases.js';
import { migrateAll } from './migrate-all.js';

const wanted = process.argv.slice(2).filter((a) => a !== '--');
try {
  const ok = await migrateAll(process.env.DATABASE_URL || DEFAULT_SERVER_URL, wanted);
  process.exit(ok ? 0 : 1);
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
