import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Db } from '../store/prisma.js';
import type { Sql } from '../store/sql.js';
import type { Sessions } from '../domain/sessions.js';
import type { Logins } from '../domain/login.js';
import type { SigningKeys } from '../domain/keys.js';

/** What the route handlers share. */
export interface RouteContext {
  db: Db;
  /** The hot queries (a `pg` pool's prepared statements, or Prisma). */
  sql: Sql;
  sessions: Sessions;
  logins: Logins;
  keys: SigningKeys;
  logger: Logger;
  now: () => number;
  /** True when the public URL is https (cookies get `Secure`). */
  secureCookies: boolean;
  /** The middleware a route puts before its handler: each route picks its own. */
  guards: RouteGuards;
}

/** Body parsing and the per-address limits (README, Limits), built once by `createApp`. */
export interface RouteGuards {
  /** JSON body parsing with the service's body limit and error body. */
  json: RequestHandler[];
  /** login and callback: requests per minute per address. */
  loginLimit: RequestHandler;
  /** exchange: requests per minute per address. */
  exchangeLimit: RequestHandler;
  /** refresh and logout: refused tokens per minute per address. */
  tokenLimit: RequestHandler;
  /** validate: refused tokens per minute per address; validly signed tokens are still answered over it. */
  validateLimit: RequestHandler;
}
