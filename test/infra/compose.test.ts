/**
 * docker-compose.yml and the Dockerfiles: no Docker engine runs here, so the
 * files are validated offline (docker-compose 1.29's `config`) and checked
 * against the workspace.
 */
import { spawnSync } from 'node:child_process';
import { BlockList, isIP } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeWithBinary, findExecutable } from '@latchkey/testing';
import { DEFAULT_PORTS } from '@latchkey/launcher';
import { baseConfigSchema, parseConfig } from '@latchkey/service-kit';
import { EDGE_VARIABLES } from '../../infra/nginx/edge.js';
import { composeConfig } from './compose-config.js';

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

  it('exist for the four services, the dev IdP and the CLI, plus the migration job', () => {
    expect(dockerfiles.sort()).toEqual(['ai-gateway', 'app-signin', 'auth-central', 'cli', 'dev-idp', 'migrate', 'strategy'].map((s) => `${s}.Dockerfile`));
  });

  it.each(dockerfiles)('%s needs no Dockerfile frontend from Docker Hub (no `# syntax=` line)', (file) => {
    expect(readFileSync(path.join(dockerDir, file), 'utf8')).not.toMatch(/^#\s*syntax\s*=/im);
  });

  it.each(dockerfiles.filter((f) => f !== 'migrate.Dockerfile'))(
    '%s ships only its package and production dependencies (pnpm deploy --prod, pruned)',
    (file) => {
      const text = readFileSync(path.join(dockerDir, file), 'utf8');
      const service = file.replace(/\.Dockerfile$/, '');
      expect(text).toContain(`pnpm --filter @latchkey/${service} deploy --prod --legacy /app`);
      expect(text).toContain('node /prune-deploy.mjs /app');
      // The runtime stage copies /app only, never the build's workspace.
      const runtime = text.slice(text.lastIndexOf('\nFROM '));
      expect(runtime).toMatch(/COPY --from=build --chown=node:node \/app \/app/);
      expect(runtime).not.toMatch(/\/repo/);
    },
  );

  it('migrate.Dockerfile is a production image too: @latchkey/db deployed --prod and pruned, its compiled migrate command, the four migration folders, non-root', () => {
    const text = readFileSync(path.join(dockerDir, 'migrate.Dockerfile'), 'utf8');
    expect(text).toContain('turbo prune @latchkey/db --docker');
    expect(text).toContain('pnpm --filter @latchkey/db deploy --prod --legacy --ignore-scripts /app/packages/db');
    expect(text).toContain('node /prune-deploy.mjs /app/packages/db');
    for (const service of ['auth-central', 'app-signin', 'strategy', 'ai-gateway']) {
      expect(existsSync(path.join(root, 'apps', service, 'prisma', 'migrations'))).toBe(true);
      expect(text).toContain(`COPY apps/${service}/prisma/ /app/apps/${service}/prisma/`);
    }
    const runtime = text.slice(text.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/COPY --from=build --chown=node:node \/app \/app/);
    expect(runtime).not.toMatch(/\/repo|pnpm|tsx/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toContain('CMD ["node", "packages/db/dist/migrate-cli.js"]');
    expect(existsSync(path.join(root, 'packages', 'db', 'src', 'migrate-cli.ts'))).toBe(true);
  });

  it('no service depends on the fake providers or the test helpers at run time (they stay out of the images)', () => {
    for (const service of ['auth-central', 'app-signin', 'strategy', 'ai-gateway']) {
      const pkg = JSON.parse(readFileSync(path.join(root, 'apps', service, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      expect([
        service,
        Object.keys(pkg.dependencies ?? {}).filter((d) => ['@latchkey/fake-providers', '@latchkey/testing', '@latchkey/dev-idp'].includes(d)),
      ]).toEqual([service, []]);
    }
  });

  it.each(dockerfiles.filter((f) => !['migrate.Dockerfile', 'cli.Dockerfile'].includes(f)))(
    '%s builds a workspace package with turbo prune, as non-root',
    (file) => {
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
      // @latchkey/db finds the migrations in the image through LATCHKEY_PRISMA_DIR.
      if (existsSync(path.join(root, 'apps', service, 'prisma'))) expect(text).toContain('LATCHKEY_PRISMA_DIR=/app/prisma');
      expect(text).toMatch(/pnpm install --frozen-lockfile/);
      // The port the image listens on is the service's port of DESIGN.md.
      const portName = { 'auth-central': 'auth', 'app-signin': 'signin', strategy: 'strategy', 'ai-gateway': 'gateway', 'dev-idp': 'idp' }[
        service
      ] as keyof typeof DEFAULT_PORTS;
      expect(text).toContain(`EXPOSE ${DEFAULT_PORTS[portName]}`);
      expect(existsSync(path.join(dockerDir, `${file}.dockerignore`))).toBe(true);
    },
  );

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

  it('has one issuer for the browser and the containers, and keeps the dev IdP on loopback behind the dev profile', () => {
    const { services } = composeConfig();
    const idp = services['dev-idp']!;
    expect(idp.profiles).toEqual(['dev']);
    const issuer = new URL(idp.environment!.ISSUER!);
    // The containers reach the issuer's host name: it is the dev IdP's network alias, on the port it listens on.
    expect(idp.networks!.default!.aliases).toContain(issuer.hostname);
    expect(issuer.port).toBe(idp.environment!.PORT);
    // Browsers on this machine resolve *.localhost to loopback, where the same port is published (and only there).
    expect(issuer.hostname.endsWith('.localhost')).toBe(true);
    expect(idp.ports).toHaveLength(1);
    const published = idp.ports![0]!;
    const hostIp = typeof published === 'string' ? published.split(':')[0] : published.host_ip;
    const hostPort = typeof published === 'string' ? published.split(':')[1] : String(published.published);
    expect(hostIp).toBe('127.0.0.1');
    expect(hostPort).toBe(issuer.port);
    // auth-central does not wait for a service of a profile that may be off.
    expect(JSON.stringify(services['auth-central']!.depends_on ?? {})).not.toContain('dev-idp');
    // The example's comment names that issuer.
    expect(readFileSync(path.join(root, 'infra', 'docker', 'compose.env.example'), 'utf8')).toContain(`OIDC_ISSUER_URL=${issuer.origin}`);
  });

  it('runs the CLI on the private network (profile tools) against every service', () => {
    const { services } = composeConfig();
    const cli = services.cli!;
    expect(cli.profiles).toEqual(['tools']);
    expect(cli.environment).toMatchObject({
      LATCHKEY_AUTH_URL: 'http://auth-central:4101',
      LATCHKEY_SIGNIN_URL: 'http://app-signin:4102',
      LATCHKEY_STRATEGY_URL: 'http://strategy:4103',
      LATCHKEY_GATEWAY_URL: 'http://ai-gateway:4104',
    });
    expect(cli.environment!.LATCHKEY_ADMIN_TOKEN).toBeTruthy();
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('docker compose run --rm cli host apps list');
  });

  it('lets the edge re-resolve the services and report their health', () => {
    const { services } = composeConfig();
    const edge = services.edge!;
    expect(edge.environment!.LATCHKEY_RESOLVER).toBe('127.0.0.11');
    const test = JSON.stringify(edge.healthcheck!.test);
    for (const u of ['auth', 'signin', 'strategy', 'ai']) expect(test).toContain(u);
    expect(test).toContain('/edge/upstreams/');
  });

  it('believes X-Forwarded-For from the edge’s fixed address only, never a private range (X-Forwarded-For spoofing)', () => {
    const config = composeConfig() as ReturnType<typeof composeConfig> & {
      networks: { default: { ipam: { config: Array<{ subnet: string; ip_range: string }> } } };
    };
    const edgeAddress = (config.services.edge!.networks!.default as { ipv4_address?: string }).ipv4_address!;
    expect(isIP(edgeAddress)).toBe(4);
    const [{ subnet, ip_range }] = config.networks.default.ipam.config as [{ subnet: string; ip_range: string }];
    const inBlock = (cidr: string, address: string) => {
      const [net, prefix] = cidr.split('/');
      const list = new BlockList();
      list.addSubnet(net!, Number(prefix), 'ipv4');
      return list.check(address, 'ipv4');
    };
    // Inside the network, outside the range from which the other containers get their addresses.
    expect(inBlock(subnet, edgeAddress)).toBe(true);
    expect(inBlock(ip_range, edgeAddress)).toBe(false);
    for (const name of ['auth-central', 'app-signin', 'strategy', 'ai-gateway']) {
      const value = config.services[name]!.environment!.TRUST_PROXY!;
      expect([name, parseConfig(name, baseConfigSchema, { TRUST_PROXY: value }).TRUST_PROXY]).toEqual([name, ['loopback', edgeAddress]]);
    }
  });

  it('refuses to start without the secrets', () => {
    const r = run(path.join(dir, 'empty.env'));
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/POSTGRES_PASSWORD|LATCHKEY_ADMIN_TOKEN|IDP_CLIENT_SECRET/);
  });
});
