/**
 * GET  /reset-password?token&callbackURL → redirect to `callbackURL?token=…` (or `?error=INVALID_TOKEN`),
 *      or, without callbackURL, a small page that asks for the new password
 * POST /reset-password `{newPassword, token}` → `{status: true}`; every session of the user ends
 */
import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import { z } from 'zod';
import { SigninError } from '../errors.js';
import { hashPassword } from '../domain/crypto.js';
import { withQuery } from '../domain/redirects.js';
import { peekVerification, resetPassword } from '../domain/verification.js';
import { clientIp, stateOf, type Services } from '../http/context.js';
import { trustedRedirect } from '../http/mail-links.js';
import { checkNewPassword, parseBody } from '../http/validation.js';
import { queryOf } from '../http/email-routes.js';

const resetBody = z.object({ newPassword: z.string().max(4096), token: z.string().max(1024).optional() });

function resetPage(appName: string, valid: boolean, nonce: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
  const body = valid
    ? `<form id="f"><label>New password <input id="p" name="newPassword" type="password" autocomplete="new-password" minlength="8" maxlength="128" required></label>
<button type="submit">Set password</button></form><p id="m" role="status"></p>
<script nonce="${nonce}">
const t = new URLSearchParams(location.search).get('token');
history.replaceState(null, '', location.pathname);
document.getElementById('f').addEventListener('submit', async (e) => {
  e.preventDefault();
  const r = await fetch('reset-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: t, newPassword: document.getElementById('p').value }) });
  const b = await r.json().catch(() => ({}));
  document.getElementById('m').textContent = r.ok ? 'Your password has been changed. You can sign in with it now.' : (b.message || 'Something went wrong') + (b.code ? ' (' + b.code + ')' : '');
  if (r.ok) document.getElementById('f').remove();
});
</script>`
    : '<p id="m" role="status">This link is not valid any more (it works once, for an hour). Ask for a new one.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reset your password</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style nonce="${nonce}">body{font-family:sans-serif;max-width:28rem;margin:3rem auto}label{display:block;margin:1rem 0}</style></head>
<body><h1>${esc(appName)}: reset your password</h1>${body}</body></html>`;
}

export function register(router: Router, svc: Services): void {
  // The mailed link. better-auth's link is /reset-password/<token>; here the token travels in the
  // query, which the access log never records (a path would be logged).
  router.get('/reset-password', async (req, res) => {
    const q = queryOf(req);
    const callbackURL = trustedRedirect(req, q.callbackURL, 'callbackURL');
    const { app } = stateOf(req);
    const valid = q.token ? await peekVerification(app.db, 'reset-password', q.token, svc.now()) : null;
    if (callbackURL) {
      res.redirect(302, withQuery(callbackURL, valid ? { token: q.token! } : { error: 'INVALID_TOKEN' }));
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const nonce = randomBytes(16).toString('base64');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`,
    );
    res.type('html').send(resetPage(app.id, Boolean(valid), nonce));
  });

  router.post('/reset-password', async (req, res) => {
    const { app } = stateOf(req);
    await svc.limits.signInAttempt(app.id, clientIp(req));
    const input = parseBody(resetBody, req.body);
    const q = queryOf(req);
    const token = input.token || q.token;
    if (!token) throw new SigninError('INVALID_TOKEN', 'Invalid token');
    checkNewPassword(input.newPassword);
    const hash = await hashPassword(input.newPassword, svc.config.passwordCost);
    const outcome = await resetPassword(app.db, token, hash, new Date(svc.now()));
    // An expired token is deleted all the same (it can never work again).
    if (outcome === 'invalid') throw new SigninError('INVALID_TOKEN', 'Invalid token');
    // better-auth answers a reset for a user that is gone with 400 on this endpoint.
    if (outcome === 'no-user') throw new SigninError('USER_NOT_FOUND', 'User not found', { status: 400 });
    res.json({ status: true });
  });
}
