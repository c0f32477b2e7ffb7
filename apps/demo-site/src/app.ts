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
import express, { type Express } from 'express';
import { requireAccessToken, type AccessTokenMiddleware } from '@latchkey/auth-backend';
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
  /**
   * How long the backend reuses a validation answer, ms (default 0: every call asks auth-central, so a
   * logout is seen at once; SPEC allows a cache, and a short one suits sensitive operations).
   */
  validationCacheMs?: number;
  /** Whether tokens are checked against auth-central's JWKS before they are relayed (default true; tests of the relay turn it off). */
  verifyTokensLocally?: boolean;
}

/** The demo site's Express app; `close()` stops the validation middleware's circuit breaker. */
export type DemoSite = Express & { close(): void };

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
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'LatchkeyAuth',
      target: ['es2020'],
      minify: true,
      logLevel: 'silent',
    });
    return out.outputFiles[0]!.text;
  }
  return readFile(path.join(pkgDir, 'dist', 'latchkey-auth.js'), 'utf8');
}

function escapeAttr(v: string): string {
  return v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export async function createDemoSite(deps: DemoSiteDeps): Promise<DemoSite> {
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

  // The "backend": a route behind @latchkey/auth-backend's middleware sees the validated user and workspace.
  // The site's backend serves its own app's users only: a token issued for another tenant's app is refused.
  const requireAuth: AccessTokenMiddleware = requireAccessToken({
    authUrl: backendAuthUrl,
    apps: [deps.appId],
    cacheTtlMs: deps.validationCacheMs ?? 0,
    fetch: deps.fetch,
    verifyLocally: deps.verifyTokensLocally ?? true,
  });
  app.get('/api/me', requireAuth, (req, res) => {
    res
      .set('cache-control', 'no-store')
      .json({ message: 'Hello from the demo backend.', user: req.auth!.user, workspace: req.auth!.workspace, validated_at: new Date().toISOString() });
  });
  return Object.assign(finishServiceApp(app), { close: () => requireAuth.close() });
}
