import pg from 'pg';
import { startHarness, call, bodyFor, PATHS, MODELS, type Harness } from './harness.js';

/** Prompts and completions are never stored or logged: a canary goes through every route and is looked for everywhere. */
const CANARY = 'CANARY-b7e1c0de-prompt-secret';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.createKey({ solution: 'canary-solution' })).key;
});
afterAll(() => h.close());

async function dumpDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query(`SELECT schemaname, tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`);
    let out = '';
    for (const t of tables.rows) {
      const rows = await client.query(`SELECT * FROM "${t.schemaname}"."${t.tablename}"`);
      out += `${t.tablename}\n${JSON.stringify(rows.rows)}\n`;
    }
    return out;
  } finally {
    await client.end();
  }
}

async function dumpRedis(h: Harness): Promise<{ keys: number; text: string }> {
  const r = h.redis.redis;
  if (!r) return { keys: 0, text: '' };
  let cursor = '0';
  let text = '';
  let count = 0;
  do {
    const [next, keys] = await r.scan(cursor, 'MATCH', `${h.redis.prefix}*`, 'COUNT', 1000);
    cursor = next;
    for (const k of keys) {
      count++;
      const type = await r.type(k);
      let v: unknown;
      if (type === 'string') v = await r.get(k);
      else if (type === 'hash') v = await r.hgetall(k);
      else if (type === 'list') v = await r.lrange(k, 0, -1);
      else if (type === 'set') v = await r.smembers(k);
      else if (type === 'zset') v = await r.call('ZRANGE', k, '0', '-1', 'WITHSCORES');
      else if (type === 'stream') v = await r.xrange(k, '-', '+');
      text += `${k} ${JSON.stringify(v)}\n`;
    }
  } while (cursor !== '0');
  return { keys: count, text };
}

describe('the canary', () => {
  it('goes through every route, provider and mode, and appears nowhere in PostgreSQL, Redis or the logs', async () => {
    let echoed = 0;
    for (const route of ['chat', 'responses', 'messages'] as const) {
      for (const provider of ['openai', 'anthropic', 'google'] as const) {
        for (const stream of [false, true]) {
          const res = await call(h.gw.url, PATHS[route], key, bodyFor(route, MODELS[provider], `please repeat ${CANARY}`, { stream }));
          expect(res.status).toBe(200);
          if (res.text.includes(CANARY)) echoed++;
        }
      }
    }
    // Failing calls too: an upstream error and a refused model.
    h.fakes.openai.configure({ failStatus: 500 });
    expect((await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, CANARY))).status).toBe(502);
    h.fakes.resetAll();
    expect((await call(h.gw.url, PATHS.chat, key, bodyFor('chat', 'openai/not-allowed', CANARY))).status).toBe(400);
    expect(echoed).toBe(18); // the completions did carry it back to the caller

    await h.gw.app.usage.settle();
    const records = await h.prisma.usageRecord.findMany({ where: { solutionId: 'canary-solution' } });
    expect(records.length).toBeGreaterThanOrEqual(19);
    expect(records.every((r) => r.requestId && r.model && r.provider && r.route)).toBe(true);

    const db = await dumpDatabase(h.db.url);
    expect(db).toContain('usage_records');
    expect(db).not.toContain(CANARY);
    const redis = await dumpRedis(h);
    expect(redis.text).not.toContain(CANARY);
    const logs = h.logs.text();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(CANARY);
    expect(logs).not.toContain(key);
  });
});

describe('usage records', () => {
  it('record solution, key, model, provider, route, tokens, status, latency and request id; the admin report sums them', async () => {
    const { id, key: k } = await h.createKey({ solution: 'usage-solution' });
    await call(h.gw.url, PATHS.chat, k, bodyFor('chat', MODELS.openai, 'a'), { 'x-request-id': 'req-usage-1' });
    await call(h.gw.url, PATHS.messages, k, bodyFor('messages', MODELS.anthropic, 'b', { stream: true }));
    h.fakes.gemini.configure({ failStatus: 500 });
    await call(h.gw.url, PATHS.responses, k, bodyFor('responses', MODELS.google, 'c'));
    h.fakes.resetAll();
    await h.gw.app.usage.settle();
    const rows = await h.prisma.usageRecord.findMany({ where: { keyId: id }, orderBy: { createdAt: 'asc' } });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      requestId: 'req-usage-1',
      solutionId: 'usage-solution',
      model: MODELS.openai,
      provider: 'openai',
      route: 'chat',
      status: 200,
      stream: false,
    });
    expect(rows[0]!.inputTokens).toBeGreaterThan(0);
    expect(rows[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(rows.find((r) => r.route === 'messages')).toMatchObject({ stream: true, status: 200 });
    expect(rows.find((r) => r.route === 'responses')).toMatchObject({ status: 502, provider: 'google' });
    const report = await h.admin('GET', '/usage?solution=usage-solution&since=24h');
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ solution: 'usage-solution', requests: 3, errors: 1 });
    expect(report.body.errorRate).toBeCloseTo(1 / 3);
    expect(report.body.byModel.map((m: any) => m.model).sort()).toEqual([MODELS.anthropic, MODELS.google, MODELS.openai].sort());
    expect(report.body.latencyMs).toEqual({ p50: expect.any(Number), p95: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) });
  });
});
