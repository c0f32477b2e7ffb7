/**
 * Private dependency servers for outage and fault tests: a `redis-server`
 * and a PostgreSQL (`initdb` + `postgres`) of their own, on free loopback
 * ports, that a test can stop, kill and start again on the same port and
 * data — unlike the shared servers of `createTestDatabase`/`createTestRedis`,
 * which tests must never take down.
 *
 * Each is a child process of the test process; they are killed when the test
 * process exits, whatever happens. When a binary is missing, the
 * `describeWithPrivate*` helpers skip the block with one line naming the tool
 * and its install command (and throw under `LATCHKEY_REQUIRE_SERVICES=1`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable } from './binaries.js';
import { waitFor } from './poll.js';

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of live) c.kill('SIGKILL');
    });
  }
}

/**
 * Ports handed out for a program to bind later: below the operating system's ephemeral range (Linux 32768-60999),
 * so that an outgoing connection or another test's `listen(0)` cannot take the port between this check and the
 * program's own bind (seen as EADDRINUSE when a launcher started several services under a loaded test run).
 */
const PORT_RANGE = { from: 10_000, to: 32_000 };

/** Whether 127.0.0.1:`port` can be bound right now (bound and released at once). */
function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for programs that cannot take port 0: chosen at random
 * between 10,000 and 32,000 (see `PORT_RANGE`).
 * @throws Error when 200 tries found no free port.
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (await canBind(port)) return port;
  }
  throw new Error(`no free port between ${PORT_RANGE.from} and ${PORT_RANGE.to} after 200 tries`);
}

/** True once something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A dependency server under the test's control. */
export interface PrivateServer {
  /** Connection URL (`redis://127.0.0.1:N` or `postgresql://postgres@127.0.0.1:N/postgres`). */
  readonly url: string;
  readonly port: number;
  /** True while the process runs. */
  readonly running: boolean;
  /** Starts it again on the same port (and data directory); resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it: a clean shutdown by default, `SIGKILL` with `{ kill: true }`. Resolves once the process is gone. */
  stop(opts?: { kill?: boolean }): Promise<void>;
  /** Stops it for good and removes its files. */
  close(): Promise<void>;
}

/** Why a private server cannot be started here (a missing tool), or null. */
export function privateRedisMissing(): string | null {
  return findExecutable('redis-server') ? null : 'redis-server is not installed (apt-get install -y redis-server)';
}

/**
 * Starts `redis-server --port <free> --save ''` (no persistence unless
 * `appendOnly`), its working files in a temporary directory.
 * @throws Error when redis-server is missing or does not start within 20 s.
 */
export async function startPrivateRedis(opts: { appendOnly?: boolean } = {}): Promise<PrivateServer> {
  const bin = findExecutable('redis-server');
  if (!bin) throw new Error(privateRedisMissing()!);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lk-redis-'));
  let child: ChildProcess | undefined;
  const server: PrivateServer = {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      if (server.running) return;
      const args = [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        opts.appendOnly ? 'yes' : 'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ];
      const c = spawn(bin, args, { stdio: 'ignore' });
      child = c;
      track(c);
      await waitFor(
        async () => {
          if (c.exitCode !== null) throw new Error(`redis-server exited with code ${c.exitCode} on port ${port}`);
          return accepts(port);
        },
        20_000,
        `redis-server on port ${port}`,
      );
    },
    async stop(o = {}) {
      const c = child;
      if (!c || !server.running) return;
      c.kill(o.kill ? 'SIGKILL' : 'SIGTERM');
      await exited(c);
    },
    async close() {
      await server.stop({ kill: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** The folder of PostgreSQL's server binaries (`initdb`, `postgres`), or null. */
export function postgresBinDir(): string | null {
  const has = (d: string) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'postgres'));
  const onPath = findExecutable('initdb');
  const candidates: string[] = [];
  const pgConfig = findExecutable('pg_config');
  if (pgConfig) {
    const r = spawnSync(pgConfig, ['--bindir'], { encoding: 'utf8' });
    if (r.status === 0) candidates.push(r.stdout.trim());
  }
  if (existsSync('/usr/lib/postgresql')) {
    for (const v of readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))) candidates.push(`/usr/lib/postgresql/${v}/bin`);
  }
  for (const d of candidates) if (has(d)) return d;
  if (onPath) {
    const d = onPath.replace(/\/initdb$/, '');
    if (has(d)) return d;
  }
  return null;
}

/** Why a private PostgreSQL cannot be started here, or null. */
export function privatePostgresMissing(): string | null {
  return postgresBinDir() ? null : 'initdb/postgres are not installed (apt-get install -y postgresql)';
}

/** uid/gid to run PostgreSQL as when the test runs as root (it refuses root). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['postgres', 'nobody']) {
    const line = passwd.find((l) => l.startsWith(`${name}:`));
    if (line) {
      const [, , uid, gid] = line.split(':');
      return { uid: Number(uid), gid: Number(gid) };
    }
  }
  throw new Error('running as root and no postgres or nobody user to run PostgreSQL as');
}

/**
 * Creates a PostgreSQL cluster in a temporary directory (`initdb`, trust
 * authentication, user `postgres`, fsync off) and starts `postgres` on a
 * free loopback port. `stop()` is a fast shutdown (SIGINT), `stop({kill})`
 * an immediate one (SIGQUIT: the server's crash path, no checkpoint);
 * `start()` brings the same cluster back on the same port.
 * @throws Error when the binaries are missing or the server does not start within 60 s.
 */
export async function startPrivatePostgres(): Promise<PrivateServer> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error(privatePostgresMissing()!);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'lk-pg-'));
  const data = join(dir, 'data');
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const init = spawnSync(join(binDir, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'], {
    encoding: 'utf8',
    ...(user ?? {}),
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  let child: ChildProcess | undefined;
  let log = '';
  const server: PrivateServer = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      if (server.running) return;
      const args = [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=100',
      ];
      const c = spawn(join(binDir, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], ...(user ?? {}) });
      c.stderr?.on('data', (b: Buffer) => {
        log = (log + b.toString()).slice(-4000);
      });
      child = c;
      track(c);
      await waitFor(
        async () => {
          if (c.exitCode !== null) throw new Error(`postgres exited with code ${c.exitCode}: ${log}`);
          return (await accepts(port)) && /ready to accept connections/.test(log);
        },
        60_000,
        `postgres on port ${port}`,
      );
      log = '';
    },
    async stop(o = {}) {
      const c = child;
      if (!c || !server.running) return;
      c.kill(o.kill ? 'SIGQUIT' : 'SIGINT');
      await exited(c);
      // Wait until the port is free, so that a restart binds it at once.
      await waitFor(async () => !(await accepts(port)), 20_000, `port ${port} to close`);
    },
    async close() {
      await server.stop({ kill: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

function describeWhen(missing: string | null): jest.Describe {
  if (!missing) return describe;
  if (process.env.LATCHKEY_REQUIRE_SERVICES === '1') throw new Error(`LATCHKEY_REQUIRE_SERVICES=1 but ${missing}`);
  console.warn(`${missing}: skipping the tests that need a private server`);
  return describe.skip;
}

/** `describe` when a private Redis can be started, else `describe.skip` with one line naming the tool. */
export function describeWithPrivateRedis(): jest.Describe {
  return describeWhen(privateRedisMissing());
}

/** `describe` when a private PostgreSQL can be started, else `describe.skip` with one line naming the tools. */
export function describeWithPrivatePostgres(): jest.Describe {
  return describeWhen(privatePostgresMissing());
}
