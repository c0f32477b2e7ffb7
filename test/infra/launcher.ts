/** Runs the real `pnpm start` for repository-level tests: free ports, a state directory of its own. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findExecutable } from '@latchkey/testing';
import { DEFAULT_PORTS, type PortName } from '@latchkey/launcher';
import { freePort } from './helpers.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningLauncher {
  child: ChildProcess;
  ports: Record<PortName, number>;
  stateDir: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first match of `pattern` in the output; rejects after `ms` or when the launcher exits first. */
  waitFor(pattern: RegExp, ms: number): Promise<RegExpMatchArray>;
}

/**
 * Starts `pnpm start` (or its script when pnpm is not on the PATH) in a
 * process group of its own, the way a terminal does.
 * @param opts.env extra variables; DATABASE_URL, REDIS_URL and LATCHKEY_*_PORT of this process are removed first.
 */
export async function startLauncher(opts: { env?: NodeJS.ProcessEnv; stateDir?: string; ports?: Record<PortName, number> } = {}): Promise<RunningLauncher> {
  const ports = opts.ports ?? ({} as Record<PortName, number>);
  if (!opts.ports) for (const name of Object.keys(DEFAULT_PORTS) as PortName[]) ports[name] = await freePort();
  const stateDir = opts.stateDir ?? mkdtempSync(path.join(tmpdir(), 'latchkey-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (/^LATCHKEY_.*_PORT$/.test(key)) delete env[key];
  delete env.NODE_OPTIONS; // jest's --experimental-vm-modules
  delete env.REDIS_URL;
  delete env.DATABASE_URL;
  Object.assign(env, {
    LOG_LEVEL: 'warn',
    LATCHKEY_STATE_DIR: stateDir,
    LATCHKEY_EMBEDDED_PG_PORT: String(await freePort()),
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [`LATCHKEY_${name.toUpperCase()}_PORT`, String(port)])),
    ...opts.env,
  });
  const pnpm = findExecutable('pnpm');
  const [cmd, args] = pnpm ? [pnpm, ['start']] : [process.execPath, ['--import', 'tsx', '--conditions=source', 'scripts/start.ts']];
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    output += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (pattern: RegExp, ms: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = output.match(pattern);
        if (!m) return;
        done();
        resolve(m);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} in the launcher's output within ${ms / 1000} s:\n${output}`));
      }, ms);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then(() => {
        // Let the last output arrive, then decide.
        setImmediate(() => {
          if (!listeners.has(check)) return;
          check();
          if (!listeners.has(check)) return;
          done();
          reject(new Error(`the launcher exited before ${pattern} appeared:\n${output}`));
        });
      });
      check();
    });
  return { child, ports, stateDir, output: () => output, exited, waitFor };
}

/** True while process `pid` exists. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
