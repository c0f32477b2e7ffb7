/**
 * `latchkey doctor <app-id>`, under `/admin`:
 * - `GET /apps/:appId/doctor` → whether sign-in is live, its address, whether its schema is current
 */
import type { Router } from 'express';
import type { Services } from '../http/context.js';

/** Registers its route on `r` (mounted at `/admin` behind the operator token). */
export function register(r: Router, svc: Services): void {
  r.get('/apps/:appId/doctor', async (req, res) => {
    res.json(await svc.operator.doctor(String(req.params.appId)));
  });
}
