import { startHarness, call, bodyFor, PATHS, MODELS, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  // A long key cache: only the pub/sub message can make revocation fast.
  h = await startHarness({ keyCacheTtlMs: 60_000 });
});
afterAll(() => h.close());

describe('revocation across instances', () => {
  it('a key revoked on one instance stops working on another without waiting out the key cache', async () => {
    if (!h.redis.redis) return; // needs Redis pub/sub
    const other = await h.instance();
    const { id, key } = await h.createKey();
    // Both instances have the key cached.
    expect((await call(h.gw.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'a'))).status).toBe(200);
    expect((await call(other.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'b'))).status).toBe(200);
    const started = Date.now();
    expect((await h.admin('POST', `/keys/${id}/revoke`)).status).toBe(200);
    let status = 200;
    while (status === 200 && Date.now() - started < 5_000) {
      status = (await call(other.url, PATHS.chat, key, bodyFor('chat', MODELS.openai, 'c'))).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 10));
    }
    // Refused within the 5 s deadline, far inside this harness's 60 s key cache: the revocation was pushed, not waited out.
    expect(status).toBe(401);
    const listed = await h.admin('GET', '/keys?solution=test-solution&all=true');
    expect(listed.body.keys.find((k: any) => k.id === id).revokedAt).toEqual(expect.any(String));
  });

  it('keys are stored as fingerprints and a display prefix only', async () => {
    const { id, key } = await h.createKey();
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    const row = await h.prisma.gatewayKey.findUniqueOrThrow({ where: { id } });
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row.fingerprint).not.toContain(key.slice(3));
    expect(row.prefix).toBe(`${key.slice(0, 9)}…`);
    expect(JSON.stringify(row)).not.toContain(key.slice(9));
    const listed = await h.admin('GET', `/keys/${id}`);
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(9));
  });
});
