/**
 * infra/grafana/latchkey-dashboard.json: every query names only metrics and
 * labels that the services export (packages/service-kit/src/metrics.ts,
 * packages/credits/src/metrics.ts), so a renamed metric breaks this test, not
 * the operator's dashboard.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './compose-config.js';

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
    for (const m of text.matchAll(/name: '(latchkey_[a-z_]+)'[^}]*?labelNames: \[([^\]]*)\]/gs)) out.set(m[1]!, new Set([...m[2]!.matchAll(/'([a-z_]+)'/g)].map((x) => x[1]!)));
    // credits: counter(name, help) with labelNames ['organisation']
    for (const m of text.matchAll(/counter\('(latchkey_[a-z_]+)'/g)) out.set(m[1]!, new Set(['organisation']));
  }
  return out;
}

const queries = () => [
  ...dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr }))),
  ...dashboard.templating.list.filter((v) => v.query && typeof v.query === 'object').map((v) => ({ panel: `variable ${v.name}`, expr: (v.query as { query: string }).query })),
];

describe('Grafana dashboard', () => {
  it('has panels for the gateway and strategy, laid out without overlaps', () => {
    expect(dashboard.uid).toBe('latchkey-gateway-strategy');
    const titles = dashboard.panels.map((p) => p.title).join(' | ');
    for (const t of ['Calls by provider and model', 'Tokens by solution', 'Provider breakers open', 'Credits debited and refunded by organisation']) expect(titles).toContain(t);
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
        const named = [...expr.matchAll(/[{,]\s*([a-z_]+)\s*(?:=~|!~|!=|=)/g), ...[...expr.matchAll(/by \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => [l, l.trim()] as const))].map((m) => m[1]!.trim());
        for (const l of named) expect([panel, name, l, labels.has(l)]).toEqual([panel, name, l, true]);
      }
    }
  });
});
