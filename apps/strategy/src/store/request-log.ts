import type { PrismaClient } from './prisma.js';

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

/** One row per authenticated call of the strategic endpoints (with its x-app-context). */
export class RequestLogStore {
  constructor(private readonly prisma: PrismaClient) {}

  async record(e: RequestLogEntry): Promise<void> {
    await this.prisma.requestLog.create({
      data: {
        requestId: e.requestId,
        traceId: e.traceId,
        orgId: e.orgId,
        endpoint: e.endpoint,
        authMethod: e.authMethod,
        principal: e.principal,
        appContext: e.appContext ?? null,
        sessionId: e.sessionId ?? null,
        status: e.status,
        errorCode: e.errorCode ?? null,
        creditsUsed: e.creditsUsed,
        engine: e.engine ?? null,
        durationMs: Math.round(e.durationMs),
      },
    });
  }
}
