/**
 * Horizontal scaling: two instances of each service (real processes started
 * from their `main.ts`, as in production) behind the real nginx edge with
 * upstreams of two, on one PostgreSQL and one Redis. Every guarantee that
 * must not depend on which instance answers is exercised across instances:
 * the first request on instance A, the next on instance B (and through the
 * edge, which spreads requests over both):
 * - sign-in through the edge to a validated token, with login and callback
 *   on different instances; the exchange replay guard; revocation (logout);
 * - app-signin's TOTP replay guard;
 * - the gateway's per-key rate limit, key revocation and usage records;
 * - strategy credits under concurrent calls (never overspent, exact).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_USER, signInWithPassword, startDevIdp, type DevIdp } from '../../apps/dev-idp/src/index.js';
import { startFakeProviders, type FakeProviders } from '@latchkey/fake-providers';
import { createTestDatabase, findExecutable, metricSum, pollUntil, postgresServerUrl, redisServerUrl, stopProcess, type TestDatabase } from '@latchkey/testing';
import { developmentVariables, startEdge, type EdgeVariables, type RunningEdge } from '../../infra/nginx/edge.js';
import { freePort, send, type RawResponse } from './helpers.js';
import { root } from './compose-config.js';

const ADMIN = 'scale-out-admin-token-0123456789';
const HOSTS = { auth: 'auth.latchkey.test', signin: 'signin.latchkey.test', strategy: 'api.latchkey.test', ai: 'ai.latchkey.test' } as const;
type Service = 'auth-central' | 'app-signin' | 'strategy' | 'ai-gateway';
const SERVICES: Service[] = ['auth-central', 'app-signin', 'strategy', 'ai-gateway'];

interface Proc {
  service: Service;
  port: number;
  child: ChildProcess;
  output(): string;
}

/** The port of the service's `listening` log line (pino JSON, `{"url": "http://127.0.0.1:<port>", "msg": "listening"}`), or 0 before it. */
function listeningPort(output: string): number {
  for (const line of output.split('\n')) {
    if (!line.includes('"listening"')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'listening' && entry.url) return Number(new URL(entry.url).port);
    } catch {
      // not a JSON line
    }
  }
  return 0;
}

/**
 * Starts `apps/<service>/src/main.ts` on a port of its own choosing (PORT=0: a port picked
 * beforehand can be taken by another test's server meanwhile, which then answers in its place),
 * reads the port from its `listening` line, and waits for its /readyz.
 */
async function startService(service: Service, env: NodeJS.ProcessEnv): Promise<Proc> {
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    LATCHKEY_ADMIN_TOKEN: ADMIN,
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', path.join('apps', service, 'src', 'main.ts')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  let port = 0;
  const proc: Proc = { service, port, child, output: () => out };
  await pollUntil(
    `${service} ready`,
    async () => {
      if (exited) throw new Error(`${service} exited:\n${out}`);
      port ||= listeningPort(out);
      if (!port) return 0;
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
    },
    (s) => s === 200,
    { timeoutMs: 60_000 },
  ).catch((err: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${err.message}\n${out}`);
  });
  proc.port = port;
  return proc;
}

/** One request to 127.0.0.1:port (an instance, or the edge with `host`), JSON in and out, cookies kept in `jar`. */
async function call(
  port: number,
  method: string,
  reqPath: string,
  opts: { host?: string; body?: unknown; headers?: Record<string, string>; jar?: Map<string, string> } = {},
): Promise<RawResponse & { json: any }> {
  const cookie = opts.jar && opts.jar.size ? [...opts.jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const res = await send({
    port,
    path: reqPath,
    method,
    host: opts.host,
    headers: { ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...opts.headers },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    const [name, value] = [pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim()];
    if (!opts.jar) continue;
    if (value && !/max-age=0/i.test(line)) opts.jar.set(name, value);
    else opts.jar.delete(name);
  }
  let json: any;
  try {
    json = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    json = undefined;
  }
  return { ...res, json };
}

const admin = (port: number, method: string, p: string, body?: unknown) => call(port, method, p, { body, headers: { authorization: `Bearer ${ADMIN}` } });

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of a base32 secret at `epochMs`, computed here independently of the service. */
function totp(secret: string, epochMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const ch of secret.toUpperCase().replace(/=+$/, '')) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(epochMs / 30_000)));
  const mac = createHmac('sha1', Buffer.from(bytes)).update(counter).digest();
  const off = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const servicesMissing = async () => !(await postgresServerUrl()) || !(await redisServerUrl()) || (await postgresServerUrl().then((u) => u?.includes('pglite')));
const nginx = findExecutable('nginx');
const describeScaleOut = nginx
  ? describe
  : process.env.LATCHKEY_REQUIRE_SERVICES === '1'
    ? (() => {
        throw new Error('nginx is required');
      })()
    : describe.skip;

describeScaleOut('two instances of each service behind the edge, one PostgreSQL, one Redis', () => {
  const procs: Record<Service, [Proc, Proc]> = {} as never;
  const dbs: TestDatabase[] = [];
  let dir: string;
  let edge: RunningEdge;
  let edgePort: number;
  let idp: DevIdp;
  let fakes: FakeProviders;
  let serverUrl: string;
  const appDatabases: string[] = [];
  const A = (s: Service) => procs[s][0].port;
  const B = (s: Service) => procs[s][1].port;

  beforeAll(async () => {
    if (await servicesMissing()) throw new Error('the scale-out test needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL) servers');
    serverUrl = (await postgresServerUrl())!;
    // A Redis database of its own (keys of the services carry fixed prefixes).
    const redisUrl = new URL((await redisServerUrl())!);
    redisUrl.pathname = `/${1 + (randomBytes(1)[0]! % 15)}`;
    dir = mkdtempSync(path.join(tmpdir(), 'latchkey-scale-'));
    edgePort = await freePort();
    const [authDb, signinDb, strategyDb, gatewayDb] = await Promise.all(
      (['auth-central', 'app-signin', 'strategy', 'ai-gateway'] as const).map((service) => createTestDatabase({ service, prefix: `scale_${service}` })),
    );
    dbs.push(authDb!, signinDb!, strategyDb!, gatewayDb!);
    const authPublic = `http://${HOSTS.auth}:${edgePort}`;
    idp = await startDevIdp({
      port: 0,
      clients: [{ client_id: 'auth-central', client_secret: 'scale-secret', redirect_uris: [`${authPublic}/context/auth/callback`] }],
    });
    fakes = await startFakeProviders();
    const common = { REDIS_URL: redisUrl.toString(), TRUST_PROXY: 'loopback' };
    const envs: Record<Service, (i: number) => NodeJS.ProcessEnv> = {
      'auth-central': () => ({
        ...common,
        DATABASE_URL: authDb!.url,
        LATCHKEY_AUTH_PUBLIC_URL: authPublic,
        LATCHKEY_ENCRYPTION_KEY: 'ab'.repeat(32),
        OIDC_ISSUER_URL: idp.issuer,
        OIDC_CLIENT_ID: 'auth-central',
        OIDC_CLIENT_SECRET: 'scale-secret',
      }),
      'app-signin': () => ({
        ...common,
        DATABASE_URL: signinDb!.url,
        PUBLIC_URL: `http://${HOSTS.signin}:${edgePort}`,
        SIGNIN_ENCRYPTION_KEY: 'cd'.repeat(32),
        APP_DATABASES_URL: serverUrl,
        PASSWORD_HASH_LOG2N: '10',
      }),
      strategy: () => ({ ...common, DATABASE_URL: strategyDb!.url }),
      'ai-gateway': (i) => ({
        ...common,
        DATABASE_URL: gatewayDb!.url,
        GATEWAY_KEY_PEPPER: 'scale-out-pepper-0123456789',
        GATEWAY_USAGE_SPOOL_DIR: path.join(dir, `spool-${i}`),
        OPENAI_BASE_URL: fakes.openai.baseUrl,
        OPENAI_API_KEY: fakes.openai.apiKey,
        ANTHROPIC_BASE_URL: fakes.anthropic.baseUrl,
        ANTHROPIC_API_KEY: fakes.anthropic.apiKey,
      }),
    };
    // Two cores: one service's pair at a time.
    for (const s of SERVICES) procs[s] = [await startService(s, envs[s](0)), await startService(s, envs[s](1))];

    const pool = (name: string, s: Service) => `upstream ${name} {\n    server 127.0.0.1:${A(s)};\n    server 127.0.0.1:${B(s)};\n    keepalive 8;\n}\n`;
    const vars: EdgeVariables = {
      ...developmentVariables({ edge: edgePort, auth: 1, signin: 1, strategy: 1, gateway: 1 }, path.join(dir, 'access.log')),
      LATCHKEY_FORWARDED_PROTO: 'http',
      LATCHKEY_AUTH_UPSTREAM: 'latchkey_auth_pool',
      LATCHKEY_SIGNIN_UPSTREAM: 'latchkey_signin_pool',
      LATCHKEY_STRATEGY_UPSTREAM: 'latchkey_strategy_pool',
      LATCHKEY_AI_UPSTREAM: 'latchkey_ai_pool',
      LATCHKEY_AUTH_HOST: HOSTS.auth,
      LATCHKEY_SIGNIN_HOST: HOSTS.signin,
      LATCHKEY_STRATEGY_HOST: HOSTS.strategy,
      LATCHKEY_AI_HOST: HOSTS.ai,
    };
    edge = await startEdge({
      nginx: nginx!,
      dir: path.join(dir, 'edge'),
      mode: 'production',
      vars,
      extraConf: {
        '05-pools.conf':
          pool('latchkey_auth_pool', 'auth-central') +
          pool('latchkey_signin_pool', 'app-signin') +
          pool('latchkey_strategy_pool', 'strategy') +
          pool('latchkey_ai_pool', 'ai-gateway'),
      },
    });
  }, 240_000);

  afterAll(async () => {
    await edge?.stop();
    await Promise.all(
      Object.values(procs)
        .flat()
        .map((p) => stopProcess(p.child)),
    );
    await idp?.stop();
    await fakes?.close();
    if (serverUrl && appDatabases.length) {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      for (const name of appDatabases) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await c.end();
    }
    await Promise.all(dbs.map((d) => d.drop().catch(() => {})));
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('the edge spreads requests over both instances of each service and reports all four healthy', async () => {
    for (const u of ['auth', 'signin', 'strategy', 'ai']) expect((await send({ port: edgePort, path: `/edge/upstreams/${u}` })).status).toBe(200);
    const hits = async (s: Service) =>
      Promise.all(
        [A(s), B(s)].map(async (p) =>
          metricSum(await (await fetch(`http://127.0.0.1:${p}/metrics`)).text(), 'latchkey_http_requests_total', { route: '/.well-known/jwks.json' }),
        ),
      );
    const before = await hits('auth-central');
    for (let i = 0; i < 6; i++) expect((await call(edgePort, 'GET', '/.well-known/jwks.json', { host: HOSTS.auth })).status).toBe(200);
    const after = await hits('auth-central');
    expect(after[0]! - before[0]!).toBeGreaterThan(0);
    expect(after[1]! - before[1]!).toBeGreaterThan(0);
    expect(after[0]! - before[0]! + (after[1]! - before[1]!)).toBe(6);
  });

  it('auth-central: login on A, callback on B, exchange once (replay refused on the other instance), validate through the edge, logout on B ends it on A', async () => {
    expect(
      (await admin(A('auth-central'), 'POST', '/admin/apps', { app_id: 'scaleapp', organisation_id: 'scaleorg', allowed_auth_domains: ['localhost'] })).status,
    ).toBeLessThan(300);
    const jar = new Map<string, string>();
    const login = await call(A('auth-central'), 'GET', `/context/auth/login?app_id=scaleapp&redirect_url=${encodeURIComponent('http://localhost:4105/')}`, {
      jar,
    });
    expect(login.status).toBe(302);
    const callbackUrl = new URL(await signInWithPassword(login.headers.location!, DEMO_USER));
    expect(callbackUrl.origin).toBe(`http://${HOSTS.auth}:${edgePort}`);
    const cb = await call(B('auth-central'), 'GET', `${callbackUrl.pathname}${callbackUrl.search}`, { jar });
    expect(cb.status).toBe(302);
    const svcToken = new URL(cb.headers.location!).searchParams.get('svc_token')!;
    expect(svcToken).toBeTruthy();

    const ex = await call(A('auth-central'), 'POST', '/context/auth/exchange', { body: { token: svcToken } });
    expect(ex.status).toBe(200);
    const replay = await call(B('auth-central'), 'POST', '/context/auth/exchange', { body: { token: svcToken } });
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect(replay.json.error).toBe('TOKEN_USED');

    const bearer = { authorization: `Bearer ${ex.json.access_token}` };
    for (let i = 0; i < 4; i++) {
      const v = await call(edgePort, 'GET', '/context/auth/validate', { host: HOSTS.auth, headers: bearer });
      // The replay may have revoked the session (REVOKE_SESSION_ON_TOKEN_REUSE): either way both instances agree.
      expect([200, 401]).toContain(v.status);
      expect(v.status).toBe((await call(i % 2 ? A('auth-central') : B('auth-central'), 'GET', '/context/auth/validate', { headers: bearer })).status);
    }

    // A second sign-in, then logout on B: refused on A and through the edge.
    const jar2 = new Map<string, string>();
    const login2 = await call(B('auth-central'), 'GET', `/context/auth/login?app_id=scaleapp&redirect_url=${encodeURIComponent('http://localhost:4105/')}`, {
      jar: jar2,
    });
    const cb2Url = new URL(await signInWithPassword(login2.headers.location!, DEMO_USER));
    const cb2 = await call(A('auth-central'), 'GET', `${cb2Url.pathname}${cb2Url.search}`, { jar: jar2 });
    const ex2 = await call(edgePort, 'POST', '/context/auth/exchange', {
      host: HOSTS.auth,
      body: { token: new URL(cb2.headers.location!).searchParams.get('svc_token') },
    });
    expect(ex2.status).toBe(200);
    const bearer2 = { authorization: `Bearer ${ex2.json.access_token}` };
    expect((await call(A('auth-central'), 'GET', '/context/auth/validate', { headers: bearer2 })).status).toBe(200);
    expect((await call(B('auth-central'), 'GET', '/context/auth/validate', { headers: bearer2 })).status).toBe(200);
    expect((await call(B('auth-central'), 'POST', '/context/auth/logout', { body: { access_token: ex2.json.access_token } })).json).toEqual({ success: true });
    const onA = await call(A('auth-central'), 'GET', '/context/auth/validate', { headers: bearer2 });
    expect(onA.status).toBe(401);
    expect(onA.json.error).toBe('SESSION_INVALIDATED');
    for (let i = 0; i < 4; i++) expect((await call(edgePort, 'GET', '/context/auth/validate', { host: HOSTS.auth, headers: bearer2 })).status).toBe(401);
  });

  it('app-signin: a TOTP code used on instance A is refused on instance B', async () => {
    const appId = `scale-${randomBytes(3).toString('hex')}`;
    appDatabases.push(`app_${appId.replace(/-/g, '_')}`);
    expect((await admin(A('app-signin'), 'POST', `/admin/apps/${appId}/database`, { org: 'acme' })).status).toBeLessThan(300);
    expect((await admin(B('app-signin'), 'POST', `/admin/apps/${appId}/auth/provision`)).status).toBe(200);
    const dep = await admin(A('app-signin'), 'POST', `/admin/apps/${appId}/auth/deploy`, {});
    expect(dep.status).toBe(200);
    const base = `${new URL(dep.json.signinUrl).pathname}/api/auth`;
    const email = `scale-${randomBytes(3).toString('hex')}@example.com`;
    const password = 'correct horse battery staple';
    const jar = new Map<string, string>();
    expect((await call(A('app-signin'), 'POST', `${base}/sign-up/email`, { jar, body: { name: 'S', email, password } })).status).toBe(200);
    const en = await call(B('app-signin'), 'POST', `${base}/two-factor/enable`, { jar, body: { password } });
    expect(en.status).toBe(200);
    const secret = new URL(en.json.totpURI).searchParams.get('secret')!;
    // Stay inside one 30-second step from here on (a condition, not a pause).
    await pollUntil(
      'the start of a TOTP step',
      async () => Date.now() % 30_000,
      (ms) => ms < 15_000,
      { timeoutMs: 31_000 },
    );
    const step = Math.floor(Date.now() / 30_000);
    // Turning TOTP on consumes the previous step's code (accepted for clock skew); sign-ins use the current one.
    expect((await call(A('app-signin'), 'POST', `${base}/two-factor/verify-totp`, { jar, body: { code: totp(secret, (step - 1) * 30_000) } })).status).toBe(
      200,
    );
    const code = totp(secret, step * 30_000);

    const first = new Map<string, string>();
    expect((await call(A('app-signin'), 'POST', `${base}/sign-in/email`, { jar: first, body: { email, password } })).json).toMatchObject({
      twoFactorRedirect: true,
    });
    expect((await call(A('app-signin'), 'POST', `${base}/two-factor/verify-totp`, { jar: first, body: { code } })).status).toBe(200);
    const second = new Map<string, string>();
    expect((await call(B('app-signin'), 'POST', `${base}/sign-in/email`, { jar: second, body: { email, password } })).json).toMatchObject({
      twoFactorRedirect: true,
    });
    const replay = await call(B('app-signin'), 'POST', `${base}/two-factor/verify-totp`, { jar: second, body: { code } });
    expect(Math.floor(Date.now() / 30_000)).toBe(step);
    expect(replay.status).toBe(401);
  });

  it('ai-gateway: the per-key limit, revocation and usage records hold across instances', async () => {
    const solution = `scale-${randomBytes(3).toString('hex')}`;
    const created = await admin(A('ai-gateway'), 'POST', '/admin/keys', { solution, rpm: 4 });
    expect(created.status).toBe(201);
    const key = created.json.key as string;
    const chat = (port: number, host?: string) =>
      call(port, 'POST', '/v1/chat/completions', {
        host,
        headers: { authorization: `Bearer ${key}` },
        body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
      });
    // rpm 4: two calls on each instance pass, the fifth is refused whichever instance gets it.
    const statuses = [];
    for (const port of [A('ai-gateway'), B('ai-gateway'), A('ai-gateway'), B('ai-gateway')]) statuses.push((await chat(port)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect((await chat(B('ai-gateway'))).status).toBe(429);
    expect((await chat(edgePort, HOSTS.ai)).status).toBe(429);

    // Usage: the six calls (four answered, two refused by the limit), recorded by two processes in one database, seen from either instance.
    const report = await pollUntil(
      'usage of both instances',
      async () => (await admin(B('ai-gateway'), 'GET', `/admin/usage?solution=${solution}`)).json,
      (r: any) => r?.requests === 6,
    );
    expect(report.errors).toBe(2);
    expect(report.tokens.total).toBeGreaterThan(0);
    expect((await admin(A('ai-gateway'), 'GET', `/admin/usage?solution=${solution}`)).json).toMatchObject({ requests: 6, errors: 2, tokens: report.tokens });

    // Revocation on A reaches B long before its key cache (30 s) would expire.
    const other = await admin(B('ai-gateway'), 'POST', '/admin/keys', { solution, rpm: 1000 });
    const key2 = other.json.key as string;
    const chat2 = (port: number) =>
      call(port, 'POST', '/v1/chat/completions', {
        headers: { authorization: `Bearer ${key2}` },
        body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
      });
    expect((await chat2(A('ai-gateway'))).status).toBe(200);
    expect((await chat2(B('ai-gateway'))).status).toBe(200); // cached on B now
    expect((await admin(A('ai-gateway'), 'POST', `/admin/keys/${other.json.id}/revoke`)).status).toBe(200);
    await pollUntil(
      'revocation on instance B',
      async () => (await chat2(B('ai-gateway'))).status,
      (s) => s === 401,
      { timeoutMs: 5_000 },
    );
    expect((await chat2(A('ai-gateway'))).status).toBe(401);
  });

  it('strategy: concurrent calls on both instances never spend more credits than granted, and the ledger is exact', async () => {
    const org = `scaleorg${randomBytes(3).toString('hex')}`;
    const created = await admin(A('strategy'), 'POST', '/admin/keys', { org, tier: 'enterprise' });
    expect(created.status).toBeLessThan(300);
    const key = created.json.key as string;
    // Five framework answers' worth (FRAMEWORK_COST is 5) for twelve calls at once, half on each instance.
    expect((await admin(B('strategy'), 'POST', `/admin/credits/${org}/grant`, { amount: 25 })).status).toBe(201);
    const body = { messages: [{ role: 'user', content: 'Our strategy deck is a list of 14 initiatives. How do I get the exec team to make real choices?' }] };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(i % 2 ? A('strategy') : B('strategy'), 'POST', '/v1/framework', { headers: { apikey: key }, body })),
    );
    const ok = results.filter((r) => r.status === 200).length;
    const refused = results.filter((r) => r.status === 402).length;
    expect([ok, refused]).toEqual([5, 7]);
    const account = await admin(B('strategy'), 'GET', `/admin/credits/${org}`);
    expect(account.json.balance).toBe(0);
    // Through the edge: nothing left to spend.
    expect((await call(edgePort, 'POST', '/v1/framework', { host: HOSTS.strategy, headers: { apikey: key }, body })).status).toBe(402);
  });
});
