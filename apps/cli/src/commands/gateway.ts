import { Command, InvalidArgumentError } from 'commander';
import type { GatewayKey as KeyView, GatewayUsageReport as UsageReport } from '@latchkey/admin-api';
import { adminRequest } from '../client.js';
import { print, table } from '../output.js';

const positiveInt = (name: string) => (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError(`${name} must be a positive integer`);
  return Number(v);
};

const modelList = (v: string) => {
  const models = v
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  for (const m of models) {
    if (!/^(openai|anthropic|google)\/\S+$/.test(m)) throw new InvalidArgumentError(`"${m}" is not <provider>/<model> (providers: openai, anthropic, google)`);
  }
  if (!models.length) throw new InvalidArgumentError('give at least one model');
  return models;
};

const keyRows = (keys: KeyView[]) =>
  keys.map((k) => ({
    id: k.id,
    solution: k.solution,
    prefix: k.prefix,
    models: k.usesDefaultModels ? 'default' : k.models.join(','),
    rpm: k.rpm,
    tpm: k.tpm,
    created: k.createdAt.slice(0, 19),
    revoked: k.revokedAt ? k.revokedAt.slice(0, 19) : '',
  }));

/**
 * `latchkey gateway …`: keys of the AI gateway (create, list, revoke) and the
 * usage of a solution, through the gateway's `/admin/*` API.
 */
export function register(program: Command): void {
  const gateway = program
    .command('gateway')
    .description('AI gateway: keys per solution (create, list, revoke) and usage reports.')
    .addHelpText('after', '\nThe gateway address comes from LATCHKEY_GATEWAY_URL (default http://localhost:4104).');
  const keys = gateway.command('keys').description('Gateway keys: one solution each, shown once at creation.');

  keys
    .command('create')
    .description('Create a key for a solution (the solution is created when new). The key is printed once: store it now.')
    .requiredOption('--solution <id>', 'solution the key belongs to (a-z, 0-9, ".", "_", "-")')
    .option('--models <list>', 'comma-separated allow-list of <provider>/<model> (default: the gateway default list)', modelList)
    .option('--rpm <n>', 'requests per minute (default 60)', positiveInt('--rpm'))
    .option('--tpm <n>', 'tokens per minute, input plus output (default 100000)', positiveInt('--tpm'))
    .option('--name <name>', 'a label for the key')
    .option('--json', 'print JSON')
    .action(async (opts: { solution: string; models?: string[]; rpm?: number; tpm?: number; name?: string; json?: boolean }) => {
      const created = await adminRequest<KeyView & { key: string }>('gateway', 'POST', '/admin/keys', {
        solution: opts.solution,
        models: opts.models,
        rpm: opts.rpm,
        tpm: opts.tpm,
        name: opts.name,
      });
      print(!!opts.json, created, () => {
        process.stdout.write(`${created.key}\n`);
        process.stderr.write(
          `\nKey ${created.id} for solution "${created.solution}": ${created.models.length} models, ${created.rpm} requests/min, ${created.tpm} tokens/min.\n` +
            'This is the only time the key is shown; the gateway keeps only its fingerprint. If it is lost, revoke it and create another.\n',
        );
      });
    });

  keys
    .command('list')
    .description('List keys (their prefixes only: the secrets are not stored).')
    .option('--solution <id>', 'only the keys of this solution')
    .option('--all', 'include revoked keys')
    .option('--json', 'print JSON')
    .action(async (opts: { solution?: string; all?: boolean; json?: boolean }) => {
      const qs = new URLSearchParams();
      if (opts.solution) qs.set('solution', opts.solution);
      if (opts.all) qs.set('all', 'true');
      const res = await adminRequest<{ keys: KeyView[] }>('gateway', 'GET', `/admin/keys${qs.size ? `?${qs}` : ''}`);
      print(!!opts.json, res.keys, () => {
        if (!res.keys.length) process.stdout.write('no keys\n');
        else
          process.stdout.write(
            `${table(keyRows(res.keys), ['id', 'solution', 'prefix', 'models', 'rpm', 'tpm', 'created', ...(opts.all ? ['revoked'] : [])])}\n`,
          );
      });
    });

  keys
    .command('revoke <id>')
    .description('Revoke a key: refused on every gateway instance within a second (at most the key cache time, 30 s).')
    .option('--json', 'print JSON')
    .action(async (id: string, opts: { json?: boolean }) => {
      const key = await adminRequest<KeyView>('gateway', 'POST', `/admin/keys/${encodeURIComponent(id)}/revoke`);
      print(!!opts.json, key, () => process.stdout.write(`revoked ${key.id} (${key.prefix}, solution ${key.solution}) at ${key.revokedAt}\n`));
    });

  gateway
    .command('usage')
    .description('Usage of a solution: requests, tokens by model, error rate and latency percentiles.')
    .requiredOption('--solution <id>', 'the solution')
    .option('--since <period>', 'period: 30m, 24h, 7d or an ISO date', '24h')
    .option('--json', 'print JSON')
    .action(async (opts: { solution: string; since: string; json?: boolean }) => {
      const qs = new URLSearchParams({ solution: opts.solution, since: opts.since });
      const r = await adminRequest<UsageReport>('gateway', 'GET', `/admin/usage?${qs}`);
      print(!!opts.json, r, () => {
        const lines = [
          `solution ${r.solution} since ${r.since}`,
          `requests  ${r.requests} (${r.errors} errors, error rate ${(r.errorRate * 100).toFixed(1)}%)`,
          `tokens    ${r.tokens.total} (input ${r.tokens.input}, output ${r.tokens.output}, cached ${r.tokens.cached})`,
          `latency   p50 ${r.latencyMs.p50} ms, p95 ${r.latencyMs.p95} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms`,
          '',
          r.byModel.length
            ? table(
                r.byModel.map((m) => ({ model: m.model, requests: m.requests, input: m.inputTokens, output: m.outputTokens, errors: m.errors })),
                ['model', 'requests', 'input', 'output', 'errors'],
              )
            : 'no calls in this period',
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      });
    });
}
