import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageSink, type UsageEvent } from './usage.js';
import type { Db } from '../store/db.js';
import { UsageSpool } from '../store/usage-spool.js';

const event = (i: number): UsageEvent => ({
  requestId: `r${i}`,
  solutionId: 's',
  keyId: 'k',
  model: 'openai/x',
  provider: 'openai',
  route: 'chat',
  stream: false,
  inputTokens: 1,
  outputTokens: 2,
  cachedTokens: 0,
  status: 200,
  latencyMs: 3,
  at: Date.now(),
});

describe('UsageSink without a spool', () => {
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
      [
        'cachedTokens',
        'createdAt',
        'id',
        'inputTokens',
        'keyId',
        'kind',
        'latencyMs',
        'model',
        'outputTokens',
        'provider',
        'providerModel',
        'requestId',
        'route',
        'solutionId',
        'status',
        'stream',
      ].sort(),
    );
    await sink.close();
  });
});

describe('UsageSink with a spool', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lk-spool-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  /** A table keyed by row id, as `ON CONFLICT (id) DO NOTHING` makes usage_records. */
  const table = () => {
    const rows = new Map<string, any>();
    let down = false;
    return {
      rows,
      setDown: (d: boolean) => {
        down = d;
      },
      insert: async (batch: any[]) => {
        if (down) throw new Error('database down');
        for (const r of batch) if (!rows.has(r.id)) rows.set(r.id, r);
      },
    };
  };
  const segments = () => readdirSync(dir).filter((n) => n.endsWith('.jsonl'));

  it('a process that dies with the database down loses nothing: the next one writes the spool', async () => {
    const t = table();
    t.setDown(true);
    const first = new UsageSink({} as Db, { flushMs: 5, batch: 7, spoolDir: dir, insert: t.insert });
    for (let i = 0; i < 50; i++) first.record(event(i));
    first.flush();
    await expect(first.settle(300)).rejects.toThrow(/still waiting/);
    expect(first.backlog()).toBe(50);
    expect(segments().length).toBeGreaterThan(0);
    // The first sink is abandoned without close() (as after kill -9); the database comes back.
    t.setDown(false);
    const second = new UsageSink({} as Db, { flushMs: 5, spoolDir: dir, insert: t.insert });
    expect(second.replayed).toBe(50);
    await second.settle(5_000);
    expect([...t.rows.values()].map((r) => r.requestId).sort()).toEqual(Array.from({ length: 50 }, (_, i) => `r${i}`).sort());
    expect(segments()).toEqual([]);
    await second.close();
    await first.close().catch(() => {});
  });

  it('a replay of rows already stored adds nothing, and a torn last line is skipped', async () => {
    const t = table();
    const a = new UsageSink({} as Db, { flushMs: 5, spoolDir: dir, insert: t.insert });
    for (let i = 0; i < 10; i++) a.record(event(i));
    await a.settle(5_000);
    expect(t.rows.size).toBe(10);
    // As if the process died between the insert and the deletion of its segment:
    const stored = [...t.rows.values()];
    writeFileSync(join(dir, 'usage-0000000000001-000000.jsonl'), `${stored.map((r) => JSON.stringify(r)).join('\n')}\n{"id":"torn`);
    await a.close();
    const b = new UsageSink({} as Db, { flushMs: 5, spoolDir: dir, insert: t.insert });
    expect(b.replayed).toBe(10);
    await b.settle(5_000);
    expect(t.rows.size).toBe(10);
    await b.close();
  });

  it('close() with the database down keeps the records in the spool for the next start', async () => {
    const t = table();
    t.setDown(true);
    const a = new UsageSink({} as Db, { flushMs: 1000, spoolDir: dir, insert: t.insert });
    for (let i = 0; i < 3; i++) a.record(event(i));
    await a.close();
    t.setDown(false);
    const b = new UsageSink({} as Db, { spoolDir: dir, insert: t.insert });
    expect(b.replayed).toBe(3);
    await b.settle(5_000);
    expect(t.rows.size).toBe(3);
    await b.close();
  });

  it('a call that ends after close() is not lost: it waits in the spool for the next start, with a warning', async () => {
    const t = table();
    const warnings: string[] = [];
    const logger = { warn: (_o: unknown, msg: string) => warnings.push(msg), info: () => {}, error: () => {} };
    // A long batch period: the closed sink does not hand the late records on itself before the next one starts.
    const a = new UsageSink({} as Db, { flushMs: 60_000, spoolDir: dir, insert: t.insert, logger: logger as never });
    a.record(event(1));
    await a.close();
    expect(segments()).toEqual([]);
    expect(t.rows.size).toBe(1);
    a.record(event(2));
    a.record(event(3));
    expect(warnings).toEqual(['usage recorded after the usage sink closed (further ones are counted, not logged)']);
    expect(a.lateRecords).toBe(2);
    expect(segments()).toHaveLength(1);
    const b = new UsageSink({} as Db, { spoolDir: dir, insert: t.insert });
    expect(b.replayed).toBe(2);
    await b.settle(5_000);
    expect([...t.rows.values()].map((r) => r.requestId).sort()).toEqual(['r1', 'r2', 'r3']);
    await b.close();
  });

  it('a record made while the last batch is being sealed stays on disk until its own batch is stored (kill -9 then loses nothing)', async () => {
    const t = table();
    let calls = 0;
    // The first batch is stored; every later insert hangs, as on a database that stopped answering.
    const insert = async (batch: any[]) => {
      if (calls++ === 0) return t.insert(batch);
      return new Promise<void>(() => {});
    };
    const a = new UsageSink({} as Db, { flushMs: 5, spoolDir: dir, insert });
    // Records between flushes in one tick: each batch's segment is still being synced when the next records arrive.
    a.record(event(1));
    a.flush();
    a.record(event(2));
    a.flush();
    a.record(event(3));
    // Segments are deleted off the event loop: one may go between listing and reading.
    const onDisk = () =>
      segments().map((n) => {
        try {
          return readFileSync(join(dir, n), 'utf8');
        } catch {
          return '';
        }
      });
    for (let i = 0; i < 200 && (t.rows.size === 0 || onDisk().some((text) => text.includes('"r1"'))); i++) await new Promise((r) => setTimeout(r, 10));
    expect(t.rows.size).toBe(1);
    expect(onDisk().some((text) => text.includes('"r1"'))).toBe(false);
    // r2 and r3 are not in the database yet: they must still be in the spool.
    expect(onDisk().filter((text) => text.includes('"r2"') || text.includes('"r3"'))).toHaveLength(2);
    // The first sink is abandoned (as after kill -9); the next start writes what it left.
    const b = new UsageSink({} as Db, { flushMs: 5, spoolDir: dir, insert: t.insert });
    await b.settle(5_000);
    expect([...t.rows.values()].map((r) => r.requestId).sort()).toEqual(['r1', 'r2', 'r3']);
    await b.close();
  });

  it('a new segment never appends to one left by an earlier run, even when the clock stepped back to its time', () => {
    const realNow = Date.now;
    Date.now = () => 1_700_000_000_000;
    try {
      // Left by an older version (no pid in the name) and by an earlier run of this pid at the same time.
      const left = [join(dir, 'usage-1700000000000-000000.jsonl'), join(dir, `usage-1700000000000-${process.pid}-000000.jsonl`)];
      for (const f of left) writeFileSync(f, '{"id":"left"}\n');
      const spool = new UsageSpool(dir);
      spool.append({ ...(event(1) as any), id: 'new', createdAt: new Date(0).toISOString() });
      const seg = spool.take();
      expect(left).not.toContain(seg?.file);
      expect(left.map((f) => readFileSync(f, 'utf8'))).toEqual(['{"id":"left"}\n', '{"id":"left"}\n']);
      expect(readFileSync(seg!.file, 'utf8')).toContain('"new"');
      spool.close();
    } finally {
      Date.now = realNow;
    }
  });

  it('refuses a spool held by another live process', () => {
    writeFileSync(join(dir, 'spool.lock'), String(process.ppid));
    expect(() => new UsageSink({} as Db, { spoolDir: dir, insert: async () => {} })).toThrow(/in use by process/);
  });
});
