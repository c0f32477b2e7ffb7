/**
 * Email verification and password reset, better-auth's routes and bodies:
 * POST /send-verification-email `{email, callbackURL?}` → `{status: true}`
 * GET  /verify-email?token&callbackURL → `{status: true, user: null}` or a redirect to callbackURL
 * POST /request-password-reset `{email, redirectTo?}` → `{status: true, message}` (the same for every address)
 * GET  /reset-password?token&callbackURL → redirect to `callbackURL?token=…` (or `?error=INVALID_TOKEN`),
 *      or, without callbackURL, a small page that asks for the new password
 * POST /reset-password `{newPassword, token}` → `{status: true}`; every session of the user ends
 *
 * Tokens: 256 random bits, single use, 1 hour, stored as SHA-256 (domain/verification.ts).
 * Mail goes out after the answer, so the answer's content and timing are the
 * same whether or not an account has the address.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import { HttpError } from '@latchkey/errors';
import { hashPassword } from '../domain/crypto.js';
import { withQuery } from '../domain/redirects.js';
import {
  confirmEmail,
  consumeVerification,
  MAX_TOKEN_LENGTH,
  moveToEmail,
  peekVerification,
  resetPassword,
} from '../domain/verification.js';
import { findUserByEmail, findUserById } from '../domain/users.js';
import { clientIp, currentSession, stateOf, type Services } from '../http/context.js';
import { mailToken, sendVerification, trustedRedirect } from '../http/mail-links.js';
import { checkEmail, checkNewPassword, parseBody } from '../http/validation.js';

export const RESET_MESSAGE = 'If this email exists in our system, check your email for the reset link';

/** Runs `task` after the answer (tracked, so tests and shutdown can wait for it); a failure is logged without details that could carry a token. */
function afterAnswer(svc: Services, route: string, task: () => Promise<void>): void {
  svc.background(
    task().catch((err: unknown) => {
      svc.logger.error({ route, err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'mail request failed after the answer');
    }),
  );
}

const verifyMailDisabled = () => new HttpError(400, 'VERIFICATION_EMAIL_NOT_ENABLED', "Verification email isn't enabled");

const sendBody = z.object({ email: z.string().max(1024), callbackURL: z.string().max(2048).optional() });
const requestResetBody = z.object({ email: z.string().max(1024), redirectTo: z.string().max(2048).optional() });
const resetBody = z.object({ newPassword: z.string().max(4096), token: z.string().max(1024).optional() });
const tokenQuery = z.object({ token: z.string().max(1024).optional(), callbackURL: z.string().max(2048).optional() });

function queryOf(req: Request) {
  const q = tokenQuery.safeParse(req.query);
  if (!q.success) throw new HttpError(400, 'VALIDATION_ERROR', 'token and callbackURL must be single strings');
  return q.data;
}

/** better-auth's error for a bad token: a redirect to callbackURL?error=CODE when there is one, else 401. */
function tokenError(res: Response, callbackURL: string | undefined, code: 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'USER_NOT_FOUND', status = 401): void {
  const messages = { INVALID_TOKEN: 'Invalid token', TOKEN_EXPIRED: 'Token expired', USER_NOT_FOUND: 'User not found' };
  if (callbackURL) {
    res.redirect(302, withQuery(callbackURL, { error: code }));
    return;
  }
  throw new HttpError(status, code, messages[code]);
}

export function register(router: Router, svc: Services): void {
  router.post('/send-verification-email', async (req, res) => {
    const input = parseBody(sendBody, req.body);
    if (!svc.mailer.enabled) throw verifyMailDisabled();
    const callbackURL = trustedRedirect(req, input.callbackURL, 'callbackURL');
    const email = checkEmail(input.email);
    const { app } = stateOf(req);
    await svc.limits.mailRequest(app.id, clientIp(req), email);
    const session = await currentSession(req, svc);
    if (session) {
      if (session.user.email.toLowerCase() !== email) throw new HttpError(400, 'EMAIL_MISMATCH', 'Email mismatch');
      if (session.user.email_verified) throw new HttpError(400, 'EMAIL_ALREADY_VERIFIED', 'Email is already verified');
      await sendVerification(req, svc, session.user, callbackURL);
      res.json({ status: true });
      return;
    }
    // Without a session: the same answer, at the same time, whether the address is unknown, verified
    // or not: the lookup and the token are made after the answer.
    afterAnswer(svc, 'send-verification-email', async () => {
      const user = await findUserByEmail(app.db, email);
      if (user && !user.email_verified) await sendVerification(req, svc, user, callbackURL);
    });
    res.json({ status: true });
  });

  router.get('/verify-email', async (req, res) => {
    const q = queryOf(req);
    const callbackURL = trustedRedirect(req, q.callbackURL, 'callbackURL');
    const { app } = stateOf(req);
    const now = svc.now();
    if (!q.token || q.token.length > MAX_TOKEN_LENGTH) return tokenError(res, callbackURL, 'INVALID_TOKEN');
    const used =
      (await consumeVerification(app.db, 'verify-email', q.token, now).then((v) => v && { ...v, purpose: 'verify-email' as const })) ??
      (await consumeVerification(app.db, 'change-email', q.token, now).then((v) => v && { ...v, purpose: 'change-email' as const }));
    if (!used) return tokenError(res, callbackURL, 'INVALID_TOKEN');
    if (used.expired) return tokenError(res, callbackURL, 'TOKEN_EXPIRED');
    const user = await findUserById(app.db, used.userId);
    if (!user) return tokenError(res, callbackURL, 'USER_NOT_FOUND');
    if (used.purpose === 'verify-email') {
      // The address changed since the link was sent: the link proves nothing about the new one.
      if (user.email.toLowerCase() !== used.email.toLowerCase()) return tokenError(res, callbackURL, 'INVALID_TOKEN');
      await confirmEmail(app.db, user.id, new Date(now));
    } else {
      // The new address is proven by this link: it becomes the user's, verified (unless another account took it since).
      if (!(await moveToEmail(app.db, user.id, used.email, new Date(now)))) {
        if (callbackURL) return void res.redirect(302, withQuery(callbackURL, { error: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' }));
        throw new HttpError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 'User already exists. Use another email.');
      }
      // The old address is told (no link): a stolen session cannot move an account away unnoticed.
      if (svc.mailer.enabled && user.email.toLowerCase() !== used.email.toLowerCase()) {
        svc.background(
          svc.mailer.send({ to: user.email, kind: 'email-changed', link: '', detail: `New address: ${used.email}`, appName: app.id, validMinutes: 0 }, app.mail),
        );
      }
    }
    if (callbackURL) return void res.redirect(302, callbackURL);
    res.json({ status: true, user: null });
  });

  router.post('/request-password-reset', async (req, res) => {
    const input = parseBody(requestResetBody, req.body);
    if (!svc.mailer.enabled) throw new HttpError(400, 'RESET_PASSWORD_DISABLED', "Reset password isn't enabled");
    const redirectTo = trustedRedirect(req, input.redirectTo, 'redirectTo');
    const email = checkEmail(input.email);
    const { app } = stateOf(req);
    await svc.limits.mailRequest(app.id, clientIp(req), email);
    // The lookup, the token and the mail happen after the answer: its content and timing are the
    // same whether or not an account has the address.
    afterAnswer(svc, 'request-password-reset', async () => {
      const user = await findUserByEmail(app.db, email);
      if (user) {
        await mailToken(req, svc, { user, purpose: 'reset-password', kind: 'reset-password', to: user.email, path: '/reset-password', callbackURL: redirectTo });
      }
    });
    res.json({ status: true, message: RESET_MESSAGE });
  });

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
    res.setHeader('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'`);
    res.type('html').send(resetPage(app.id, Boolean(valid), nonce));
  });

  router.post('/reset-password', async (req, res) => {
    const { app } = stateOf(req);
    await svc.limits.signInAttempt(app.id, clientIp(req));
    const input = parseBody(resetBody, req.body);
    const q = queryOf(req);
    const token = input.token || q.token;
    if (!token) throw new HttpError(400, 'INVALID_TOKEN', 'Invalid token');
    checkNewPassword(input.newPassword);
    const hash = await hashPassword(input.newPassword, svc.config.passwordCost);
    const outcome = await resetPassword(app.db, token, hash, new Date(svc.now()));
    // An expired token is deleted all the same (it can never work again).
    if (outcome === 'invalid') throw new HttpError(400, 'INVALID_TOKEN', 'Invalid token');
    if (outcome === 'no-user') throw new HttpError(400, 'USER_NOT_FOUND', 'User not found');
    res.json({ status: true });
  });
}

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
