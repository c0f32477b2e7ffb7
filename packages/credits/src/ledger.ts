/**
 * Credit accounts and their ledger, on PostgreSQL (tables `credit_accounts`
 * and `credit_ledger`, defined by the strategy service's Prisma schema).
 *
 * Guarantees:
 * - A debit is ONE SQL statement (a conditional UPDATE feeding the ledger
 *   INSERT): under any concurrency the balance never goes below zero.
 * - `(request_id, kind)` is unique: a request is debited at most once and
 *   refunded at most once; a repeated debit is reported, not charged.
 * - Every change is a ledger row carrying the balance after it, so the
 *   balance always equals the sum of the ledger's amounts.
 * - A debit taken with `pending: true` also writes a `credit_pending` row in
 *   the same statement. The row is removed either by `settle` (the answer is
 *   given: the charge stands) or by `refundPending` (the call failed: the
 *   refund is written in the same statement), never both; `sweepPending`
 *   refunds rows left behind by a crash or an outage. So every debit ends
 *   either answered or refunded, exactly once.
 */
import type { CreditAccountView, LedgerEntry as AdminLedgerEntry, LedgerKind } from '@latchkey/admin-api';
import { randomUUID } from 'node:crypto';
import { creditsDebited, creditsRefunded } from './metrics.js';

/** Anything with pg's `query` (a `pg.Pool`, `pg.Client` or `PoolClient`). */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** One ledger line; dates are `Date` here (ISO strings once sent as JSON). */
export type LedgerEntry = AdminLedgerEntry<Date>;
export type { LedgerKind };

export type DebitResult =
  | { ok: true; balance: number; entry: LedgerEntry }
  /** The request id was already debited: nothing charged again. */
  | { ok: false; reason: 'duplicate'; entry: LedgerEntry }
  /** Balance too low (or no account): nothing charged. */
  | { ok: false; reason: 'insufficient'; balance: number };

export type AccountView = CreditAccountView<Date>;

/** Invalid arguments (a non-positive amount, an empty organisation id). */
export class CreditsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CreditsError';
  }
}

interface EntryRow {
  id: string;
  org_id: string;
  request_id: string;
  kind: LedgerKind;
  endpoint: string | null;
  amount: number;
  balance_after: number;
  note: string | null;
  created_at: Date;
}

const ENTRY_COLUMNS = 'id::text AS id, org_id, request_id, kind, endpoint, amount, balance_after, note, created_at';

function toEntry(r: EntryRow): LedgerEntry {
  return {
    id: r.id,
    orgId: r.org_id,
    requestId: r.request_id,
    kind: r.kind,
    endpoint: r.endpoint,
    amount: r.amount,
    balanceAfter: r.balance_after,
    note: r.note,
    createdAt: r.created_at,
  };
}

/** Balances and amounts are PostgreSQL `integer` columns. */
export const MAX_BALANCE = 2 ** 31 - 1;

function positiveInt(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n <= 0) throw new CreditsError(`${what} must be a positive integer`);
  if (n > MAX_BALANCE) throw new CreditsError(`${what} must be at most ${MAX_BALANCE}`);
}

const isOutOfRange = (err: unknown) => (err as { code?: string })?.code === '22003';

function orgIdOk(orgId: string): void {
  if (typeof orgId !== 'string' || orgId.length === 0 || orgId.length > 200) throw new CreditsError('an organisation id is 1-200 characters');
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

export class CreditLedger {
  constructor(private readonly db: Queryable) {}

  /** Creates the organisation's account (balance 0) when it does not exist. */
  async ensureAccount(orgId: string): Promise<void> {
    orgIdOk(orgId);
    await this.db.query('INSERT INTO credit_accounts (org_id) VALUES ($1) ON CONFLICT (org_id) DO NOTHING', [orgId]);
  }

  /** The balance, or null when the organisation has no account. */
  async balance(orgId: string): Promise<number | null> {
    const { rows } = await this.db.query<{ balance: number }>('SELECT balance FROM credit_accounts WHERE org_id = $1', [orgId]);
    return rows[0]?.balance ?? null;
  }

  /**
   * Adds `amount` credits (creating the account when needed), in one statement.
   * @param opts.requestId idempotency key: granting twice under the same id adds once.
   */
  async grant(
    orgId: string,
    amount: number,
    opts: { requestId?: string; note?: string } = {},
  ): Promise<{ balance: number; entry: LedgerEntry; duplicate: boolean }> {
    orgIdOk(orgId);
    positiveInt(amount, 'a grant');
    const requestId = opts.requestId ?? `grant_${randomUUID()}`;
    try {
      const { rows } = await this.db.query<EntryRow>(
        `WITH acc AS (
           INSERT INTO credit_accounts (org_id, balance) VALUES ($1, $2)
           ON CONFLICT (org_id) DO UPDATE SET balance = credit_accounts.balance + EXCLUDED.balance, updated_at = now()
           RETURNING org_id, balance
         )
         INSERT INTO credit_ledger (org_id, request_id, kind, endpoint, amount, balance_after, note)
         SELECT org_id, $3, 'grant', NULL, $2, balance, $4 FROM acc
         RETURNING ${ENTRY_COLUMNS}`,
        [orgId, amount, requestId, opts.note ?? null],
      );
      const entry = toEntry(rows[0]!);
      return { balance: entry.balanceAfter, entry, duplicate: false };
    } catch (err) {
      if (isOutOfRange(err)) throw new CreditsError(`the balance would exceed ${MAX_BALANCE}`);
      if (!isUniqueViolation(err)) throw err;
      const existing = await this.entry(requestId, 'grant');
      const balance = (await this.balance(orgId)) ?? 0;
      return { balance, entry: existing!, duplicate: true };
    }
  }

  /**
   * Charges `amount` for `requestId` in one atomic statement that only
   * succeeds when the balance covers it.
   */
  async debit(input: { orgId: string; requestId: string; endpoint: string; amount: number; pending?: boolean }): Promise<DebitResult> {
    orgIdOk(input.orgId);
    positiveInt(input.amount, 'a debit');
    try {
      const { rows } = await this.db.query<EntryRow>(
        input.pending
          ? `WITH acc AS (
               UPDATE credit_accounts SET balance = balance - $2, updated_at = now()
               WHERE org_id = $1 AND balance >= $2
               RETURNING org_id, balance
             ), pend AS (
               INSERT INTO credit_pending (request_id, org_id, amount)
               SELECT $3, org_id, $2 FROM acc
             )
             INSERT INTO credit_ledger (org_id, request_id, kind, endpoint, amount, balance_after)
             SELECT org_id, $3, 'debit', $4, -$2::int, balance FROM acc
             RETURNING ${ENTRY_COLUMNS}`
          : `WITH acc AS (
               UPDATE credit_accounts SET balance = balance - $2, updated_at = now()
               WHERE org_id = $1 AND balance >= $2
               RETURNING org_id, balance
             )
             INSERT INTO credit_ledger (org_id, request_id, kind, endpoint, amount, balance_after)
             SELECT org_id, $3, 'debit', $4, -$2::int, balance FROM acc
             RETURNING ${ENTRY_COLUMNS}`,
        [input.orgId, input.amount, input.requestId, input.endpoint],
      );
      if (rows[0]) {
        const entry = toEntry(rows[0]);
        creditsDebited.inc({ organisation: entry.orgId }, -entry.amount);
        return { ok: true, balance: entry.balanceAfter, entry };
      }
      const earlier = await this.entry(input.requestId, 'debit');
      if (earlier) return { ok: false, reason: 'duplicate', entry: earlier };
      return { ok: false, reason: 'insufficient', balance: (await this.balance(input.orgId)) ?? 0 };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return { ok: false, reason: 'duplicate', entry: (await this.entry(input.requestId, 'debit'))! };
    }
  }

  /**
   * Gives back what `requestId` was debited, once (one statement).
   * @returns the refund entry, or null when there was no debit or it was already refunded.
   */
  async refund(requestId: string, note?: string): Promise<LedgerEntry | null> {
    try {
      const { rows } = await this.db.query<EntryRow>(
        `WITH d AS (
           SELECT org_id, endpoint, -amount AS amount FROM credit_ledger
           WHERE request_id = $1 AND kind = 'debit'
         ), acc AS (
           UPDATE credit_accounts a SET balance = a.balance + d.amount, updated_at = now()
           FROM d WHERE a.org_id = d.org_id
             AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE request_id = $1 AND kind = 'refund')
           RETURNING a.org_id, a.balance, d.amount, d.endpoint
         )
         INSERT INTO credit_ledger (org_id, request_id, kind, endpoint, amount, balance_after, note)
         SELECT org_id, $1, 'refund', endpoint, amount, balance, $2 FROM acc
         RETURNING ${ENTRY_COLUMNS}`,
        [requestId, note ?? null],
      );
      return rows[0] ? refunded(toEntry(rows[0])) : null;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /**
   * Confirms a pending debit (taken with `pending: true`): the call is being
   * answered and the charge stands. Run it durably, right before the answer
   * is sent.
   * @returns true when this call removed the pending row; false when it was
   *   already refunded (by `refundPending` or the sweeper) or never existed:
   *   then the caller must not give the answer, nothing is charged.
   */
  async settle(requestId: string): Promise<boolean> {
    const r = await this.db.query('DELETE FROM credit_pending WHERE request_id = $1', [requestId]);
    return r.rowCount === 1;
  }

  /**
   * Refunds a pending debit in one statement that also removes its pending
   * row, so a debit is refunded at most once and never after `settle`.
   * @returns the refund entry, or null when the row was already settled or refunded.
   */
  async refundPending(requestId: string, note?: string): Promise<LedgerEntry | null> {
    try {
      const { rows } = await this.db.query<EntryRow>(
        `WITH p AS (
           DELETE FROM credit_pending WHERE request_id = $1 RETURNING request_id
         ), d AS (
           SELECT l.org_id, l.endpoint, -l.amount AS amount FROM credit_ledger l JOIN p ON p.request_id = l.request_id
           WHERE l.kind = 'debit'
             AND NOT EXISTS (SELECT 1 FROM credit_ledger r WHERE r.request_id = $1 AND r.kind = 'refund')
         ), acc AS (
           UPDATE credit_accounts a SET balance = a.balance + d.amount, updated_at = now()
           FROM d WHERE a.org_id = d.org_id
           RETURNING a.org_id, a.balance, d.amount, d.endpoint
         )
         INSERT INTO credit_ledger (org_id, request_id, kind, endpoint, amount, balance_after, note)
         SELECT org_id, $1, 'refund', endpoint, amount, balance, $2 FROM acc
         RETURNING ${ENTRY_COLUMNS}`,
        [requestId, note ?? null],
      );
      return rows[0] ? refunded(toEntry(rows[0])) : null;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /**
   * Refunds the debit of a call that was NOT answered, whether or not its
   * pending row is still there (a settle whose outcome was lost with the
   * connection may have removed it), and removes the row, in one statement.
   * Only the process that would have given the answer may call it.
   * @returns the refund entry, or null when there was no debit or it was already refunded.
   */
  async refundUnanswered(requestId: string, note?: string): Promise<LedgerEntry | null> {
    try {
      const { rows } = await this.db.query<EntryRow>(
        `WITH p AS (
           DELETE FROM credit_pending WHERE request_id = $1
         ), d AS (
           SELECT org_id, endpoint, -amount AS amount FROM credit_ledger
           WHERE request_id = $1 AND kind = 'debit'
             AND NOT EXISTS (SELECT 1 FROM credit_ledger r WHERE r.request_id = $1 AND r.kind = 'refund')
         ), acc AS (
           UPDATE credit_accounts a SET balance = a.balance + d.amount, updated_at = now()
           FROM d WHERE a.org_id = d.org_id
           RETURNING a.org_id, a.balance, d.amount, d.endpoint
         )
         INSERT INTO credit_ledger (org_id, request_id, kind, endpoint, amount, balance_after, note)
         SELECT org_id, $1, 'refund', endpoint, amount, balance, $2 FROM acc
         RETURNING ${ENTRY_COLUMNS}`,
        [requestId, note ?? null],
      );
      return rows[0] ? refunded(toEntry(rows[0])) : null;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /**
   * Refunds pending debits older than `olderThanMs` (by the database's clock):
   * calls that were neither answered nor refunded, because their process died
   * or the database was unreachable when they failed. Safe to run from any
   * number of processes at once (each row is refunded once).
   * @param olderThanMs must exceed the longest a call can take between its debit and its answer.
   * @returns the request ids refunded.
   */
  async sweepPending(olderThanMs: number, limit = 500): Promise<string[]> {
    const { rows } = await this.db.query<{ request_id: string }>(
      `SELECT request_id FROM credit_pending WHERE created_at < now() - $1 * interval '1 millisecond' ORDER BY created_at LIMIT $2`,
      [Math.max(0, Math.floor(olderThanMs)), Math.max(1, Math.min(limit, 10_000))],
    );
    const refunded: string[] = [];
    for (const r of rows) if (await this.refundPending(r.request_id, 'unanswered')) refunded.push(r.request_id);
    return refunded;
  }

  /** How many pending debits there are (monitoring, tests). */
  async pendingCount(): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>('SELECT count(*)::text AS n FROM credit_pending');
    return Number(rows[0]!.n);
  }

  /** The ledger entry of `requestId` of one kind, or null. */
  async entry(requestId: string, kind: LedgerKind): Promise<LedgerEntry | null> {
    const { rows } = await this.db.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM credit_ledger WHERE request_id = $1 AND kind = $2`, [requestId, kind]);
    return rows[0] ? toEntry(rows[0]) : null;
  }

  /** The account with its `limit` most recent ledger entries (newest first), or null. */
  async account(orgId: string, limit = 20): Promise<AccountView | null> {
    const { rows } = await this.db.query<{ org_id: string; balance: number; created_at: Date }>(
      'SELECT org_id, balance, created_at FROM credit_accounts WHERE org_id = $1',
      [orgId],
    );
    const acc = rows[0];
    if (!acc) return null;
    const entries = await this.db.query<EntryRow>(`SELECT ${ENTRY_COLUMNS} FROM credit_ledger WHERE org_id = $1 ORDER BY id DESC LIMIT $2`, [
      orgId,
      Math.max(1, Math.min(limit, 1000)),
    ]);
    return { orgId: acc.org_id, balance: acc.balance, createdAt: acc.created_at, entries: entries.rows.map(toEntry) };
  }

  /** Sum of every ledger amount of the organisation (equals the balance). */
  async ledgerSum(orgId: string): Promise<{ total: number; grants: number; debits: number; refunds: number }> {
    const { rows } = await this.db.query<{ total: string; grants: string; debits: string; refunds: string }>(
      `SELECT COALESCE(SUM(amount), 0)::text AS total,
              COALESCE(SUM(amount) FILTER (WHERE kind = 'grant'), 0)::text AS grants,
              COALESCE(SUM(amount) FILTER (WHERE kind = 'debit'), 0)::text AS debits,
              COALESCE(SUM(amount) FILTER (WHERE kind = 'refund'), 0)::text AS refunds
       FROM credit_ledger WHERE org_id = $1`,
      [orgId],
    );
    const r = rows[0]!;
    return { total: Number(r.total), grants: Number(r.grants), debits: Number(r.debits), refunds: Number(r.refunds) };
  }
}

/** Counts a refund entry just written (`/metrics`) and returns it. */
function refunded(entry: LedgerEntry): LedgerEntry {
  creditsRefunded.inc({ organisation: entry.orgId }, entry.amount);
  return entry;
}
