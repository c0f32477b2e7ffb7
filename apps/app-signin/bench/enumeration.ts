/**
 * Answer times of the routes that must not reveal whether an account exists
 * (request-password-reset, send-verification-email without a session): known
 * and unknown addresses, interleaved, sequential, against a real app-signin
 * on PostgreSQL with mail going to the development mailbox after the answer.
 *
 *   npx tsx --conditions=source apps/app-signin/bench/enumeration.ts [rounds]
 *
 * Prints median and 90th percentile per route and kind of address (ms).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { databaseUrl, dropDatabase } from '@latchkey/db';
import { createLogger } from '@latchkey/service-kit';
import { createTestDatabase, postgresServerUrl } from '@latchkey/testing';
import { createApp } from '../src/app.js';
import { defaultConfig } from '../src/config.js';
import { DEFAULT_LIMITS } from '../src/domain/limits.js';
import { createPrisma } from '../src/store/prisma.js';

const rounds = Number(process.argv[2] ?? 300);
const server = (await postgresServerUrl())!;
const registry = await createTestDatabase({ service: 'app-signin' });
const prisma = createPrisma(registry.url);
const httpServer = http.createServer();
await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
const signin = createApp({
  prisma,
  logger: createLogger('app-signin', 'silent'),
  config: defaultConfig({
    publicUrl: url,
    encryptionKey: randomBytes(32),
    adminToken: 'bench-admin-token-0123456789',
    appDatabasesUrl: server,
    passwordCost: { log2N: 10, r: 8, p: 1 },
    limits: { ...DEFAULT_LIMITS, signInPerAddressPerMinute: 1e6, mailPerAddressPerHour: 1e6, mailPerAccountPerHour: 1e6 },
    mail: { devMailbox: true, defaultFrom: 'Bench <bench@example.com>' },
  }),
});
httpServer.on('request', signin.app);
const appId = `enum-${randomBytes(3).toString('hex')}`;
const admin = (method: string, path: string) =>
  fetch(`${url}/admin${path}`, { method, headers: { authorization: 'Bearer bench-admin-token-0123456789' } }).then(
    (r) => r.json() as Promise<{ signinUrl?: string }>,
  );
await fetch(`${url}/admin/apps/${appId}/database`, {
  method: 'POST',
  headers: { authorization: 'Bearer bench-admin-token-0123456789', 'content-type': 'application/json' },
  body: '{"org":"bench"}',
});
await admin('POST', `/apps/${appId}/auth/provision`);
const base = `${(await admin('POST', `/apps/${appId}/auth/deploy`)).signinUrl}/api/auth`;
const known = 'known@example.com';
await fetch(`${base}/sign-up/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'K', email: known, password: 'password-123' }),
});

async function time(path: string, email: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return performance.now() - t;
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
for (const path of ['/request-password-reset', '/send-verification-email']) {
  const k: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < 20; i++) await time(path, i % 2 ? known : `warm-${i}@example.com`);
  for (let i = 0; i < rounds; i++) {
    k.push(await time(path, known));
    u.push(await time(path, `nobody-${i}@example.com`));
  }
  await signin.idle();
  console.log(
    `${path.padEnd(26)} known: median ${q(k, 0.5).toFixed(2)} ms, p90 ${q(k, 0.9).toFixed(2)} ms | unknown: median ${q(u, 0.5).toFixed(2)} ms, p90 ${q(u, 0.9).toFixed(2)} ms (${rounds} each)`,
  );
}
await new Promise<void>((r) => {
  httpServer.close(() => r());
  httpServer.closeAllConnections();
});
await signin.close();
await prisma.$disconnect();
await dropDatabase(databaseUrl(server, `app_${appId.replace(/-/g, '_')}`)).catch(() => {});
await registry.drop();
