/** Users (identified by the provider's issuer + subject) and their organisation memberships. */
import { randomUUID } from 'node:crypto';
import type { Db } from './prisma.js';
import { isUniqueViolation } from './prisma.js';

export interface IdentityClaims {
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

/**
 * Creates or updates the user of a provider identity and makes them a member
 * of `organisationId` (role `member` when new; an existing role is kept).
 * @returns the user id.
 */
export async function upsertUserAndMembership(db: Db, identity: IdentityClaims, organisationId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const user = await db.user.upsert({
        where: { idpIssuer_idpSubject: { idpIssuer: identity.issuer, idpSubject: identity.subject } },
        create: { id: randomUUID(), idpIssuer: identity.issuer, idpSubject: identity.subject, email: identity.email, name: identity.name },
        update: { email: identity.email, name: identity.name },
        select: { id: true },
      });
      await db.membership.upsert({
        where: { userId_organisationId: { userId: user.id, organisationId } },
        create: { userId: user.id, organisationId, role: 'member' },
        update: {},
      });
      return user.id;
    } catch (err) {
      // Two first sign-ins of the same person at once: the loser retries and finds the row.
      if (isUniqueViolation(err) && attempt < 2) continue;
      throw err;
    }
  }
}
