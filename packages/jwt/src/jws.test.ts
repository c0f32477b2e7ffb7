/**
 * `Jws` (node:crypto, the engine of `KeyRing`) against a reference built on
 * jose (`jwtVerify` / `SignJWT`, as the KeyRing verified and signed before):
 * the same outcome on valid, expired and forged tokens, tokens of each
 * signing each other's, and the stricter refusals documented in jws.ts.
 */
import { createPrivateKey, createHmac, sign as cryptoSign } from 'node:crypto';
import { SignJWT, importJWK, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { Jws } from './jws.js';
import { KeyRing, generateStoredKey } from './keyring.js';
import { TokenVerificationError, type SigningAlg, type StoredKey } from './types.js';

/** The reference: jose's verification with the rules the KeyRing promises (usable keys by kid and alg, no tolerance). */
class JoseReference {
  constructor(
    private readonly keys: StoredKey[],
    private readonly retention: number,
  ) {}

  async verify(token: string, o: { issuer: string; audience: string; now: number }): Promise<JWTPayload> {
    const usable = this.keys.filter((k) => k.retiredAt === null || k.retiredAt + this.retention > o.now);
    try {
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          const key = usable.find((k) => k.kid === header.kid && k.alg === header.alg);
          if (!key) throw new TokenVerificationError('unknown signing key', false);
          const { d: _d, ...pub } = key.privateJwk;
          return importJWK(pub, key.alg);
        },
        { issuer: o.issuer, audience: o.audience, algorithms: ['ES256', 'EdDSA'], currentDate: new Date(o.now * 1000) },
      );
      return payload;
    } catch (err) {
      if (err instanceof TokenVerificationError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new TokenVerificationError('token expired', true);
      throw new TokenVerificationError('invalid token', false);
    }
  }

  async sign(key: StoredKey, claims: JWTPayload, o: { issuer: string; audience: string; expiresIn: number; now: number; subject: string }): Promise<string> {
    return new SignJWT({ jti: 'ref', ...claims })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuedAt(o.now)
      .setExpirationTime(o.now + o.expiresIn)
      .setIssuer(o.issuer)
      .setAudience(o.audience)
      .setSubject(o.subject)
      .sign(await importJWK(key.privateJwk, key.alg));
  }
}

const LIFE = 3600;
const RETENTION = LIFE + 300;
const NOW = 1_800_000_000;
const opts = { issuer: 'https://auth.latchkey.test', audience: 'latchkey', now: NOW };
const claims = { org_id: 'acme', app_id: 'shop', sid: 'session-1' };

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

/** A compact JWS over any header and payload, signed with `key` as its alg requires. */
function rawSign(key: StoredKey, header: Record<string, unknown>, payload: unknown): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const pk = createPrivateKey({ key: key.privateJwk as never, format: 'jwk' });
  const sig = key.alg === 'ES256' ? cryptoSign('sha256', Buffer.from(input), { key: pk, dsaEncoding: 'ieee-p1363' }) : cryptoSign(null, Buffer.from(input), pk);
  return `${input}.${sig.toString('base64url')}`;
}

type Outcome = 'ok' | 'expired' | 'invalid token' | 'unknown signing key';
function outcomeOf(err: unknown): Outcome {
  if (!(err instanceof TokenVerificationError)) throw err;
  return err.expired ? 'expired' : (err.message as Outcome);
}
async function both(ring: JoseReference, jws: Jws, token: string, at = NOW): Promise<[Outcome, Outcome]> {
  const o = { ...opts, now: at };
  const a = await ring.verify(token, o).then(() => 'ok' as const, outcomeOf);
  let b: Outcome;
  try {
    jws.verify(token, o);
    b = 'ok';
  } catch (err) {
    b = outcomeOf(err);
  }
  return [a, b];
}

describe.each(['ES256', 'EdDSA'] as SigningAlg[])('Jws with %s keys', (alg) => {
  let key: StoredKey;
  let other: StoredKey;
  let ring: JoseReference;
  let keyRing: KeyRing;
  let jws: Jws;
  const payload = (extra: Record<string, unknown> = {}) => ({
    jti: 'j',
    ...claims,
    iat: NOW,
    exp: NOW + LIFE,
    iss: opts.issuer,
    aud: opts.audience,
    sub: 'user-1',
    ...extra,
  });
  const header = (extra: Record<string, unknown> = {}) => ({ alg, kid: key.kid, typ: 'JWT', ...extra });

  beforeAll(async () => {
    key = await generateStoredKey(alg, NOW - 10);
    other = await generateStoredKey(alg === 'ES256' ? 'EdDSA' : 'ES256', NOW - 20);
    other.retiredAt = NOW - 5;
    ring = new JoseReference([key, other], RETENTION);
    keyRing = await KeyRing.load([key, other], RETENTION);
    jws = Jws.fromStored([key, other], RETENTION);
  });

  it('verifies what jose signs and jose verifies what it signs, with the same claims', async () => {
    const fromRing = await ring.sign(key, claims, { issuer: opts.issuer, audience: opts.audience, expiresIn: LIFE, now: NOW, subject: 'user-1' });
    const fromJws = jws.sign(claims, { issuer: opts.issuer, audience: opts.audience, expiresIn: LIFE, now: NOW, subject: 'user-1' });
    const strip = ({ jti: _j, ...rest }: Record<string, unknown>) => rest;
    expect(strip(jws.verify(fromRing, opts))).toEqual(strip(await ring.verify(fromRing, opts)));
    expect(strip(await ring.verify(fromJws, opts))).toEqual(strip(jws.verify(fromJws, opts)));
    expect(jws.verify(fromJws, opts)).toMatchObject({
      ...claims,
      sub: 'user-1',
      iat: NOW,
      exp: NOW + LIFE,
      iss: opts.issuer,
      aud: opts.audience,
      jti: expect.any(String),
    });
    const [h] = fromJws.split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toEqual({ alg, kid: key.kid, typ: 'JWT' });
    // The KeyRing signs with its active key through the same engine, not the retired one.
    expect(keyRing.active.kid).toBe(key.kid);
    const fromKeyRing = await keyRing.sign(claims, { issuer: opts.issuer, audience: opts.audience, expiresIn: LIFE, now: NOW, subject: 'user-1' });
    expect(strip(await ring.verify(fromKeyRing, opts))).toEqual(strip(keyRing.verifySync(fromKeyRing, opts)));
    expect(JSON.parse(Buffer.from(fromKeyRing.split('.')[0]!, 'base64url').toString()).kid).toBe(key.kid);
  });

  it('keeps a sub given in the claims when no subject option is set, and takes an audience list', async () => {
    const t = keyRing.signSync({ sub: 'from-claims', scope: 'x' }, { issuer: opts.issuer, audience: ['latchkey', 'other'], expiresIn: LIFE, now: NOW });
    expect(await ring.verify(t, opts)).toMatchObject({ sub: 'from-claims', aud: ['latchkey', 'other'] });
    expect(keyRing.verifySync(t, opts)).toMatchObject({ sub: 'from-claims', scope: 'x' });
  });

  it('expiry: valid up to exp - 1, expired from exp on (no tolerance)', async () => {
    const t = rawSign(key, header(), payload());
    expect(await both(ring, jws, t, NOW + LIFE - 1)).toEqual(['ok', 'ok']);
    expect(await both(ring, jws, t, NOW + LIFE)).toEqual(['expired', 'expired']);
  });

  const cases: Array<[string, () => string]> = [
    ['wrong issuer', () => rawSign(key, header(), payload({ iss: 'https://evil.test' }))],
    ['wrong audience', () => rawSign(key, header(), payload({ aud: 'other' }))],
    ['audience as an array that contains it', () => rawSign(key, header(), payload({ aud: ['x', 'latchkey'] }))],
    ['audience as an array without it', () => rawSign(key, header(), payload({ aud: ['x'] }))],
    ['missing iss', () => rawSign(key, header(), { ...payload(), iss: undefined })],
    ['missing aud', () => rawSign(key, header(), { ...payload(), aud: undefined })],
    ['nbf in the future', () => rawSign(key, header(), payload({ nbf: NOW + 1 }))],
    ['nbf now', () => rawSign(key, header(), payload({ nbf: NOW }))],
    ['iat as a string', () => rawSign(key, header(), payload({ iat: String(NOW) }))],
    ['exp as a string', () => rawSign(key, header(), payload({ exp: String(NOW + 10) }))],
    ['a payload that is an array', () => rawSign(key, header(), [payload()])],
    ['a payload that is not JSON', () => rawSign(key, header(), 'not json')],
    ['unknown kid', () => rawSign(key, header({ kid: 'nope' }), payload())],
    ['no kid', () => rawSign(key, { alg, typ: 'JWT' }, payload())],
    ['the kid of a key of the other algorithm', () => rawSign(key, header({ kid: other.kid }), payload())],
    ['alg none', () => `${b64({ alg: 'none', kid: key.kid })}.${b64(payload())}.`],
    ['alg none with a signature', () => `${b64({ alg: 'none', kid: key.kid })}.${b64(payload())}.${b64('x'.repeat(64))}`],
    [
      'alg HS256 keyed with the public key (algorithm confusion)',
      () => {
        const input = `${b64({ alg: 'HS256', kid: key.kid })}.${b64(payload())}`;
        const { d: _d, ...pub } = key.privateJwk;
        return `${input}.${createHmac('sha256', JSON.stringify(pub)).update(input).digest('base64url')}`;
      },
    ],
    ['a crit header parameter', () => rawSign(key, header({ crit: ['exp'] }), payload())],
    ['b64: false', () => rawSign(key, header({ b64: false, crit: ['b64'] }), payload())],
    [
      'a tampered payload',
      () => {
        const [h, , s] = rawSign(key, header(), payload()).split('.');
        return `${h}.${b64(payload({ sub: 'admin' }))}.${s}`;
      },
    ],
    [
      'a tampered signature',
      () => {
        const t = rawSign(key, header(), payload());
        const last = t.at(-2) === 'A' ? 'B' : 'A';
        return `${t.slice(0, -2)}${last}${t.at(-1)}`;
      },
    ],
    ['a truncated signature', () => rawSign(key, header(), payload()).slice(0, -4)],
    ['an empty signature', () => rawSign(key, header(), payload()).replace(/\.[^.]+$/, '.')],
    ['four segments', () => `${rawSign(key, header(), payload())}.x`],
    ['two segments', () => rawSign(key, header(), payload()).replace(/\.[^.]+$/, '')],
    ['a JWE-shaped token', () => 'a.b.c.d.e'],
    ['garbage', () => 'not.a.jwt'],
    ['a header that is not JSON', () => `${b64('{')}.${b64(payload())}.${b64('x'.repeat(64))}`],
  ];

  it.each(cases)('same outcome as jose for %s', async (_name, make) => {
    const [ring0, jws0] = await both(ring, jws, make());
    expect(jws0).toBe(ring0);
  });

  it('refuses forms jose lets through but Latchkey never issues (stricter)', async () => {
    const noExp = rawSign(key, header(), { ...payload(), exp: undefined });
    expect(await both(ring, jws, noExp)).toEqual(['ok', 'invalid token']);
    // Characters outside base64url (base64 padding, whitespace) are refused outright.
    const t = rawSign(key, header(), payload());
    for (const bad of [`${t}=`, ` ${t}`, t.replace('.', '.\n')]) {
      expect(() => jws.verify(bad, opts)).toThrow(TokenVerificationError);
    }
  });

  it('a retired key verifies until retirement + retention, then is unknown', async () => {
    const t = rawSign(other, { alg: other.alg, kid: other.kid, typ: 'JWT' }, payload({ exp: NOW + 10 * LIFE }));
    expect(await both(ring, jws, t)).toEqual(['ok', 'ok']);
    const end = other.retiredAt! + RETENTION;
    expect(await both(ring, jws, t, end - 1)).toEqual(['ok', 'ok']);
    expect(await both(ring, jws, t, end)).toEqual(['unknown signing key', 'unknown signing key']);
  });

  it('a token signed by jose with the same key is accepted', async () => {
    const t = await new SignJWT(claims)
      .setProtectedHeader({ alg, kid: key.kid })
      .setIssuer(opts.issuer)
      .setAudience(opts.audience)
      .setIssuedAt(NOW)
      .setExpirationTime(NOW + 60)
      .sign(await importJWK(key.privateJwk, alg));
    expect(jws.verify(t, opts)).toMatchObject(claims);
  });

  it('a token seen before is still checked for expiry, nbf, issuer, audience and key retirement on every call', async () => {
    const fresh = Jws.fromStored([key, other], RETENTION);
    const t = rawSign(key, header(), payload({ nbf: NOW }));
    expect(fresh.verify(t, opts)).toMatchObject(claims);
    expect(() => fresh.verify(t, { ...opts, now: NOW - 1 })).toThrow('invalid token'); // nbf
    expect(() => fresh.verify(t, { ...opts, issuer: 'https://other.test' })).toThrow('invalid token');
    expect(() => fresh.verify(t, { ...opts, audience: 'other' })).toThrow('invalid token');
    expect(() => fresh.verify(t, { ...opts, now: NOW + LIFE })).toThrow('token expired');
    const old = rawSign(other, { alg: other.alg, kid: other.kid, typ: 'JWT' }, payload({ exp: NOW + 10 * LIFE }));
    expect(fresh.verify(old, opts)).toMatchObject(claims);
    expect(() => fresh.verify(old, { ...opts, now: other.retiredAt! + RETENTION })).toThrow('unknown signing key');
    // The returned claims are a copy: changing them changes nothing for the next call.
    (fresh.verify(t, opts) as Record<string, unknown>).sub = 'admin';
    expect(fresh.verify(t, opts).sub).toBe('user-1');
  });
});
