/**
 * Each app's sign-in providers (`auth_providers` in app-signin's own
 * database, Prisma), keyed by app and provider id. The client secret is
 * stored sealed (AES-256-GCM, aad = app id + provider id) by the caller.
 */
import type { PrismaClient } from './prisma.js';

/** What a provider row holds besides its key. */
export interface ProviderData {
  kind: string;
  clientId: string;
  /** Sealed client secret. */
  clientSecret: string;
  issuer: string | null;
  scopes: string[];
}

/** A row of `auth_providers`. */
export interface ProviderRow extends ProviderData {
  appId: string;
  /** google, github, microsoft, or the app's own name. */
  providerId: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Adds the provider, or replaces the one with the same id. */
export async function upsertProvider(prisma: PrismaClient, appId: string, providerId: string, data: ProviderData): Promise<void> {
  await prisma.authProvider.upsert({ where: { appId_providerId: { appId, providerId } }, create: { appId, providerId, ...data }, update: data });
}

/** Deletes the provider. @returns false when the app had no such provider. */
export async function deleteProvider(prisma: PrismaClient, appId: string, providerId: string): Promise<boolean> {
  const r = await prisma.authProvider.deleteMany({ where: { appId, providerId } });
  return r.count > 0;
}

/** The app's providers, by provider id. */
export function listProviders(prisma: PrismaClient, appId: string): Promise<ProviderRow[]> {
  return prisma.authProvider.findMany({ where: { appId }, orderBy: { providerId: 'asc' } });
}
