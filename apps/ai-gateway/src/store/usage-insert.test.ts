import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { createDb, type Db } from './db.js';
import { insertUsageRows, type UsageRow } from './usage-insert.js';

let database: TestDatabase | undefined;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase({ service: 'ai-gateway' });
  db = createDb(database.url, 2);
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const row = (i: number, at = '2026-01-02T03:04:05.678Z'): UsageRow => ({
  id: randomUUID(),
  requestId: `req-${i}`,
  solutionId: 'sol',
  keyId: 'key_1',
  model: 'openai/gpt-4o-mini',
  provider: 'openai',
  route: i % 2 ? 'chat' : 'messages',
  stream: i % 2 === 0,
  inputTokens: 10 + i,
  outputTokens: 20 + i,
  cachedTokens: i,
  status: i === 3 ? 499 : 200,
  latencyMs: 5 + i,
  createdAt: at,
  // Row 4 is as an older version spooled it: neither field.
  ...(i === 4 ? {} : { providerModel: `gpt-4o-mini-${i}`, kind: i === 1 ? 'count_tokens' : 'call' }),
});

describe('insertUsageRows', () => {
  it('writes every column as Prisma reads it back, and never doubles a retried batch', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => row(i));
    expect(await insertUsageRows(db, rows)).toBe(5);
    expect(await insertUsageRows(db, rows)).toBe(0);
    expect(await insertUsageRows(db, [])).toBe(0);
    const back = await db.usageRecord.findMany({ where: { id: { in: rows.map((r) => r.id) } }, orderBy: { requestId: 'asc' } });
    expect(back).toEqual(rows.map((r) => ({ providerModel: '', kind: 'call', ...r, createdAt: new Date(r.createdAt) })));
  });

  it('takes batches of any size with the same statement', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => row(i, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    expect(await insertUsageRows(db, rows)).toBe(300);
    expect(await db.usageRecord.count({ where: { id: { in: rows.map((r) => r.id) } } })).toBe(300);
  });
});
