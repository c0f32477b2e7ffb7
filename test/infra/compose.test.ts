/**
 * docker-compose.yml and the Dockerfiles: no Docker engine runs here, so the
 * files are validated offline (docker-compose 1.29's `config`) and checked
 * against the workspace.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeWithBinary, findExecutable } from '@latchkey/testing';
import { DEFAULT_PORTS } from '@latchkey/launcher';
import { EDGE_VARIABLES } from '../../infra/nginx/edge.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const dockerDir = path.join(root, 'infra', 'docker');
const dockerfiles = readdirSync(dockerDir).filter((f) => f.endsWith('.Dockerfile'));

/** name → folder of every workspace package. */
function workspacePackages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(path.join(root, group))) {
      const pj = path.join(root, group, name, 'package.json');
      if (existsSync(pj)) found.set((JSON.parse(readFileSync(pj, 'utf8')) as { name: string }).name, path.join(root, group, name));
    }
  }
  return found;
}

describe('Dockerfiles', () => {
  const packages = workspacePackages();

  it('exist for the four services and the dev IdP, plus the migration job', () => {
    expect(dockerfiles.sort()).toEqual(
      ['ai-gateway', 'app-signin', 'auth-central', 'dev-idp', 'migrate', 'strategy'].map((s) => `${s}.Dockerfile`),
    );
  });

  it.each(dockerfiles.filter((f) => f !== 'migrate.Dockerfile'))('%s builds a workspace package with turbo prune, as non-root', (file) => {
    const text = readFileSync(path.join(dockerDir, file), 'utf8');
    const service = file.replace(/\.Dockerfile$/, '');
    const pruned = [...text.matchAll(/turbo prune (\S+) --docker/g)].map((m) => m[1]);
    const filtered = [...text.matchAll(/--filter[ =](\S+?)(?:\.\.\.)?(?=\s)/g)].map((m) => m[1]);
    expect(pruned).toEqual([`@latchkey/${service}`]);
    expect(filtered.length).toBeGreaterThan(0);
    for (const name of [...pruned, ...filtered]) {
      expect(packages.has(name!)).toBe(true);
      const pkg = JSON.parse(readFileSync(path.join(packages.get(name!)!, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
      expect(pkg.scripts?.build).toBeTruthy();
    }
    expect(text).toMatch(/^USER node$/m);
    expect(text).toMatch(/CMD \["node", "dist\/main\.js"\]/);
    expect(text).toMatch(/pnpm install --frozen-lockfile/);
    // The port the image listens on is the service's port of DESIGN.md.
    const portName = { 'auth-central': 'auth', 'app-signin': 'signin', strategy: 'strategy', 'ai-gateway': 'gateway', 'dev-idp': 'idp' }[service] as keyof typeof DEFAULT_PORTS;
    expect(text).toContain(`EXPOSE ${DEFAULT_PORTS[portName]}`);
    expect(existsSync(path.join(dockerDir, `${file}.dockerignore`))).toBe(true);
  });

  it('are the ones docker-compose.yml builds', () => {
    const referenced = [...compose.matchAll(/dockerfile: (\S+)/g)].map((m) => m[1]!);
    expect(referenced.sort()).toEqual(dockerfiles.map((f) => `infra/docker/${f}`).sort());
    for (const ref of referenced) expect(existsSync(path.join(root, ref))).toBe(true);
  });

  it('give the edge every template variable and mount the shipped templates', () => {
    const edge = compose.slice(compose.indexOf('\n  edge:'));
    for (const name of EDGE_VARIABLES) expect(edge).toMatch(new RegExp(`\\n\\s+${name}: `));
    expect(edge).toContain('./infra/nginx/templates:/etc/nginx/templates:ro');
    expect(existsSync(path.join(root, 'infra', 'nginx', 'templates'))).toBe(true);
  });
});

describeWithBinary('docker-compose')('docker-compose config', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'latchkey-compose-'));
    writeFileSync(path.join(dir, 'empty.env'), '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (envFile: string) =>
    spawnSync(findExecutable('docker-compose')!, ['-f', path.join(root, 'docker-compose.yml'), '--env-file', envFile, 'config', '-q'], {
      cwd: root,
      encoding: 'utf8',
      // Only what docker-compose needs: no secrets of the caller's environment.
      env: { PATH: process.env.PATH ?? '', HOME: dir },
      timeout: 15_000,
    });

  it('validates with the example environment', () => {
    const r = run(path.join(root, 'infra', 'docker', 'compose.env.example'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('refuses to start without the secrets', () => {
    const r = run(path.join(dir, 'empty.env'));
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/POSTGRES_PASSWORD|LATCHKEY_ADMIN_TOKEN|IDP_CLIENT_SECRET/);
  });
});
