/**
 * An app's end users (`latchkey host db auth reset-user`), under `/admin`:
 * - `POST /apps/:appId/auth/reset-user` `{email, actor?}` clears the user's second factor and ends their sessions
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { Services } from '../http/context.js';
import { parseBody, operatorActor } from '../http/validation.js';

/** Registers its routes on `r` (mounted at `/admin` behind the operator token and a 5 MB JSON body). */
export function register(r: Router, svc: Services): void {
  r.post('/apps/:appId/auth/reset-user', async (req, res) => {
    const b = parseBody(z.object({ email: z.string().min(3).max(320), actor: operatorActor }), req.body);
    res.json(await svc.operator.resetUser(String(req.params.appId), b.email, b.actor ?? ''));
  });
}
