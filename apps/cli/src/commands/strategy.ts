/**
 * `latchkey strategy keys …` (API keys of the strategic-guidance endpoints)
 * and `latchkey credits …` (credit accounts), through the strategy service's
 * admin API (`LATCHKEY_STRATEGY_URL`).
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { adminRequest } from '../client.js';
import type { CreditAccountView, CreditGrant, StrategyApiKey as KeyRecord } from '@latchkey/admin-api';
import { print, table } from '../output.js';
import { group } from './group.js';

function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0 || !Number.isSafeInteger(Number(value))) throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
}

const enc = encodeURIComponent;

export function register(program: Command): void {
  const strategy = group(program, 'strategy', 'Strategic guidance service: API keys');
  const keys = group(strategy, 'keys', 'API keys for the apikey header of /v1/coordinate and /v1/framework');

  keys
    .command('create')
    .description('Create an API key for an organisation (shown once; only its fingerprint is stored)')
    .requiredOption('--org <org>', 'organisation id (the workspace id of auth-central)')
    .addOption(new Option('--tier <tier>', 'rate-limit tier').choices(['free', 'pro', 'enterprise']).default('free'))
    .option('--name <name>', 'a label for the key')
    .option('--json', 'print JSON')
    .action(async (opts: { org: string; tier: string; name?: string; json?: boolean }) => {
      const created = await adminRequest<KeyRecord & { key: string }>('strategy', 'POST', '/admin/keys', {
        org: opts.org,
        tier: opts.tier,
        ...(opts.name ? { name: opts.name } : {}),
      });
      print(!!opts.json, created, () => {
        process.stdout.write(`API key for ${created.orgId} (tier ${created.tier}, id ${created.id}):\n\n  ${created.key}\n\n`);
        process.stdout.write('Store it now: it is shown only once. Send it as the "apikey" header.\n');
      });
    });

  keys
    .command('list')
    .description('List API keys (never the secrets)')
    .option('--org <org>', 'only this organisation')
    .option('--json', 'print JSON')
    .action(async (opts: { org?: string; json?: boolean }) => {
      const { keys: list } = await adminRequest<{ keys: KeyRecord[] }>('strategy', 'GET', `/admin/keys${opts.org ? `?org=${enc(opts.org)}` : ''}`);
      print(!!opts.json, list, () => {
        if (!list.length) return void process.stdout.write('no API keys\n');
        process.stdout.write(
          `${table(
            list.map((k) => ({ ...k, status: k.revokedAt ? 'revoked' : 'active' })),
            ['id', 'orgId', 'tier', 'prefix', 'status', 'createdAt'],
          )}\n`,
        );
      });
    });

  keys
    .command('revoke <id>')
    .description('Revoke an API key (immediately on the instance asked, within 10 seconds elsewhere)')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const record = await adminRequest<KeyRecord>('strategy', 'POST', `/admin/keys/${enc(id)}/revoke`);
      print(!!opts.json, record, () => process.stdout.write(`revoked ${record.id} (${record.orgId})\n`));
    });

  const credits = group(program, 'credits', 'Credit accounts of the strategic-guidance service');

  credits
    .command('grant <org> <amount>')
    .description('Add credits to an organisation (creating its account when needed)')
    .option('--note <note>', 'a note kept in the ledger')
    .option('--id <requestId>', 'idempotency key: the same id grants once')
    .option('--json', 'print JSON')
    .action(async (org: string, amount: string, opts: { note?: string; id?: string; json?: boolean }) => {
      const n = positiveInt(amount);
      const r = await adminRequest<CreditGrant>('strategy', 'POST', `/admin/credits/${enc(org)}/grant`, {
        amount: n,
        ...(opts.note ? { note: opts.note } : {}),
        ...(opts.id ? { requestId: opts.id } : {}),
      });
      print(!!opts.json, r, () =>
        process.stdout.write(
          r.duplicate ? `already granted under ${opts.id}; ${r.orgId} balance: ${r.balance}\n` : `granted ${n} credits to ${r.orgId}; balance: ${r.balance}\n`,
        ),
      );
    });

  credits
    .command('show <org>')
    .description('Balance and recent ledger of an organisation')
    .option('--limit <n>', 'ledger entries to show', positiveInt, 20)
    .option('--json', 'print JSON')
    .action(async (org: string, opts: { limit: number; json?: boolean }) => {
      const view = await adminRequest<CreditAccountView>('strategy', 'GET', `/admin/credits/${enc(org)}?limit=${opts.limit}`);
      print(!!opts.json, view, () => {
        process.stdout.write(`${view.orgId}: ${view.balance} credits\n`);
        if (view.entries.length) {
          process.stdout.write(
            `\n${table(
              view.entries.map((e) => ({ ...e, amount: e.amount > 0 ? `+${e.amount}` : String(e.amount), balance: e.balanceAfter })),
              ['createdAt', 'kind', 'amount', 'balance', 'endpoint', 'requestId', 'note'],
            )}\n`,
          );
        }
      });
    });
}
