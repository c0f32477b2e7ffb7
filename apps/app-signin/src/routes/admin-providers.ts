/**
 * An app's social sign-in providers (`latchkey host db auth provider …`), under `/admin`:
 * - `PUT    /apps/:appId/auth/providers/:providerId` `{kind?, clientId, clientSecret, issuer?, scopes?}` saves one
 * - `DELETE /apps/:appId/auth/providers/:providerId` removes it
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';

/** Registers its routes on `r` (mounted at `/admin` behind the operator token and a 5 MB JSON body). */
export function register(r: Router, svc: Services): void {
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
    res.json(await svc.operator.saveProvider(String(req.params.appId), { providerId: String(req.params.providerId), ...b }));
  });
  r.delete('/apps/:appId/auth/providers/:providerId', async (req, res) => {
    res.json(await svc.operator.removeProvider(String(req.params.appId), String(req.params.providerId)));
  });
}
