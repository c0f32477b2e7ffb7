import type { GatewayUsageReport } from '@latchkey/admin-api';
import type { Db } from './db.js';

/** `30m`, `24h`, `7d` or an ISO 8601 date → the start of the period. */
export function parseSince(value: string, now = Date.now()): Date {
  const m = /^(\d{1,6})([mhd])$/.exec(value.trim());
  if (m) return new Date(now - Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd']);
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new Error(`since must look like 30m, 24h, 7d or an ISO date, not ${JSON.stringify(value)}`);
  return d;
}

export type UsageReport = GatewayUsageReport;

/** Requests, tokens by model, error rate and latency percentiles of a solution since a date. */
export async function usageReport(db: Db, solution: string, since: Date): Promise<UsageReport> {
  const totals = await db.$queryRaw<
    Array<{
      requests: bigint;
      errors: bigint;
      input: bigint | null;
      output: bigint | null;
      cached: bigint | null;
      p50: number | null;
      p95: number | null;
      p99: number | null;
      max: number | null;
    }>
  >`
    SELECT count(*) AS requests,
           count(*) FILTER (WHERE status >= 400) AS errors,
           sum(input_tokens) AS input, sum(output_tokens) AS output, sum(cached_tokens) AS cached,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY latency_ms) AS p95,
           percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) AS p99,
           max(latency_ms) AS max
      FROM usage_records WHERE solution_id = ${solution} AND created_at >= ${since}`;
  const byModel = await db.$queryRaw<Array<{ model: string; requests: bigint; input: bigint | null; output: bigint | null; errors: bigint }>>`
    SELECT model, count(*) AS requests, sum(input_tokens) AS input, sum(output_tokens) AS output, count(*) FILTER (WHERE status >= 400) AS errors
      FROM usage_records WHERE solution_id = ${solution} AND created_at >= ${since}
     GROUP BY model ORDER BY model`;
  const t = totals[0]!;
  const requests = Number(t.requests);
  const errors = Number(t.errors);
  const input = Number(t.input ?? 0);
  const output = Number(t.output ?? 0);
  return {
    solution,
    since: since.toISOString(),
    requests,
    errors,
    errorRate: requests ? errors / requests : 0,
    tokens: { input, output, cached: Number(t.cached ?? 0), total: input + output },
    byModel: byModel.map((m) => ({
      model: m.model,
      requests: Number(m.requests),
      inputTokens: Number(m.input ?? 0),
      outputTokens: Number(m.output ?? 0),
      errors: Number(m.errors),
    })),
    latencyMs: { p50: Math.round(t.p50 ?? 0), p95: Math.round(t.p95 ?? 0), p99: Math.round(t.p99 ?? 0), max: Number(t.max ?? 0) },
  };
}
