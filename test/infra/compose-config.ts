/**
 * docker-compose.yml as docker-compose 1.29 resolves it (`config`, every
 * profile on) with the example environment, parsed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { findExecutable } from '@latchkey/testing';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ComposeService {
  image?: string;
  profiles?: string[];
  environment?: Record<string, string>;
  ports?: Array<string | { host_ip?: string; published?: number | string; target?: number }>;
  networks?: Record<string, { aliases?: string[] } | null>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, unknown> | string[];
}

/**
 * Runs `docker-compose config` (only PATH and a scratch HOME in its
 * environment, never the caller's secrets).
 * @throws Error with docker-compose's stderr when it refuses the file.
 */
export function composeConfig(envFile = path.join(root, 'infra', 'docker', 'compose.env.example')): { services: Record<string, ComposeService> } {
  const home = mkdtempSync(path.join(tmpdir(), 'latchkey-compose-home-'));
  try {
    const r = spawnSync(
      findExecutable('docker-compose')!,
      ['-f', path.join(root, 'docker-compose.yml'), '--env-file', envFile, '--profile', 'dev', '--profile', 'tools', 'config'],
      { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: home }, timeout: 15_000 },
    );
    if (r.status !== 0) throw new Error(`docker-compose config failed: ${r.stderr}`);
    return parse(r.stdout) as { services: Record<string, ComposeService> };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
