/**
 * better-auth's cookie names (`better-auth.session_token`,
 * `better-auth.two_factor`, `better-auth.trust_device`, with the `__Secure-`
 * prefix when Secure). Every app's cookies are scoped to its own address
 * (`Path=/a/<slug>`), since one host serves many apps.
 */
import type { Request, Response } from 'express';

export interface CookieNames {
  session: string;
  twoFactor: string;
  trustDevice: string;
  dontRemember: string;
  /** Pending provider sign-in (state, PKCE verifier, nonce, redirect targets), 10 minutes. */
  oauthState: string;
}

export function cookieNames(secure: boolean): CookieNames {
  const p = secure ? '__Secure-better-auth.' : 'better-auth.';
  return {
    session: `${p}session_token`,
    twoFactor: `${p}two_factor`,
    trustDevice: `${p}trust_device`,
    dontRemember: `${p}dont_remember`,
    oauthState: `${p}state`,
  };
}

/** Secure cookies everywhere except on a local development address. */
export function isSecure(publicUrl: string): boolean {
  const { hostname, protocol } = new URL(publicUrl);
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost');
  return protocol === 'https:' || !local;
}

export function parseCookies(req: Request): Record<string, string> {
  const header = req.headers.cookie;
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

export interface CookieScope {
  path: string;
  secure: boolean;
}

/** Sets a cookie: HttpOnly, SameSite=Lax, Secure unless local, scoped to the app. `maxAge` undefined = browser session. */
export function setCookie(res: Response, scope: CookieScope, name: string, value: string, maxAgeSec?: number): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${scope.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (scope.secure) parts.push('Secure');
  if (maxAgeSec !== undefined) parts.push(`Max-Age=${Math.floor(maxAgeSec)}`);
  res.append('Set-Cookie', parts.join('; '));
}

export function clearCookie(res: Response, scope: CookieScope, name: string): void {
  setCookie(res, scope, name, '', 0);
}
