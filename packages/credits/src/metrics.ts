/**
 * Prometheus counters of the ledger (prom-client's default registry, served
 * by each service's `GET /metrics`, see @latchkey/service-kit): credits
 * debited and refunded by organisation. Counted by the process that wrote the
 * ledger row, after the statement committed its row.
 */
import client, { type Counter } from 'prom-client';

function counter(name: string, help: string): Counter<'organisation'> {
  return (client.register.getSingleMetric(name) as Counter<'organisation'> | undefined) ?? new client.Counter({ name, help, labelNames: ['organisation'] });
}

export const creditsDebited = counter('latchkey_credits_debited_total', 'Credits debited (charged for calls), by organisation.');
export const creditsRefunded = counter('latchkey_credits_refunded_total', 'Credits refunded (calls that were not answered), by organisation.');
