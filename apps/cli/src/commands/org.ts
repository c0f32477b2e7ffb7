/**
 * `latchkey org members …`: who belongs to an organisation, through
 * auth-central's admin API (`/admin/organisations/:org/members`).
 * Signing in through one of the organisation's apps only records a person
 * with role `user` (no rights: their access token cannot spend the
 * organisation's strategy credits); `member`, `admin` and `owner` are given
 * here.
 */
import { Option, type Command } from 'commander';
import type { OrganisationMember, OrganisationMembers } from '@latchkey/admin-api';
import { adminRequest } from '../client.js';
import { group } from './group.js';
import { print, table } from '../output.js';

const membersPath = (org: string) => `/admin/organisations/${encodeURIComponent(org)}/members`;

/** `ada@example.com` → `{email}`, anything else → `{user_id}` (ids never contain `@`). */
export function personField(person: string): { email: string } | { user_id: string } {
  return person.includes('@') ? { email: person } : { user_id: person };
}

export function register(program: Command): void {
  const org = group(program, 'org', 'Organisations of the central sign-in service (auth-central).');
  const members = group(org, 'members', 'Who belongs to an organisation and with which role.').addHelpText(
    'after',
    `
Examples:
  latchkey org members add acme ada@acme.com                # role member
  latchkey org members add acme ada@acme.com --role admin
  latchkey org members list acme --all                      # also people who only signed in
  latchkey org members remove acme ada@acme.com

Roles: owner, admin and member may spend the organisation's strategy credits
with their access token; user (someone who only signed in through one of its
apps) may not. The person must have signed in once (that creates the identity);
when several identities share an email, give the user id shown by list --all.`,
  );

  members
    .command('add <org> <email-or-user-id>')
    .description('Make a person a member of an organisation, or change their role.')
    .addOption(new Option('--role <role>', 'role in the organisation').choices(['member', 'admin', 'owner']).default('member'))
    .option('--json', 'print the result as JSON')
    .action(async (orgId: string, person: string, o: { role: string; json?: boolean }) => {
      const m = await adminRequest<OrganisationMember>('auth', 'POST', membersPath(orgId), { ...personField(person), role: o.role });
      print(!!o.json, m, () => console.log(`${m.email} (${m.user_id}, ${m.issuer}) is now ${m.role} of ${orgId}.`));
    });

  members
    .command('list <org>')
    .description('List the members of an organisation.')
    .option('--all', 'also list people who only signed in through its apps (role user)')
    .option('--json', 'print the result as JSON')
    .action(async (orgId: string, o: { all?: boolean; json?: boolean }) => {
      const r = await adminRequest<OrganisationMembers>('auth', 'GET', `${membersPath(orgId)}${o.all ? '?all=true' : ''}`);
      print(!!o.json, r.members, () => {
        if (!r.members.length) {
          console.log(`${orgId} has no ${o.all ? 'members or users' : 'members'}. Add one with: latchkey org members add ${orgId} <email>`);
          return;
        }
        console.log(
          table(
            r.members.map((m) => ({ ...m })),
            ['email', 'role', 'name', 'user_id', 'issuer', 'created_at'],
          ),
        );
      });
    });

  members
    .command('remove <org> <email-or-user-id>')
    .description('End a membership: the person keeps signing in, with no rights in the organisation.')
    .option('--json', 'print the result as JSON')
    .action(async (orgId: string, person: string, o: { json?: boolean }) => {
      const r = await adminRequest<{ removed: boolean }>('auth', 'DELETE', `${membersPath(orgId)}/${encodeURIComponent(person)}`);
      print(!!o.json, { organisation: orgId, person, ...r }, () => console.log(`Removed ${person} from ${orgId}.`));
    });
}
