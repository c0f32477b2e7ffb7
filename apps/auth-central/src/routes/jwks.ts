/** `GET /.well-known/jwks.json`: the public keys that verify access tokens (current and recently retired). */
import type { Router } from 'express';
import type { RouteContext } from './context.js';

export function register(router: Router, ctx: RouteContext): void {
  router.get('/.well-known/jwks.json', async (_req, res) => {
    const ring = await ctx.keys.current();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.json(ring.jwks(Math.floor(ctx.now() / 1000)));
  });
}
