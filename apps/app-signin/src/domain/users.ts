/**
 * End users, credentials, linked accounts and sessions of an app (its own
 * database, through `src/store/`): better-auth's shapes of a user and a
 * session, and the rules around them. Session tokens are 256 random bits,
 * stored as SHA-256 only.
 */
import { sha256Hex } from '@latchkey/service-kit';
import { SigninError } from '../errors.js';
import { randomToken } from './crypto.js';
import { inTransaction, type AppDb } from '../store/app-db.js';
import { listAccounts, unlinkAccount as deleteAccountRow, type AccountRow } from '../store/accounts.js';
import * as sessions from '../store/sessions.js';
import * as users from '../store/users.js';
import type { SessionRow } from '../store/sessions.js';
import type { UserRow } from '../store/users.js';
import { deleteUserVerifications } from '../store/verification.js';

/** The user as better-auth returns it. */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: u.email_verified,
    image: u.image,
    createdAt: u.created_at.toISOString(),
    updatedAt: u.updated_at.toISOString(),
    twoFactorEnabled: u.two_factor_enabled,
    role: u.role,
  };
}

/** The session as better-auth returns it, with `token` as given (the real token, or the id of another session). */
export function publicSession(s: SessionRow, token: string) {
  return {
    id: s.id,
    userId: s.user_id,
    token,
    expiresAt: s.expires_at.toISOString(),
    createdAt: s.created_at.toISOString(),
    updatedAt: s.updated_at.toISOString(),
    ipAddress: s.ip_address,
    userAgent: s.user_agent,
  };
}

/** An account as better-auth's list-accounts returns it (provider tokens are not kept: `scopes` is empty). */
export function publicAccount(a: AccountRow) {
  return {
    id: a.id,
    providerId: a.provider_id,
    accountId: a.account_id,
    userId: a.user_id,
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
    scopes: [] as string[],
  };
}

const userExists = () => new SigninError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.');

/**
 * Creates user and credential (one statement).
 * @throws SigninError 422 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL when the address is taken.
 */
export async function createUser(db: AppDb, input: { name: string; email: string; passwordHash: string; now: Date }): Promise<UserRow> {
  const user = await users.insertCredentialUser(db, input);
  if (!user) throw userExists();
  return user;
}

/**
 * Creates a user who signed up through a provider (no password), with the provider account.
 * @throws SigninError 422 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL when the address is taken.
 */
export async function createProviderUser(
  db: AppDb,
  input: { name: string; email: string; emailVerified: boolean; image: string | null; providerId: string; accountId: string; now: Date },
): Promise<UserRow> {
  const user = await users.insertProviderUser(db, input);
  if (!user) throw userExists();
  return user;
}

/**
 * A new session of `ttlSec` seconds from `now`.
 * @returns the token (43 base64url characters: hand it to the client, never store or log it) and the row.
 */
export async function createSession(
  db: AppDb,
  userId: string,
  opts: { now: Date; ttlSec: number; ip?: string; userAgent?: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken(32);
  const session = await sessions.insertSession(db, {
    tokenHash: sha256Hex(token),
    userId,
    expiresAt: new Date(opts.now.getTime() + opts.ttlSec * 1000),
    ip: opts.ip ?? null,
    userAgent: opts.userAgent ?? null,
    now: opts.now,
  });
  return { token, session };
}

/** The live session of `token` at `now` and its user, or null. */
export function findSession(db: AppDb, token: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | null> {
  return sessions.findLiveSession(db, sha256Hex(token), now);
}

/** Ends the session of `token` (sign-out); an unknown token changes nothing. */
export function deleteSession(db: AppDb, token: string): Promise<void> {
  return sessions.deleteSessionByHash(db, sha256Hex(token));
}

/** Extends a session to `now + ttlMs`. @returns the row, or null when it is gone. */
export function refreshSession(db: AppDb, id: string, now: Date, ttlMs: number): Promise<SessionRow | null> {
  return sessions.extendSession(db, id, new Date(now.getTime() + ttlMs), now);
}

/**
 * Deletes one of the user's sessions, named by its token or by its id (the
 * handle that list-sessions shows for the user's other sessions).
 * @returns the id of the deleted session, or null when the user has no such session.
 */
export function deleteUserSession(db: AppDb, userId: string, tokenOrId: string): Promise<string | null> {
  return sessions.deleteUserSession(db, userId, { tokenHash: sha256Hex(tokenOrId), id: tokenOrId });
}

/**
 * The address of the user of session `sessionId` if that session is still
 * live at `now` and belongs to `userId` (link-social's check); undefined otherwise.
 */
export function liveSessionEmail(db: AppDb, sessionId: string, userId: string, now: Date): Promise<string | undefined> {
  return sessions.liveSessionEmail(db, sessionId, userId, now);
}

/** update-user: the name when given, the image when not undefined (null clears it). */
export function updateProfile(db: AppDb, userId: string, input: { name?: string; image?: string | null; now: Date }): Promise<void> {
  return users.updateProfile(db, userId, input);
}

/**
 * change-password: the new hash on the credential account; a pending reset
 * link stops working (it would undo the change); with `endSessions`, every
 * session of the user ends (the caller issues a new one).
 */
export async function changePassword(db: AppDb, userId: string, passwordHash: string, opts: { now: Date; endSessions: boolean }): Promise<void> {
  await users.setPassword(db, userId, passwordHash, opts.now);
  await deleteUserVerifications(db, userId, 'reset-password');
  if (opts.endSessions) await sessions.deleteUserSessions(db, userId);
}

/**
 * delete-user, in one transaction: `delete` removes the user's rows
 * (sessions, accounts, second factor and tokens go with them); `anonymise`
 * removes those and keeps an anonymised user row.
 */
export async function deleteUserData(db: AppDb, userId: string, mode: 'delete' | 'anonymise', now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (mode === 'delete') await users.deleteUser(tx, userId);
    else await users.anonymiseUser(tx, userId, now);
  });
}

/** The user's sign-in methods as list-accounts returns them, oldest first. */
export async function accountsOf(db: AppDb, userId: string): Promise<ReturnType<typeof publicAccount>[]> {
  return (await listAccounts(db, userId)).map(publicAccount);
}

/**
 * unlink-account: removes one of the user's accounts, never the last one.
 * @throws SigninError 400 FAILED_TO_UNLINK_LAST_ACCOUNT, 400 ACCOUNT_NOT_FOUND (also for another user's account).
 */
export async function unlinkAccount(db: AppDb, userId: string, accountId: string): Promise<void> {
  const r = await deleteAccountRow(db, userId, accountId);
  if (r.total <= 1 && r.found) throw new SigninError('FAILED_TO_UNLINK_LAST_ACCOUNT', "You can't unlink your last account");
  if (!r.found) throw new SigninError('ACCOUNT_NOT_FOUND', 'Account not found');
}
