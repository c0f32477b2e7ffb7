/**
 * GET  /error?error=… → a short page saying what went wrong
 */
import type { Request, Response, Router } from 'express';
import { type Services } from '../http/context.js';

export function register(router: Router, _svc: Services): void {
  router.get('/error', (req: Request, res: Response) => {
    const raw = typeof req.query.error === 'string' ? req.query.error : 'unknown_error';
    const code = /^[A-Za-z0-9_]{1,64}$/.test(raw) ? raw : 'unknown_error';
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    res
      .status(400)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto"><h1>Sign-in did not complete</h1><p>Error: <code id="error">${code}</code></p><p>Go back to the app and try again.</p></body></html>`,
      );
  });
}
