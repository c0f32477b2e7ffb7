/**
 * Admin API of organisation memberships (`/admin/*`, operator token, never
 * routed from outside by the edge). Signing in through an organisation's app
 * only records the person with role `user` (no rights); `owner`, `admin` and
 * `member` come from here (`latchkey org members …`):
 * - `GET /admin/organisations/:org/members[?all=true]` → `{organisation, members: [...]}`
 *   (granted roles only; `all=true` also lists `user` rows); 404 NOT_FOUND for an unknown organisation
 * - `POST /admin/organisations/:org/members` `{email | user_id, role?}` (role `owner`, `admin` or
 *   `member`, default `member`) → 200 the membership (created or its role changed);
 *   404 NOT_FOUND (organisation), 404 USER_NOT_FOUND (nobody with that email or id has signed in yet),
 *   409 AMBIGUOUS_USER (several identities share the email: the message names each user id, its name and issuer; give `user_id`)
 * - `DELETE /admin/organisations/:org/members/:user` (user id or email) → `{removed: true}`;
 *   404 NOT_FOUND when that person has no membership
 */
import type { Router } from 'express';
import { z } from 'zod';
import { zodIssueMessage } from '@latchkey/errors';
import { AuthCentralError } from '../errors.js';
import { findOrganisation } from '../store/apps.js';
import { GRANTED_ROLES, findUserById, findUsersByEmail, listMembers, removeMembership, setMembershipRole, type UserMatch } from '../store/users.js';
import { ID } from './admin-apps.js';
import type { RouteContext } from './context.js';

const email = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .regex(/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u, 'email must look like name@example.com');
const userId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9-]+$/, 'user_id must be a user id as `latchkey org members list --all` shows it');

export const addMemberSchema = z
  .object({ email: email.optional(), user_id: userId.optional(), role: z.enum(GRANTED_ROLES).default('member') })
  .refine((b) => (b.email === undefined) !== (b.user_id === undefined), { message: 'give exactly one of email and user_id', path: ['email'] });

/** 400 INVALID_REQUEST `field: message` of the first issue. */
function invalid(error: z.ZodError): AuthCentralError {
  return new AuthCentralError('INVALID_REQUEST', zodIssueMessage(error));
}

async function organisationOrThrow(ctx: RouteContext, org: string) {
  const found = ID.test(org) ? await findOrganisation(ctx.db, org) : null;
  if (!found) throw new AuthCentralError('NOT_FOUND', `No organisation "${org}".`);
  return found;
}

/** The one user an email names; 404 or 409 otherwise. */
function oneUser(matches: UserMatch[], what: string): UserMatch {
  if (matches.length === 1) return matches[0]!;
  if (!matches.length) {
    throw new AuthCentralError(
      'USER_NOT_FOUND',
      `Nobody has signed in as ${what} yet: the person signs in once through one of the organisation's apps, then run this again.`,
    );
  }
  // The body is area A's `{error, message}`: the candidates are named in the message.
  const candidates = matches.map((m) => `${m.id} (${m.name || 'no name'}, ${m.issuer})`).join('; ');
  throw new AuthCentralError('AMBIGUOUS_USER', `Several identities use ${what}: ${candidates}. Give the user id of the right one.`);
}

export function register(router: Router, ctx: RouteContext): void {
  router.get('/organisations/:org/members', async (req, res) => {
    const organisation = await organisationOrThrow(ctx, String(req.params.org));
    const all = req.query.all === 'true' || req.query.all === '1';
    res.json({ organisation, members: await listMembers(ctx.db, organisation.id, all) });
  });

  router.post('/organisations/:org/members', ...ctx.guards.json, async (req, res) => {
    const parsed = addMemberSchema.safeParse(req.body);
    if (!parsed.success) throw invalid(parsed.error);
    const organisation = await organisationOrThrow(ctx, String(req.params.org));
    const b = parsed.data;
    const matches = b.user_id !== undefined ? [await findUserById(ctx.db, b.user_id)].filter((u) => u !== null) : await findUsersByEmail(ctx.db, b.email!);
    const user = oneUser(matches, b.user_id !== undefined ? `user id ${b.user_id}` : b.email!);
    const member = await setMembershipRole(ctx.db, user.id, organisation.id, b.role);
    ctx.logger.info({ organisation: organisation.id, userId: user.id, role: b.role }, 'membership granted by the operator');
    res.json(member);
  });

  router.delete('/organisations/:org/members/:user', async (req, res) => {
    const organisation = await organisationOrThrow(ctx, String(req.params.org));
    const who = String(req.params.user);
    let id = who;
    if (who.includes('@')) {
      // Only identities with a membership here: an email shared with strangers elsewhere is not ambiguous.
      const members = (await listMembers(ctx.db, organisation.id, true)).filter((m) => m.email.toLowerCase() === who.toLowerCase());
      id = oneUser(
        members.map((m) => ({ id: m.user_id, email: m.email, name: m.name, issuer: m.issuer })),
        who,
      ).id;
    }
    if (!(await removeMembership(ctx.db, id, organisation.id))) throw new AuthCentralError('NOT_FOUND', `${who} is not a member of "${organisation.id}".`);
    ctx.logger.info({ organisation: organisation.id, userId: id }, 'membership removed by the operator');
    res.json({ removed: true });
  });
}
