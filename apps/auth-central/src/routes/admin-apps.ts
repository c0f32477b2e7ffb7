/**
 * Admin API of hosted apps (`/admin/*`, operator token, never routed from
 * outside by the edge):
 * - `POST /admin/apps` `{app_id, organisation_id, organisation_name?, tier?, allowed_auth_domains}` → 201 app; 409 APP_EXISTS
 * - `GET /admin/apps` → `{apps: [...]}`; `GET /admin/apps/:appId` → app
 * - `PUT /admin/apps/:appId/domains` `{allowed_auth_domains}` → app
 * - `DELETE /admin/apps/:appId` → `{deleted: true}` (its sessions and tokens go with it)
 * Domains are normalised (lowercase, IDN → punycode) and validated (see domain/domains.ts).
 */
import type { Router } from 'express';
import { z } from 'zod';
import { zodIssueMessage } from '@latchkey/errors';
import { AuthCentralError } from '../errors.js';
import { normalizeDomains } from '../domain/domains.js';
import { deleteApp, findApp, insertApp, listApps, setAppDomains } from '../store/apps.js';
import type { RouteContext } from './context.js';

export const ID = /^[a-z0-9](?:[a-z0-9-]{0,62})$/;
const id = (what: string) => z.string().regex(ID, `${what} must be lowercase letters, digits and hyphens (at most 63, starting with a letter or digit)`);
const domainsField = z.array(z.string()).min(1, 'allowed_auth_domains needs at least one domain').max(100);

export const registerAppSchema = z.object({
  app_id: id('app_id'),
  organisation_id: id('organisation_id'),
  organisation_name: z.string().min(1).max(200).optional(),
  tier: z.enum(['free', 'pro', 'enterprise']).optional(),
  allowed_auth_domains: domainsField,
});

export const setDomainsSchema = z.object({ allowed_auth_domains: domainsField });

/** 400 INVALID_REQUEST `field: message` of the first issue. */
function invalid(error: z.ZodError): AuthCentralError {
  return new AuthCentralError('INVALID_REQUEST', zodIssueMessage(error));
}

function domainsOrThrow(input: string[]): string[] {
  const r = normalizeDomains(input);
  if (!r.ok) {
    throw new AuthCentralError(
      'INVALID_DOMAIN',
      `"${r.invalid}" is not a valid domain: give a plain hostname such as example.com (no scheme, path, port or wildcard).`,
    );
  }
  return r.domains;
}

export function register(router: Router, ctx: RouteContext): void {
  router.post('/apps', ...ctx.guards.json, async (req, res) => {
    const parsed = registerAppSchema.safeParse(req.body);
    if (!parsed.success) throw invalid(parsed.error);
    const b = parsed.data;
    const app = await insertApp(ctx.db, {
      appId: b.app_id,
      organisationId: b.organisation_id,
      organisationName: b.organisation_name,
      tier: b.tier,
      domains: domainsOrThrow(b.allowed_auth_domains),
    });
    if (!app) throw new AuthCentralError('APP_EXISTS', `An app with id "${b.app_id}" is already registered.`);
    res.status(201).json(app);
  });

  router.get('/apps', async (_req, res) => {
    res.json({ apps: await listApps(ctx.db) });
  });

  router.get('/apps/:appId', async (req, res) => {
    const app = await findApp(ctx.db, String(req.params.appId));
    if (!app) throw new AuthCentralError('NOT_FOUND', `No app "${req.params.appId}".`);
    res.json(app);
  });

  router.put('/apps/:appId/domains', ...ctx.guards.json, async (req, res) => {
    const parsed = setDomainsSchema.safeParse(req.body);
    if (!parsed.success) throw invalid(parsed.error);
    const app = await setAppDomains(ctx.db, String(req.params.appId), domainsOrThrow(parsed.data.allowed_auth_domains));
    if (!app) throw new AuthCentralError('NOT_FOUND', `No app "${req.params.appId}".`);
    res.json(app);
  });

  router.delete('/apps/:appId', async (req, res) => {
    if (!(await deleteApp(ctx.db, String(req.params.appId)))) throw new AuthCentralError('NOT_FOUND', `No app "${req.params.appId}".`);
    res.json({ deleted: true });
  });
}
