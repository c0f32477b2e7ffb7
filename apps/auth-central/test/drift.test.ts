import { pendingSchemaChange, prismaDirOf } from '@latchkey/db';
import { postgresServerUrl } from '@latchkey/testing';
import { startEmbeddedPostgres } from '@latchkey/db';

it('prisma/schema.prisma and the migrations agree', async () => {
  const server = await postgresServerUrl();
  const embedded = server ? undefined : await startEmbeddedPostgres({});
  try {
    expect(await pendingSchemaChange(prismaDirOf('auth-central'), server ?? embedded!.url)).toBe('');
  } finally {
    await embedded?.stop();
  }
});
