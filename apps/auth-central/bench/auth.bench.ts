/**
 * `pnpm bench`, area A: auth-central's validate and exchange, and the peer a
 * backend would otherwise call to check a token, the dev IdP's OAuth token
 * introspection (RFC 7662, oidc-provider), in the same run on the same machine.
 *
 * Both servers run in this process's main thread; the load generator runs in
 * a worker thread (packages/bench `measure`). auth-central is the real server
 * (`startAuthCentral`, PostgreSQL, ES256 keys), with its per-IP exchange rate
 * limit off (every request comes from 127.0.0.1) and its purge job off. Per-part timings of the
 * validate path: `micro.ts`; a CPU profile under load: `profile-validate.ts`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createLogger, sha256Hex } from '@latchkey/service-kit';
import { createTestDatabase } from '@latchkey/testing';
// Workspace packages auth-central does not depend on: by path.
import { measure, ratio, toRow, type BenchContext, type BenchRow, type BenchTable } from '@latchkey/bench';
import { DEMO_USER, signInWithPassword, startDevIdp } from '@latchkey/dev-idp';
import { startAuthCentral } from '../src/server.js';
import { upsertApp } from '../src/store/apps.js';
import { upsertUserAndMembership } from '../src/store/users.js';
import type { Db } from '../src/store/prisma.js';

export const title = 'auth-central: validate and exchange vs. OAuth token introspection (dev IdP, oidc-provider)';

const CONNECTIONS = [1, 50];
const APP_ID = 'bench-shop';
const ORG_ID = 'bench-org';

/** Fresh exchange tokens as the callback would store them (SHA-256 only), valid 60 s from now. */
async function createExchangeTokens(db: Db, userId: string, n: number): Promise<string[]> {
  const tokens = Array.from({ length: n }, () => randomBytes(64).toString('hex'));
  const now = Date.now();
  for (let i = 0; i < n; i += 5000) {
    await db.exchangeToken.createMany({
      data: tokens.slice(i, i + 5000).map((t) => ({
        tokenHash: sha256Hex(t),
        userId,
        appId: APP_ID,
        organisationId: ORG_ID,
        redirectUrl: 'https://shop.bench.test/',
        createdAt: new Date(now),
        expiresAt: new Date(now + 60_000),
      })),
    });
  }
  return tokens;
}

/** An opaque access token of the dev IdP, through the authorization code flow with PKCE. */
async function idpAccessToken(issuer: string, client: { id: string; secret: string; redirect: string }): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(`${issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: client.id,
    redirect_uri: client.redirect,
    response_type: 'code',
    scope: 'openid email profile',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const callback = new URL(await signInWithPassword(authorize.toString(), DEMO_USER));
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`dev IdP returned no code: ${callback}`);
  const res = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirect,
      code_verifier: verifier,
      client_id: client.id,
      client_secret: client.secret,
    }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`dev IdP token endpoint: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export async function run(ctx: BenchContext): Promise<BenchTable> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const logger = createLogger('auth-central', 'warn');
  const database = await createTestDatabase({ service: 'auth-central', prefix: 'bench_auth' });
  if (database.embedded) notes.push('PostgreSQL: embedded PGlite (no server answered); numbers are not representative.');
  const auth = await startAuthCentral({
    databaseUrl: database.url,
    port: 0,
    encryptionKey: randomBytes(32),
    logger,
    purgeIntervalMs: false,
    rateLimits: { exchangePerMinute: 0, loginPerMinute: 0 },
  });
  const client = { id: 'bench-backend', secret: randomBytes(16).toString('hex'), redirect: 'http://127.0.0.1:9/callback' };
  const idp = await startDevIdp({
    port: 0,
    clients: [{ client_id: client.id, client_secret: client.secret, redirect_uris: [client.redirect] }],
    logger: createLogger('dev-idp', 'warn'),
  });
  try {
    await upsertApp(auth.db, { appId: APP_ID, organisationId: ORG_ID, organisationName: 'Bench Org', tier: 'pro', domains: ['shop.bench.test'] });
    const userId = await upsertUserAndMembership(auth.db, { issuer: idp.issuer, subject: 'bench-user', email: 'bench@bench.test', name: 'Bench User' }, ORG_ID);

    // One real exchange gives the access token that validate is measured with.
    const [first] = await createExchangeTokens(auth.db, userId, 1);
    const exchanged = await fetch(`${auth.url}/context/auth/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: first }),
    });
    const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
    if (exchanged.status !== 200 || !accessToken) throw new Error(`exchange answered ${exchanged.status}`);
    const check = await fetch(`${auth.url}/context/auth/validate`, { headers: { authorization: `Bearer ${accessToken}` } });
    if (check.status !== 200) throw new Error(`validate answered ${check.status}`);

    const idpUrl = `http://127.0.0.1:${idp.port}`;
    const idpToken = await idpAccessToken(idp.issuer, client);
    const introspectionBody = new URLSearchParams({ token: idpToken, client_id: client.id, client_secret: client.secret }).toString();
    const introspect = await fetch(`${idpUrl}/token/introspection`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: introspectionBody,
    });
    const introspected = (await introspect.json()) as { active?: boolean };
    if (introspect.status !== 200 || introspected.active !== true)
      throw new Error(`introspection answered ${introspect.status} ${JSON.stringify(introspected)}`);

    const byKey = new Map<string, BenchRow>();
    for (const connections of CONNECTIONS) {
      // The floor: the same server answering without work (Express, request ids, access log).
      ctx.log(`healthz @${connections}`);
      const floor = await measure({ url: auth.url, path: '/healthz', connections, duration: ctx.duration });
      rows.push(toRow('GET /healthz (floor: no work)', 'latchkey', connections, floor));

      ctx.log(`validate @${connections}`);
      const v = await measure({
        url: auth.url,
        path: '/context/auth/validate',
        headers: { authorization: `Bearer ${accessToken}` },
        connections,
        duration: ctx.duration,
      });
      const vRow = toRow('GET /context/auth/validate', 'latchkey', connections, v);
      rows.push(vRow);
      byKey.set(`validate@${connections}`, vRow);

      ctx.log(`introspection @${connections}`);
      const p = await measure({
        url: idpUrl,
        path: '/token/introspection',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: introspectionBody,
        connections,
        duration: ctx.duration,
      });
      const pRow = toRow('POST /token/introspection', 'dev-idp introspection (oidc-provider)', connections, p);
      rows.push(pRow);
      byKey.set(`peer@${connections}`, pRow);
    }

    // Exchange: every request needs an unused token, so the run is a fixed
    // number of requests sized from a short calibration, inside the tokens' 60 s.
    for (const connections of CONNECTIONS) {
      ctx.log(`exchange @${connections}: calibrating`);
      const calibration = await measure({
        url: auth.url,
        path: '/context/auth/exchange',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodies: (await createExchangeTokens(auth.db, userId, 400)).map((token) => JSON.stringify({ token })),
        connections,
      });
      const n = Math.max(500, Math.min(45_000, Math.round(calibration.requestsPerSec * ctx.duration * 1.1)));
      const bodies = (await createExchangeTokens(auth.db, userId, n)).map((token) => JSON.stringify({ token }));
      ctx.log(`exchange @${connections}: ${n} tokens`);
      const e = await measure({
        url: auth.url,
        path: '/context/auth/exchange',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodies,
        connections,
      });
      rows.push(toRow('POST /context/auth/exchange', 'latchkey', connections, e, { requests: e.total }));
    }

    const ratios: string[] = [];
    for (const c of CONNECTIONS) {
      const v = byKey.get(`validate@${c}`)!;
      const p = byKey.get(`peer@${c}`)!;
      ratios.push(
        `validate@${c} vs introspection@${c}: throughput ${ratio(v.requestsPerSec, p.requestsPerSec)} (latchkey/peer), p99 ${v.p99Ms.toFixed(2)} ms vs ${p.p99Ms.toFixed(2)} ms`,
      );
    }
    const v50 = byKey.get('validate@50')!;
    notes.push(
      `Target: validate p99 < 2 ms at 50 connections: ${v50.p99Ms < 2 ? 'met' : 'not met'} (${v50.p99Ms.toFixed(2)} ms). With 50 requests always in flight, mean latency is at least 50 / throughput (Little's law): ${(50_000 / v50.requestsPerSec).toFixed(2)} ms at ${Math.round(v50.requestsPerSec)} req/s.`,
      'validate, on every request: the access token checked (ES256 with node:crypto; the signature math once per distinct token, its key, claims and expiry every time), then the session row with its user and organisation read from PostgreSQL (one prepared statement on a plain pg pool), so a logout is seen at once on every instance; no cache. The plain request (no cross-origin Origin, no X-Forwarded-For) is answered before Express. The peer looks its tokens up in memory (oidc-provider with its development adapter).',
      'exchange (through Express: JSON body, rate limit off here) consumes the token and creates the session in one prepared statement (one round trip, one commit), then signs a 1-hour ES256 JWT (node:crypto).',
    );
    return { rows, ratios, notes };
  } finally {
    await idp.stop();
    await auth.close();
    await database.drop();
  }
}
