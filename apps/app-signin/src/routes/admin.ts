/**
 * The admin API that `latchkey host db …` and `latchkey doctor` call
 * (guarded by `adminAuth(LATCHKEY_ADMIN_TOKEN)`, never routed by the edge).
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';

const actor = z.string().min(1).max(128).optional();

/** Registers `/apps/:appId/…` on `r` (mounted at `/admin` behind the operator token and a 5 MB JSON body). */
export function register(r: Router, svc: Services): void {
  const op = svc.operator;
  const id = (p: unknown) => String(p);

  r.post('/apps/:appId/database', async (req, res) => {
    const b = parseBody(z.object({ org: z.string().max(64).optional(), databaseUrl: z.string().max(2048).optional() }), req.body);
    const out = await op.createDatabase(id(req.params.appId), b);
    res.status(out.created ? 201 : 200).json(out);
  });
  r.get('/apps/:appId/database', async (req, res) => {
    res.json(await op.connection(id(req.params.appId)));
  });
  r.post('/apps/:appId/auth/provision', async (req, res) => {
    res.json(await op.provision(id(req.params.appId)));
  });
  r.post('/apps/:appId/auth/deploy', async (req, res) => {
    const b = parseBody(z.object({ origins: z.array(z.string().max(512)).max(50).optional() }), req.body);
    res.json(await op.deploy(id(req.params.appId), b));
  });
  r.put('/apps/:appId/auth/policy', async (req, res) => {
    const b = parseBody(z.object({ require: z.array(z.string().max(128)).max(100) }), req.body);
    res.json(await op.savePolicy(id(req.params.appId), b.require));
  });
  r.put('/apps/:appId/auth/settings', async (req, res) => {
    const subject = z.string().trim().min(1).max(200);
    const b = parseBody(
      z
        .object({
          requireEmailVerification: z.boolean().optional(),
          mailFrom: z.string().max(320).nullable().optional(),
          mailSubjects: z
            .object({
              'verify-email': subject.optional(),
              'reset-password': subject.optional(),
              'change-email': subject.optional(),
              'email-changed': subject.optional(),
            })
            .strict()
            .optional(),
          mailLinkBase: z.string().max(2048).nullable().optional(),
          userDeletion: z.enum(['delete', 'anonymise']).optional(),
        })
        .strict(),
      req.body,
    );
    res.json(await op.saveSettings(id(req.params.appId), b));
  });
  r.put('/apps/:appId/auth/providers/:providerId', async (req, res) => {
    const b = parseBody(
      z
        .object({
          kind: z.enum(['google', 'github', 'microsoft', 'oidc']).optional(),
          clientId: z.string().min(1).max(512),
          clientSecret: z.string().min(1).max(4096),
          issuer: z.string().max(2048).optional(),
          scopes: z.array(z.string().max(128)).max(20).optional(),
        })
        .strict(),
      req.body,
    );
    res.json(await op.saveProvider(id(req.params.appId), { providerId: id(req.params.providerId), ...b }));
  });
  r.delete('/apps/:appId/auth/providers/:providerId', async (req, res) => {
    res.json(await op.removeProvider(id(req.params.appId), id(req.params.providerId)));
  });
  r.post('/apps/:appId/auth/reset-user', async (req, res) => {
    const b = parseBody(z.object({ email: z.string().min(3).max(320), actor }), req.body);
    res.json(await op.resetUser(id(req.params.appId), b.email, b.actor ?? ''));
  });
  r.post('/apps/:appId/auth/disable', async (req, res) => {
    const b = parseBody(z.object({ confirm: z.boolean().optional(), actor }), req.body);
    res.json(await op.disable(id(req.params.appId), b.confirm === true, b.actor ?? ''));
  });
  r.post('/apps/:appId/migrations', async (req, res) => {
    const b = parseBody(z.object({ migrations: z.array(z.object({ name: z.string().max(200), sql: z.string().max(2_000_000) })).max(1000) }), req.body);
    res.json(await op.migrate(id(req.params.appId), b.migrations));
  });
  r.get('/apps/:appId/audit', async (req, res) => {
    res.json({ entries: await op.auditLog(id(req.params.appId)) });
  });
  r.get('/apps/:appId/doctor', async (req, res) => {
    res.json(await op.doctor(id(req.params.appId)));
  });
}
