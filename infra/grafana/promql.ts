/**
 * The few PromQL forms of latchkey-dashboard.json, evaluated over scraped
 * `/metrics` samples (render-dashboard.ts draws the dashboard with them where
 * no Prometheus or Grafana runs; test/infra/grafana.test.ts checks them).
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
export interface Scrape {
  t: number;
  samples: Sample[];
}

/** Prometheus text format 0.0.4 → samples (comments skipped), each with the `extra` labels (e.g. `instance`). */
export function parseMetrics(text: string, extra: Record<string, string>): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = { ...extra };
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, '$1');
    const value = m[3] === '+Inf' ? Infinity : Number(m[3]);
    out.push({ name: m[1]!, labels, value });
  }
  return out;
}

export type Series = { labels: Record<string, string>; value: number };
const key = (labels: Record<string, string>) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));

function matcher(body: string): (labels: Record<string, string>) => boolean {
  const tests = [...body.matchAll(/(\w+)\s*(=~|!~|!=|=)\s*"([^"]*)"/g)].map(([, name, op, raw]) => {
    const value = raw!.replace('$solution', '.*').replace('$organisation', '.*');
    const re = new RegExp(`^(?:${value})$`);
    return (l: Record<string, string>) => {
      const v = l[name!] ?? '';
      return op === '=' ? v === value : op === '!=' ? v !== value : op === '=~' ? re.test(v) : !re.test(v);
    };
  });
  return (l) => tests.every((t) => t(l));
}

/**
 * Evaluates the subset of PromQL the dashboard uses at scrape index `i`:
 * a selector `name{label="v", label=~"re", label!~"re", label!="v"}`,
 * `rate(<selector>[$__rate_interval])` (increase over the samples of the last
 * `rateWindowS` seconds, counter resets counted, divided by their time span,
 * per second; no extrapolation), `sum|max|min by (labels) (…)` and
 * `histogram_quantile(q, …)` (linear within the bucket, as Prometheus).
 * `$solution` and `$organisation` stand for All (`.*`).
 * @throws Error on any other expression.
 */
export function evaluate(expr: string, scrapes: Scrape[], i: number, rateWindowS: number): Series[] {
  const e = expr.trim();
  let m: RegExpExecArray | null;
  if ((m = /^histogram_quantile\(\s*([\d.]+)\s*,\s*([\s\S]*)\)$/.exec(e))) {
    const q = Number(m[1]);
    const groups = new Map<string, { labels: Record<string, string>; buckets: Array<[number, number]> }>();
    for (const s of evaluate(m[2]!, scrapes, i, rateWindowS)) {
      const { le, ...rest } = s.labels;
      const g = groups.get(key(rest)) ?? { labels: rest, buckets: [] };
      g.buckets.push([le === '+Inf' ? Infinity : Number(le), s.value]);
      groups.set(key(rest), g);
    }
    const out: Series[] = [];
    for (const g of groups.values()) {
      const b = g.buckets.sort((x, y) => x[0] - y[0]);
      const total = b.at(-1)?.[1] ?? 0;
      if (!(total > 0)) continue;
      const rank = q * total;
      let prevLe = 0;
      let prevCount = 0;
      for (const [le, count] of b) {
        if (count >= rank) {
          const value = le === Infinity ? prevLe : prevLe + ((le - prevLe) * (rank - prevCount)) / Math.max(count - prevCount, 1e-12);
          out.push({ labels: g.labels, value });
          break;
        }
        prevLe = le;
        prevCount = count;
      }
    }
    return out;
  }
  if ((m = /^(sum|max|min)\s+by\s*\(([^)]*)\)\s*\(([\s\S]*)\)$/.exec(e))) {
    const by = m[2]!
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const groups = new Map<string, Series>();
    for (const s of evaluate(m[3]!, scrapes, i, rateWindowS)) {
      const labels = Object.fromEntries(by.map((l) => [l, s.labels[l] ?? '']));
      const g = groups.get(key(labels));
      if (!g) groups.set(key(labels), { labels, value: s.value });
      else g.value = m[1] === 'sum' ? g.value + s.value : m[1] === 'max' ? Math.max(g.value, s.value) : Math.min(g.value, s.value);
    }
    return [...groups.values()];
  }
  if ((m = /^rate\(([\s\S]*)\[\$__rate_interval\]\)$/.exec(e))) {
    const now = scrapes[i]!;
    const first = scrapes.findIndex((s) => s.t >= now.t - rateWindowS * 1000);
    if (first < 0 || first >= i) return [];
    const window = scrapes.slice(first, i + 1).map((s) => new Map(evaluate(m![1]!, [s], 0, rateWindowS).map((x) => [key(x.labels), x])));
    const out: Series[] = [];
    for (const [k, last] of window.at(-1)!) {
      let increase = 0;
      let prev: number | undefined;
      let firstT: number | undefined;
      window.forEach((w, j) => {
        const v = w.get(k)?.value;
        if (v === undefined) return;
        if (prev !== undefined)
          increase += v >= prev ? v - prev : v; // counter reset
        else firstT = scrapes[first + j]!.t;
        prev = v;
      });
      if (firstT === undefined || firstT === now.t) continue;
      out.push({ labels: last.labels, value: increase / ((now.t - firstT) / 1000) });
    }
    return out;
  }
  if ((m = /^([a-zA-Z_:][\w:]*)(?:\{([\s\S]*)\})?$/.exec(e))) {
    const name = m[1]!;
    const ok = matcher(m[2] ?? '');
    return scrapes[i]!.samples.filter((s) => s.name === name && ok(s.labels)).map((s) => ({ labels: s.labels, value: s.value }));
  }
  throw new Error(`render-dashboard: unsupported expression ${e}`);
}
