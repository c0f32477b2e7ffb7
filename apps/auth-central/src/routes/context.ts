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
}
