/**
 * CORS for the end-user routes: an app's own origins (saved at deploy with
 * `--origins`) may call them with credentials. A state-changing request from
 * any other browser origin is refused (403 INVALID_ORIGIN, as better-auth
 * does); requests without an Origin header (servers, mobile apps) pass.
 */
import type { RequestHandler } from 'express';
import { SigninError } from '../errors.js';
import { stateOf } from './context.js';

export function cors(publicUrl: string): RequestHandler {
  const own = new URL(publicUrl).origin;
  return (req, res, next) => {
    const origin = req.get('origin');
    if (!origin) return next();
    const { app } = stateOf(req);
    const allowed = origin === own || app.origins.includes(origin);
    res.append('Vary', 'Origin');
    if (allowed) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', 'set-auth-token, Retry-After, X-Retry-After');
    }
    if (req.method === 'OPTIONS') {
      if (allowed) {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', req.get('access-control-request-headers') ?? 'content-type, authorization');
        res.setHeader('Access-Control-Max-Age', '600');
      }
      res.status(204).end();
      return;
    }
    // A provider's form_post callback comes from the provider's origin; it changes nothing (it is
    // redirected to the GET callback, which checks state against this browser's cookie).
    const formPostCallback = req.method === 'POST' && /^\/callback\/[^/]+$/.test(req.path);
    if (!allowed && req.method !== 'GET' && req.method !== 'HEAD' && !formPostCallback) {
      next(new SigninError('INVALID_ORIGIN', 'Invalid origin'));
      return;
    }
    next();
  };
}
