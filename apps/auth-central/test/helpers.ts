import { randomBytes } from 'node:crypto';
import type { FastPathApp } from '@latchkey/service-kit';
import pg from 'pg';
import { createLogger, randomHex, sha256Hex } from '@latchkey/service-kit';
import { createTestClock, createTestDatabase, type TestClock, type TestDatabase } from '@latchkey/testing';
import { createApp, type AuthCentralDeps, type AuthCentralSettings } from '../src/app.js';
import { createPrisma, type Db } from '../src/store/prisma.js';
import { createSqlPool } from '../src/store/sql.js';
import { upsertApp } from '../src/store/apps.js';
import { upsertUserAndMembership } from '../src/store/users.js';
import { insertExchangeToken } from '../src/store/sessions.js';
import { SigningKeys } from '../src/domain/keys.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';
export const PUBLIC_URL = 'https://auth.latchkey.test';
export const silentLogger = createLogger('auth-central', 'silent');

export interface Harness {
  database: TestDatabase;
  db: Db;
  clock: TestClock;
  encryptionKey: Buffer;
  /** A new app instance on the same database (another "instance" of the service). */
  makeApp(overrides?: Partial<AuthCentralDeps> & { settings?: Partial<AuthCentralSettings> }): FastPathApp;
  app: FastPathApp;
  close(): Promise<void>;
}

/** A migrated database of its own, an injected clock and one app instance. */
export async function createHarness(overrides: Partial<AuthCentralDeps> & { settings?: Partial<AuthCentralSettings> } = {}): Promise<Harness> {
  const database = await createTestDatabase({ service: 'auth-central' });
  const db = createPrisma(database.url);
  const clock = createTestClock(Date.UTC(2026, 0, 1, 12));
  const encryptionKey = randomBytes(32);
  const dbs: Db[] = [db];
  const pools: pg.Pool[] = [];
  const makeApp: Harness['makeApp'] = (o = {}) => {
    const own =
      o.db ??
      (() => {
        const extra = createPrisma(database.url);
        dbs.push(extra);
        return extra;
      })();
    const settings = { publicUrl: PUBLIC_URL, adminToken: ADMIN_TOKEN, encryptionKey, ...overrides.settings, ...o.settings };
    const keys = new SigningKeys(own, { encryptionKey: settings.encryptionKey, alg: 'ES256', tokenLifetime: 3600, now: clock.now });
    // Hot queries on a pg pool of its own, as startAuthCentral runs them (`pool: undefined` exercises the Prisma path).
    const pool = 'pool' in o || 'pool' in overrides ? undefined : createSqlPool(database.url, { max: 4 });
    if (pool) pools.push(pool);
    return createApp({ db: own, logger: silentLogger, now: clock.now, keys, pool, ...overrides, ...o, settings });
  };
  const app = makeApp({ db });
  return {
    database,
    db,
    clock,
    encryptionKey,
    makeApp,
    app,
    async close() {
      for (const p of pools) await p.end();
      for (const d of dbs) await d.$disconnect();
      await database.drop();
    },
  };
}

export async function seedApp(db: Db, appId = 'shop', domains = ['shop.example.com', 'www.shop.example.com', 'localhost'], org = 'acme') {
  return upsertApp(db, { appId, organisationId: org, organisationName: 'Acme Inc', tier: 'pro', domains });
}

/** What the callback would create: a user, their membership and an exchange token (returns the raw token). */
export async function seedExchangeToken(
  db: Db,
  opts: { now: number; appId?: string; email?: string; organisationId?: string; role?: 'user' | 'member' | 'admin' | 'owner' },
): Promise<{ token: string; userId: string }> {
  const appId = opts.appId ?? 'shop';
  const org = opts.organisationId ?? 'acme';
  const email = opts.email ?? 'ada@example.com';
  const userId = await upsertUserAndMembership(db, { issuer: 'https://idp.test', subject: `sub-${email}`, email, name: 'Ada Lovelace' }, org);
  // A sign-in gives role `user`; the organisation grants the others (the operator's `org members add`).
  if (opts.role) await db.membership.update({ where: { userId_organisationId: { userId, organisationId: org } }, data: { role: opts.role } });
  const token = randomHex(64);
  await insertExchangeToken(db, {
    tokenHash: sha256Hex(token),
    userId,
    appId,
    organisationId: org,
    redirectUrl: 'https://shop.example.com/',
    createdAt: new Date(opts.now),
    expiresAt: new Date(opts.now + 60_000),
  });
  return { token, userId };
}

/** Every row of every table of the database, as text (for "the secret appears nowhere" checks). */
export async function dumpAllTables(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
    let out = '';
    for (const { tablename } of tables.rows) {
      const rows = await client.query(`SELECT * FROM "${tablename}"`);
      out += `${tablename}\n${JSON.stringify(rows.rows)}\n`;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** Row counts of the tables a request could write to. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const [apps, orgs, users, sessions, tokens, logins, members] = await Promise.all([
    db.app.count(),
    db.organisation.count(),
    db.user.count(),
    db.session.count(),
    db.exchangeToken.count(),
    db.loginState.count(),
    db.membership.count(),
  ]);
  return { apps, orgs, users, sessions, tokens, logins, members };
}
