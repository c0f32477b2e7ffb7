/** The `pnpm bench` runner and the shared measurement helpers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatTable, measure, percentile, ratio, serveApp, toRow } from '../../packages/bench/src/index.js';
import { discoverSuites, parseArgs, renderResults } from '../../scripts/bench.js';

describe('pnpm bench', () => {
  it('parses --quick, --only (repeatable) and --duration, ignoring "--"', () => {
    expect(parseArgs(['--', '--quick', '--only', 'auth', '--only=gateway'])).toEqual({ quick: true, only: ['auth', 'gateway'], duration: undefined });
    expect(parseArgs(['--duration', '5']).duration).toBe(5);
    expect(parseArgs([])).toEqual({ quick: false, only: [], duration: undefined });
  });

  it('discovers apps/*/bench/*.bench.ts', () => {
    const suites = discoverSuites();
    expect(suites.length).toBeGreaterThan(0);
    for (const s of suites) expect(s).toMatch(/\/apps\/[^/]+\/bench\/[^/]+\.bench\.ts$/);
    expect(suites.some((s) => s.endsWith('apps/auth-central/bench/auth.bench.ts'))).toBe(true);
  });
});

describe('bench results', () => {
  it('render one section per suite with its run environment, failures included', () => {
    const env = {
      date: '2026-01-01T00:00:00.000Z',
      commit: 'abc1234',
      node: 'v20.19.0',
      cpu: 'CPU × 2',
      memoryGb: 8,
      platform: 'linux',
      durationSeconds: 10,
      loadAverage: { before: 0.2, after: 1.5 },
      postgres: 'server' as const,
      redis: 'server' as const,
    };
    const md = renderResults([
      {
        file: 'apps/a/bench/a.bench.ts',
        title: 'A',
        seconds: 42,
        env,
        table: { rows: [{ scenario: 's', target: 't', connections: 1, requestsPerSec: 10, p50Ms: 1, p99Ms: 2 }] },
      },
      { file: 'apps/b/bench/b.bench.ts', title: 'B', seconds: 1, env: { ...env, loadAverage: { before: 3, after: 4 } }, error: 'Error: boom\n  at x' },
    ]);
    expect(md).toContain('## A\n\n`apps/a/bench/a.bench.ts` · 2026-01-01T00:00:00.000Z · commit abc1234');
    expect(md).toContain('load average 0.2 → 1.5 · suite took 42 s');
    expect(md).toContain('| s | t | 1 | 10 | 1.00 | 2.00 |');
    expect(md).toContain('## B');
    expect(md).toContain('load average 3 → 4 (machine busy with other work');
    expect(md).toContain('Failed: `Error: boom`');
  });
});

describe('bench helpers', () => {
  it('percentile is nearest-rank', () => {
    const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.99)).toBe(99);
    expect(percentile(sorted, 1)).toBe(100);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('ratio formats a multiplier', () => {
    expect(ratio(340, 100)).toBe('3.4×');
    expect(ratio(50, 100)).toBe('0.50×');
    expect(ratio(1500, 100)).toBe('15×');
    expect(ratio(1, 0)).toBe('n/a');
  });

  it('formatTable renders rows, extra columns, ratios and notes as markdown', () => {
    const md = formatTable(
      {
        rows: [
          { scenario: 'GET /a', target: 'latchkey', connections: 50, requestsPerSec: 12345.6, p50Ms: 1.234, p99Ms: 3.5 },
          { scenario: 'GET /a', target: 'peer | x', connections: 50, requestsPerSec: 100, p50Ms: 10, p99Ms: 20, extra: { non2xx: 3 } },
        ],
        ratios: ['a/b 2×'],
        notes: ['a note'],
      },
      'Title',
    );
    expect(md).toBe(
      [
        '### Title',
        '',
        '| scenario | target | connections | req/s | p50 ms | p99 ms | non2xx |',
        '|---|---|---:|---:|---:|---:|---:|',
        '| GET /a | latchkey | 50 | 12,346 | 1.23 | 3.50 |  |',
        '| GET /a | peer \\| x | 50 | 100 | 10.00 | 20.00 | 3 |',
        '',
        '- a/b 2×',
        '',
        '- a note',
        '',
      ].join('\n'),
    );
  });

  it('measure loads a server from a worker thread and reports statuses and latency', async () => {
    // Counted per path: requests of the timed run may still arrive after it returns (autocannon stops sending, not receiving).
    let missing = 0;
    const served = await serveApp((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/missing') missing += 1;
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.end('ok');
    });
    try {
      const m = await measure({ url: served.url, path: '/', connections: 2, duration: 0.5, warmupSeconds: 0 });
      expect(m.total).toBeGreaterThan(10);
      expect(m.non2xx).toBe(0);
      expect(m.errors).toBe(0);
      expect(m.p50Ms).toBeGreaterThan(0);
      expect(m.p99Ms).toBeGreaterThanOrEqual(m.p50Ms);
      expect(m.requestsPerSec).toBeGreaterThan(0);

      const bodies = ['{"n":1}', '{"n":2}', '{"n":3}'];
      const fixed = await measure({ url: served.url, path: '/missing', method: 'POST', bodies, connections: 1 });
      expect(fixed.total).toBe(3);
      expect(fixed.non2xx).toBe(3);
      expect(missing).toBe(3);
      expect(toRow('POST /missing', 'x', 1, fixed).extra).toEqual({ non2xx: 3 });
    } finally {
      await served.close();
    }
  });
});
