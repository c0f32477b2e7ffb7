/**
 * Reading a Prometheus text exposition (`GET /metrics`) in tests.
 * `labels` may name a subset of a sample's labels.
 */
function* samples(text: string, name: string, labels: Record<string, string>): Generator<number> {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const got = Object.fromEntries([...line.slice(name.length + 1, line.lastIndexOf('}')).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) yield Number(line.slice(line.lastIndexOf(' ') + 1));
  }
}

/** The value of the first sample of `name` whose labels include `labels`, or 0. */
export function metricSample(text: string, name: string, labels: Record<string, string>): number {
  for (const value of samples(text, name, labels)) return value;
  return 0;
}

/** The sum of the samples of `name` whose labels include `labels` (0 when none). */
export function metricSum(text: string, name: string, labels: Record<string, string>): number {
  let total = 0;
  for (const value of samples(text, name, labels)) total += value;
  return total;
}
