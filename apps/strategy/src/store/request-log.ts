import type { Queryable } from '@latchkey/credits';

export interface RequestLogEntry {
  requestId: string;
  traceId: string;
  orgId: string;
  endpoint: string;
  authMethod: 'apikey' | 'bearer';
  principal: string;
  appContext?: string | undefined;
  sessionId?: string | undefined;
  status: number;
  errorCode?: string | undefined;
  creditsUsed: number;
  engine?: string | undefined;
  durationMs: number;
}

/**
 * One row per authenticated call of the strategic endpoints (with its
 * x-app-context), written when the answer has been sent, through the
 * relaxed-durability pool (see SessionStore).
 */
export class RequestLogStore {
  constructor(private readonly db: Queryable) {}

  async record(e: RequestLogEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO request_log (request_id, trace_id, org_id, endpoint, auth_method, principal, app_context, session_id, status, error_code, credits_used, engine, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        e.requestId,
        e.traceId,
        e.orgId,
        e.endpoint,
        e.authMethod,
        e.principal,
        e.appContext ?? null,
        e.sessionId ?? null,
        e.status,
        e.errorCode ?? null,
        e.creditsUsed,
        e.engine ?? null,
        Math.round(e.durationMs),
      ],
    );
  }
}
