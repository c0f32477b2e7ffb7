/**
 * Sessions and their turns: which frameworks were applied and with what
 * context, and a digest of what each turn established (subject, numbers with
 * their meaning, deadline), so a continued session builds on earlier turns
 * even when the client does not resend them. The text of questions and
 * answers is not stored.
 *
 * Writes go through a pool whose connections run with
 * `synchronous_commit = off` (see `relaxedPool`): a turn is visible at once
 * and never half-written, but a server crash may lose the last fraction of a
 * second of turns, which only costs a continued session its memory. Money
 * (the credit ledger) never goes through this pool.
 *
 * A session is keyed by its organisation and the client's `sessionId`
 * (SECURITY.md): an id is a key within one organisation, so another
 * organisation's id reads as unknown and can neither be claimed nor be seen
 * to exist.
 */
import type { Queryable } from '@latchkey/credits';
import type { SessionHistory } from '../domain/guidance.js';
import type { Stage } from '../domain/library.js';

export class SessionStore {
  constructor(private readonly db: Queryable) {}

  /**
   * What the earlier turns of `orgId`'s session `id` contribute; `found` is
   * false (and the history empty) when the organisation has no such session,
   * whether or not another organisation uses the same id.
   */
  async load(orgId: string, id: string): Promise<{ found: boolean; history: SessionHistory }> {
    const { rows } = await this.db.query<{
      frameworks: string[] | null;
      industry: string | null;
      business_stage: string | null;
      role: string | null;
      summary: string | null;
    }>(
      `SELECT t.frameworks, t.industry, t.business_stage, t.role, t.summary
         FROM strategy_sessions s
         LEFT JOIN LATERAL (SELECT * FROM session_turns WHERE org_id = s.org_id AND session_id = s.id ORDER BY id DESC LIMIT 20) t ON true
        WHERE s.org_id = $1 AND s.id = $2`,
      [orgId, id],
    );
    if (!rows.length) return { found: false, history: { turns: 0, applied: [] } };
    // A row without frameworks is an answer that only asked which organisation a request is about: its digest is
    // kept for the next message, but it is no turn and applied nothing.
    const recorded = rows.filter((r) => r.frameworks);
    const turns = recorded.filter((r) => r.frameworks!.length > 0);
    const applied: string[] = [];
    for (const t of turns) for (const f of t.frameworks!) if (!applied.includes(f)) applied.push(f);
    const latest = (k: 'industry' | 'business_stage' | 'role') => turns.find((t) => t[k])?.[k] ?? undefined;
    return {
      found: true,
      history: {
        turns: turns.length,
        applied,
        industry: latest('industry'),
        businessStage: latest('business_stage') as Stage | undefined,
        role: latest('role'),
        // Oldest first, the digests of the last five recorded answers.
        summaries: recorded
          .map((t) => t.summary)
          .filter((x): x is string => Boolean(x))
          .slice(0, 5)
          .reverse(),
      },
    };
  }

  /**
   * Records a turn of `orgId`'s session, creating the session when it is new (one statement). With no `frameworks`
   * (an answer that only asked which organisation a request is about) only its digest counts (`load`).
   */
  async recordTurn(input: {
    sessionId: string;
    orgId: string;
    requestId: string;
    endpoint: string;
    primaryFramework: string;
    frameworks: string[];
    strategicFocus: string;
    confidence: number;
    industry?: string | undefined;
    businessStage?: string | undefined;
    role?: string | undefined;
    /** What the turn established (subject, numbers, deadline); at most 1,000 characters. */
    summary?: string | undefined;
  }): Promise<void> {
    await this.db.query(
      `WITH s AS (
         INSERT INTO strategy_sessions (org_id, id) VALUES ($2, $1)
         ON CONFLICT (org_id, id) DO UPDATE SET updated_at = now()
         RETURNING org_id, id
       )
       INSERT INTO session_turns (org_id, session_id, request_id, endpoint, primary_framework, frameworks, strategic_focus, confidence, industry, business_stage, role, summary)
       SELECT org_id, id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM s`,
      [
        input.sessionId,
        input.orgId,
        input.requestId,
        input.endpoint,
        input.primaryFramework,
        input.frameworks,
        input.strategicFocus,
        input.confidence,
        input.industry ?? null,
        input.businessStage ?? null,
        input.role ?? null,
        input.summary ? input.summary.slice(0, 1000) : null,
      ],
    );
  }
}
