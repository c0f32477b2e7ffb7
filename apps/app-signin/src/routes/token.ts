/** GET /token → `{token}`: the JWT the app's database trusts (domain/tokens.ts), signed by `@latchkey/jwt`'s Jws. */
import type { Router } from 'express';
import { issueToken } from '../domain/tokens.js';
import { requireSession, stateOf, type Services } from '../http/context.js';

export function register(router: Router, svc: Services): void {
  router.get('/token', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const token = issueToken(app, s.user, { nowMs: svc.now(), ttlSec: svc.config.tokenTtlSec });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ token });
  });
}
