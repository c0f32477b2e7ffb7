/**
 * The contract of `pnpm bench` suites. Each suite is a file
 * `apps/<service>/bench/<name>.bench.ts` that exports:
 *
 *   export const title = 'auth-central: validate and exchange';
 *   export async function run(ctx: BenchContext): Promise<BenchTable>;
 *
 * `scripts/bench.ts` finds the suites, runs them one after another, prints
 * each table and writes them all to `bench/results/latest.md` (and `.json`).
 * Suites start their own loopback servers (Latchkey and the named peer, in
 * the same run) and stop them before returning.
 */
export interface BenchContext {
  /** PostgreSQL server URL (a fresh database per suite is the suite's job: use createTestDatabase). */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Seconds each measurement runs (default 10; `pnpm bench -- --quick` sets 3). */
  duration: number;
  /** Progress line on stderr. */
  log(message: string): void;
}

/** One measured row: a scenario against one target at one concurrency. */
export interface BenchRow {
  /** e.g. `GET /context/auth/validate` */
  scenario: string;
  /** `latchkey` or the peer's name, e.g. `dev-idp introspection`, `portkey`. */
  target: string;
  connections: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Anything else worth a column (errors, overhead, TTFB). */
  extra?: Record<string, string | number>;
}

export interface BenchTable {
  rows: BenchRow[];
  /** Derived comparisons, e.g. `validate@50: latchkey/peer throughput 3.4×`. */
  ratios?: string[];
  notes?: string[];
}
