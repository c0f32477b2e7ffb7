/**
 * `latchkey org members …` run as an operator runs it: the built binary
 * (`node apps/cli/dist/index.js`, built by `npx turbo run build --filter=@latchkey/cli...`)
 * against a running auth-central. People "sign in" through the store function
 * the callback uses (role `user`); the CLI gives and removes roles.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createLogger } from '@latchkey/service-kit';
import { cliRunner, BIN } from './run-cli.js';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { startAuthCentral, type RunningAuthCentral } from '../../auth-central/src/server.js';
import { upsertApp } from '../../auth-central/src/store/apps.js';
import { upsertUserAndMembership } from '../../auth-central/src/store/users.js';

const ADMIN_TOKEN = `cli-test-${randomBytes(8).toString('hex')}`;

let database: TestDatabase;
let auth: RunningAuthCentral;

const latchkey = cliRunner(() => ({ LATCHKEY_ADMIN_TOKEN: ADMIN_TOKEN, LATCHKEY_AUTH_URL: auth.url }));

/** What a sign-in through an app of `org` records: the identity, role `user`. */
const signIn = (email: string, org = 'acme') =>
  upsertUserAndMembership(auth.db, { issuer: 'https://idp.test', subject: `sub-${email}`, email, name: email.split('@')[0]! }, org);

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
  await upsertApp(auth.db, { appId: 'shop', organisationId: 'acme', organisationName: 'Acme', domains: ['shop.example.com'] });
}, 30_000);
afterAll(async () => {
  await auth?.close();
  await database?.drop();
});

describe('latchkey org members', () => {
  it('has --help on the group and every command', async () => {
    for (const cmd of [[], ['add'], ['list'], ['remove']]) {
      const r = await latchkey(['org', 'members', ...cmd, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: latchkey org members/);
    }
    expect((await latchkey(['org', 'members', 'add', '--help'])).stdout).toMatch(/--role <role>.*\(choices: "member", "admin", "owner"/s);
    expect((await latchkey(['--help'])).stdout).toMatch(/org/);
  });

  it('an organisation whose people only signed in has no members; list --all shows them as users', async () => {
    await signIn('ada@acme.com');
    const none = await latchkey(['org', 'members', 'list', 'acme']);
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/acme has no members\. Add one with: latchkey org members add acme <email>/);
    const all = await latchkey(['org', 'members', 'list', 'acme', '--all', '--json']);
    expect(JSON.parse(all.stdout)).toEqual([expect.objectContaining({ email: 'ada@acme.com', role: 'user', issuer: 'https://idp.test' })]);
  });

  it('add (member by default, --role), list, remove: human and --json', async () => {
    await signIn('bob@acme.com');
    const add = await latchkey(['org', 'members', 'add', 'acme', 'ada@acme.com']);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/^ada@acme\.com \([0-9a-f-]+, https:\/\/idp\.test\) is now member of acme\.\n$/);
    const admin = await latchkey(['org', 'members', 'add', 'acme', 'bob@acme.com', '--role', 'admin', '--json']);
    expect(admin.code).toBe(0);
    const bob = JSON.parse(admin.stdout);
    expect(bob).toMatchObject({ email: 'bob@acme.com', role: 'admin' });

    const list = await latchkey(['org', 'members', 'list', 'acme']);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+ROLE\s+NAME\s+USER_ID\s+ISSUER\s+CREATED_AT$/);
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^bob@acme\.com\s+admin\s/), expect.stringMatching(/^ada@acme\.com\s+member\s/)]);

    const byId = await latchkey(['org', 'members', 'remove', 'acme', bob.user_id]);
    expect(byId.code).toBe(0);
    expect(byId.stdout).toBe(`Removed ${bob.user_id} from acme.\n`);
    const byEmail = await latchkey(['org', 'members', 'remove', 'acme', 'ada@acme.com', '--json']);
    expect(JSON.parse(byEmail.stdout)).toEqual({ organisation: 'acme', person: 'ada@acme.com', removed: true });
    expect((await latchkey(['org', 'members', 'list', 'acme'])).stdout).toMatch(/has no members/);
  });

  it('exit 1 with the service’s message when it refuses, exit 2 for bad usage', async () => {
    const unknown = await latchkey(['org', 'members', 'add', 'acme', 'nobody@acme.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/signs in once.*\(USER_NOT_FOUND\)/);
    const org = await latchkey(['org', 'members', 'list', 'nope']);
    expect(org.code).toBe(1);
    expect(org.stderr).toMatch(/No organisation "nope"\. \(NOT_FOUND\)/);
    const notMember = await latchkey(['org', 'members', 'remove', 'acme', 'nobody@acme.com']);
    expect(notMember.code).toBe(1);
    const role = await latchkey(['org', 'members', 'add', 'acme', 'ada@acme.com', '--role', 'user']);
    expect(role.code).toBe(2);
    expect((await latchkey(['org', 'members', 'add', 'acme'])).code).toBe(2);
  });
});
