/**
 * `pnpm start`: boots every Latchkey component of this checkout on one
 * machine, each in its own process (as they are deployed), and supervises them.
 *
 * With `DATABASE_URL` (any database on a PostgreSQL server) each service gets
 * its own database on that server (names prefixed by `LATCHKEY_DATABASE_PREFIX`
 * when set); without it, each gets an embedded PGlite server, run by this
 * supervisor so that a component's crash never touches its data. Without
 * `REDIS_URL`, the Redis-backed parts run in-process. Components are the apps
 * with a `src/launch.ts` (see packages/launcher), started in `launchOrder` by
 * scripts/start-component.ts, then the edge (nginx on `LATCHKEY_EDGE_PORT`,
 * default 8080) when nginx is installed and `LATCHKEY_EDGE` is not `off`.
 * Ports: `LATCHKEY_<NAME>_PORT`. State (secrets, embedded data, edge logs):
 * `LATCHKEY_STATE_DIR`, default `.latchkey`, locked by `launcher.pid` so that
 * two launchers never open the same data.
 *
 * A component that exits unexpectedly is reported and restarted after a
 * backoff (0.5 s, doubling to 30 s; back to 0.5 s once it has run for 60 s).
 * Ctrl-C (SIGINT) or SIGTERM stops everything, newest first; a second Ctrl-C
 * exits at once (the components still stop: they watch their supervisor).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireLock, databaseUrl, ensureDatabase, startEmbeddedPostgres, canConnect, LockedError, type EmbeddedPostgres } from '@latchkey/db';
import { DEFAULT_PORTS, isLauncherMessage, type FromComponent, type PortName, type ToComponent } from '@latchkey/launcher';
import { findExecutable } from '../packages/testing/src/binaries.js';
import { developmentVariables, startEdge, type RunningEdge } from '../infra/nginx/edge.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = path.resolve(process.env.LATCHKEY_STATE_DIR || path.join(root, '.latchkey'));
mkdirSync(stateDir, { recursive: true });

/** How long one component may take to stop before it is killed. */
const STOP_TIMEOUT_MS = 10_000;
/** How long one component may take to start. */
const START_TIMEOUT_MS = 120_000;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;
/** A component that ran this long since its last start gets the first backoff again. */
const BACKOFF_RESET_MS = 60_000;

const rel = (p: string) => (p.startsWith(root + path.sep) ? path.relative(root, p) : p);

function secretsFile(): Record<string, string> {
  const file = path.join(stateDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return {};
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
    timer.unref();
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

interface Component {
  app: string;
  order: number;
  /** The name it reports (e.g. `auth-central`); the app folder until then. */
  name: string;
  url?: string;
  lines?: string[];
  child?: ChildProcess;
  startedAt: number;
  restarts: number;
  failures: number;
  restartTimer?: NodeJS.Timeout;
}

/** `export const launchOrder = N` of a launch file, read without loading the app into the supervisor. */
function launchOrderOf(file: string): number {
  const m = /export\s+const\s+launchOrder\s*=\s*(\d+)/.exec(readFileSync(file, 'utf8'));
  if (!m) throw new Error(`${rel(file)} has no \`export const launchOrder = <number>\``);
  return Number(m[1]);
}

const signalName = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `signal ${signal}` : `code ${code}`);

async function main() {
  let lock: { release(): void; stale?: number };
  try {
    lock = acquireLock(path.join(stateDir, 'launcher.pid'), `the state directory ${rel(stateDir)}`);
  } catch (err) {
    if (!(err instanceof LockedError)) throw err;
    console.error(
      `Another pnpm start (pid ${err.pid}) is using ${rel(stateDir)}: stop it first (Ctrl-C in its terminal, or kill ${err.pid}),\n` +
        'or give this one its own state directory and ports (LATCHKEY_STATE_DIR, LATCHKEY_*_PORT).',
    );
    process.exit(1);
  }
  if (lock.stale) console.log(`(the previous launcher, pid ${lock.stale}, did not stop cleanly; its lock was taken over)`);

  const ports = Object.fromEntries(
    Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, Number(process.env[`LATCHKEY_${name.toUpperCase()}_PORT`] || port)]),
  ) as Record<PortName, number>;
  const urls = Object.fromEntries(Object.entries(ports).map(([n, p]) => [n, `http://localhost:${p}`])) as Record<PortName, string>;

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && !(await canConnect(serverUrl))) {
    console.error(`DATABASE_URL is set but no PostgreSQL answers at it: ${serverUrl.replace(/\/\/[^@]*@/, '//***@')}`);
    lock.release();
    process.exit(1);
  }
  const dbPrefix = process.env.LATCHKEY_DATABASE_PREFIX ?? '';
  const redisUrl = process.env.REDIS_URL || undefined;
  const embedded = new Map<string, Promise<EmbeddedPostgres>>();
  let nextEmbeddedPort = Number(process.env.LATCHKEY_EMBEDDED_PG_PORT || 54330);
  const secrets = secretsFile();
  const shared: Record<string, unknown> = {};

  /** The URL of database `name`: on the DATABASE_URL server, or an embedded server of its own (run here). */
  const database = async (name: string): Promise<string> => {
    if (serverUrl) {
      const url = databaseUrl(serverUrl, `${dbPrefix}${name}`);
      await ensureDatabase(url);
      return url;
    }
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`invalid database name "${name}"`);
    if (!embedded.has(name)) {
      const started = startEmbeddedPostgres({ dataDir: path.join(stateDir, 'data', name), port: nextEmbeddedPort++ });
      embedded.set(name, started);
      started.catch(() => embedded.delete(name));
    }
    return (await embedded.get(name)!).url;
  };
  const persistSecrets = () => writeFileSync(path.join(stateDir, 'dev-secrets.json'), JSON.stringify(secrets, null, 2), { mode: 0o600 });
  const secret = (name: string): string => {
    if (!secrets[name]) {
      secrets[name] = randomBytes(32).toString('hex');
      persistSecrets();
    }
    return secrets[name]!;
  };

  const components: Component[] = [];
  for (const app of readdirSync(path.join(root, 'apps')).sort()) {
    const file = path.join(root, 'apps', app, 'src', 'launch.ts');
    if (!existsSync(file)) continue;
    components.push({ app, order: launchOrderOf(file), name: app, startedAt: 0, restarts: 0, failures: 0 });
  }
  components.sort((a, b) => a.order - b.order);

  let edge: RunningEdge | undefined;
  let stopping = false;

  /** Starts `c` in a process of its own; resolves once it answers (its launch() returned). */
  const spawnComponent = (c: Component): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const child = fork(path.join(root, 'scripts', 'start-component.ts'), [c.app], {
        cwd: root,
        execArgv: ['--import', 'tsx', '--conditions=source'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        // Its own process group: a terminal's Ctrl-C reaches the supervisor, which stops the components in order.
        detached: true,
      });
      c.child = child;
      c.startedAt = Date.now();
      let ready = false;
      const reply = (msg: ToComponent) => {
        if (child.connected) child.send(msg);
      };
      child.on('message', (raw) => {
        if (!isLauncherMessage<FromComponent>(raw)) return;
        const msg = raw;
        switch (msg.type) {
          case 'database':
            database(msg.name).then(
              (url) => reply({ lk: 1, type: 'database', id: msg.id, url }),
              (err: Error) => reply({ lk: 1, type: 'database', id: msg.id, error: err.message }),
            );
            break;
          case 'secret':
            if (!secrets[msg.name]) {
              secrets[msg.name] = msg.value;
              persistSecrets();
            }
            break;
          case 'shared':
            shared[msg.key] = msg.value;
            break;
          case 'ready':
            ready = true;
            c.name = msg.name;
            c.url = msg.url;
            c.lines = msg.lines;
            resolve();
            break;
          case 'failed':
            reject(new Error(msg.error));
            break;
        }
      });
      child.once('exit', (code, signal) => {
        if (c.child === child) c.child = undefined;
        if (!ready) reject(new Error(`exited while starting (${signalName(code, signal)})`));
        else if (!stopping) scheduleRestart(c, `exited unexpectedly (${signalName(code, signal)})`);
      });
      reply({
        lk: 1,
        type: 'launch',
        app: c.app,
        ports,
        urls,
        root,
        stateDir,
        redisUrl,
        shared: { ...shared },
        secrets: { ...secrets },
      });
    });

  const scheduleRestart = (c: Component, why: string) => {
    if (stopping || c.restartTimer) return;
    if (Date.now() - c.startedAt >= BACKOFF_RESET_MS) c.failures = 0;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** c.failures);
    c.failures++;
    console.error(`  ✗ ${c.name} ${why}; restarting in ${delay / 1000} s`);
    c.restartTimer = setTimeout(() => {
      c.restartTimer = undefined;
      if (stopping) return;
      const started = Date.now();
      withTimeout(spawnComponent(c), START_TIMEOUT_MS, `${c.name} start`).then(
        () => {
          c.restarts++;
          console.log(`  ✓ ${c.name.padEnd(14)} ${(c.url ?? '').padEnd(24)} restarted (${Date.now() - started} ms, restart ${c.restarts})`);
        },
        (err: Error) => {
          c.child?.kill('SIGKILL');
          scheduleRestart(c, `did not restart: ${err.message.split('\n')[0]}`);
        },
      );
    }, delay);
  };

  const stopComponent = async (c: Component) => {
    const child = c.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.connected) child.send({ lk: 1, type: 'stop' } satisfies ToComponent);
    else child.kill('SIGTERM');
    await withTimeout(exited, STOP_TIMEOUT_MS, `${c.name} stop`).catch((err) => {
      console.error(`  ${(err as Error).message}; killing it`);
      child.kill('SIGKILL');
      return exited;
    });
  };

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    for (const c of components) clearTimeout(c.restartTimer);
    if (edge) await edge.stop().catch((err) => console.error(`edge: ${(err as Error).message}`));
    for (const c of [...components].reverse()) await stopComponent(c);
    for (const [name, pg] of embedded) {
      await withTimeout(
        pg.then((p) => p.stop()),
        STOP_TIMEOUT_MS,
        `embedded PostgreSQL ${name}`,
      ).catch((err) => console.error(`  ${(err as Error).message}`));
    }
    lock.release();
    console.log('Stopped.');
    process.exit(code);
  };

  let firstSignalAt = 0;
  const onSignal = () => {
    if (stopping) {
      // Ctrl-C reaches the whole process group, and wrappers (pnpm, tsx) may relay it once more:
      // only a second Ctrl-C a moment later forces the exit.
      if (Date.now() - firstSignalAt > 1000) {
        console.log('\nForced exit.');
        lock.release();
        process.exit(130);
      }
      return;
    }
    firstSignalAt = Date.now();
    void stopAll(0);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, onSignal);

  const where = serverUrl
    ? `PostgreSQL from DATABASE_URL${dbPrefix ? ` (databases ${dbPrefix}*)` : ''}`
    : `embedded PostgreSQL (data in ${rel(path.join(stateDir, 'data'))})`;
  console.log(
    `Latchkey: starting ${components.length} components, each in its own process (${where}, ${redisUrl ? 'Redis from REDIS_URL' : 'in-process Redis fallback'})`,
  );
  for (const c of components) {
    const started = Date.now();
    try {
      await withTimeout(spawnComponent(c), START_TIMEOUT_MS, `${c.app} start`);
      console.log(`  ✓ ${c.name.padEnd(14)} ${(c.url ?? '').padEnd(24)} (${Date.now() - started} ms, pid ${c.child?.pid})`);
      if (stopping) return;
    } catch (err) {
      if (stopping) return;
      console.error(`  ✗ ${c.app}: ${(err as Error).message}`);
      await stopAll(1);
      return;
    }
  }

  // The edge: every service behind one port, by path prefix (infra/nginx/dev).
  let edgeLine: string;
  const nginx = process.env.LATCHKEY_EDGE === 'off' ? null : findExecutable('nginx');
  if (process.env.LATCHKEY_EDGE === 'off') edgeLine = 'edge           skipped (LATCHKEY_EDGE=off)';
  else if (!nginx) edgeLine = 'edge           skipped: nginx is not installed (apt-get install nginx, or brew install nginx)';
  else {
    const dir = path.join(stateDir, 'edge');
    const started = Date.now();
    try {
      edge = await startEdge({ nginx, dir, mode: 'development', vars: developmentVariables(ports, path.join(dir, 'access.log')) });
      edge.process.once('exit', (code) => {
        if (!stopping) console.error(`edge (nginx) exited unexpectedly (code ${code}); see ${rel(path.join(dir, 'error.log'))}`);
        edge = undefined;
      });
      console.log(`  ✓ ${'edge (nginx)'.padEnd(14)} ${urls.edge.padEnd(24)} (${Date.now() - started} ms)`);
      edgeLine = `edge           ${urls.edge}  (/auth/ /signin/ /strategy/ /ai/ → the services, prefix stripped)`;
    } catch (err) {
      edgeLine = `edge           skipped: nginx did not start (${(err as Error).message.split('\n')[0]})`;
      console.error(`  ✗ edge (nginx): ${(err as Error).message}`);
    }
  }
  if (stopping) return;

  console.log('\nLatchkey is running.\n');
  console.log('Addresses');
  for (const c of components) if (c.url) console.log(`  ${c.name.padEnd(14)} ${c.url}`);
  console.log(`  ${edgeLine}`);
  for (const c of components) {
    if (!c.lines?.length) continue;
    console.log(`\n${c.name}`);
    for (const line of c.lines) console.log(`  ${line}`);
  }
  console.log('\nOperator CLI (in another shell, from this folder)');
  console.log(`  export LATCHKEY_ADMIN_TOKEN=${secret('admin-token')}`);
  const cliUrls: Array<[string, PortName]> = [
    ['LATCHKEY_AUTH_URL', 'auth'],
    ['LATCHKEY_SIGNIN_URL', 'signin'],
    ['LATCHKEY_STRATEGY_URL', 'strategy'],
    ['LATCHKEY_GATEWAY_URL', 'gateway'],
  ];
  for (const [env, name] of cliUrls) if (ports[name] !== DEFAULT_PORTS[name]) console.log(`  export ${env}=${urls[name]}`);
  console.log('  pnpm latchkey --help');
  console.log('\nSupervised: a component that exits is restarted and reported here. Press Ctrl-C to stop.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
