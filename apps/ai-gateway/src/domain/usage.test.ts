import { UsageSink, type UsageEvent } from './usage.js';
import type { Db } from '../store/db.js';

const event = (i: number): UsageEvent => ({ requestId: `r${i}`, solutionId: 's', keyId: 'k', model: 'openai/x', provider: 'openai', route: 'chat', stream: false, inputTokens: 1, outputTokens: 2, cachedTokens: 0, status: 200, latencyMs: 3, at: Date.now() });

describe('UsageSink without Redis', () => {
  it('writes directly, and retries a failed write instead of losing it', async () => {
    let failures = 2;
    const written: any[] = [];
    const insert = async (rows: any[]) => {
      if (failures-- > 0) throw new Error('database down');
      written.push(...rows);
    };
    const sink = new UsageSink({} as Db, { flushMs: 5, insert });
    for (let i = 0; i < 5; i++) sink.record(event(i));
    await sink.settle(10_000);
    expect(written.map((r) => r.requestId)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(Object.keys(written[0]).sort()).toEqual(
      ['cachedTokens', 'createdAt', 'id', 'inputTokens', 'keyId', 'latencyMs', 'model', 'outputTokens', 'provider', 'requestId', 'route', 'solutionId', 'status', 'stream'].sort(),
    );
    await sink.close();
  });
});
