/**
 * `pnpm start` boots whatever components have a `src/launch.ts`, on ports of
 * its own and a state directory of its own, answers on each, and stops
 * cleanly on Ctrl-C (SIGINT).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { findExecutable, postgresServerUrl } from '@latchkey/testing';
import { DEFAULT_PORTS, type PortName } from '@latchkey/launcher';
import { freePort } from './helpers.js';

// Only a hang fails: on a loaded two-core CI machine (the whole suite running beside it) one
// component took over a minute to come up. embedded-start.test.ts waits as long.
const BOOT_MS = 240_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const launchable = readdirSync(path.join(root, 'apps')).filter((app) => existsSync(path.join(root, 'apps', app, 'src', 'launch.ts')));

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function dropDatabases(serverUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

describe('pnpm start', () => {
  let stateDir: string;
  let child: ChildProcess | undefined;
  let serverUrl: string | null = null;
  const dbPrefix = `test_start_${randomBytes(4).toString('hex')}_`;

  beforeAll(async () => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'latchkey-start-'));
    serverUrl = await postgresServerUrl();
  });

  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    if (serverUrl) await dropDatabases(serverUrl, dbPrefix);
    rmSync(stateDir, { recursive: true, force: true });
  });

  it(
    `boots the ${launchable.length} components with a launch file (${launchable.join(', ')}), answers, and stops on SIGINT`,
    async () => {
      const ports = {} as Record<PortName, number>;
      for (const name of Object.keys(DEFAULT_PORTS) as PortName[]) ports[name] = await freePort();

      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const key of Object.keys(env)) if (/^LATCHKEY_.*_PORT$/.test(key)) delete env[key];
      delete env.NODE_OPTIONS; // jest's --experimental-vm-modules
      delete env.REDIS_URL; // in-process fallbacks: nothing shared with other tests
      delete env.DATABASE_URL;
      Object.assign(env, {
        LOG_LEVEL: 'warn',
        LATCHKEY_STATE_DIR: stateDir,
        ...(serverUrl ? { DATABASE_URL: serverUrl, LATCHKEY_DATABASE_PREFIX: dbPrefix } : {}),
        ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [`LATCHKEY_${name.toUpperCase()}_PORT`, String(port)])),
      });

      let output = '';
      // `pnpm start` itself, in a process group of its own so that Ctrl-C can be
      // sent the way a terminal does: to every process of the group.
      const pnpm = findExecutable('pnpm');
      const [cmd, args] = pnpm ? [pnpm, ['start']] : [process.execPath, ['--import', 'tsx', '--conditions=source', 'scripts/start.ts']];
      child = spawn(cmd, args, {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child!.once('exit', (code, signal) => resolve({ code, signal })),
      );

      // Up: "Latchkey is running." (or an early exit, which fails with the output).
      const ready = await Promise.race([
        new Promise<boolean>((resolve) => {
          const timer = setInterval(() => {
            if (output.includes('Latchkey is running.') && output.includes('Press Ctrl-C to stop.')) {
              clearInterval(timer);
              resolve(true);
            }
          }, 100);
          void exited.then(() => clearInterval(timer));
        }),
        exited.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), BOOT_MS).unref()),
      ]);
      if (!ready) throw new Error(`pnpm start did not come up:\n${output}`);

      // Every launch file gave a component, each listening where it says.
      const started = [...output.matchAll(/^ {2}✓ (\S+(?: \(nginx\))?)\s+(http:\/\/localhost:\d+)/gm)].map((m) => ({ name: m[1]!, url: m[2]! }));
      const components = started.filter((c) => c.name !== 'edge (nginx)');
      expect(components).toHaveLength(launchable.length);
      for (const c of components) {
        const probe = c.name === 'dev-idp' ? '/.well-known/openid-configuration' : '/healthz';
        const res = await fetch(`${c.url.replace('localhost', '127.0.0.1')}${probe}`);
        expect({ component: c.name, status: res.status }).toEqual({ component: c.name, status: 200 });
        await res.arrayBuffer();
      }
      // On the ports asked for.
      for (const c of components) expect(Object.values(ports)).toContain(Number(new URL(c.url).port));

      // app-signin prints the development mailbox of end users' mail, and serves it.
      const mailbox = /end-user mail \(verification, password reset\): (http:\/\/\S+\/dev\/mailbox)/.exec(output)?.[1];
      expect(mailbox).toBeDefined();
      const box = await fetch(`http://127.0.0.1:${ports.signin}/dev/mailbox`);
      expect(box.status).toBe(200);
      expect(await box.json()).toEqual([]);

      // The operator token line matches the secret the services were given.
      const secrets = JSON.parse(readFileSync(path.join(stateDir, 'dev-secrets.json'), 'utf8')) as Record<string, string>;
      expect(output).toContain(`export LATCHKEY_ADMIN_TOKEN=${secrets['admin-token']}`);

      // The edge, when nginx is installed, routes the prefixes of the services that run.
      const edge = started.find((c) => c.name === 'edge (nginx)');
      if (findExecutable('nginx')) {
        expect(edge?.url).toBe(`http://localhost:${ports.edge}`);
        const health = await fetch(`http://127.0.0.1:${ports.edge}/edge/healthz`);
        expect(health.status).toBe(200);
        await health.text();
        const prefixes: Record<string, string> = { 'auth-central': '/auth', 'app-signin': '/signin', strategy: '/strategy', 'ai-gateway': '/ai' };
        for (const c of components.filter((x) => prefixes[x.name])) {
          const res = await fetch(`http://127.0.0.1:${ports.edge}${prefixes[c.name]}/healthz`);
          expect({ via: `edge ${prefixes[c.name]}`, status: res.status }).toEqual({ via: `edge ${prefixes[c.name]}`, status: 200 });
          await res.text();
        }
      } else {
        expect(output).toMatch(/edge\s+skipped: nginx is not installed/);
      }

      // Ctrl-C: everything stops within a few seconds. (pnpm itself dies of the
      // SIGINT at once; the launcher, its child, stops the components and exits.)
      const t0 = Date.now();
      process.kill(-child.pid!, 'SIGINT');
      const stopped = await new Promise<boolean>((resolve) => {
        const timer = setInterval(() => {
          if (output.includes('Stopped.')) {
            clearInterval(timer);
            resolve(true);
          } else if (Date.now() - t0 > 15_000) {
            clearInterval(timer);
            resolve(false);
          }
        }, 100);
      });
      if (!stopped) throw new Error(`pnpm start did not stop within 15 s of SIGINT:\n${output}`);
      const result = await exited;
      expect([JSON.stringify({ code: 0, signal: null }), JSON.stringify({ code: null, signal: 'SIGINT' })]).toContain(JSON.stringify(result));
      expect(output).not.toContain('Forced exit');
      expect(output).not.toMatch(/did not finish within/);
      // Every port is free again once the launcher has exited.
      const deadline = Date.now() + 5000;
      for (const port of Object.values(ports)) {
        while ((await portOpen(port)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        expect({ port, open: await portOpen(port) }).toEqual({ port, open: false });
      }
    },
    BOOT_MS + 60_000,
  );
});
