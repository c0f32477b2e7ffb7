/**
 * `latchkey gateway …` run as an operator runs it: the built binary against a
 * running gateway (backed by the fake providers).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@latchkey/service-kit';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { startFakeProviders, type FakeProviders } from '@latchkey/fake-providers';
import { createApp, type GatewayApp } from '../../ai-gateway/src/app.js';
import { createDb, type Db } from '../../ai-gateway/src/store/db.js';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/index.js');
const ADMIN_TOKEN = `cli-test-${randomBytes(8).toString('hex')}`;

let database: TestDatabase;
let db: Db;
let fakes: FakeProviders;
let app: GatewayApp;
let server: Server;
let url: string;

function latchkey(args: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN, LATCHKEY_GATEWAY_URL: url, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

beforeAll(async () => {
  [database, fakes] = await Promise.all([createTestDatabase({ service: 'ai-gateway' }), startFakeProviders()]);
  db = createDb(database.url);
  app = createApp({
    logger: createLogger('ai-gateway', 'silent'),
    db,
    adminToken: ADMIN_TOKEN,
    providers: {
      openai: { baseUrl: fakes.openai.baseUrl, apiKey: fakes.openai.apiKey },
      anthropic: { baseUrl: fakes.anthropic.baseUrl, apiKey: fakes.anthropic.apiKey },
    },
  });
  await app.ready;
  server = createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await app.close();
  await fakes.close();
  await db.$disconnect();
  await database.drop();
});

describe('latchkey gateway', () => {
  it('keys create prints the key once; it works; list shows the prefix only; revoke stops it', async () => {
    const created = await latchkey([
      'gateway',
      'keys',
      'create',
      '--solution',
      'cli-app',
      '--models',
      'openai/gpt-4o-mini,anthropic/claude-haiku-4-5',
      '--rpm',
      '5',
      '--tpm',
      '5000',
    ]);
    expect(created.code).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain('only time the key is shown');

    const call = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(call.status).toBe(200);
    expect(call.headers.get('x-ratelimit-limit-requests')).toBe('5');

    const list = await latchkey(['gateway', 'keys', 'list', '--solution', 'cli-app', '--json']);
    expect(list.code).toBe(0);
    const keys = JSON.parse(list.stdout);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      solution: 'cli-app',
      prefix: `${key.slice(0, 9)}…`,
      rpm: 5,
      tpm: 5000,
      models: ['openai/gpt-4o-mini', 'anthropic/claude-haiku-4-5'],
    });
    expect(list.stdout).not.toContain(key.slice(9));
    const human = await latchkey(['gateway', 'keys', 'list']);
    expect(human.stdout).toMatch(/ID\s+SOLUTION\s+PREFIX/);

    const revoked = await latchkey(['gateway', 'keys', 'revoke', keys[0].id]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`revoked ${keys[0].id}`);
    const after = await fetch(`${url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(after.status).toBe(401);
  }, 20_000);

  it('usage prints requests, tokens by model, error rate and latency percentiles', async () => {
    const created = await latchkey(['gateway', 'keys', 'create', '--solution', 'usage-app', '--json']);
    const { key } = JSON.parse(created.stdout);
    for (const model of ['openai/gpt-4o-mini', 'anthropic/claude-haiku-4-5', 'google/gemini-2.5-flash']) {
      await fetch(`${url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ model, max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }),
      });
    }
    await app.usage.settle();
    const json = await latchkey(['gateway', 'usage', '--solution', 'usage-app', '--since', '1h', '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ requests: 3, errors: 1 }); // google is not configured here: 503
    const human = await latchkey(['gateway', 'usage', '--solution', 'usage-app']);
    expect(human.stdout).toContain('error rate 33.3%');
    expect(human.stdout).toContain('p50');
    expect(human.stdout).toContain('anthropic/claude-haiku-4-5');
  }, 20_000);

  it('clear errors: bad options, unknown key, wrong token, unreachable gateway', async () => {
    const badRpm = await latchkey(['gateway', 'keys', 'create', '--solution', 'x', '--rpm', 'lots']);
    expect(badRpm.code).toBe(2);
    expect(badRpm.stderr).toContain('--rpm must be a positive integer');
    const badModel = await latchkey(['gateway', 'keys', 'create', '--solution', 'x', '--models', 'gpt-4o']);
    expect(badModel.code).toBe(2);
    expect(badModel.stderr).toContain('<provider>/<model>');
    const missing = await latchkey(['gateway', 'keys', 'revoke', 'key_nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no gateway key key_nope');
    const token = await latchkey(['gateway', 'keys', 'list'], { LATCHKEY_ADMIN_TOKEN: 'wrong-token-wrong-token' });
    expect(token.code).toBe(1);
    const down = await latchkey(['gateway', 'keys', 'list'], { LATCHKEY_GATEWAY_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(3);
    const help = await latchkey(['gateway', 'keys', 'create', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--tpm');
  }, 20_000);
});
