/**
 * `latchkey host db …` and `latchkey doctor`, run as an operator runs them:
 * the built binary (`node apps/cli/dist/index.js`, built by
 * `npx turbo run build --filter=@latchkey/cli...`) against a running app-signin.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN, Browser, totpCode, secretOf, startSignin, uniqueId, type Harness } from '../../app-signin/test/helpers.js';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/index.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the binary asynchronously (the server under test lives in this process). */
function latchkey(args: string[], env: Record<string, string | undefined> = {}, cwd?: string, input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN,
        LATCHKEY_SIGNIN_URL: h.url,
        LATCHKEY_PROPAGATION_WAIT_MS: '2000',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    if (input !== undefined) child.stdin.end(input);
    else child.stdin.end();
  });
}

let h: Harness;
let dir: string;

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`build the CLI first: npx turbo run build --filter=@latchkey/cli... (${BIN} is missing)`);
  h = await startSignin();
  dir = await mkdtemp(path.join(os.tmpdir(), 'latchkey-migrations-'));
}, 30_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await h?.close();
});

describe('usage', () => {
  it('has --help on every command', async () => {
    const cmds = [
      ['host', 'db'],
      ['host', 'db', 'create'],
      ['host', 'db', 'connect'],
      ['host', 'db', 'migrate'],
      ['host', 'db', 'auth'],
      ['host', 'db', 'auth', 'provision'],
      ['host', 'db', 'auth', 'deploy'],
      ['host', 'db', 'auth', 'policy'],
      ['host', 'db', 'auth', 'reset-user'],
      ['host', 'db', 'auth', 'disable'],
      ['host', 'db', 'auth', 'settings'],
      ['host', 'db', 'auth', 'provider'],
      ['doctor'],
    ];
    const runs = await Promise.all(cmds.map((cmd) => latchkey([...cmd, '--help'])));
    runs.forEach((r, i) => {
      expect({ cmd: cmds[i], code: r.code }).toEqual({ cmd: cmds[i], code: 0 });
      expect(r.stdout).toContain('Usage: latchkey');
    });
  }, 30_000);

  it('exits 2 on bad usage or configuration, 3 when the service is unreachable, 1 when refused', async () => {
    expect((await latchkey(['host', 'db', 'auth', 'policy', 'x'])).code).toBe(2); // --require missing
    const noToken = await latchkey(['host', 'db', 'connect', 'x'], { LATCHKEY_ADMIN_TOKEN: '' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/LATCHKEY_ADMIN_TOKEN/);
    const down = await latchkey(['host', 'db', 'connect', 'x'], { LATCHKEY_SIGNIN_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/cannot reach signin/);
    const unknown = await latchkey(['host', 'db', 'auth', 'provision', `nope-${Date.now()}`]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/latchkey host db create/);
    const wrongToken = await latchkey(['host', 'db', 'connect', 'x'], { LATCHKEY_ADMIN_TOKEN: 'not-the-token' });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toMatch(/UNAUTHORIZED/);
  }, 30_000);
});

// The two long flows below (3 minutes each) start the binary twenty times or more and create databases; on a
// busy two-core machine (another suite running beside this one) a start alone takes seconds, and a time limit is
// not what they test.
describe('the operator flow', () => {
  it('db create, db connect, auth provision, auth deploy, db migrate, doctor, policy, reset-user, disable', async () => {
    const appId = uniqueId('cli');
    h.appIds.push(appId);

    const created = await latchkey(['host', 'db', 'create', appId, '--org', 'acme']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(new RegExp(`Created database app_${appId.replace(/-/g, '_')}`));
    expect((await latchkey(['host', 'db', 'create', appId, '--org', 'acme'])).stdout).toMatch(/nothing to do/);

    const conn = await latchkey(['host', 'db', 'connect', appId]);
    expect(conn.code).toBe(0);
    expect(conn.stdout.trim()).toMatch(/^postgres(ql)?:\/\/.*app_cli_/);

    const prov = await latchkey(['host', 'db', 'auth', 'provision', appId]);
    expect(prov.code).toBe(0);
    expect(prov.stdout).toMatch(/Installed the sign-in tables/);
    expect((await latchkey(['host', 'db', 'auth', 'provision', appId])).stdout).toMatch(/are current/);

    const doc0 = await latchkey(['doctor', appId]);
    expect(doc0.code).toBe(1);
    expect(doc0.stdout).toMatch(/not live/);
    expect(doc0.stdout).toMatch(/latchkey host db auth deploy/);

    await writeFile(
      path.join(dir, '0001_todos.sql'),
      `CREATE TABLE public.todos (id serial PRIMARY KEY, owner text NOT NULL DEFAULT auth.uid(), title text NOT NULL);
ALTER TABLE public.todos ENABLE ROW LEVEL SECURITY;
CREATE POLICY todos_owner ON public.todos TO authenticated USING (owner = auth.uid());`,
    );
    await writeFile(path.join(dir, 'README.txt'), 'not a migration');
    const early = await latchkey(['host', 'db', 'migrate', appId, '--dir', dir]);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/authenticated role.*run `latchkey host db auth deploy/);

    const dep = await latchkey(['host', 'db', 'auth', 'deploy', appId, '--json']);
    expect(dep.code).toBe(0);
    const deployed = JSON.parse(dep.stdout);
    expect(deployed).toMatchObject({ state: 'live', propagated: true, signinUrl: expect.stringMatching(/\/a\/acme-[a-z2-7]{22}$/) });
    const human = await latchkey(['host', 'db', 'auth', 'deploy', appId]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`address  ${deployed.signinUrl}`);

    const mig = await latchkey(['host', 'db', 'migrate', appId, '--dir', dir]);
    expect(mig.code).toBe(0);
    expect(mig.stdout).toMatch(/applied {2}0001_todos/);
    expect((await latchkey(['host', 'db', 'migrate', appId, '--dir', dir])).stdout).toMatch(/Nothing to apply/);
    expect((await latchkey(['host', 'db', 'migrate', appId, '--dir', path.join(dir, 'missing')])).code).toBe(2);

    const doc = await latchkey(['doctor', appId]);
    expect(doc.code).toBe(0);
    expect(doc.stdout).toMatch(/✓ sign-in {6}live/);
    expect(doc.stdout).toContain(deployed.signinUrl);
    expect(doc.stdout).toMatch(/schema {7}current/);
    const docJson = JSON.parse((await latchkey(['doctor', appId, '--json'])).stdout);
    expect(docJson).toMatchObject({ live: true, ok: true, schema: { current: true } });

    // policy: saved, then applied by deploy
    const pol = await latchkey(['host', 'db', 'auth', 'policy', appId, '--require', 'admin,owner']);
    expect(pol.code).toBe(0);
    expect(pol.stdout).toMatch(/second factor is required for admin, owner/);
    const pending = await latchkey(['doctor', appId]);
    expect(pending.code).toBe(1);
    expect(pending.stdout).toMatch(/not applied yet/);
    expect((await latchkey(['host', 'db', 'auth', 'deploy', appId])).stdout).toMatch(/second factor required for: admin, owner/);
    expect((await latchkey(['doctor', appId])).code).toBe(0);

    // reset-user: a user with two-factor and two sessions
    const base = `${deployed.signinUrl}/api/auth`;
    const a = new Browser(base);
    await a.post('/sign-up/email', { name: 'Una', email: 'una@example.com', password: 'password-123' });
    const en = await a.post('/two-factor/enable', { password: 'password-123' });
    expect((await a.post('/two-factor/verify-totp', { code: totpCode(secretOf(en.body.totpURI)) })).status).toBe(200);
    const b = new Browser(base);
    expect((await b.post('/sign-in/email', { email: 'una@example.com', password: 'password-123' })).body.twoFactorRedirect).toBe(true);
    const reset = await latchkey(['host', 'db', 'auth', 'reset-user', appId, '--email', 'una@example.com'], { LATCHKEY_ACTOR: 'ops@example.com' });
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/second factor cleared, 1 session\(s\) ended/);
    expect(reset.stdout).toMatch(/ops@example.com/);
    expect((await a.get('/get-session')).body).toBeNull();
    // the pending two-factor sign-in is void too; the next sign-in needs no code (user re-enrols)
    expect((await b.post('/two-factor/verify-totp', { code: '123456' })).body.code).toBe('INVALID_TWO_FACTOR_COOKIE');
    expect((await b.post('/sign-in/email', { email: 'una@example.com', password: 'password-123' })).body.redirect).toBe(false);
    const audit = await h.admin('GET', `/apps/${appId}/audit`);
    expect(audit.body.entries).toEqual([expect.objectContaining({ actor: 'ops@example.com', action: 'reset-user' })]);
    const resetOs = await latchkey(['host', 'db', 'auth', 'reset-user', appId, '--email', 'una@example.com', '--json']);
    expect(JSON.parse(resetOs.stdout).actor).toBe(os.userInfo().username);
    const nobody = await latchkey(['host', 'db', 'auth', 'reset-user', appId, '--email', 'nobody@example.com']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/USER_NOT_FOUND/);

    // disable: refused without --confirm; then everyone out, accounts kept
    const refuse = await latchkey(['host', 'db', 'auth', 'disable', appId]);
    expect(refuse.code).toBe(2);
    expect(refuse.stderr).toMatch(/--confirm/);
    expect((await b.post('/sign-in/email', { email: 'una@example.com', password: 'password-123' })).status).toBe(200);
    expect((await b.get('/get-session')).body.user.email).toBe('una@example.com');
    const dis = await latchkey(['host', 'db', 'auth', 'disable', appId, '--confirm'], { LATCHKEY_ACTOR: 'ops@example.com' });
    expect(dis.code).toBe(0);
    expect(dis.stdout).toMatch(/disabled.*session\(s\) ended, accounts kept/);
    expect((await b.get('/get-session')).status).toBe(404);
    expect((await new Browser(base).post('/sign-in/email', { email: 'una@example.com', password: 'password-123' })).status).toBe(404);
    const db = await h.appDb(appId);
    expect((await db.query('SELECT count(*)::int AS n FROM latchkey_auth."user"')).rows[0].n).toBe(1);
    expect((await db.query('SELECT count(*)::int AS n FROM latchkey_auth.session')).rows[0].n).toBe(0);
    const docOff = await latchkey(['doctor', appId]);
    expect(docOff.code).toBe(1);
    expect(docOff.stdout).toMatch(/not live \(disabled\)/);

    // deploy again: live, the same accounts sign in
    expect((await latchkey(['host', 'db', 'auth', 'deploy', appId])).code).toBe(0);
    expect((await new Browser(base).post('/sign-in/email', { email: 'una@example.com', password: 'password-123' })).status).toBe(200);

    // an out-of-date schema: doctor says to re-run provision
    await db.query('DELETE FROM latchkey_auth.schema_version');
    const stale = await latchkey(['doctor', appId]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/✗ schema {7}out of date/);
    expect(stale.stdout).toMatch(/re-run `latchkey host db auth provision/);
    expect((await latchkey(['host', 'db', 'auth', 'provision', appId])).code).toBe(0);
    expect((await latchkey(['doctor', appId])).code).toBe(0);
  }, 180_000);

  it('deploy says when the key endpoint has not propagated yet, and a re-run finishes', async () => {
    // Instance `edge` serves the public address and caches app settings; instance `ops` takes the admin calls.
    const edge = await startSignin({ appCacheTtlMs: 3_600_000 });
    const ops = await startSignin({ publicUrl: edge.url, encryptionKey: edge.config.encryptionKey }, { registry: edge.registry });
    try {
      const appId = uniqueId('prop');
      ops.appIds.push(appId);
      const env = { LATCHKEY_SIGNIN_URL: ops.url, LATCHKEY_PROPAGATION_WAIT_MS: '300' };
      expect((await latchkey(['host', 'db', 'create', appId, '--org', 'acme'], env)).code).toBe(0);
      expect((await latchkey(['host', 'db', 'auth', 'provision', appId], env)).code).toBe(0);
      const slug = (await ops.admin('GET', `/apps/${appId}/doctor`)).body.signinUrl.split('/').pop();
      expect((await fetch(`${edge.url}/a/${slug}/api/auth/jwks`)).status).toBe(404); // the edge caches "not live"
      const dep = await latchkey(['host', 'db', 'auth', 'deploy', appId], env);
      expect(dep.code).toBe(4);
      expect(dep.stderr).toMatch(/has not propagated/);
      expect(dep.stderr).toMatch(/in about a minute/);
      edge.signin.apps.invalidate(slug); // what the cache expiry does after a minute
      const again = await latchkey(['host', 'db', 'auth', 'deploy', appId], env);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/Sign-in is live/);
    } finally {
      await ops.close();
      await edge.close();
    }
  }, 30_000);
});

describe('account settings and providers', () => {
  it('auth settings and auth provider save what end users get; doctor reports them; secrets never shown', async () => {
    const appId = uniqueId('acct');
    h.appIds.push(appId);
    expect((await latchkey(['host', 'db', 'create', appId, '--org', 'acme'])).code).toBe(0);
    expect((await latchkey(['host', 'db', 'auth', 'provision', appId])).code).toBe(0);
    expect((await latchkey(['host', 'db', 'auth', 'deploy', appId, '--origins', 'https://shop.example'])).code).toBe(0);

    const set = await latchkey([
      'host',
      'db',
      'auth',
      'settings',
      appId,
      '--require-verification',
      '--mail-from',
      'Shop <no-reply@shop.example>',
      '--subject',
      'reset-password=Reset your Shop password',
      '--user-deletion',
      'anonymise',
    ]);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('required before sign-in');
    expect(set.stdout).toContain('Shop <no-reply@shop.example>');
    expect(set.stdout).toContain('Reset your Shop password');
    const shown = JSON.parse((await latchkey(['host', 'db', 'auth', 'settings', appId, '--json'])).stdout);
    expect(shown.settings).toMatchObject({ requireEmailVerification: true, mailFrom: 'Shop <no-reply@shop.example>', userDeletion: 'anonymise' });
    expect((await latchkey(['host', 'db', 'auth', 'settings', appId, '--user-deletion', 'shred'])).code).toBe(2);
    expect((await latchkey(['host', 'db', 'auth', 'settings', appId, '--subject', 'welcome=Hi'])).code).toBe(2);
    const badSender = await latchkey(['host', 'db', 'auth', 'settings', appId, '--mail-from', 'not an address']);
    expect(badSender.code).toBe(1);
    expect(badSender.stderr).toContain('INVALID_SENDER');

    // the reset mail of this app carries its sender and subject
    const signinUrl = shown.settings.mailLinkBase as string;
    const b = new Browser(`${signinUrl}/api/auth`);
    await b.post('/sign-up/email', { name: 'M', email: 'mail@example.com', password: 'password-123' });
    await b.post('/request-password-reset', { email: 'mail@example.com' });
    const [mail] = (await h.mail('mail@example.com')).filter((m) => m.kind === 'reset-password');
    expect(mail).toMatchObject({ from: 'Shop <no-reply@shop.example>', subject: 'Reset your Shop password' });

    const google = await latchkey([
      'host',
      'db',
      'auth',
      'provider',
      appId,
      '--provider',
      'google',
      '--client-id',
      'cid.apps.example',
      '--client-secret',
      'google-secret-value',
    ]);
    expect(google.code).toBe(0);
    expect(google.stdout).toContain(`${signinUrl}/api/auth/callback/google`);
    const own = await latchkey(
      [
        'host',
        'db',
        'auth',
        'provider',
        appId,
        '--provider',
        'okta',
        '--client-id',
        'okta-client',
        '--client-secret',
        '-',
        '--issuer',
        'https://acme.okta.example',
      ],
      {},
      undefined,
      'okta-secret-value\n',
    );
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('(oidc, issuer https://acme.okta.example)');
    const noIssuer = await latchkey(['host', 'db', 'auth', 'provider', appId, '--provider', 'corp', '--client-id', 'c', '--client-secret', 's']);
    expect(noIssuer.code).toBe(1);
    expect(noIssuer.stderr).toContain('--issuer');
    expect((await latchkey(['host', 'db', 'auth', 'provider', appId, '--provider', 'google'])).code).toBe(2);
    const stored = await h.prisma.authProvider.findMany({ where: { appId } });
    expect(stored).toHaveLength(2);
    for (const p of stored) expect(p.clientSecret).not.toMatch(/secret-value/);

    const doctor = await latchkey(['doctor', appId]);
    expect(doctor.stdout).toContain('development mailbox');
    expect(doctor.stdout).toContain('verification required before sign-in');
    expect(doctor.stdout).toContain('google (google), okta (oidc)');
    expect(doctor.stdout).not.toContain('secret-value');
    const doctorJson = await latchkey(['doctor', appId, '--json']);
    expect(doctorJson.stdout).not.toContain('secret-value');

    const removed = await latchkey(['host', 'db', 'auth', 'provider', appId, '--provider', 'okta', '--remove']);
    expect(removed.code).toBe(0);
    expect((await latchkey(['host', 'db', 'auth', 'provider', appId, '--provider', 'okta', '--remove'])).code).toBe(1);
  }, 180_000);
});
