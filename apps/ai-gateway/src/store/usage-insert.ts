import type { Db } from './db.js';

/**
 * One `usage_records` row as the usage spool and the insert carry it (`createdAt` as an ISO string):
 * the fields of a `UsageEvent` (domain/usage.ts) with an id. Rows spooled by an older version may
 * lack `providerModel` and `kind`.
 */
export interface UsageRow {
  id: string;
  requestId: string;
  solutionId: string;
  keyId: string;
  model: string;
  providerModel?: string;
  provider: string;
  route: string;
  kind?: string;
  stream: boolean;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  status: number;
  latencyMs: number;
  createdAt: string;
}

/**
 * Inserts a batch of usage rows with one statement of fixed shape (one array
 * parameter per column, `unnest`ed), skipping ids already stored, so a
 * retried batch never doubles rows. Returns the number of rows inserted.
 *
 * Not `createMany`: Prisma builds and compiles a new query plan for every
 * batch size, which costs tens to hundreds of milliseconds of CPU per batch
 * on the event loop that also serves the requests; this statement is the
 * same for every batch.
 */
export async function insertUsageRows(db: Db, rows: UsageRow[]): Promise<number> {
  if (!rows.length) return 0;
  const col = <K extends keyof UsageRow>(k: K): Array<UsageRow[K]> => rows.map((r) => r[k]);
  // Rows spooled by an older version have neither field.
  const providerModels = rows.map((r) => r.providerModel ?? '');
  const kinds = rows.map((r) => r.kind ?? 'call');
  // created_at is TIMESTAMP(3) holding UTC, as Prisma writes it: the ISO string's `Z` is ignored by the cast.
  return db.$executeRaw`
    INSERT INTO usage_records (id, request_id, solution_id, key_id, model, provider, route, stream,
                               input_tokens, output_tokens, cached_tokens, status, latency_ms, created_at,
                               provider_model, kind)
    SELECT * FROM unnest(${col('id')}::text[], ${col('requestId')}::text[], ${col('solutionId')}::text[], ${col('keyId')}::text[],
                         ${col('model')}::text[], ${col('provider')}::text[], ${col('route')}::text[], ${col('stream')}::boolean[],
                         ${col('inputTokens')}::int[], ${col('outputTokens')}::int[], ${col('cachedTokens')}::int[], ${col('status')}::int[],
                         ${col('latencyMs')}::int[], ${col('createdAt')}::timestamp(3)[],
                         ${providerModels}::text[], ${kinds}::text[])
    ON CONFLICT (id) DO NOTHING`;
}
