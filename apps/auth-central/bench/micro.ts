/**
 * Micro-timings of the validate path's parts (not part of `pnpm bench`):
 * JWT verification (jose / node:crypto, ES256 / EdDSA) and the session
 * lookup (Prisma `$queryRaw` / plain `pg` with a named statement).
 *   node --import tsx --conditions=source apps/auth-central/bench/micro.ts
 */
import { createPublicKey, verify as cryptoVerify, randomBytes } from 'node:crypto';
import pg from 'pg';
import { SignJWT, importJWK, jwtVerify } from 'jose';
import { Jws, KeyRing, generateStoredKey, type SigningAlg } from '@latchkey/jwt';
import { createTestDatabase } from '@latchkey/testing';
import { createPrisma } from '../src/store/prisma.js';
import { consumeExchangeToken, findSession } from '../src/store/sessions.js';
import { sha256Hex } from '@latchkey/service-kit';
import { prismaSql, pgSql } from '../src/store/sql.js';
import { upsertApp } from '../src/store/apps.js';
import { upsertUserAndMembership } from '../src/store/users.js';

async function time(label: string, n: number, fn: () => unknown): Promise<void> {
  for (let i = 0; i < Math.min(200, n); i++) await fn();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  const us = Number(process.hrtime.bigint() - t0) / 1000 / n;
  console.log(`${label.padEnd(52)} ${us.toFixed(1).padStart(8)} µs/op`);
}

async function concurrent(label: string, total: number, conc: number, fn: () => Promise<unknown>): Promise<void> {
  const t0 = process.hrtime.bigint();
  let left = total;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (left-- > 0) await fn();
    }),
  );
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(`${label.padEnd(52)} ${(total / s).toFixed(0).padStart(8)} ops/s`);
}

const which = process.argv[2] ?? 'all';

if (which === 'all' || which === 'jwt') {
  for (const alg of ['ES256', 'EdDSA'] as SigningAlg[]) {
    const stored = await generateStoredKey(alg);
    const ring = await KeyRing.load([stored], 3900);
    const opts = { issuer: 'https://a.test', audience: 'latchkey' };
    const token = await ring.sign({ org_id: 'o', app_id: 'a', sid: 's' }, { ...opts, expiresIn: 3600, subject: 'u' });
    const privateKey = await importJWK(stored.privateJwk, alg);
    const { d: _pd, ...publicJwk } = stored.privateJwk;
    const publicKey = await importJWK(publicJwk, alg);
    await time(`${alg} sign (jose, WebCrypto)`, 2000, () =>
      new SignJWT({ org_id: 'o', app_id: 'a', sid: 's' })
        .setProtectedHeader({ alg, kid: stored.kid })
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setSubject('u')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
    );
    await time(`${alg} verify (jose jwtVerify, WebCrypto)`, 3000, () => jwtVerify(token, publicKey, opts));
    await time(`${alg} KeyRing.verify (node:crypto)`, 3000, () => ring.verify(token, opts));
    const jws = Jws.fromStored([stored], 3900);
    const now = Math.floor(Date.now() / 1000);
    await time(`${alg} Jws.sign (node:crypto)`, 3000, () => jws.sign({ org_id: 'o', app_id: 'a', sid: 's' }, { ...opts, expiresIn: 3600, now, subject: 'u' }));
    await time(`${alg} Jws.verify (node:crypto, whole token)`, 3000, () => jws.verify(token, { ...opts, now }));
    const { d: _d, ...pub } = stored.privateJwk;
    const key = createPublicKey({ key: pub as never, format: 'jwk' });
    const [h, p, s] = token.split('.');
    const input = Buffer.from(`${h}.${p}`);
    const sig = Buffer.from(s!, 'base64url');
    await time(`${alg} node:crypto verify (sync, signature only)`, 3000, () =>
      alg === 'ES256' ? cryptoVerify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, sig) : cryptoVerify(null, input, key, sig),
    );
  }
}

if (which === 'all' || which === 'db') {
  const database = await createTestDatabase({ service: 'auth-central', prefix: 'micro_auth' });
  const db = createPrisma(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  pool.on('error', () => {});
  try {
    await upsertApp(db, { appId: 'shop', organisationId: 'org', domains: ['shop.test'] });
    const userId = await upsertUserAndMembership(db, { issuer: 'i', subject: 's', email: 'e@x.test', name: 'N' }, 'org');
    const sid = 'sess-' + randomBytes(4).toString('hex');
    await db.session.create({ data: { id: sid, userId, appId: 'shop', organisationId: 'org', createdAt: new Date() } });
    const text = `SELECT s.id AS session_id, s.app_id, s.invalidated_at, u.id AS user_id, u.email, u.name, m.role::text AS role,
           o.id AS organisation_id, o.name AS organisation_name, o.tier::text AS tier
      FROM sessions s JOIN users u ON u.id = s.user_id JOIN organisations o ON o.id = s.organisation_id
      LEFT JOIN memberships m ON m.user_id = s.user_id AND m.organisation_id = s.organisation_id WHERE s.id = $1`;
    await time('findSession Prisma $queryRawUnsafe', 2000, () => findSession(prismaSql(db), sid));
    await time('findSession pg named (store function)', 2000, () => findSession(pgSql(pool), sid));
    await time('findSession pg unnamed', 2000, () => pool.query(text, [sid]));
    await time('findSession pg named (prepared)', 2000, () => pool.query({ name: 'find-session', text, values: [sid] }));
    await time('pg SELECT 1', 2000, () => pool.query({ name: 'one', text: 'SELECT 1' }));
    // Exchange: the consume statement alone (UPDATE + INSERT + joins, one commit).
    const hashes = Array.from({ length: 3000 }, () => sha256Hex(randomBytes(64).toString('hex')));
    const at = Date.now();
    await db.exchangeToken.createMany({
      data: hashes.map((tokenHash) => ({
        tokenHash,
        userId,
        appId: 'shop',
        organisationId: 'org',
        redirectUrl: 'https://shop.test/',
        createdAt: new Date(at),
        expiresAt: new Date(at + 600_000),
      })),
    });
    let i = 0;
    await time('consumeExchangeToken pg named (one commit)', 1000, () => consumeExchangeToken(pgSql(pool), hashes[i++]!, new Date(), `s-${i}`));
    await time('same, SET synchronous_commit = off (measure only)', 1000, async () => {
      const c = await pool.connect();
      try {
        await c.query('BEGIN');
        await c.query('SET LOCAL synchronous_commit = off');
        await consumeExchangeToken(
          (<Row>(name: string, text: string, values: unknown[]) => c.query({ name, text, values }).then((r) => r.rows as Row[])) as never,
          hashes[i++]!,
          new Date(),
          `s-${i}`,
        );
        await c.query('COMMIT');
      } finally {
        c.release();
      }
    });
    await concurrent('findSession Prisma @50', 10000, 50, () => findSession(prismaSql(db), sid));
    await concurrent('findSession pg named @50', 10000, 50, () => pool.query({ name: 'find-session', text, values: [sid] }));
  } finally {
    await pool.end();
    await db.$disconnect();
    await database.drop();
  }
}
