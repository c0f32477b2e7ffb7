import { pendingSchemaChange, prismaDirOf } from '@latchkey/db';
import { postgresServerUrl } from '@latchkey/testing';

describe('prisma schema', () => {
  it('has no change that a migration does not cover', async () => {
    const server = await postgresServerUrl();
    if (!server) return;
    expect(await pendingSchemaChange(prismaDirOf('ai-gateway'), server)).toBe('');
  });
});
