/**
 * Runs the built `latchkey` binary (`node apps/cli/dist/index.js`) as an operator would: a child
 * process with only PATH, HOME and the variables given, its exit code and both outputs collected.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/index.js');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * @param baseEnv the variables of every run (read at each run: the service's URL is known only once it listens)
 * @returns `latchkey(args, env)`: one run with `env` over `baseEnv`
 */
export function cliRunner(baseEnv: () => Record<string, string | undefined>) {
  return (args: string[], env: Record<string, string | undefined> = {}): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...baseEnv(), ...env } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
}
