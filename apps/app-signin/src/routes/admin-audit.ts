/**
 * The operator audit log of an app, under `/admin`:
 * - `GET /apps/:appId/audit` → `{entries}`
 */
import type { Router } from 'express';
import type { Services } from '../http/context.js';

/** Registers its route on `r` (mounted at `/admin` behind the operator token). */
export function register(r: Router, svc: Services): void {
  r.get('/apps/:appId/audit', async (req, res) => {
    res.json({ entries: await svc.operator.auditLog(String(req.params.appId)) });
  });
}
