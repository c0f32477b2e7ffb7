/**
 * `pnpm bench`, area B: app-signin's `GET /api/auth/token` and
 * `GET /api/auth/get-session` at 50 connections, and sign-ins per second
 * (bounded by the password hash), against a better-auth server (npm
 * `better-auth` with its jwt plugin) on the same PostgreSQL server, with the
 * same password hash (scrypt N=2^17, r=8, p=1) given to both, in the same run.
 *
 * Runs directly too: `npx tsx --conditions=source apps/app-signin/bench/signin.bench.ts [seconds]`.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { jwt } from 'better-auth/plugins/jwt';
import { databaseUrl, dropDatabase, ensureDatabase } from '@latchkey/db';
import { createLogger } from '@latchkey/service-kit';
import { createTestDatabase, postgresServerUrl } from '@latchkey/testing';
import { measure, ratio, serveApp, toRow, type BenchContext, type BenchRow, type BenchTable } from '@latchkey/bench';
import { createApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';
import { hashPassword, OWASP_PASSWORD_COST, verifyPassword } from '../src/domain/crypto.js';
import { DEFAULT_LIMITS } from '../src/domain/limits.js';
import { createPrisma } from '../src/store/prisma.js';

export const title = 'app-signin: token, get-session and sign-in vs. better-auth (jwt plugin), same PostgreSQL and hash cost';

const CONNECTIONS = 50;
const SIGNIN_CONNECTIONS = 8;
const PASSWORD = 'bench-password-123';
const EMAIL = 'bench@example.com';

function cookieHeader(res: Response, name: string): string {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie (status ${res.status})`);
  return line.split(';')[0]!;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res;
}

export async function run(ctx: BenchContext): Promise<BenchTable> {
  const server = ctx.databaseUrl ?? (await postgresServerUrl());
  if (!server) throw new Error('the sign-in bench needs a PostgreSQL server (DATABASE_URL or 127.0.0.1:5432)');
  const registry = await createTestDatabase({ service: 'app-signin' });
  const peerDbUrl = databaseUrl(server, `bench_better_auth_${randomBytes(4).toString('hex')}`);
  await ensureDatabase(peerDbUrl);
  const appId = `bench-${randomBytes(3).toString('hex')}`;
  const appDbUrl = databaseUrl(server, `app_${appId.replace(/-/g, '_')}`);
  const prisma = createPrisma(registry.url);
  const cost = OWASP_PASSWORD_COST;
  const logger = createLogger('app-signin', 'silent');

  // --- Latchkey app-signin (limits raised: every request comes from 127.0.0.1) ---
  let publicUrl = '';
  const served = await serveApp((req: never, res: never) => latchkey.app(req, res));
  publicUrl = served.url;
  const latchkey = createApp({
    prisma,
    logger,
    config: defaultConfig({
      publicUrl,
      encryptionKey: randomBytes(32),
      appDatabasesUrl: server,
      passwordCost: cost,
      limits: { ...DEFAULT_LIMITS, signInPerAddressPerMinute: 1_000_000, failedSignInsPerAccount: 1_000_000 },
    }),
  });

  // --- better-auth, same server, same hash ---
  const peerPool = new pg.Pool({ connectionString: peerDbUrl, max: 10 });
  const peerServed = await serveApp((req: never, res: never) => peerHandler(req, res));
  const auth = betterAuth({
    baseURL: peerServed.url,
    secret: randomBytes(32).toString('hex'),
    database: peerPool,
    emailAndPassword: {
      enabled: true,
      password: {
        hash: (p: string) => hashPassword(p, cost),
        verify: ({ hash, password }: { hash: string; password: string }) => verifyPassword(password, hash),
      },
    },
    plugins: [jwt()],
    rateLimit: { enabled: false },
    logger: { disabled: true },
    telemetry: { enabled: false },
  });
  const peerHandler = toNodeHandler(auth) as (req: never, res: never) => void;
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  try {
    ctx.log('setting up app-signin (provision, deploy) and better-auth (migrations)');
    await latchkey.operator.createDatabase(appId, { org: 'bench' });
    await latchkey.operator.provision(appId);
    const dep = await latchkey.operator.deploy(appId, {});
    const { runMigrations } = await getMigrations(auth.options);
    await runMigrations();

    const lkBase = `${dep.signinUrl}/api/auth`;
    const peerBase = `${peerServed.url}/api/auth`;
    const lkUp = await post(`${lkBase}/sign-up/email`, { name: 'Bench', email: EMAIL, password: PASSWORD });
    const lkCookie = cookieHeader(lkUp, 'better-auth.session_token');
    const peerUp = await post(`${peerBase}/sign-up/email`, { name: 'Bench', email: EMAIL, password: PASSWORD }, { origin: peerServed.url });
    const peerCookie = cookieHeader(peerUp, 'better-auth.session_token');
    for (const [base, cookie] of [
      [lkBase, lkCookie],
      [peerBase, peerCookie],
    ] as const) {
      const t = await fetch(`${base}/token`, { headers: { cookie } });
      if (!t.ok || !((await t.json()) as { token?: string }).token) throw new Error(`${base}/token does not answer a token`);
    }

    const byKey = new Map<string, { requestsPerSec: number; p99Ms: number }>();
    for (const [scenario, path] of [
      ['GET /api/auth/token', '/token'],
      ['GET /api/auth/get-session', '/get-session'],
    ] as const) {
      for (const [target, base, cookie] of [
        ['latchkey', lkBase, lkCookie],
        ['better-auth', peerBase, peerCookie],
      ] as const) {
        ctx.log(`${scenario} → ${target} @${CONNECTIONS}`);
        const m = await measure({ url: base, path: new URL(base + path).pathname, headers: { cookie }, connections: CONNECTIONS, duration: ctx.duration });
        rows.push(toRow(scenario, target, CONNECTIONS, m));
        byKey.set(`${path}:${target}`, m);
      }
    }

    for (const [target, base, headers] of [
      ['latchkey', lkBase, { 'content-type': 'application/json' }],
      ['better-auth', peerBase, { 'content-type': 'application/json', origin: peerServed.url }],
    ] as const) {
      ctx.log(`POST /api/auth/sign-in/email → ${target} @${SIGNIN_CONNECTIONS}`);
      const m = await measure({
        url: base,
        path: new URL(`${base}/sign-in/email`).pathname,
        method: 'POST',
        headers,
        // A fixed number of sign-ins, timed to the last answer: a slow hash never leaves requests cut off at the end.
        bodies: Array.from({ length: Math.max(16, SIGNIN_CONNECTIONS * ctx.duration) }, () => JSON.stringify({ email: EMAIL, password: PASSWORD })),
        connections: SIGNIN_CONNECTIONS,
        timeout: 120,
      });
      rows.push(toRow('POST /api/auth/sign-in/email', target, SIGNIN_CONNECTIONS, m, { 'sign-ins': m.total - m.non2xx }));
      byKey.set(`signin:${target}`, m);
    }

    const ratios: string[] = [];
    for (const path of ['/token', '/get-session']) {
      const a = byKey.get(`${path}:latchkey`)!;
      const b = byKey.get(`${path}:better-auth`)!;
      ratios.push(
        `${path}@${CONNECTIONS}: throughput ${ratio(a.requestsPerSec, b.requestsPerSec)} (latchkey/better-auth), p99 ${a.p99Ms.toFixed(2)} ms vs ${b.p99Ms.toFixed(2)} ms`,
      );
    }
    const s1 = byKey.get('signin:latchkey')!;
    const s2 = byKey.get('signin:better-auth')!;
    ratios.push(
      `sign-in@${SIGNIN_CONNECTIONS}: ${s1.requestsPerSec.toFixed(1)}/s vs ${s2.requestsPerSec.toFixed(1)}/s (${ratio(s1.requestsPerSec, s2.requestsPerSec)})`,
    );
    notes.push(
      `Both servers hash with scrypt N=2^${cost.log2N}, r=${cost.r}, p=${cost.p} (OWASP; better-auth's own default is N=2^14, r=16), on libuv's thread pool (UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? 4}); sign-ins per second are bounded by it and by the cores.`,
      "app-signin per request: app lookup (cached), session by SHA-256 of the token in the app's own database (one query), and for /token an Ed25519 signature; better-auth: session and user queries through Kysely, and for /token its jwt plugin (EdDSA).",
      'Both servers and the load generator (a worker thread) share this machine; numbers move with its load.',
    );
    return { rows, ratios, notes };
  } finally {
    await served.close();
    await peerServed.close();
    await latchkey.close();
    await peerPool.end().catch(() => {});
    await prisma.$disconnect();
    await dropDatabase(appDbUrl).catch(() => {});
    await dropDatabase(peerDbUrl).catch(() => {});
    await registry.drop();
  }
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const duration = Number(process.argv[2] ?? 5);
  const { formatTable } = await import('@latchkey/bench');
  const table = await run({
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    duration,
    log: (m) => process.stderr.write(`${m}\n`),
  });
  process.stdout.write(formatTable(table, title));
  process.exit(0);
}
