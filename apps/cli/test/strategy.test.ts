/**
 * `latchkey strategy keys …` and `latchkey credits …`, run as an operator
 * runs them: the built binary (`node apps/cli/dist/index.js`, built by
 * `npx turbo run build --filter=@latchkey/cli...`) against a running
 * strategy service.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN, body, startHarness, type Harness } from '../../strategy/test/harness.js';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/index.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let h: Harness;
let server: Server;
let url: string;

function latchkey(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN, LATCHKEY_STRATEGY_URL: url, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const framework = (key: string) =>
  fetch(`${url}/v1/framework`, { method: 'POST', headers: { apikey: key, 'content-type': 'application/json' }, body: JSON.stringify(body()) });

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`build the CLI first: npx turbo run build --filter=@latchkey/cli... (${BIN} is missing)`);
  h = await startHarness();
  server = await new Promise<Server>((resolve) => {
    const s = h.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 30_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await h?.close();
});

test('keys create prints the key once; it works against /v1/framework once credits are granted', async () => {
  const created = await latchkey(['strategy', 'keys', 'create', '--org', 'acme', '--tier', 'pro']);
  expect(created.code).toBe(0);
  const key = /(lk_strategy_\S+)/.exec(created.stdout)?.[1];
  expect(key).toBeDefined();
  expect(created.stdout).toMatch(/shown only once/);

  const broke = await framework(key!);
  expect(broke.status).toBe(402);

  const grant = await latchkey(['credits', 'grant', 'acme', '12', '--note', 'pilot']);
  expect(grant.code).toBe(0);
  expect(grant.stdout).toContain('granted 12 credits to acme; balance: 12');

  expect((await framework(key!)).status).toBe(200);

  const show = await latchkey(['credits', 'show', 'acme']);
  expect(show.code).toBe(0);
  expect(show.stdout).toContain('acme: 7 credits');
  expect(show.stdout).toMatch(/debit\s+-5\s+7\s+\/v1\/framework/);
  expect(show.stdout).toMatch(/grant\s+\+12\s+12/);

  const json = JSON.parse((await latchkey(['credits', 'show', 'acme', '--json'])).stdout);
  expect(json).toMatchObject({ orgId: 'acme', balance: 7 });
  expect(json.entries.map((e: { kind: string }) => e.kind)).toEqual(['debit', 'grant']);
});

test('keys list and revoke', async () => {
  const created = JSON.parse((await latchkey(['strategy', 'keys', 'create', '--org', 'globex', '--json'])).stdout);
  expect(created).toMatchObject({ orgId: 'globex', tier: 'free' });
  await latchkey(['credits', 'grant', 'globex', '50']);
  expect((await framework(created.key)).status).toBe(200);

  const list = await latchkey(['strategy', 'keys', 'list', '--org', 'globex']);
  expect(list.code).toBe(0);
  expect(list.stdout).toContain(created.id);
  expect(list.stdout).toContain('active');
  expect(list.stdout).not.toContain(created.key);

  const revoked = await latchkey(['strategy', 'keys', 'revoke', created.id]);
  expect(revoked.code).toBe(0);
  expect(revoked.stdout).toContain(`revoked ${created.id}`);
  expect((await framework(created.key)).status).toBe(401);
  expect((await latchkey(['strategy', 'keys', 'list', '--org', 'globex'])).stdout).toContain('revoked');
});

test('a grant under the same --id is added once', async () => {
  await latchkey(['credits', 'grant', 'initech', '5', '--id', 'invoice-42']);
  const again = await latchkey(['credits', 'grant', 'initech', '5', '--id', 'invoice-42']);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('already granted');
  expect(JSON.parse((await latchkey(['credits', 'show', 'initech', '--json'])).stdout).balance).toBe(5);
});

test('errors: bad usage 2, refused 1, unreachable 3', async () => {
  expect((await latchkey(['credits', 'grant', 'acme', 'lots'])).code).toBe(2);
  expect((await latchkey(['strategy', 'keys', 'create'])).code).toBe(2);
  expect((await latchkey(['strategy', 'keys', 'create', '--org', 'acme', '--tier', 'platinum'])).code).toBe(2);
  expect((await latchkey(['credits', 'show', 'acme'], { LATCHKEY_ADMIN_TOKEN: undefined })).code).toBe(2);

  const wrongToken = await latchkey(['credits', 'show', 'acme'], { LATCHKEY_ADMIN_TOKEN: 'wrong-token-wrong-token' });
  expect(wrongToken.code).toBe(1);
  expect(wrongToken.stderr).toMatch(/UNAUTHORIZED/);

  const missing = await latchkey(['credits', 'show', 'nobody-here']);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('No credit account for nobody-here');

  expect((await latchkey(['strategy', 'keys', 'revoke', 'key_missing'])).code).toBe(1);
  expect((await latchkey(['credits', 'show', 'acme'], { LATCHKEY_STRATEGY_URL: 'http://127.0.0.1:9' })).code).toBe(3);
});
