/**
 * `pnpm db:diff <service> <name>`: writes the next migration of a service from
 * its `prisma/schema.prisma` (offline; see packages/db/src/migrations.ts).
 */
import { DEFAULT_SERVER_URL, SERVICE_DATABASES, prismaDirOf, writeNextMigration, startEmbeddedPostgres, canConnect, type ServiceName } from '@latchkey/db';

const [service, name] = process.argv.slice(2);
if (!service || !name || !(service in SERVICE_DATABASES)) {
  console.error(`usage: pnpm db:diff <service> <name>\n  services: ${Object.keys(SERVICE_DATABASES).join(', ')}`);
  process.exit(2);
}
const url = process.env.DATABASE_URL || DEFAULT_SERVER_URL;
const embedded = (await canConnect(url)) ? undefined : await startEmbeddedPostgres({});
try {
  const folder = await writeNextMigration(prismaDirOf(service as ServiceName), name, embedded?.url ?? url);
  console.log(folder ? `wrote apps/${service}/prisma/migrations/${folder}` : 'schema and migrations agree: nothing to write');
} finally {
  await embedded?.stop();
}
