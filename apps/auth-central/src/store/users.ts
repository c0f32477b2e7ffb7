/** Users (identified by the provider's issuer + subject) and their organisation memberships. */
import { randomUUID } from 'node:crypto';
import type { OrganisationMember } from '@latchkey/admin-api';
import type { Db } from './prisma.js';
import { isUniqueViolation } from './prisma.js';
import type { Role } from '../generated/prisma/client.js';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

/**
 * The role of someone who only signed in through one of an organisation's
 * apps: an identity with no rights in the organisation (strategy refuses to
 * charge its credits to them). Also what validate reports with no membership.
 */
export const SIGN_IN_ROLE = 'user' satisfies Role;

/** Roles the organisation gives (operator API): they carry rights in the organisation. */
export const GRANTED_ROLES = ['owner', 'admin', 'member'] as const satisfies readonly Role[];
export type GrantedRole = (typeof GRANTED_ROLES)[number];

/**
 * Creates or updates the user of a provider identity and records that they
 * signed in through an app of `organisationId`: a membership with role
 * `user` when there is none (no rights in the organisation); an existing
 * role, granted or not, is kept. Signing in never grants a role.
 * @returns the user id.
 */
export async function upsertUserAndMembership(db: Db, identity: IdentityClaims, organisationId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const userId = await upsertUser(db, identity);
      await db.membership.upsert({
        where: { userId_organisationId: { userId, organisationId } },
        create: { userId, organisationId, role: SIGN_IN_ROLE },
        update: {},
      });
      return userId;
    } catch (err) {
      // Two first sign-ins of the same person at once: the loser retries and finds the row.
      if (isUniqueViolation(err) && attempt < 2) continue;
      throw err;
    }
  }
}

/**
 * Creates or updates the user of a provider identity (email and name refreshed).
 * @returns the user id.
 * @throws Prisma P2002 when a concurrent call created the same identity (retry).
 */
export async function upsertUser(db: Db, identity: IdentityClaims): Promise<string> {
  const user = await db.user.upsert({
    where: { idpIssuer_idpSubject: { idpIssuer: identity.issuer, idpSubject: identity.subject } },
    create: { id: randomUUID(), idpIssuer: identity.issuer, idpSubject: identity.subject, email: identity.email, name: identity.name },
    update: { email: identity.email, name: identity.name },
    select: { id: true },
  });
  return user.id;
}

/** A user as the operator API shows it: which identity at which provider. */
export interface UserMatch {
  id: string;
  email: string;
  name: string;
  issuer: string;
}

/** Users whose last-seen email is `email` (case-insensitive); several when providers or accounts share it. */
export async function findUsersByEmail(db: Db, email: string): Promise<UserMatch[]> {
  const rows = await db.user.findMany({
    where: { email: { equals: email, mode: 'insensitive' } },
    select: { id: true, email: true, name: true, idpIssuer: true },
    orderBy: { createdAt: 'asc' },
    take: 20,
  });
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, issuer: r.idpIssuer }));
}

export async function findUserById(db: Db, id: string): Promise<UserMatch | null> {
  const r = await db.user.findUnique({ where: { id }, select: { id: true, email: true, name: true, idpIssuer: true } });
  return r ? { id: r.id, email: r.email, name: r.name, issuer: r.idpIssuer } : null;
}

/** A membership row with its user, in the operator API's shape (`@latchkey/admin-api`). */
export type MemberRecord = OrganisationMember;

const memberSelect = { role: true, createdAt: true, user: { select: { id: true, email: true, name: true, idpIssuer: true } } } as const;

function toMember(r: { role: Role; createdAt: Date; user: { id: string; email: string; name: string; idpIssuer: string } }): MemberRecord {
  return { user_id: r.user.id, email: r.user.email, name: r.user.name, issuer: r.user.idpIssuer, role: r.role, created_at: r.createdAt.toISOString() };
}

/**
 * Gives `userId` the role `role` in `organisationId` (creating the membership
 * or changing its role). Only the operator API calls this.
 */
export async function setMembershipRole(db: Db, userId: string, organisationId: string, role: GrantedRole): Promise<MemberRecord> {
  const row = await db.membership.upsert({
    where: { userId_organisationId: { userId, organisationId } },
    create: { userId, organisationId, role },
    update: { role },
    select: memberSelect,
  });
  return toMember(row);
}

/**
 * The memberships of an organisation, owners first, then by email.
 * @param includeSignInOnly also list `user` rows (people who only signed in through its apps).
 */
export async function listMembers(db: Db, organisationId: string, includeSignInOnly: boolean): Promise<MemberRecord[]> {
  const rows = await db.membership.findMany({
    where: { organisationId, ...(includeSignInOnly ? {} : { role: { in: [...GRANTED_ROLES] } }) },
    select: memberSelect,
    orderBy: [{ role: 'asc' }, { user: { email: 'asc' } }],
    take: 10_000,
  });
  return rows.map(toMember);
}

/** Ends a membership (the person keeps their identity; a later sign-in makes them a `user` again). @returns false when there was none. */
export async function removeMembership(db: Db, userId: string, organisationId: string): Promise<boolean> {
  const { count } = await db.membership.deleteMany({ where: { userId, organisationId } });
  return count > 0;
}
