import type { Response } from 'express';
import { cookieNames, isSecure, setCookie } from './cookies.js';

describe('cookies', () => {
  it('are Secure (with the __Secure- prefix) everywhere but on localhost', () => {
    expect(isSecure('http://localhost:4102')).toBe(false);
    expect(isSecure('http://127.0.0.1:4102')).toBe(false);
    expect(isSecure('https://signin.example.com')).toBe(true);
    expect(isSecure('http://signin.example.com')).toBe(true);
    expect(cookieNames(true).session).toBe('__Secure-better-auth.session_token');
    expect(cookieNames(false)).toEqual({
      session: 'better-auth.session_token',
      twoFactor: 'better-auth.two_factor',
      oauthState: 'better-auth.state',
      trustDevice: 'better-auth.trust_device',
      dontRemember: 'better-auth.dont_remember',
    });
  });

  it('are HttpOnly, SameSite=Lax and scoped to the app', () => {
    const headers: string[] = [];
    const res = { append: (_: string, v: string) => headers.push(v) } as unknown as Response;
    setCookie(res, { path: '/a/acme-abc', secure: true }, '__Secure-better-auth.session_token', 'v.s', 60);
    expect(headers[0]).toBe('__Secure-better-auth.session_token=v.s; Path=/a/acme-abc; HttpOnly; SameSite=Lax; Secure; Max-Age=60');
  });
});

describe('cookie scope', () => {
  it('is the path of the app address as the browser sees it, behind a PUBLIC_URL prefix too', async () => {
    const { buildState } = await import('./context.js');
    const req = { headers: {} } as never;
    const app = { slug: 'acme-abcdefghijklmnopqrstuv', signinUrl: 'http://localhost:8080/signin/a/acme-abcdefghijklmnopqrstuv' } as never;
    expect(buildState(req, app, 'http://localhost:8080/signin').scope).toEqual({ path: '/signin/a/acme-abcdefghijklmnopqrstuv', secure: false });
  });
});
