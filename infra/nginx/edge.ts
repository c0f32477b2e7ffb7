/**
 * Renders the edge's nginx templates and runs nginx in the foreground.
 *
 * The templates in `templates/` (production: 00-common + 10-hosts) and
 * `dev/` (development: 20-dev, with 00-common) are the files production
 * uses: the official nginx image renders `/etc/nginx/templates/*.template`
 * with envsubst. `renderTemplate` does the same substitution (only the
 * `LATCHKEY_*` names below; every other `$name` is an nginx variable), so
 * `pnpm start` and the tests run exactly the shipped configuration.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX_DIR = path.dirname(fileURLToPath(import.meta.url));

/** Every variable the templates use. */
export const EDGE_VARIABLES = [
  'LATCHKEY_EDGE_PORT',
  'LATCHKEY_ACCESS_LOG',
  'LATCHKEY_FORWARDED_PROTO',
  'LATCHKEY_RESOLVER',
  'LATCHKEY_AUTH_UPSTREAM',
  'LATCHKEY_SIGNIN_UPSTREAM',
  'LATCHKEY_STRATEGY_UPSTREAM',
  'LATCHKEY_AI_UPSTREAM',
  'LATCHKEY_AUTH_HOST',
  'LATCHKEY_SIGNIN_HOST',
  'LATCHKEY_STRATEGY_HOST',
  'LATCHKEY_AI_HOST',
] as const;

export type EdgeVariable = (typeof EDGE_VARIABLES)[number];
export type EdgeVariables = Record<EdgeVariable, string>;

/** Which server blocks to render: host names (production) or path prefixes on one port (development). */
export type EdgeMode = 'production' | 'development';

/** The template files of a mode, in include order. */
export function templateFiles(mode: EdgeMode): string[] {
  const prod = readdirSync(path.join(NGINX_DIR, 'templates'))
    .filter((f) => f.endsWith('.conf.template'))
    .sort()
    .map((f) => path.join(NGINX_DIR, 'templates', f));
  const common = prod.filter((f) => path.basename(f).startsWith('00-'));
  const hosts = prod.filter((f) => !path.basename(f).startsWith('00-'));
  const dev = readdirSync(path.join(NGINX_DIR, 'dev'))
    .filter((f) => f.endsWith('.conf.template'))
    .sort()
    .map((f) => path.join(NGINX_DIR, 'dev', f));
  return mode === 'production' ? [...common, ...hosts] : [...common, ...dev];
}

/**
 * envsubst restricted to `EDGE_VARIABLES`: `${NAME}` of a listed name is
 * replaced, everything else is left alone.
 * @throws Error when a listed variable used by the text has no value.
 */
export function renderTemplate(text: string, vars: Partial<EdgeVariables>): string {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (whole, name: string) => {
    if (!(EDGE_VARIABLES as readonly string[]).includes(name)) return whole;
    const value = vars[name as EdgeVariable];
    if (value === undefined || value === '') throw new Error(`nginx template variable ${name} has no value`);
    return value;
  });
}

/** Values for the development edge in front of `pnpm start`'s services. */
export function developmentVariables(
  ports: { edge: number; auth: number; signin: number; strategy: number; gateway: number },
  accessLog: string,
): EdgeVariables {
  return {
    LATCHKEY_EDGE_PORT: String(ports.edge),
    LATCHKEY_ACCESS_LOG: accessLog,
    LATCHKEY_FORWARDED_PROTO: '$scheme',
    // Only asked for host names; the development upstreams are addresses.
    LATCHKEY_RESOLVER: '127.0.0.1',
    LATCHKEY_AUTH_UPSTREAM: `127.0.0.1:${ports.auth}`,
    LATCHKEY_SIGNIN_UPSTREAM: `127.0.0.1:${ports.signin}`,
    LATCHKEY_STRATEGY_UPSTREAM: `127.0.0.1:${ports.strategy}`,
    LATCHKEY_AI_UPSTREAM: `127.0.0.1:${ports.gateway}`,
    LATCHKEY_AUTH_HOST: 'auth.localhost',
    LATCHKEY_SIGNIN_HOST: 'signin.localhost',
    LATCHKEY_STRATEGY_HOST: 'api.localhost',
    LATCHKEY_AI_HOST: 'ai.localhost',
  };
}

/**
 * Writes a self-contained nginx prefix directory: `conf.d/*.conf` rendered
 * from the templates of `mode`, and a main `nginx.conf` (foreground, pid,
 * logs and temp files inside `dir`) that includes them, as the image's own
 * nginx.conf does. `extraConf` (file name → text) adds files to `conf.d/`
 * as an operator would, e.g. `upstream latchkey_auth_pool { server …; server …; }`
 * named by `LATCHKEY_AUTH_UPSTREAM=latchkey_auth_pool`.
 * @returns the path of the main configuration file.
 */
export function writeEdgeConfig(opts: { dir: string; mode: EdgeMode; vars: EdgeVariables; extraConf?: Record<string, string> }): string {
  const confd = path.join(opts.dir, 'conf.d');
  const tmp = path.join(opts.dir, 'tmp');
  mkdirSync(confd, { recursive: true });
  for (const stale of readdirSync(confd)) if (stale.endsWith('.conf')) rmSync(path.join(confd, stale));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(tmp, sub), { recursive: true });
  for (const file of templateFiles(opts.mode)) {
    const out = path.join(confd, path.basename(file).replace(/\.template$/, ''));
    writeFileSync(out, renderTemplate(readFileSync(file, 'utf8'), opts.vars));
  }
  // Operator additions next to the shipped files, e.g. `upstream` pools of several servers.
  for (const [name, text] of Object.entries(opts.extraConf ?? {})) writeFileSync(path.join(confd, name), text);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const main = [
    '# Generated by infra/nginx/edge.ts: a foreground nginx in this directory.',
    'daemon off;',
    'worker_processes 1;',
    // As root (CI, containers) the workers would switch to `nobody`, who cannot write this directory.
    asRoot ? 'user root;' : '',
    `pid ${path.join(opts.dir, 'nginx.pid')};`,
    `error_log ${path.join(opts.dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    default_type application/octet-stream;',
    `    client_body_temp_path ${path.join(tmp, 'body')};`,
    `    proxy_temp_path ${path.join(tmp, 'proxy')};`,
    `    fastcgi_temp_path ${path.join(tmp, 'fastcgi')};`,
    `    uwsgi_temp_path ${path.join(tmp, 'uwsgi')};`,
    `    scgi_temp_path ${path.join(tmp, 'scgi')};`,
    `    include ${path.join(confd, '*.conf')};`,
    '}',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n');
  const conf = path.join(opts.dir, 'nginx.conf');
  writeFileSync(conf, `${main}\n`);
  return conf;
}

export interface RunningEdge {
  process: ChildProcess;
  /** Main configuration file. */
  config: string;
  /** Contents of the error log so far. */
  errorLog(): string;
  /** Graceful stop (SIGQUIT), then SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
}

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

/**
 * Starts `nginx` in the foreground as a child process on a prefix directory
 * written by `writeEdgeConfig`, and waits until `port` accepts connections.
 * @throws Error (with nginx's error log) when nginx exits or does not listen within `timeoutMs`.
 */
/**
 * Stops an nginx left behind in `dir` by a launcher that died without
 * stopping it (its pid file names a live nginx of this prefix directory whose
 * parent is gone, i.e. re-parented to init).
 * @returns true when one was stopped.
 */
export function stopOrphanedEdge(dir: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(dir, 'nginx.pid'), 'utf8').trim());
    if (!pid) return false;
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const ours = cmdline[0]?.includes('nginx') && cmdline.includes('-p') && cmdline[cmdline.indexOf('-p') + 1] === dir;
    if (!ours || ppid !== 1) return false;
    process.kill(pid, 'SIGQUIT');
    return true;
  } catch {
    return false;
  }
}

export async function startEdge(opts: {
  nginx: string;
  dir: string;
  mode: EdgeMode;
  vars: EdgeVariables;
  extraConf?: Record<string, string>;
  timeoutMs?: number;
}): Promise<RunningEdge> {
  if (stopOrphanedEdge(opts.dir)) await new Promise((r) => setTimeout(r, 300));
  const config = writeEdgeConfig(opts);
  const errorLogFile = path.join(opts.dir, 'error.log');
  writeFileSync(errorLogFile, '', { flag: 'a' });
  const errorLog = () => readFileSync(errorLogFile, 'utf8');
  let stderr = '';
  const child = spawn(opts.nginx, ['-p', opts.dir, '-c', config, '-e', errorLogFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  child.once('error', (err) => {
    stderr += String(err);
    exited = true;
  });

  const stop = async (timeoutMs = 5000) => {
    if (exited) return;
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exit;
    clearTimeout(timer);
  };

  const port = Number(opts.vars.LATCHKEY_EDGE_PORT);
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  while (!(await portOpen(port))) {
    if (exited || Date.now() > deadline) {
      await stop(500);
      throw new Error(`nginx did not start on port ${port}:\n${stderr}\n${errorLog()}`.trim());
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { process: child, config, errorLog, stop };
}
