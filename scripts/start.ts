/**
 * `pnpm start`: boots every Latchkey component of this checkout on one machine.
 *
 * With `DATABASE_URL` (any database on a PostgreSQL server) each service gets
 * its own database on that server (names prefixed by `LATCHKEY_DATABASE_PREFIX`
 * when set); without it, each gets an embedded PGlite server. Without
 * `REDIS_URL`, the Redis-backed parts run in-process. Components are the apps
 * with a `src/launch.ts` (see packages/launcher), then the edge (nginx on
 * `LATCHKEY_EDGE_PORT`, default 8080) when nginx is installed and
 * `LATCHKEY_EDGE` is not `off`. Ports: `LATCHKEY_<NAME>_PORT`. State
 * (secrets, embedded data, edge logs): `LATCHKEY_STATE_DIR`, default `.latchkey`.
 * Ctrl-C stops everything, newest first; a second Ctrl-C exits at once.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { databaseUrl, ensureDatabase, startEmbeddedPostgres, canConnect, type EmbeddedPostgres } from '@latchkey/db';
import { DEFAULT_PORTS, type LaunchContext, type Launched, type LaunchModule, type PortName } from '@latchkey/launcher';
import { findExecutable } from '../packages/testing/src/binaries.js';
import { developmentVariables, startEdge, type RunningEdge } from '../infra/nginx/edge.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = path.resolve(process.env.LATCHKEY_STATE_DIR || path.join(root, '.latchkey'));
mkdirSync(stateDir, { recursive: true });

/** How long one component may take to stop before the launcher moves on. */
const STOP_TIMEOUT_MS = 10_000;

const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });

function secretsFile(): Record<string, string> {
  const file = path.join(stateDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return {};
}

const rel = (p: string) => (p.startsWith(root + path.sep) ? path.relative(root, p) : p);

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

async function main() {
  const ports = Object.fromEntries(
    Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, Number(process.env[`LATCHKEY_${name.toUpperCase()}_PORT`] || port)]),
  ) as Record<PortName, number>;
  const urls = Object.fromEntries(Object.entries(ports).map(([n, p]) => [n, `http://localhost:${p}`])) as Record<PortName, string>;

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && !(await canConnect(serverUrl))) {
    console.error(`DATABASE_URL is set but no PostgreSQL answers at it: ${serverUrl.replace(/\/\/[^@]*@/, '//***@')}`);
    process.exit(1);
  }
  const dbPrefix = process.env.LATCHKEY_DATABASE_PREFIX ?? '';
  const embedded = new Map<string, Promise<EmbeddedPostgres>>();
  let nextEmbeddedPort = Number(process.env.LATCHKEY_EMBEDDED_PG_PORT || 54330);
  const secrets = secretsFile();

  const ctx: LaunchContext = {
    ports,
    urls,
    root,
    stateDir,
    logger,
    redisUrl: process.env.REDIS_URL || undefined,
    shared: new Map(),
    async database(name) {
      if (serverUrl) {
        const url = databaseUrl(serverUrl, `${dbPrefix}${name}`);
        await ensureDatabase(url);
        return url;
      }
      if (!embedded.has(name)) {
        embedded.set(name, startEmbeddedPostgres({ dataDir: path.join(stateDir, 'data', name), port: nextEmbeddedPort++ }));
      }
      return (await embedded.get(name)!).url;
    },
    secret(name) {
      if (!secrets[name]) {
        secrets[name] = randomBytes(32).toString('hex');
        writeFileSync(path.join(stateDir, 'dev-secrets.json'), JSON.stringify(secrets, null, 2), { mode: 0o600 });
      }
      return secrets[name]!;
    },
  };

  const modules: Array<{ app: string; mod: LaunchModule }> = [];
  for (const app of readdirSync(path.join(root, 'apps')).sort()) {
    const file = path.join(root, 'apps', app, 'src', 'launch.ts');
    if (!existsSync(file)) continue;
    modules.push({ app, mod: (await import(pathToFileURL(file).href)) as LaunchModule });
  }
  modules.sort((a, b) => a.mod.launchOrder - b.mod.launchOrder);

  const running: Launched[] = [];
  let edge: RunningEdge | undefined;
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    if (edge) await edge.stop().catch((err) => console.error(`edge: ${(err as Error).message}`));
    for (const c of [...running].reverse()) {
      await withTimeout(c.stop(), STOP_TIMEOUT_MS, `${c.name} stop`).catch((err) => console.error(`  ${c.name}: ${(err as Error).message}`));
    }
    for (const [name, pg] of embedded) {
      await withTimeout(
        pg.then((p) => p.stop()),
        STOP_TIMEOUT_MS,
        `embedded PostgreSQL ${name}`,
      ).catch((err) => console.error(`  ${(err as Error).message}`));
    }
    console.log('Stopped.');
    process.exit(code);
  };
  // The launcher owns the signals: components may have installed handlers of
  // their own (a service's runService exits the process on SIGINT), which
  // would cut the shutdown of everything else short. Listeners present before
  // the launches (tsx's, which tells its parent process the signal arrived) stay.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const baseline = new Map(signals.map((sig) => [sig, new Set(process.rawListeners(sig))]));
  let firstSignalAt = 0;
  const onSignal = () => {
    if (stopping) {
      // Ctrl-C reaches the whole process group, and wrappers (pnpm, tsx) may relay it once more:
      // only a second Ctrl-C a moment later forces the exit.
      if (Date.now() - firstSignalAt > 1000) {
        console.log('\nForced exit.');
        process.exit(130);
      }
      return;
    }
    firstSignalAt = Date.now();
    void stopAll(0);
  };
  const ownSignals = () => {
    for (const sig of signals) {
      for (const listener of process.rawListeners(sig)) {
        if (listener !== onSignal && !baseline.get(sig)!.has(listener)) process.removeListener(sig, listener as () => void);
      }
      if (!process.rawListeners(sig).includes(onSignal)) process.on(sig, onSignal);
    }
  };
  ownSignals();

  const database = serverUrl ? `PostgreSQL from DATABASE_URL${dbPrefix ? ` (databases ${dbPrefix}*)` : ''}` : `embedded PostgreSQL (data in ${rel(path.join(stateDir, 'data'))})`;
  console.log(`Latchkey: starting ${modules.length} components (${database}, ${ctx.redisUrl ? 'Redis from REDIS_URL' : 'in-process Redis fallback'})`);
  for (const { app, mod } of modules) {
    const started = Date.now();
    try {
      const launched = await mod.launch(ctx);
      running.push(launched);
      ownSignals();
      console.log(`  ✓ ${launched.name.padEnd(14)} ${(launched.url ?? '').padEnd(24)} (${Date.now() - started} ms)`);
      if (stopping) return;
    } catch (err) {
      console.error(`  ✗ ${app}: ${(err as Error).stack ?? err}`);
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

  console.log('\nLatchkey is running.\n');
  console.log('Addresses');
  for (const c of running) if (c.url) console.log(`  ${c.name.padEnd(14)} ${c.url}`);
  console.log(`  ${edgeLine}`);
  for (const c of running) {
    if (!c.lines?.length) continue;
    console.log(`\n${c.name}`);
    for (const line of c.lines) console.log(`  ${line}`);
  }
  console.log('\nOperator CLI (in another shell, from this folder)');
  console.log(`  export LATCHKEY_ADMIN_TOKEN=${ctx.secret('admin-token')}`);
  const cliUrls: Array<[string, PortName]> = [
    ['LATCHKEY_AUTH_URL', 'auth'],
    ['LATCHKEY_SIGNIN_URL', 'signin'],
    ['LATCHKEY_STRATEGY_URL', 'strategy'],
    ['LATCHKEY_GATEWAY_URL', 'gateway'],
  ];
  for (const [env, name] of cliUrls) if (ports[name] !== DEFAULT_PORTS[name]) console.log(`  export ${env}=${urls[name]}`);
  console.log('  pnpm latchkey --help');
  console.log('\nPress Ctrl-C to stop.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
