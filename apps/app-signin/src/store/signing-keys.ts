/**
 * Each app's JWT signing keys (`signing_keys` in app-signin's own database,
 * Prisma). The private JWK is stored sealed (AES-256-GCM, aad = kid) by the caller.
 */
import type { PrismaClient } from './prisma.js';

/** A row of `signing_keys`. */
export interface SigningKeyRow {
  kid: string;
  appId: string;
  alg: string;
  /** The private JWK as JSON, sealed (AES-256-GCM, aad = kid). */
  privateJwk: string;
  createdAt: Date;
  retiredAt: Date | null;
}

/** The app's keys that have not been retired. */
export function activeSigningKeys(prisma: PrismaClient, appId: string): Promise<SigningKeyRow[]> {
  return prisma.signingKey.findMany({ where: { appId, retiredAt: null } });
}

/** Stores a new key. @param input.privateJwk the sealed private JWK. */
export async function insertSigningKey(
  prisma: PrismaClient,
  input: { kid: string; appId: string; alg: string; privateJwk: string; createdAt: Date },
): Promise<void> {
  await prisma.signingKey.create({ data: input });
}
