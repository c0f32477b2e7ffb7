/**
 * What several end-user routes share around mailed links: the check of a
 * redirect target against the app's trusted origins, and a token mailed as a
 * link after the answer (sign-up, sign-in, email routes, change-email, social).
 */
import type { Request } from 'express';
import type { MailKind } from '../domain/mail.js';
import { checkRedirect, type RedirectField } from '../domain/redirects.js';
import type { UserRow } from '../store/users.js';
import { createVerification, TOKEN_TTL_SEC } from '../domain/verification.js';
import type { Purpose } from '../store/verification.js';
import { stateOf, type Services } from './context.js';

/** A redirect target of this request checked against the app's trusted origins (see domain/redirects.ts). */
export function trustedRedirect(req: Request, value: string | undefined, field: RedirectField): string | undefined {
  if (value === undefined || value === '') return undefined;
  const { app } = stateOf(req);
  return checkRedirect(value, field, { origins: app.origins, own: new URL(app.signinUrl).origin });
}

/**
 * Creates a token and mails its link, after the answer. The token and the
 * link exist only in the message (never logged, never stored in clear).
 */
export async function mailToken(
  req: Request,
  svc: Services,
  input: { user: UserRow; purpose: Purpose; kind: MailKind; to: string; path: string; callbackURL?: string },
): Promise<void> {
  const { app } = stateOf(req);
  const { token } = await createVerification(app.db, { purpose: input.purpose, userId: input.user.id, email: input.to, nowMs: svc.now() });
  const link = new URL(`${app.mailLinkBase}/api/auth${input.path}`);
  link.searchParams.set('token', token);
  if (input.callbackURL) link.searchParams.set('callbackURL', input.callbackURL);
  svc.background(
    svc.mailer.send({ to: input.to, kind: input.kind, link: link.href, appName: app.id, validMinutes: TOKEN_TTL_SEC[input.purpose] / 60 }, app.mail),
  );
}

/** Sends the verification mail of `user` (sign-up and sign-in with verification required). */
export async function sendVerification(req: Request, svc: Services, user: UserRow, callbackURL?: string): Promise<void> {
  if (!svc.mailer.enabled) return;
  await mailToken(req, svc, { user, purpose: 'verify-email', kind: 'verify-email', to: user.email, path: '/verify-email', callbackURL });
}
