import { pendingSchemaChange } from '@latchkey/db';
import { postgresServerUrl, createTestDatabase } from '@latchkey/testing';
import { PRISMA_DIR } from './server.js';

test('schema.prisma and the migrations agree', async () => {
  const server = await postgresServerUrl();
  const db = server ? undefined : await createTestDatabase();
  try {
    expect(await pendingSchemaChange(PRISMA_DIR, server ?? db!.url)).toBe('');
  } finally {
    await db?.drop();
  }
});
