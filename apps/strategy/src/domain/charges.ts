/**
 * Charging a strategic call (SPEC.md area C, "Credits"): price, debit,
 * settle or refund, and the sweeper that refunds what a crash or an outage
 * left unanswered.
 *
 * Life of a charge:
 * 1. `charge` takes a *pending* debit (packages/credits: the debit and its
 *    `credit_pending` row are one statement);
 * 2. the answer is built;
 * 3. `settle` removes the pending row with a durable commit, right before the
 *    answer is sent (the charge stands) — or, when anything failed (the
 *    settle included, whose commit may have happened with its answer lost),
 *    `refund` refunds the debit and removes the row in one statement;
 * 4. a pending row that neither happened to (the process died, or the
 *    database was unreachable when the refund was due) is refunded by
 *    `sweep`, run at start and every `sweepIntervalMs`, once it is older
 *    than `pendingGraceMs`.
 * Settle and refund delete the same row, so exactly one of them happens:
 * after any fault and recovery, debits − refunds = the credits of the
 * answers given, and no answer is given without its debit.
 */
import { FRAMEWORK_COST, MIN_COORDINATION_COST, fitCoordination, type CoordinationDepth, type CreditLedger } from '@latchkey/credits';
import type { Logger } from '@latchkey/service-kit';

export type ChargeResult =
  | { ok: true; cost: number; depth: CoordinationDepth }
  /** Nothing charged: `required` credits do not fit the balance (`available`) or `maxCredits`. */
  | { ok: false; required: number; available: number };

/** The answer's pending debit had already been refunded (the call outlived `pendingGraceMs`): nothing is charged, no answer may be given. */
export class ChargeExpiredError extends Error {
  constructor(readonly requestId: string) {
    super('the call took longer than the pending-debit grace and was refunded');
    this.name = 'ChargeExpiredError';
  }
}

export interface ChargeServiceOptions {
  /** Ledger of the request path (may commit asynchronously: debits and refunds). */
  ledger: CreditLedger;
  /** Ledger on durably committing connections (settle). Its commit also makes every earlier debit durable. */
  durable: CreditLedger;
  logger: Logger;
  /** Age after which an unsettled debit is refunded, ms; must exceed the longest call (default 60 s). */
  pendingGraceMs?: number;
  /** Sweep period, ms (default 10 s). */
  sweepIntervalMs?: number;
}

export class ChargeService {
  readonly pendingGraceMs: number;
  readonly sweepIntervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;
  private sweepFailing = false;
  /** Refunds of unanswered calls that could not be written yet (request id → note). */
  private readonly owed = new Map<string, string>();

  constructor(private readonly opts: ChargeServiceOptions) {
    this.pendingGraceMs = opts.pendingGraceMs ?? 60_000;
    this.sweepIntervalMs = opts.sweepIntervalMs ?? 10_000;
  }

  /**
   * Takes the pending debit of one call. `/v1/framework` costs FRAMEWORK_COST;
   * `/v1/coordinate` the deepest answer not deeper than `depth` that fits
   * `maxCredits` and the balance (re-priced when others spent meanwhile).
   * @throws database errors (nothing charged then, or a pending debit the sweeper refunds).
   */
  async charge(input: {
    orgId: string;
    requestId: string;
    endpoint: 'framework' | 'coordinate';
    depth: CoordinationDepth;
    weight: number;
    maxCredits?: number | undefined;
  }): Promise<ChargeResult> {
    const { ledger } = this.opts;
    const { orgId, requestId, maxCredits } = input;
    if (input.endpoint === 'framework') {
      if (maxCredits !== undefined && maxCredits < FRAMEWORK_COST)
        return { ok: false, required: FRAMEWORK_COST, available: (await ledger.balance(orgId)) ?? 0 };
      const debit = await ledger.debit({ orgId, requestId, endpoint: '/v1/framework', amount: FRAMEWORK_COST, pending: true });
      if (debit.ok) return { ok: true, cost: FRAMEWORK_COST, depth: input.depth };
      if (debit.reason === 'insufficient') return { ok: false, required: FRAMEWORK_COST, available: debit.balance };
      throw new Error('request id already charged');
    }
    let balance = (await ledger.balance(orgId)) ?? 0;
    for (let attempt = 0; ; attempt++) {
      const fit = fitCoordination(input.depth, input.weight, Math.min(balance, maxCredits ?? Number.POSITIVE_INFINITY));
      if (!fit) return { ok: false, required: MIN_COORDINATION_COST, available: balance };
      const debit = await ledger.debit({ orgId, requestId, endpoint: '/v1/coordinate', amount: fit.cost, pending: true });
      if (debit.ok) return { ok: true, cost: fit.cost, depth: fit.depth };
      if (debit.reason !== 'insufficient') throw new Error('request id already charged');
      // Others spent meanwhile: re-price against what is left. Each retry is
      // cheaper than the last (the balance fell below its price), so this
      // ends at a fitting answer or at the refusal of the cheapest one.
      if (attempt >= 15) return { ok: false, required: fit.cost, available: debit.balance };
      balance = debit.balance;
    }
  }

  /**
   * Makes the charge of `requestId` final; call it last before sending the answer.
   * @throws ChargeExpiredError when the debit was already refunded (do not answer);
   *   database errors (do not answer: the debit is refunded by `refund` or the sweeper).
   */
  async settle(requestId: string): Promise<void> {
    if (!(await this.opts.durable.settle(requestId))) throw new ChargeExpiredError(requestId);
  }

  /**
   * Refunds the debit of a call that will not be answered, whether or not its
   * pending row is still there (a settle that failed on a lost connection may
   * have committed). Never throws: when the database cannot be reached the
   * refund is retried by every sweep of this process, and the pending row, if
   * still there, is refunded by any sweeper after `pendingGraceMs` — so only a
   * settle whose commit was lost with the connection AND a crash of this
   * process before the database returns can keep a charge.
   * @returns 'refunded', 'none' (nothing to refund) or 'deferred'.
   */
  async refund(requestId: string, note: string): Promise<'refunded' | 'none' | 'deferred'> {
    try {
      const done = await this.opts.ledger.refundUnanswered(requestId, note);
      this.owed.delete(requestId);
      return done ? 'refunded' : 'none';
    } catch (err) {
      if (!this.owed.has(requestId)) this.opts.logger.warn({ err: (err as Error).message, requestId }, 'refund deferred until the database is back');
      if (this.owed.size < 100_000) this.owed.set(requestId, note);
      return 'deferred';
    }
  }

  /**
   * Refunds every pending debit older than `pendingGraceMs`, in rounds of 500.
   * Logs one warning when the database cannot be reached and one when it can again.
   * @returns how many debits were refunded (0 when the database is unreachable).
   */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    let total = 0;
    try {
      for (const [requestId, note] of [...this.owed]) {
        if ((await this.opts.ledger.refundUnanswered(requestId, note)) !== null) total++;
        this.owed.delete(requestId);
      }
      for (let round = 0; round < 20; round++) {
        const refunded = await this.opts.ledger.sweepPending(this.pendingGraceMs, 500);
        total += refunded.length;
        if (refunded.length < 500) break;
      }
      if (this.sweepFailing) this.opts.logger.info('credit sweeper: database reachable again');
      this.sweepFailing = false;
      if (total) this.opts.logger.warn({ refunded: total }, 'credit sweeper refunded unanswered calls');
    } catch (err) {
      if (!this.sweepFailing)
        this.opts.logger.warn({ err: (err as Error).message }, 'credit sweeper: database unreachable; pending debits are refunded once it is back');
      this.sweepFailing = true;
    }
    return total;
  }

  /** Sweeps now and then every `sweepIntervalMs` (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.sweepIntervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }
}
