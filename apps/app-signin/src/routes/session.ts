import type { Router } from 'express';
import { issueToken } from '../domain/tokens.js';
import { publicSession, publicUser } from '../domain/users.js';
import { currentSession, requireSession, stateOf, type Services } from '../http/context.js';

/**
 * GET /get-session → `{session, user}` or `null`;
 * GET /token → `{token}` (the JWT the app's database trusts);
 * GET /jwks → the app's public keys; GET /ok → `{ok: true}`.
 */
export function register(router: Router, svc: Services): void {
  router.get('/get-session', async (req, res) => {
    const s = await currentSession(req, svc);
    res.setHeader('Cache-Control', 'no-store');
    res.json(s ? { session: publicSession(s.session, s.token), user: publicUser(s.user) } : null);
  });

  router.get('/token', async (req, res) => {
    const { app } = stateOf(req);
    const s = await requireSession(req, svc);
    const token = await issueToken(app, s.user, { nowMs: svc.now(), ttlSec: svc.config.tokenTtlSec });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ token });
  });

  router.get('/jwks', (req, res) => {
    const { app } = stateOf(req);
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(app.keyRing ? app.keyRing.jwks(Math.floor(svc.now() / 1000)) : { keys: [] });
  });

  router.get('/ok', (_req, res) => {
    res.json({ ok: true });
  });
}
