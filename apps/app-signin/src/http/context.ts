/**
 * Per-request state of the end-user routes: the app (from the address), its
 * cookie scope, and the session (from the session cookie or a Bearer token).
 */
import type { Request } from 'express';
import type { PrismaClient } from '../store/prisma.js';
import type { SigninConfig } from '../config.js';
import type { AppContext, AppRuntime } from '../domain/apps.js';
import type { Limits } from '../domain/limits.js';
import type { Mailer } from '../domain/mail.js';
import type { Operator } from '../domain/operator.js';
import { unsignValue } from '../domain/crypto.js';
import { findSession } from '../domain/users.js';
import type { SessionRow } from '../store/sessions.js';
import type { UserRow } from '../store/users.js';
import { cookieNames, isSecure, parseCookies, type CookieNames, type CookieScope } from './cookies.js';
import type { Logger } from '@latchkey/service-kit';
import { SigninError } from '../errors.js';
import { parseBearer } from '@latchkey/jwt';

/** What the routes share: every `routes/<file>.ts` exports `register(router, svc: Services)`. */
export interface Services {
  prisma: PrismaClient;
  config: SigninConfig;
  apps: AppRuntime;
  limits: Limits;
  logger: Logger;
  /** Epoch milliseconds (tests inject a clock). */
  now: () => number;
  /** Dummy hash for unknown users (same cost as real ones), computed once. */
  dummyHash(): Promise<string>;
  /** End-user mail (SMTP, development mailbox, or off). */
  mailer: Mailer;
  /** The operator side (`/admin/*`). */
  operator: Operator;
  /** Runs a task after the answer (mail sending: the answer must not wait on, or reveal, it); errors are logged by the task. */
  background(task: Promise<unknown>): void;
}

export interface RequestState {
  app: AppContext;
  scope: CookieScope;
  names: CookieNames;
  cookies: Record<string, string>;
}

const STATE = Symbol('signin');

export function attachState(req: Request, state: RequestState): void {
  (req as unknown as Record<symbol, RequestState>)[STATE] = state;
}

export function stateOf(req: Request): RequestState {
  const s = (req as unknown as Record<symbol, RequestState | undefined>)[STATE];
  if (!s) throw new Error('sign-in request state missing');
  return s;
}

export function buildState(req: Request, app: AppContext, publicUrl: string): RequestState {
  const secure = isSecure(publicUrl);
  // The path as the browser sees it: PUBLIC_URL may carry a prefix the edge strips (e.g. /signin in development).
  return { app, scope: { path: new URL(app.signinUrl).pathname, secure }, names: cookieNames(secure), cookies: parseCookies(req) };
}

/**
 * The session token of the request: the signed session cookie, or
 * `Authorization: Bearer <token>` (the raw token from the sign-in response,
 * or the signed cookie value).
 */
export function sessionToken(req: Request, state: RequestState): string | null {
  const header = req.get('authorization');
  if (header !== undefined) {
    const given = parseBearer(header);
    return given === null ? null : (unsignValue(state.app.keys.cookie, given) ?? given);
  }
  const cookie = state.cookies[state.names.session];
  return cookie ? unsignValue(state.app.keys.cookie, cookie) : null;
}

export async function currentSession(req: Request, svc: Services): Promise<{ token: string; session: SessionRow; user: UserRow } | null> {
  const state = stateOf(req);
  const token = sessionToken(req, state);
  if (!token || token.length > 256) return null;
  const found = await findSession(state.app.db, token, new Date(svc.now()));
  return found ? { token, ...found } : null;
}

export async function requireSession(req: Request, svc: Services) {
  const s = await currentSession(req, svc);
  if (!s) throw new SigninError('UNAUTHORIZED', 'Unauthorized');
  return s;
}

/** Client address (Express `trust proxy` decides which hop is believed). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
