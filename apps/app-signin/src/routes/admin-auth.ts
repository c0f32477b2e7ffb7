/**
 * Sign-in for an app (`latchkey host db auth …`), under `/admin`:
 * - `POST /apps/:appId/auth/provision` installs the sign-in tables
 * - `POST /apps/:appId/auth/deploy` `{origins?}` turns sign-in on
 * - `PUT  /apps/:appId/auth/policy` `{require}` saves the roles that need a second factor
 * - `PUT  /apps/:appId/auth/settings` saves mail and account settings
 * - `POST /apps/:appId/auth/disable` `{confirm, actor?}` removes the sign-in service
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { Services } from '../http/context.js';
import { parseBody, operatorActor } from '../http/validation.js';

/** Registers its routes on `r` (mounted at `/admin` behind the operator token and a 5 MB JSON body). */
export function register(r: Router, svc: Services): void {
  r.post('/apps/:appId/auth/provision', async (req, res) => {
    res.json(await svc.operator.provision(String(req.params.appId)));
  });
  r.post('/apps/:appId/auth/deploy', async (req, res) => {
    const b = parseBody(z.object({ origins: z.array(z.string().max(512)).max(50).optional() }), req.body);
    res.json(await svc.operator.deploy(String(req.params.appId), b));
  });
  r.put('/apps/:appId/auth/policy', async (req, res) => {
    const b = parseBody(z.object({ require: z.array(z.string().max(128)).max(100) }), req.body);
    res.json(await svc.operator.savePolicy(String(req.params.appId), b.require));
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
    res.json(await svc.operator.saveSettings(String(req.params.appId), b));
  });
  r.post('/apps/:appId/auth/disable', async (req, res) => {
    const b = parseBody(z.object({ confirm: z.boolean().optional(), actor: operatorActor }), req.body);
    res.json(await svc.operator.disable(String(req.params.appId), b.confirm === true, b.actor ?? ''));
  });
}
