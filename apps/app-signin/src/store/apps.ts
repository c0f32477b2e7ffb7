/**
 * The registry of apps (`apps` in app-signin's own database, Prisma): one row
 * per app whose end users sign in here, with its state, database URL
 * (sealed by the caller), role policy and settings.
 */
import type { PrismaClient } from './prisma.js';
import type { ProviderRow } from './providers.js';
import type { SigningKeyRow } from './signing-keys.js';

/** The lifecycle state column: registered → provisioned → live ⇄ disabled. */
export type AppStateColumn = 'registered' | 'provisioned' | 'live' | 'disabled';

/** A row of `apps`. */
export interface AppRow {
  id: string;
  orgId: string;
  /** Last path segment of the sign-in address: `<org>-<22 base32 chars>`. */
  slug: string;
  /** The app database's connection string, sealed (AES-256-GCM, aad = app id). */
  databaseUrl: string;
  /** True when app-signin created the database, false when it was attached. */
  databaseCreated: boolean;
  /** An `AppStateColumn`. */
  state: string;
  schemaVersion: number;
  savedPolicy: string[];
  policySavedAt: Date | null;
  appliedPolicy: string[];
  policyAppliedAt: Date | null;
  allowedOrigins: string[];
  deployedAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  requireEmailVerification: boolean;
  mailFrom: string | null;
  /** JSON: subject lines by mail kind. */
  mailSubjects: unknown;
  mailLinkBase: string | null;
  /** `delete` or `anonymise`. */
  userDeletion: string;
}

/** An app row with its signing keys and providers. */
export type AppWithKeys = AppRow & { keys: SigningKeyRow[]; providers: ProviderRow[] };

/** The registry row of app `id`, or null. */
export function findApp(prisma: PrismaClient, id: string): Promise<AppRow | null> {
  return prisma.app.findUnique({ where: { id } });
}

/** The app served at `/a/<slug>` with its signing keys and providers, or null. */
export function findAppBySlug(prisma: PrismaClient, slug: string): Promise<AppWithKeys | null> {
  return prisma.app.findUnique({ where: { slug }, include: { keys: true, providers: true } });
}

/**
 * Registers an app (state `registered`).
 * @param input.databaseUrl the sealed connection string.
 * @throws Prisma's unique-constraint error when the id or slug is taken.
 */
export function insertApp(
  prisma: PrismaClient,
  input: { id: string; orgId: string; slug: string; databaseUrl: string; databaseCreated: boolean },
): Promise<AppRow> {
  return prisma.app.create({ data: input });
}

/** Points the app at another (sealed) database URL. */
export async function setDatabaseUrl(prisma: PrismaClient, id: string, databaseUrl: string): Promise<void> {
  await prisma.app.update({ where: { id }, data: { databaseUrl } });
}

/** Records a provision: the state and the installed `latchkey_auth` version. */
export function setProvisioned(prisma: PrismaClient, id: string, state: AppStateColumn, schemaVersion: number): Promise<AppRow> {
  return prisma.app.update({ where: { id }, data: { state, schemaVersion } });
}

/**
 * Records a deploy: live, the schema version, the saved policy applied (and
 * when), the deploy time, and the allowed origins when given.
 */
export function setDeployed(
  prisma: PrismaClient,
  id: string,
  input: { schemaVersion: number; appliedPolicy: string[]; policyAppliedAt: Date | null; deployedAt: Date; allowedOrigins?: string[] },
): Promise<AppRow> {
  const { allowedOrigins, ...rest } = input;
  return prisma.app.update({ where: { id }, data: { state: 'live', ...rest, ...(allowedOrigins ? { allowedOrigins } : {}) } });
}

/** Saves a role policy (not applied until the next deploy). */
export function setSavedPolicy(prisma: PrismaClient, id: string, savedPolicy: string[], savedAt: Date): Promise<AppRow> {
  return prisma.app.update({ where: { id }, data: { savedPolicy, policySavedAt: savedAt } });
}

/** The settings `db auth settings` changes; an absent field is left as it is. */
export interface AppSettingsUpdate {
  requireEmailVerification?: boolean;
  /** null: the deployment's MAIL_FROM. */
  mailFrom?: string | null;
  /** The whole map of subjects (the caller merges). */
  mailSubjects?: Record<string, string>;
  /** null: the app's {signin_url}. */
  mailLinkBase?: string | null;
  userDeletion?: 'delete' | 'anonymise';
}

/** Saves settings (see `AppSettingsUpdate`). */
export function setSettings(prisma: PrismaClient, id: string, input: AppSettingsUpdate): Promise<AppRow> {
  return prisma.app.update({
    where: { id },
    data: {
      ...(input.requireEmailVerification !== undefined ? { requireEmailVerification: input.requireEmailVerification } : {}),
      ...(input.mailFrom !== undefined ? { mailFrom: input.mailFrom } : {}),
      ...(input.mailSubjects !== undefined ? { mailSubjects: input.mailSubjects } : {}),
      ...(input.mailLinkBase !== undefined ? { mailLinkBase: input.mailLinkBase } : {}),
      ...(input.userDeletion !== undefined ? { userDeletion: input.userDeletion } : {}),
    },
  });
}

/** Turns sign-in off (`disabled`, with the time). */
export function setDisabled(prisma: PrismaClient, id: string, at: Date): Promise<AppRow> {
  return prisma.app.update({ where: { id }, data: { state: 'disabled', disabledAt: at } });
}
