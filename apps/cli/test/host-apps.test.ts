/**
 * `latchkey host apps …` run as an operator runs it: the built binary
 * (`node apps/cli/dist/index.js`, built by `npx turbo run build --filter=@latchkey/cli...`)
 * against a running auth-central.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createLogger } from '@latchkey/service-kit';
import { cliRunner, BIN } from './run-cli.js';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { startAuthCentral, type RunningAuthCentral } from '../../auth-central/src/server.js';

const ADMIN_TOKEN = `cli-test-${randomBytes(8).toString('hex')}`;

let database: TestDatabase;
let auth: RunningAuthCentral;

const latchkey = cliRunner(() => ({ LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN, LATCHKEY_AUTH_URL: auth.url }));

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`build the CLI first: npx turbo run build --filter=@latchkey/cli... (${BIN} is missing)`);
  database = await createTestDatabase({ service: 'auth-central' });
  auth = await startAuthCentral({
    databaseUrl: database.url,
    encryptionKey: randomBytes(32),
    adminToken: ADMIN_TOKEN,
    logger: createLogger('auth-central', 'silent'),
    purgeIntervalMs: false,
  });
}, 30_000);
afterAll(async () => {
  await auth?.close();
  await database?.drop();
});

describe('latchkey host apps', () => {
  it('has --help on the group and every command', async () => {
    const runs = await Promise.all(
      [[], ['register'], ['list'], ['show'], ['set-domains'], ['delete']].map((cmd) => latchkey(['host', 'apps', ...cmd, '--help'])),
    );
    for (const r of runs) {
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: latchkey host apps/);
    }
    const reg = await latchkey(['host', 'apps', 'register', '--help']);
    expect(reg.stdout).toMatch(/--org <org-id>/);
    expect(reg.stdout).toMatch(/--domains <list>/);
    expect(reg.stdout).toMatch(/--json/);
    const host = await latchkey(['host', '--help']);
    expect(host.stdout).toMatch(/apps/);
  });

  it('lists nothing at first', async () => {
    const r = await latchkey(['host', 'apps', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/No hosted apps registered/);
    const j = await latchkey(['host', 'apps', 'list', '--json']);
    expect(JSON.parse(j.stdout)).toEqual([]);
  });

  it('registers an app and lists it (human and --json)', async () => {
    const r = await latchkey(['host', 'apps', 'register', 'shop', '--org', 'acme', '--domains', 'Shop.example.com, www.shop.example.com']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Registered shop (organisation acme, free): shop.example.com, www.shop.example.com\n');

    const j = await latchkey(['host', 'apps', 'register', 'blog', '--org', 'acme', '--domains', 'blog.example.org', '--tier', 'pro', '--json']);
    expect(j.code).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ app_id: 'blog', organisation: { id: 'acme' }, allowed_auth_domains: ['blog.example.org'] });

    const list = await latchkey(['host', 'apps', 'list']);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^APP_ID\s+ORGANISATION\s+TIER\s+DOMAINS$/);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^blog\s+acme\s+free\s+blog\.example\.org$/),
      expect.stringMatching(/^shop\s+acme\s+free\s+shop\.example\.com,www\.shop\.example\.com$/),
    ]);

    const listJson = JSON.parse((await latchkey(['host', 'apps', 'list', '--json'])).stdout);
    expect(listJson.map((a: { app_id: string }) => a.app_id)).toEqual(['blog', 'shop']);

    // The registration is live: a login for it is accepted up to the IdP (none configured here: 503).
    const login = await fetch(`${auth.url}/context/auth/login?app_id=shop&redirect_url=${encodeURIComponent('https://www.shop.example.com/')}`, {
      redirect: 'manual',
    });
    expect(login.status).toBe(503);
    const refused = await fetch(`${auth.url}/context/auth/login?app_id=shop&redirect_url=${encodeURIComponent('https://evil.com/')}`, { redirect: 'manual' });
    expect(((await refused.json()) as { error: string }).error).toBe('INVALID_REDIRECT_URL');
  });

  it('exit 1 with the service’s message when it refuses (bad domain, duplicate, unknown app)', async () => {
    const bad = await latchkey(['host', 'apps', 'register', 'x1', '--org', 'acme', '--domains', 'https://x.com/path']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a valid domain.*\(INVALID_DOMAIN\)/);
    const dup = await latchkey(['host', 'apps', 'register', 'shop', '--org', 'acme', '--domains', 'a.com']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already registered\. \(APP_EXISTS\)/);
    const missing = await latchkey(['host', 'apps', 'show', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
  });

  it('exit 2 for bad usage or configuration', async () => {
    const usage = await Promise.all([
      latchkey(['host', 'apps', 'register', 'x2', '--domains', 'a.com']), // no --org
      latchkey(['host', 'apps', 'register', 'x2', '--org', 'acme']), // no --domains
      latchkey(['host', 'apps', 'register', 'x2', '--org', 'acme', '--domains', ' , ']),
      latchkey(['host', 'apps', 'delete', 'shop']), // no --confirm
    ]);
    expect(usage.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    const noToken = await latchkey(['host', 'apps', 'list'], { LATCHKEY_ADMIN_TOKEN: '' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/LATCHKEY_ADMIN_TOKEN/);
  });

  it('exit 1 with a wrong operator token, exit 3 when auth-central is unreachable', async () => {
    const wrong = await latchkey(['host', 'apps', 'list'], { LATCHKEY_ADMIN_TOKEN: 'wrong-token-value' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/UNAUTHORIZED/);
    const down = await latchkey(['host', 'apps', 'list'], { LATCHKEY_AUTH_URL: 'http://127.0.0.1:1' });
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/cannot reach auth/);
  });

  it('shows, updates domains and deletes', async () => {
    const show = await latchkey(['host', 'apps', 'show', 'blog', '--json']);
    expect(JSON.parse(show.stdout).allowed_auth_domains).toEqual(['blog.example.org']);
    const upd = await latchkey(['host', 'apps', 'set-domains', 'blog', '--domains', 'blog.example.org,www.blog.example.org']);
    expect(upd.code).toBe(0);
    expect(upd.stdout).toMatch(/Updated blog .*blog\.example\.org, www\.blog\.example\.org/);
    const del = await latchkey(['host', 'apps', 'delete', 'blog', '--confirm', '--json']);
    expect(del.code).toBe(0);
    expect(JSON.parse(del.stdout)).toEqual({ app_id: 'blog', deleted: true });
    expect((await latchkey(['host', 'apps', 'show', 'blog'])).code).toBe(1);
  });
});
