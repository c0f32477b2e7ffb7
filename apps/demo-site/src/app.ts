/**
 * The demo site: one static page that signs in through auth-central with
 * `@latchkey/auth-client`, and a small backend route that checks the page's
 * Bearer token with auth-central's validate endpoint.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type RequestHandler } from 'express';
import { createServiceApp, finishServiceApp, type Logger } from '@latchkey/service-kit';
import { pino } from 'pino';

export interface DemoSiteDeps {
  /** `{auth_url}` as the browser reaches it, e.g. `http://localhost:4101`. */
  authUrl: string;
  /** Where the demo's backend reaches auth-central (default: `authUrl`). */
  backendAuthUrl?: string;
  /** The app id registered in auth-central for this site. */
  appId: string;
  logger?: Logger;
  fetch?: typeof fetch;
}

export type ValidateResult =
  | { ok: true; user: Record<string, unknown>; workspace: Record<string, unknown> }
  | { ok: false; status: number; error: string; message: string };

/** Checks an access token with `GET {auth_url}/context/auth/validate`. No cache: a logout is seen at once. */
export async function validateAccessToken(authUrl: string, token: string, doFetch: typeof fetch = fetch): Promise<ValidateResult> {
  let res: Response;
  try {
    res = await doFetch(`${authUrl.replace(/\/+$/, '')}/context/auth/validate`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  } catch {
    return { ok: false, status: 503, error: 'AUTH_UNAVAILABLE', message: 'The sign-in service could not be reached.' };
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok && typeof body.user === 'object' && body.user && typeof body.workspace === 'object' && body.workspace) {
    return { ok: true, user: body.user as Record<string, unknown>, workspace: body.workspace as Record<string, unknown> };
  }
  if (res.status === 401) {
    return { ok: false, status: 401, error: typeof body.error === 'string' ? body.error : 'INVALID_TOKEN', message: typeof body.message === 'string' ? body.message : 'Not signed in.' };
  }
  return { ok: false, status: 502, error: 'AUTH_UNAVAILABLE', message: `The sign-in service answered ${res.status}.` };
}

/** Express middleware: 401 without a valid Bearer token, else `res.locals.auth = { user, workspace }`. */
export function requireBearer(authUrl: string, doFetch?: typeof fetch): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer ([^\s]+)$/.exec(header);
    if (!match) {
      res.status(401).set('www-authenticate', 'Bearer').json({ error: 'INVALID_TOKEN', message: 'A Bearer access token is required.' });
      return;
    }
    try {
      const result = await validateAccessToken(authUrl, match[1]!, doFetch);
      if (!result.ok) {
        res.status(result.status).json({ error: result.error, message: result.message });
        return;
      }
      res.locals.auth = { user: result.user, workspace: result.workspace };
      next();
    } catch (err) {
      next(err);
    }
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** `public/` of this package (the same from `src/` and from `dist/`). */
export const PUBLIC_DIR = path.resolve(here, '..', 'public');

/** The single-file browser build of `@latchkey/auth-client` (global `LatchkeyAuth`), built from its source with esbuild. */
export async function buildAuthClientBundle(): Promise<string> {
  const pkgJson = createRequire(import.meta.url).resolve('@latchkey/auth-client/package.json');
  const pkgDir = path.dirname(pkgJson);
  const entry = path.join(pkgDir, 'src', 'index.ts');
  if (existsSync(entry)) {
    const { build } = await import('esbuild');
    const out = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', globalName: 'LatchkeyAuth', target: ['es2020'], minify: true, logLevel: 'silent' });
    return out.outputFiles[0]!.text;
  }
  return readFile(path.join(pkgDir, 'dist', 'latchkey-auth.js'), 'utf8');
}

function escapeAttr(v: string): string {
  return v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export async function createDemoSite(deps: DemoSiteDeps): Promise<Express> {
  const logger = deps.logger ?? pino({ level: 'silent' });
  const backendAuthUrl = deps.backendAuthUrl ?? deps.authUrl;
  const [bundle, template] = await Promise.all([buildAuthClientBundle(), readFile(path.join(PUBLIC_DIR, 'index.html'), 'utf8')]);
  const page = template.replace('{{AUTH_URL}}', escapeAttr(deps.authUrl)).replace('{{APP_ID}}', escapeAttr(deps.appId));

  const app = createServiceApp({ logger });
  app.use((_req, res, next) => {
    res.set({
      'content-security-policy': `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self' ${new URL(deps.authUrl).origin}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    next();
  });
  app.get('/', (_req, res) => {
    res.set('cache-control', 'no-store').type('html').send(page);
  });
  app.get('/latchkey-auth.js', (_req, res) => {
    res.type('application/javascript').send(bundle);
  });
  app.use(express.static(PUBLIC_DIR, { index: false }));

  // The "backend": any route behind requireBearer sees the validated user and workspace.
  app.get('/api/me', requireBearer(backendAuthUrl, deps.fetch), (_req, res) => {
    const { user, workspace } = res.locals.auth as { user: unknown; workspace: unknown };
    res.set('cache-control', 'no-store').json({ message: 'Hello from the demo backend.', user, workspace, validated_at: new Date().toISOString() });
  });
  return finishServiceApp(app);
}
