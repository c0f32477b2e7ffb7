/** GET /jwks → the app's public keys (JWKS, RFC 7517), those that still verify a token; cached 60 s. */
import type { Router } from 'express';
import { stateOf, type Services } from '../http/context.js';

export function register(router: Router, svc: Services): void {
  router.get('/jwks', (req, res) => {
    const { app } = stateOf(req);
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(app.keyRing ? app.keyRing.jwks(Math.floor(svc.now() / 1000)) : { keys: [] });
  });
}
