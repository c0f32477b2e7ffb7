/**
 * The production stack as an operator runs it (`pnpm test:compose`; opt-in:
 * LATCHKEY_TEST_COMPOSE=1, it needs a Docker engine and takes minutes):
 * build every image, `docker-compose up` with the dev IdP, wait for health,
 * sign in through the edge to a validated token, create a gateway key and a
 * strategy key with the CLI image, call a fake provider through the gateway
 * and the strategy API through the edge, then `down` and `up` again and check
 * the data survived. When the official base images cannot be pulled (no
 * Docker Hub), stand-ins are made from Debian packages and the npm registry
 * (infra/docker/stand-in/make-stand-ins.sh) and the output says so.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_USER, signInWithPassword } from '../../apps/dev-idp/src/index.js';
import { startFakeProviders, type FakeProviders } from '@latchkey/fake-providers';
import { findExecutable } from '@latchkey/testing';
import { root } from './compose-config.js';
import { send } from './helpers.js';

const enabled = process.env.LATCHKEY_TEST_COMPOSE === '1';
const PROJECT = 'latchkey-smoke';
const IMAGES = ['auth-central', 'app-signin', 'strategy', 'ai-gateway', 'dev-idp', 'migrate', 'cli'] as const;
const HOSTS = { auth: 'auth.localhost', signin: 'signin.localhost', strategy: 'api.localhost', ai: 'ai.localhost' };
const EDGE_PORT = 80; // public URLs carry no port: the edge is published on 80 as in production

function log(line: string): void {
  process.stdout.write(`compose-smoke: ${line}\n`);
}

function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number; allowFail?: boolean } = {}): SpawnSyncReturns<string> {
  const r = spawnSync(cmd, args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...opts.env },
    timeout: opts.timeoutMs ?? 600_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!opts.allowFail && r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}):\n${r.stdout?.slice(-4000)}\n${r.stderr?.slice(-4000)}`);
  return r;
}

/** A docker CLI that builds with BuildKit (the Dockerfiles use RUN --mount): `docker buildx`, or a CLI with BuildKit built in (20.10). */
function buildCommand(): { docker: string; args: (file: string, tag: string) => string[]; env: NodeJS.ProcessEnv } {
  const candidates = [...new Set([findExecutable('docker'), '/usr/bin/docker'].filter((x): x is string => !!x))];
  for (const docker of candidates) {
    if (spawnSync(docker, ['buildx', 'version'], { encoding: 'utf8' }).status === 0)
      return { docker, args: (f, t) => ['buildx', 'build', '--load', '-q', '-f', f, '-t', t, '.'], env: {} };
    const v = spawnSync(docker, ['version', '--format', '{{.Client.Version}}'], { encoding: 'utf8' }).stdout.trim();
    if (/^(1[89]|2[0-2])\./.test(v)) return { docker, args: (f, t) => ['build', '-q', '-f', f, '-t', t, '.'], env: { DOCKER_BUILDKIT: '1' } };
  }
  throw new Error('no docker CLI here builds with BuildKit (install docker-buildx, or the docker.io package)');
}

/** Forwards 0.0.0.0:<port> to 127.0.0.1:<target>, so containers reach a loopback server of this process. */
async function relay(target: number): Promise<{ port: number; server: Server }> {
  const server = createServer((inbound) => {
    const out = connect(target, '127.0.0.1');
    inbound.pipe(out).pipe(inbound);
    inbound.on('error', () => out.destroy());
    out.on('error', () => inbound.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  return { port: (server.address() as { port: number }).port, server };
}

(enabled ? describe : describe.skip)('docker-compose: the production stack from a clean build', () => {
  let dir: string;
  let envFile: string;
  let fakes: FakeProviders;
  const relays: Server[] = [];
  let compose: (args: string[], opts?: { timeoutMs?: number; allowFail?: boolean }) => SpawnSyncReturns<string>;
  const adminToken = randomBytes(24).toString('hex');

  beforeAll(async () => {
    const dockerCli = findExecutable('docker');
    if (!dockerCli || spawnSync(dockerCli, ['info'], { encoding: 'utf8' }).status !== 0)
      throw new Error('LATCHKEY_TEST_COMPOSE=1 needs a running Docker engine (docker info failed)');
    const composeCli = findExecutable('docker-compose');
    const base = composeCli ? ([composeCli, []] as const) : ([dockerCli, ['compose']] as const);
    dir = mkdtempSync(path.join(tmpdir(), 'latchkey-smoke-'));
    envFile = path.join(dir, '.env');
    compose = (args, opts = {}) =>
      run(base[0], [...base[1], '-p', PROJECT, '-f', path.join(root, 'docker-compose.yml'), '--env-file', envFile, '--profile', 'dev', ...args], opts);

    const started = Date.now();
    const standIns = run('bash', [path.join(root, 'infra', 'docker', 'stand-in', 'make-stand-ins.sh')], { timeoutMs: 900_000 });
    const made = standIns.stdout.trim();
    log(made ? `STAND-IN BASE IMAGES were used (the official ones could not be pulled):\n${made}` : 'official base images');

    const b = buildCommand();
    for (const image of IMAGES) {
      const t = Date.now();
      run(b.docker, b.args(`infra/docker/${image}.Dockerfile`, `latchkey/${image}`), { env: b.env, timeoutMs: 900_000 });
      const size = Number(run(dockerCli, ['image', 'inspect', '-f', '{{.Size}}', `latchkey/${image}`]).stdout.trim());
      log(`built latchkey/${image} in ${Math.round((Date.now() - t) / 1000)} s, ${Math.round(size / 1e6)} MB`);
    }
    log(`images ready after ${Math.round((Date.now() - started) / 1000)} s`);

    fakes = await startFakeProviders();
    // This machine's address on Docker's default bridge (its gateway, else the subnet's first address): every container reaches it.
    const bridge = JSON.parse(run(dockerCli, ['network', 'inspect', 'bridge', '-f', '{{json .IPAM.Config}}']).stdout) as Array<{
      Gateway?: string;
      Subnet?: string;
    }>;
    const gateway = bridge[0]?.Gateway || bridge[0]!.Subnet!.replace(/\.0\/\d+$/, '.1');
    const openai = await relay(Number(new URL(fakes.openai.baseUrl).port));
    relays.push(openai.server);
    const env: Record<string, string> = {
      POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
      LATCHKEY_ADMIN_TOKEN: adminToken,
      LATCHKEY_AUTH_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      LATCHKEY_SIGNIN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      LATCHKEY_AUTH_HOST: HOSTS.auth,
      LATCHKEY_SIGNIN_HOST: HOSTS.signin,
      LATCHKEY_STRATEGY_HOST: HOSTS.strategy,
      LATCHKEY_AI_HOST: HOSTS.ai,
      LATCHKEY_FORWARDED_PROTO: 'http',
      LATCHKEY_EDGE_PUBLISH: String(EDGE_PORT),
      OIDC_ISSUER_URL: 'http://idp.localhost:4100',
      OIDC_CLIENT_ID: 'auth-central',
      OIDC_CLIENT_SECRET: randomBytes(16).toString('hex'),
      OPENAI_API_KEY: fakes.openai.apiKey ?? 'sk-fake',
      OPENAI_BASE_URL: new URL(new URL(fakes.openai.baseUrl).pathname, `http://${gateway}:${openai.port}`).toString().replace(/\/$/, ''),
      GATEWAY_KEY_PEPPER: randomBytes(16).toString('hex'),
    };
    writeFileSync(
      envFile,
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n') + '\n',
    );
    compose(['down', '-v', '--remove-orphans'], { allowFail: true });
  }, 3_600_000);

  afterAll(async () => {
    if (compose && process.env.LATCHKEY_KEEP_COMPOSE !== '1') compose(['down', '-v', '--remove-orphans'], { allowFail: true });
    for (const s of relays) s.close();
    await fakes?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  /** `up -d` and wait until every container of the project is healthy (or, for migrate, exited 0). */
  async function upAndHealthy(): Promise<number> {
    const t = Date.now();
    compose(['up', '-d', '--no-build'], { timeoutMs: 900_000 });
    const deadline = Date.now() + 600_000;
    for (;;) {
      const ids = compose(['ps', '-q']).stdout.trim().split('\n').filter(Boolean);
      const states = ids.map((id) =>
        run('docker', [
          'inspect',
          '-f',
          '{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}} {{.State.ExitCode}}',
          id,
        ]).stdout.trim(),
      );
      const pending = states.filter((s) => !/ running healthy /.test(s) && !/migrate.* exited +0$/.test(s));
      if (ids.length >= 8 && pending.length === 0) return Math.round((Date.now() - t) / 1000);
      if (states.some((s) => / exited .* [1-9]\d*$/.test(s)))
        throw new Error(`a container failed:\n${states.join('\n')}\n${compose(['logs', '--tail', '50'], { allowFail: true }).stdout}`);
      if (Date.now() > deadline)
        throw new Error(`not healthy after 10 minutes:\n${states.join('\n')}\n${compose(['logs', '--tail', '50'], { allowFail: true }).stdout}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }

  const cli = (...args: string[]) => compose(['run', '--rm', '-T', 'cli', ...args]).stdout;
  const edge = (host: string, p: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    send({
      port: EDGE_PORT,
      host,
      path: p,
      method: init.method,
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });

  let gatewayKey: string;
  let strategyKey: string;

  it('comes up healthy, serves sign-in through the edge to a validated token, and the CLI, the gateway and the strategy API work', async () => {
    log(`stack healthy after ${await upAndHealthy()} s`);
    expect(cli('host', 'apps', 'register', 'smoke', '--org', 'smokeorg', '--domains', 'localhost')).toBeTruthy();
    expect(cli('host', 'apps', 'list')).toContain('smoke');

    // Sign-in: login through the edge → the dev IdP (published on 127.0.0.1:4100) → callback through the edge → exchange → validate.
    const login = await edge(HOSTS.auth, `/context/auth/login?app_id=smoke&redirect_url=${encodeURIComponent('http://localhost:4105/')}`);
    expect(login.status).toBe(302);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const authorize = new URL(login.headers.location!);
    expect(authorize.origin).toBe('http://idp.localhost:4100');
    // This machine may not resolve *.localhost (browsers do): the same server at 127.0.0.1.
    authorize.hostname = '127.0.0.1';
    const callback = new URL(await signInWithPassword(authorize.toString(), DEMO_USER));
    expect(callback.origin).toBe(`http://${HOSTS.auth}`);
    const cb = await edge(HOSTS.auth, `${callback.pathname}${callback.search}`, { headers: { cookie } });
    expect(cb.status).toBe(302);
    const svcToken = new URL(cb.headers.location!).searchParams.get('svc_token')!;
    const ex = await edge(HOSTS.auth, '/context/auth/exchange', { method: 'POST', body: { token: svcToken } });
    expect(ex.status).toBe(200);
    const { access_token } = JSON.parse(ex.body) as { access_token: string };
    expect((await edge(HOSTS.auth, '/context/auth/validate', { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(200);
    // The edge never routes /admin nor /metrics.
    expect((await edge(HOSTS.auth, '/admin/apps', { headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(404);
    expect((await edge(HOSTS.ai, '/metrics')).status).toBe(404);

    // Keys with the CLI image, calls through the edge.
    gatewayKey = (JSON.parse(cli('gateway', 'keys', 'create', '--solution', 'smoke', '--json')) as { key: string }).key;
    const chat = await edge(HOSTS.ai, '/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${gatewayKey}` },
      body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
    });
    expect(chat.status).toBe(200);
    expect(fakes.openai.calls).toBeGreaterThan(0);
    strategyKey = (JSON.parse(cli('strategy', 'keys', 'create', '--org', 'smokeorg', '--tier', 'pro', '--json')) as { key: string }).key;
    cli('credits', 'grant', 'smokeorg', '50');
    const framework = await edge(HOSTS.strategy, '/v1/framework', {
      method: 'POST',
      headers: { apikey: strategyKey },
      body: { messages: [{ role: 'user', content: 'How do I get the exec team to make real choices about our 14 initiatives?' }] },
    });
    expect(framework.status).toBe(200);
  }, 1_800_000);

  it('keeps the data across down and up', async () => {
    compose(['down'], { timeoutMs: 300_000 });
    log(`stack healthy again after ${await upAndHealthy()} s`);
    expect(cli('host', 'apps', 'list')).toContain('smoke');
    const chat = await edge(HOSTS.ai, '/v1/chat/completions', {
      method: 'POST',
      headers: { authorization: `Bearer ${gatewayKey}` },
      body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'again' }] },
    });
    expect(chat.status).toBe(200);
    expect(cli('credits', 'show', 'smokeorg')).toMatch(/smokeorg/);
    const framework = await edge(HOSTS.strategy, '/v1/framework', {
      method: 'POST',
      headers: { apikey: strategyKey },
      body: { messages: [{ role: 'user', content: 'How do I set quarterly goals that connect teams to strategy?' }] },
    });
    expect(framework.status).toBe(200);
  }, 1_200_000);
});
