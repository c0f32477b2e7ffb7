/**
 * Test harness: a running app-signin on a fresh registry database (real
 * PostgreSQL), app databases created on the same server and dropped after,
 * a cookie-keeping HTTP client, and TOTP codes (RFC 6238, computed here: no
 * system tool needed; totp.test.ts checks them against the RFC's vectors and oathtool).
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { databaseUrl, dropDatabase } from '@latchkey/db';
import { createLogger, type Logger } from '@latchkey/service-kit';
import { createTestDatabase, postgresServerUrl, type TestDatabase } from '@latchkey/testing';
import { createApp, type SigninApp } from '../src/app.js';
import { defaultConfig, type SigninConfig } from '../src/config.js';
import { DEFAULT_LIMITS } from '../src/domain/limits.js';
import type { MailboxMessage } from '../src/domain/mail.js';
import { createPrisma, type PrismaClient } from '../src/store/prisma.js';

// The root jest run (projects) keeps jest's 5 s default per test; these tests talk to real databases.
(import.meta as unknown as { jest?: { setTimeout(ms: number): void } }).jest?.setTimeout(30_000);

export const ADMIN_TOKEN = 'test-operator-token-0123456789';

export interface Harness {
  url: string;
  signin: SigninApp;
  prisma: PrismaClient;
  registry: TestDatabase;
  config: SigninConfig;
  serverUrl: string;
  /** Registered app ids (their databases are dropped at close). */
  appIds: string[];
  admin<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
  /** create + provision + deploy an app; returns its address. */
  liveApp(opts?: { id?: string; policy?: string[]; origins?: string[] }): Promise<LiveApp>;
  /** The development mailbox's messages to `to`, oldest first, once every queued mail went out. */
  mail(to: string): Promise<MailboxMessage[]>;
  /** A pg pool on an app database (closed at close). */
  appDb(appId: string): Promise<pg.Pool>;
  close(): Promise<void>;
}

export interface LiveApp {
  appId: string;
  signinUrl: string;
  /** `${signinUrl}/api/auth` */
  base: string;
}

export function uniqueId(prefix = 'app'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/**
 * Starts app-signin. Tests lower the scrypt cost through explicit config
 * (`passwordCost.log2N = 10`) so the suite stays fast; the default is OWASP's 2^17.
 */
export async function startSignin(
  over: Partial<SigninConfig> & { now?: () => number } = {},
  opts: { registry?: TestDatabase; redis?: Redis; logger?: Logger } = {},
): Promise<Harness> {
  const serverUrl = (await postgresServerUrl()) ?? '';
  if (!serverUrl) throw new Error('these tests need PostgreSQL at 127.0.0.1:5432 (or DATABASE_URL)');
  const ownRegistry = !opts.registry;
  const registry = opts.registry ?? (await createTestDatabase({ service: 'app-signin' }));
  const prisma = createPrisma(registry.url);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { now, ...cfg } = over;
  const config = defaultConfig({
    publicUrl: url,
    encryptionKey: randomBytes(32),
    adminToken: ADMIN_TOKEN,
    appDatabasesUrl: serverUrl,
    passwordCost: { log2N: 10, r: 8, p: 1 },
    limits: {
      ...DEFAULT_LIMITS,
      signInPerAddressPerMinute: 10_000,
      twoFactorPerAddressPerMinute: 10_000,
      mailPerAddressPerHour: 10_000,
      mailPerAccountPerHour: 10_000,
    },
    mail: { devMailbox: true, defaultFrom: 'Latchkey Test <no-reply@test.example>' },
    ...cfg,
  });
  const signin = createApp({ prisma, config, logger: opts.logger ?? createLogger('app-signin', 'silent'), now, redis: opts.redis });
  server.on('request', signin.app);
  const appIds: string[] = [];
  const pools: pg.Pool[] = [];

  const admin: Harness['admin'] = async (method, path, body) => {
    const res = await fetch(`${url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  const h: Harness = {
    url,
    signin,
    prisma,
    registry,
    config,
    serverUrl,
    appIds,
    admin,
    async liveApp(opts = {}) {
      const appId = opts.id ?? uniqueId();
      appIds.push(appId);
      const created = await admin('POST', `/apps/${appId}/database`, { org: 'acme' });
      if (created.status >= 300) throw new Error(`db create: ${JSON.stringify(created.body)}`);
      const prov = await admin('POST', `/apps/${appId}/auth/provision`);
      if (prov.status !== 200) throw new Error(`provision: ${JSON.stringify(prov.body)}`);
      if (opts.policy) await admin('PUT', `/apps/${appId}/auth/policy`, { require: opts.policy });
      const dep = await admin('POST', `/apps/${appId}/auth/deploy`, opts.origins ? { origins: opts.origins } : {});
      if (dep.status !== 200) throw new Error(`deploy: ${JSON.stringify(dep.body)}`);
      return { appId, signinUrl: dep.body.signinUrl, base: `${dep.body.signinUrl}/api/auth` };
    },
    async mail(to) {
      await signin.idle();
      return signin.mailer.mailbox().filter((m) => m.to.toLowerCase() === to.toLowerCase());
    },
    async appDb(appId) {
      const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, `app_${appId.replace(/-/g, '_')}`), max: 3 });
      // An idle connection the server ends (the app database dropped WITH (FORCE) at clean-up, a restart) is not
      // the test's failure: the next query reports it. Without a listener the pool's 'error' event is unhandled.
      pool.on('error', () => {});
      pools.push(pool);
      return pool;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all(pools.map((p) => p.end().catch(() => {})));
      await signin.close();
      await prisma.$disconnect();
      for (const id of appIds) await dropDatabase(databaseUrl(serverUrl, `app_${id.replace(/-/g, '_')}`)).catch(() => {});
      if (ownRegistry) await registry.drop();
    },
  };
  return h;
}

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** An HTTP client that keeps cookies like a browser would (for one app address). */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...this.extraHeaders,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    this.store(res);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
}

/** Decodes RFC 4648 base32 (upper or lower case, padding optional). @throws Error on another character. */
export function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.toUpperCase().replace(/=+$/, '')) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The TOTP code (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits, T0 = 0) of
 * the base32 `secret` at `epochMs` (default now). Computed independently of
 * the service's otplib, so the tests check its codes rather than repeat them.
 */
export function totpCode(secret: string | Buffer, epochMs: number = Date.now(), digits = 6): string {
  const key = typeof secret === 'string' ? base32Decode(secret) : secret;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(epochMs / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function secretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get('secret')!;
}

/** A clock for tests, settable and advanceable (epoch ms). */
export function testClock(start = Date.UTC(2026, 0, 1, 12, 0, 0)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms), set: (ms: number) => void (t = ms) };
}
