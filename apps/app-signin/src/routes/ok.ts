/** GET /ok → `{ok: true}` (better-auth's liveness route). */
import type { Router } from 'express';
import { type Services } from '../http/context.js';

export function register(router: Router, _svc: Services): void {
  router.get('/ok', (_req, res) => {
    res.json({ ok: true });
  });
}
