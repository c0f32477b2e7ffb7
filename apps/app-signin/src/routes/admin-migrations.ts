/**
 * The app's own migrations (`latchkey host db migrate`), under `/admin`:
 * - `POST /apps/:appId/migrations` `{migrations: [{name, sql}]}` applies those not yet applied
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';

/** Registers its routes on `r` (mounted at `/admin` behind the operator token and a 5 MB JSON body). */
export function register(r: Router, svc: Services): void {
  r.post('/apps/:appId/migrations', async (req, res) => {
    const b = parseBody(z.object({ migrations: z.array(z.object({ name: z.string().max(200), sql: z.string().max(2_000_000) })).max(1000) }), req.body);
    res.json(await svc.operator.migrate(String(req.params.appId), b.migrations));
  });
}
