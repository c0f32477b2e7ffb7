/**
 * infra/grafana/latchkey-dashboard.json: every query names only metrics and
 * labels that the services export (packages/service-kit/src/metrics.ts,
 * packages/credits/src/metrics.ts), so a renamed metric breaks this test, not
 * the operator's dashboard.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './compose-config.js';
import { evaluate, parseMetrics, type Scrape } from '../../infra/grafana/promql.js';

const dashboard = JSON.parse(readFileSync(path.join(root, 'infra', 'grafana', 'latchkey-dashboard.json'), 'utf8')) as {
  uid: string;
  panels: Array<{ type: string; title: string; gridPos: { x: number; y: number; w: number; h: number }; targets?: Array<{ expr: string }> }>;
  templating: { list: Array<{ name: string; query?: unknown }> };
};

/** name → label names, read from the metric definitions in the sources. */
function exported(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of ['packages/service-kit/src/metrics.ts', 'packages/credits/src/metrics.ts']) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/name: '(latchkey_[a-z_]+)'[^}]*?labelNames: \[([^\]]*)\]/gs))
      out.set(m[1]!, new Set([...m[2]!.matchAll(/'([a-z_]+)'/g)].map((x) => x[1]!)));
    // credits: counter(name, help) with labelNames ['organisation']
    for (const m of text.matchAll(/counter\('(latchkey_[a-z_]+)'/g)) out.set(m[1]!, new Set(['organisation']));
  }
  return out;
}

const queries = () => [
  ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr }))),
  ...dashboard.templating.list
    .filter((v) => v.query && typeof v.query === 'object')
    .map((v) => ({ panel: `variable ${v.name}`, expr: (v.query as { query: string }).query })),
];

describe('Grafana dashboard', () => {
  it('has panels for the gateway and strategy, laid out without overlaps', () => {
    expect(dashboard.uid).toBe('latchkey-gateway-strategy');
    const titles = dashboard.panels.map((p) => p.title).join(' | ');
    for (const t of ['Calls by provider and model', 'Tokens by solution', 'Provider breakers open', 'Credits debited and refunded by organisation'])
      expect(titles).toContain(t);
    const cells = new Set<string>();
    for (const p of dashboard.panels) {
      expect(p.gridPos.x + p.gridPos.w).toBeLessThanOrEqual(24);
      for (let x = p.gridPos.x; x < p.gridPos.x + p.gridPos.w; x++)
        for (let y = p.gridPos.y; y < p.gridPos.y + p.gridPos.h; y++) {
          expect([p.title, cells.has(`${x},${y}`)]).toEqual([p.title, false]);
          cells.add(`${x},${y}`);
        }
    }
  });

  it('queries only metrics and labels the services export', () => {
    const metrics = exported();
    expect(metrics.size).toBeGreaterThanOrEqual(9);
    const all = queries();
    expect(all.length).toBeGreaterThan(10);
    for (const { panel, expr } of all) {
      const used = [...expr.matchAll(/(latchkey_[a-z_]+?)(?:_bucket|_count|_sum)?(?=[{[ ,)]|$)/g)].map((m) => m[1]!);
      expect([panel, used.length > 0]).toEqual([panel, true]);
      for (const name of used) {
        expect([panel, name, metrics.has(name)]).toEqual([panel, name, true]);
        const labels = new Set([...metrics.get(name)!, 'le']);
        // Labels in selectors ({label="…"}) and in `by (…)`.
        const named = [
          ...expr.matchAll(/[{,]\s*([a-z_]+)\s*(?:=~|!~|!=|=)/g),
          ...[...expr.matchAll(/by \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => [l, l.trim()] as const)),
        ].map((m) => m[1]!.trim());
        for (const l of named) expect([panel, name, l, labels.has(l)]).toEqual([panel, name, l, true]);
      }
    }
  });

  describe('the PromQL evaluator of render-dashboard.ts (the README picture)', () => {
    // Two instances of the gateway, scraped at t = 0, 10, 20 s.
    const text = (calls: number, le05: number, le1: number, inf: number) =>
      [
        '# TYPE latchkey_gateway_calls_total counter',
        `latchkey_gateway_calls_total{solution="bot",model="m",provider="openai",status="200"} ${calls}`,
        `latchkey_gateway_calls_total{solution="bot",model="m",provider="openai",status="502"} 1`,
        `latchkey_http_request_duration_seconds_bucket{service="ai-gateway",method="POST",route="/v1/chat/completions",status="200",le="0.5"} ${le05}`,
        `latchkey_http_request_duration_seconds_bucket{service="ai-gateway",method="POST",route="/v1/chat/completions",status="200",le="1"} ${le1}`,
        `latchkey_http_request_duration_seconds_bucket{service="ai-gateway",method="POST",route="/v1/chat/completions",status="200",le="+Inf"} ${inf}`,
        'latchkey_breaker_state{service="ai-gateway",breaker="openai",state="open"} 0',
      ].join('\n');
    const scrapes: Scrape[] = [
      { t: 0, samples: [...parseMetrics(text(0, 0, 0, 0), { instance: 'a' }), ...parseMetrics(text(100, 0, 0, 0), { instance: 'b' })] },
      { t: 10_000, samples: [...parseMetrics(text(50, 10, 20, 20), { instance: 'a' }), ...parseMetrics(text(130, 0, 0, 0), { instance: 'b' })] },
      // Instance b restarted: its counter began again at 10.
      { t: 20_000, samples: [...parseMetrics(text(100, 20, 40, 40), { instance: 'a' }), ...parseMetrics(text(10, 0, 0, 0), { instance: 'b' })] },
    ];

    it('sums per-second rates over instances, counting a counter reset as a restart from zero', () => {
      const [series] = evaluate(
        'sum by (provider) (rate(latchkey_gateway_calls_total{solution=~"$solution", status!~"2.."}[$__rate_interval]))',
        scrapes,
        2,
        20,
      );
      expect(series).toEqual({ labels: { provider: 'openai' }, value: 0 });
      const ok = evaluate('sum by (provider, status) (rate(latchkey_gateway_calls_total{status="200"}[$__rate_interval]))', scrapes, 2, 20);
      // a: 100 in 20 s; b: 30 then a restart to 10 = 40 in 20 s.
      expect(ok).toEqual([{ labels: { provider: 'openai', status: '200' }, value: (100 + 40) / 20 }]);
    });

    it('interpolates histogram_quantile within the bucket, as Prometheus does', () => {
      const q = (phi: number) =>
        evaluate(
          `histogram_quantile(${phi}, sum by (le, route) (rate(latchkey_http_request_duration_seconds_bucket{service="ai-gateway", route=~"/v1.*"}[$__rate_interval])))`,
          scrapes,
          2,
          20,
        );
      // 40 observations: 20 ≤ 0.5 s, 20 in (0.5, 1] s.
      expect(q(0.25)[0]!.value).toBeCloseTo(0.25);
      expect(q(0.75)[0]!.value).toBeCloseTo(0.75);
      expect(q(0.5)[0]!.labels).toEqual({ route: '/v1/chat/completions' });
    });

    it('evaluates every query of the dashboard', () => {
      for (const { expr } of queries().filter((x) => !x.panel.startsWith('variable'))) expect(() => evaluate(expr, scrapes, 2, 20)).not.toThrow();
      expect(evaluate('max by (breaker) (latchkey_breaker_state{service="ai-gateway", state="open"})', scrapes, 2, 20)).toEqual([
        { labels: { breaker: 'openai' }, value: 0 },
      ]);
    });
  });
});
