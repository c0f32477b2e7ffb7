/**
 * Load on validate and healthz (or on exchange) for a CPU profile (not part of `pnpm bench`):
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx --conditions=source apps/auth-central/bench/profile-validate.ts [connections] [seconds] [exchange]
 */
import { randomBytes } from 'node:crypto';
import { createLogger, sha256Hex } from '@latchkey/service-kit';
import { createTestDatabase } from '@latchkey/testing';
import { measure } from '@latchkey/bench';
import { startAuthCentral } from '../src/server.js';
import { upsertApp } from '../src/store/apps.js';
import { upsertUserAndMembership } from '../src/store/users.js';

const database = await createTestDatabase({ service: 'auth-central', prefix: 'prof_auth' });
const auth = await startAuthCentral({
  databaseUrl: database.url,
  port: 0,
  encryptionKey: randomBytes(32),
  logger: createLogger('auth-central', 'warn'),
  purgeIntervalMs: false,
  rateLimits: { exchangePerMinute: 0, loginPerMinute: 0 },
});
try {
  await upsertApp(auth.db, { appId: 'p', organisationId: 'po', domains: ['p.test'] });
  const userId = await upsertUserAndMembership(auth.db, { issuer: 'i', subject: 's', email: 'e@x.test', name: 'N' }, 'po');
  const token = randomBytes(64).toString('hex');
  const now = Date.now();
  await auth.db.exchangeToken.create({
    data: {
      tokenHash: sha256Hex(token),
      userId,
      appId: 'p',
      organisationId: 'po',
      redirectUrl: 'https://p.test/',
      createdAt: new Date(now),
      expiresAt: new Date(now + 60_000),
    },
  });
  const r = await fetch(`${auth.url}/context/auth/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const { access_token } = (await r.json()) as { access_token: string };
  const c = Number(process.argv[2] ?? 50);
  if (process.argv[4] === 'exchange') {
    const tokens = Array.from({ length: 3000 }, () => randomBytes(64).toString('hex'));
    const at = Date.now();
    await auth.db.exchangeToken.createMany({
      data: tokens.map((t) => ({
        tokenHash: sha256Hex(t),
        userId,
        appId: 'p',
        organisationId: 'po',
        redirectUrl: 'https://p.test/',
        createdAt: new Date(at),
        expiresAt: new Date(at + 60_000),
      })),
    });
    const e = await measure({
      url: auth.url,
      path: '/context/auth/exchange',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      bodies: tokens.map((token) => JSON.stringify({ token })),
      connections: c,
    });
    console.log(`exchange @${c}: ${e.requestsPerSec.toFixed(0)} req/s p50 ${e.p50Ms.toFixed(2)} p99 ${e.p99Ms.toFixed(2)} non2xx ${e.non2xx}`);
    process.argv[3] = '0';
  }
  if (process.argv[3] !== '0') {
    const m = await measure({
      url: auth.url,
      path: '/context/auth/validate',
      headers: { authorization: `Bearer ${access_token}` },
      connections: c,
      duration: Number(process.argv[3] ?? 8),
    });
    console.log(`validate @${c}: ${m.requestsPerSec.toFixed(0)} req/s p50 ${m.p50Ms.toFixed(2)} p99 ${m.p99Ms.toFixed(2)} non2xx ${m.non2xx}`);
    const h = await measure({ url: auth.url, path: '/healthz', connections: c, duration: Number(process.argv[3] ?? 8) });
    console.log(`healthz @${c}: ${h.requestsPerSec.toFixed(0)} req/s p50 ${h.p50Ms.toFixed(2)} p99 ${h.p99Ms.toFixed(2)}`);
  }
} finally {
  await auth.close();
  await database.drop();
}
