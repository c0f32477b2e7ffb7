import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each service owns one database (DESIGN.md, principle 1). */
export const SERVICE_DATABASES = {
  'auth-central': 'latchkey_auth',
  'app-signin': 'latchkey_signin',
  strategy: 'latchkey_strategy',
  'ai-gateway': 'latchkey_gateway',
} as const;

export type ServiceName = keyof typeof SERVICE_DATABASES;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `apps/<service>/prisma` of this checkout, or `LATCHKEY_PRISMA_DIR` when set
 * (a service image holds only its own package: the Dockerfiles set it to the
 * service's `prisma/` folder).
 */
export function prismaDirOf(service: ServiceName): string {
  const given = process.env.LATCHKEY_PRISMA_DIR;
  if (given) return path.resolve(given);
  return path.join(repoRoot, 'apps', service, 'prisma');
}
