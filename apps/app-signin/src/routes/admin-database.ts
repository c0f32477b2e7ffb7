/**
 * The app's database (`latchkey host db create`, `db connect`), under `/admin`:
 * - `POST /apps/:appId/database` `{org?, databaseUrl?}` → 201 when created, else 200
 * - `GET  /apps/:appId/database` → its connection
 */
import type { Router } from 'express';
import { z } from 'zod';
import type { Services } from '../http/context.js';
import { parseBody } from '../http/validation.js';

/** Registers its routes on `r` (mounted at `/admin` behind the operator token and a 5 MB JSON body). */
export function register(r: Router, svc: Services): void {
  r.post('/apps/:appId/database', async (req, res) => {
    const b = parseBody(z.object({ org: z.string().max(64).optional(), databaseUrl: z.string().max(2048).optional() }), req.body);
    const out = await svc.operator.createDatabase(String(req.params.appId), b);
    res.status(out.created ? 201 : 200).json(out);
  });
  r.get('/apps/:appId/database', async (req, res) => {
    res.json(await svc.operator.connection(String(req.params.appId)));
  });
}
