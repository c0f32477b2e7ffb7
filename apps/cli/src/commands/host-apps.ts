/**
 * `latchkey host apps …`: hosted-app registration in auth-central (area A),
 * through its admin API (`/admin/apps`). The registration names the only
 * domains a login may redirect to and the only browser origins that may call
 * the sign-in endpoints.
 */
import type { Command } from 'commander';
import type { HostedApp } from '@latchkey/admin-api';
import { adminRequest, CliError } from '../client.js';
import { group } from './group.js';
import { print, table } from '../output.js';

const appPath = (appId: string) => `/admin/apps/${encodeURIComponent(appId)}`;

/** `a.com, www.a.com` → `['a.com', 'www.a.com']` (auth-central validates and normalises each). */
export function parseDomains(value: string): string[] {
  const list = value
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  if (!list.length) throw new CliError('--domains needs at least one domain, e.g. --domains example.com,www.example.com', 2);
  return list;
}

const describeApp = (a: HostedApp) => `${a.app_id} (organisation ${a.organisation.id}, ${a.organisation.tier}): ${a.allowed_auth_domains.join(', ')}`;

export function register(program: Command): void {
  const host = group(program, 'host', 'Hosted apps: registration, databases and end-user sign-in.');
  const apps = group(host, 'apps', 'Hosted apps registered with the central sign-in service (auth-central).').addHelpText(
    'after',
    `
Examples:
  latchkey host apps register shop --org acme --domains shop.example.com,www.shop.example.com
  latchkey host apps list --json
  latchkey host apps set-domains shop --domains shop.example.com
  latchkey host apps delete shop --confirm

Domains are plain hostnames (no scheme, path or port); a login's redirect_url
must be on one of them exactly (list the www form too if you use it).
Internationalised names are stored in punycode.`,
  );

  apps
    .command('register <app-id>')
    .description('Register a hosted app with the domains it may sign in from.')
    .requiredOption('--org <org-id>', 'organisation (workspace) the app belongs to; created when new')
    .requiredOption('--domains <list>', 'comma-separated allowed auth domains, e.g. example.com,www.example.com')
    .option('--org-name <name>', 'display name of the organisation when it is created (default: its id)')
    .option('--tier <tier>', 'tier of the organisation when it is created: free, pro or enterprise')
    .option('--json', 'print the result as JSON')
    .action(async (appId: string, o: { org: string; domains: string; orgName?: string; tier?: string; json?: boolean }) => {
      const body = {
        app_id: appId,
        organisation_id: o.org,
        organisation_name: o.orgName,
        tier: o.tier,
        allowed_auth_domains: parseDomains(o.domains),
      };
      const app = await adminRequest<HostedApp>('auth', 'POST', '/admin/apps', body);
      print(!!o.json, app, () => console.log(`Registered ${describeApp(app)}`));
    });

  apps
    .command('list')
    .description('List the registered hosted apps.')
    .option('--json', 'print the result as JSON')
    .action(async (o: { json?: boolean }) => {
      const r = await adminRequest<{ apps: HostedApp[] }>('auth', 'GET', '/admin/apps');
      print(!!o.json, r.apps, () => {
        if (!r.apps.length) {
          console.log('No hosted apps registered. Register one with: latchkey host apps register <app-id> --org <org> --domains <list>');
          return;
        }
        console.log(
          table(
            r.apps.map((a) => ({ app_id: a.app_id, organisation: a.organisation.id, tier: a.organisation.tier, domains: a.allowed_auth_domains })),
            ['app_id', 'organisation', 'tier', 'domains'],
          ),
        );
      });
    });

  apps
    .command('show <app-id>')
    .description('Show one hosted app.')
    .option('--json', 'print the result as JSON')
    .action(async (appId: string, o: { json?: boolean }) => {
      const app = await adminRequest<HostedApp>('auth', 'GET', appPath(appId));
      print(!!o.json, app, () => console.log(describeApp(app)));
    });

  apps
    .command('set-domains <app-id>')
    .description("Replace an app's allowed auth domains.")
    .requiredOption('--domains <list>', 'comma-separated allowed auth domains')
    .option('--json', 'print the result as JSON')
    .action(async (appId: string, o: { domains: string; json?: boolean }) => {
      const app = await adminRequest<HostedApp>('auth', 'PUT', `${appPath(appId)}/domains`, { allowed_auth_domains: parseDomains(o.domains) });
      print(!!o.json, app, () => console.log(`Updated ${describeApp(app)}`));
    });

  apps
    .command('delete <app-id>')
    .description('Delete a hosted app; its sessions end and its pending sign-ins fail.')
    .option('--confirm', 'required: confirms the deletion')
    .option('--json', 'print the result as JSON')
    .action(async (appId: string, o: { confirm?: boolean; json?: boolean }) => {
      if (!o.confirm) throw new CliError(`deleting ${appId} signs out all of its users: re-run with --confirm`, 2);
      const r = await adminRequest<{ deleted: boolean }>('auth', 'DELETE', appPath(appId));
      print(!!o.json, { app_id: appId, ...r }, () => console.log(`Deleted ${appId}.`));
    });
}
