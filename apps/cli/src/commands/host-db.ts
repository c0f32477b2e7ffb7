/**
 * `latchkey host db …` and `latchkey doctor`: an app's database and its
 * end-user sign-in (app-signin's admin API).
 *
 * Order for an app with row-level security (SPEC.md):
 *   db create → db connect → db auth provision → db auth deploy → db migrate → (the app's own deploy)
 */
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { adminRequest, CliError } from '../client.js';
import type {
  SigninDatabaseConnection,
  SigninDatabaseCreated,
  SigninDeployed,
  SigninDisabled,
  SigninDoctorReport,
  SigninMigrationsResult,
  SigninPolicyResult,
  SigninProviderSaved,
  SigninProvisioned,
  SigninSettings,
  SigninSettingsSaved,
  SigninUserReset,
} from '@latchkey/admin-api';
import { group } from './group.js';
import { print, withSpinner } from '../output.js';

/** Exit code of `db auth deploy` when sign-in is on but the key endpoint does not show the new key yet. */
export const EXIT_NOT_PROPAGATED = 4;

const enc = encodeURIComponent;
const appPath = (appId: string) => `/admin/apps/${enc(appId)}`;

function actor(): string {
  if (process.env.LATCHKEY_ACTOR) return process.env.LATCHKEY_ACTOR;
  try {
    return os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

function jsonFlag(cmd: Command): Command {
  return cmd.option('--json', 'print the result as JSON');
}

/** Polls `{signin_url}/api/auth/jwks` until it lists `kid` (or the wait is over). */
async function keyPropagated(signinUrl: string, kid: string): Promise<boolean> {
  const waitMs = Number(process.env.LATCHKEY_PROPAGATION_WAIT_MS ?? 5000);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const res = await fetch(`${signinUrl}/api/auth/jwks`, { signal: AbortSignal.timeout(5000), headers: { 'cache-control': 'no-cache' } });
      if (res.ok) {
        const body = (await res.json()) as { keys?: Array<{ kid?: string }> };
        if (body.keys?.some((k) => k.kid === kid)) return true;
      }
    } catch {
      /* not reachable yet */
    }
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, Math.min(500, Math.max(0, deadline - Date.now()))));
  }
}

async function readMigrations(dir: string): Promise<Array<{ name: string; sql: string }>> {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    throw new CliError(`no migrations directory at ${dir} (use --dir DIR)`, 2);
  }
  const sql = files.filter((f) => f.endsWith('.sql')).sort();
  if (!sql.length) throw new CliError(`no .sql files in ${dir}`, 2);
  return Promise.all(sql.map(async (f) => ({ name: f.slice(0, -4), sql: await readFile(path.join(dir, f), 'utf8') })));
}

export function register(program: Command): void {
  const host = group(program, 'host', 'Hosted apps: registration, databases and end-user sign-in.');
  const db = group(host, 'db', "An app's own database and its end-user sign-in (app-signin).").addHelpText(
    'after',
    `
Order for an app with row-level security:
  latchkey host db create <app-id>
  latchkey host db connect <app-id>
  latchkey host db auth provision <app-id>
  latchkey host db auth deploy <app-id>
  latchkey host db migrate <app-id> --dir migrations
  (then deploy the app itself)`,
  );

  jsonFlag(
    db
      .command('create <app-id>')
      .description("Create the app's database (on app-signin's APP_DATABASES_URL server) and register it for sign-in.")
      .option('--org <org-id>', 'organisation the app belongs to (part of its sign-in address)', 'default')
      .option('--database-url <url>', 'attach an existing PostgreSQL database instead of creating one'),
  ).action(async (appId: string, o: { org: string; databaseUrl?: string; json?: boolean }) => {
    const r = await withSpinner(`creating the database of ${appId}`, !o.json, () =>
      adminRequest<SigninDatabaseCreated>('signin', 'POST', `${appPath(appId)}/database`, { org: o.org, databaseUrl: o.databaseUrl }),
    );
    print(!!o.json, r, () => {
      console.log(r.created ? `Created database ${r.database} for ${r.appId}.` : `${r.appId} already has database ${r.database} (nothing to do).`);
      console.log(`Next: latchkey host db auth provision ${r.appId}`);
    });
  });

  jsonFlag(db.command('connect <app-id>').description("Print the connection string of the app's database.")).action(
    async (appId: string, o: { json?: boolean }) => {
      const r = await adminRequest<SigninDatabaseConnection>('signin', 'GET', `${appPath(appId)}/database`);
      print(!!o.json, r, () => console.log(r.connectionString));
    },
  );

  jsonFlag(
    db
      .command('migrate <app-id>')
      .description("Apply the app's own SQL migrations (DIR/*.sql, in name order), each once; recorded in latchkey_auth.app_migrations.")
      .option('--dir <dir>', 'directory of .sql migrations', 'migrations'),
  ).action(async (appId: string, o: { dir: string; json?: boolean }) => {
    const migrations = await readMigrations(o.dir);
    const r = await withSpinner(`migrating ${appId}`, !o.json, () =>
      adminRequest<SigninMigrationsResult>('signin', 'POST', `${appPath(appId)}/migrations`, { migrations }),
    );
    print(!!o.json, r, () => {
      for (const m of r.applied) console.log(`applied  ${m}`);
      console.log(
        r.applied.length ? `${r.applied.length} applied, ${r.skipped.length} already applied.` : `Nothing to apply (${r.skipped.length} already applied).`,
      );
    });
  });

  const auth = group(db, 'auth', 'End-user sign-in of an app: tables, deploy, role policy, users.');

  jsonFlag(
    auth.command('provision <app-id>').description("Install the sign-in tables (schema latchkey_auth) in the app's database. Additive; safe to repeat."),
  ).action(async (appId: string, o: { json?: boolean }) => {
    const r = await withSpinner(`installing the sign-in tables of ${appId}`, !o.json, () =>
      adminRequest<SigninProvisioned>('signin', 'POST', `${appPath(appId)}/auth/provision`),
    );
    print(!!o.json, r, () => {
      console.log(
        r.applied.length
          ? `Installed the sign-in tables of ${r.appId} (schema version ${r.schemaVersion}).`
          : `The sign-in tables of ${r.appId} are current (schema version ${r.schemaVersion}).`,
      );
      if (r.state !== 'live') console.log(`Next: latchkey host db auth deploy ${r.appId}`);
    });
  });

  jsonFlag(
    auth
      .command('deploy <app-id>')
      .description(
        'Turn sign-in on: database roles authenticated and anonymous with their grants, signing keys, the saved role policy; prints the sign-in address. Safe to repeat.',
      )
      .option('--origins <origins>', 'comma-separated browser origins allowed to call sign-in (CORS), e.g. https://shop.example.com')
      .addHelpText('after', `\nExit code ${EXIT_NOT_PROPAGATED}: deployed, but the key endpoint does not show the new key yet; re-run in about a minute.`),
  ).action(async (appId: string, o: { origins?: string; json?: boolean }) => {
    const origins =
      o.origins === undefined
        ? undefined
        : o.origins
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
    const r = await withSpinner(`deploying sign-in for ${appId}`, !o.json, async () => {
      const d = await adminRequest<SigninDeployed>('signin', 'POST', `${appPath(appId)}/auth/deploy`, origins ? { origins } : {});
      return { ...d, propagated: await keyPropagated(d.signinUrl, d.kid) };
    });
    print(!!o.json, r, () => {
      console.log(`Sign-in is ${r.propagated ? 'live' : 'deployed'} for ${r.appId}.`);
      console.log(`  address  ${r.signinUrl}`);
      console.log(`  routes   ${r.signinUrl}/api/auth/…`);
      console.log(`  jwks     ${r.jwksUrl}`);
      console.log(`  policy   ${r.policy.length ? `second factor required for: ${r.policy.join(', ')}` : 'no role needs a second factor'}`);
      if (r.origins.length) console.log(`  origins  ${r.origins.join(', ')}`);
    });
    if (!r.propagated) {
      process.stderr.write(
        `The key endpoint ${r.jwksUrl} does not show the new signing key yet (it has not propagated). Re-run \`latchkey host db auth deploy ${appId}\` in about a minute.\n`,
      );
      process.exitCode = EXIT_NOT_PROPAGATED;
    }
  });

  jsonFlag(
    auth
      .command('policy <app-id>')
      .description("Save the roles that need a second factor (matched case-insensitively against the user table's role column). No effect until deploy.")
      .requiredOption('--require <roles>', 'comma-separated roles, e.g. admin,owner ("" requires it of nobody)'),
  ).action(async (appId: string, o: { require: string; json?: boolean }) => {
    const roles = o.require
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const r = await adminRequest<SigninPolicyResult>('signin', 'PUT', `${appPath(appId)}/auth/policy`, { require: roles });
    print(!!o.json, r, () => {
      console.log(`Saved: ${r.saved.length ? `a second factor is required for ${r.saved.join(', ')}` : 'no role requires a second factor'}.`);
      console.log(`Applied now: ${r.applied.length ? r.applied.join(', ') : 'none'}. Run \`latchkey host db auth deploy ${appId}\` to apply it.`);
    });
  });

  jsonFlag(
    auth
      .command('settings <app-id>')
      .description(
        "End users' account settings of an app: email verification, the app's mail, account deletion. Takes effect within a minute; no deploy needed.",
      )
      .option('--require-verification', 'end users must verify their email address before they can sign in')
      .option('--no-require-verification', 'end users may sign in before verifying their address (the default)')
      .option('--mail-from <sender>', 'sender of the app\'s mail, e.g. "Shop <no-reply@shop.example>" ("" = the deployment\'s MAIL_FROM)')
      .option('--subject <kind=text...>', 'subject of a message kind: verify-email, reset-password, change-email or email-changed (repeatable)')
      .option('--link-base <url>', 'base URL of the links in the app\'s mail ("" = the app\'s sign-in address)')
      .option('--user-deletion <mode>', 'what delete-user does with the user row: delete (default) or anonymise')
      .addHelpText(
        'after',
        `
Without options, prints the current settings. Mail goes through app-signin's SMTP_URL (in development: its
mailbox at <app-signin>/dev/mailbox). Examples:
  latchkey host db auth settings shop --require-verification --mail-from "Shop <no-reply@shop.example>"
  latchkey host db auth settings shop --subject reset-password="Reset your Shop password"
  latchkey host db auth settings shop --user-deletion anonymise`,
      ),
  ).action(
    async (
      appId: string,
      o: { requireVerification?: boolean; mailFrom?: string; subject?: string[]; linkBase?: string; userDeletion?: string; json?: boolean },
    ) => {
      const body: Record<string, unknown> = {};
      if (o.requireVerification !== undefined) body.requireEmailVerification = o.requireVerification;
      if (o.mailFrom !== undefined) body.mailFrom = o.mailFrom || null;
      if (o.linkBase !== undefined) body.mailLinkBase = o.linkBase || null;
      if (o.userDeletion !== undefined) {
        if (o.userDeletion !== 'delete' && o.userDeletion !== 'anonymise')
          throw new CliError(`--user-deletion is delete or anonymise, not ${o.userDeletion}`, 2);
        body.userDeletion = o.userDeletion;
      }
      if (o.subject?.length) {
        const subjects: Record<string, string> = {};
        for (const pair of o.subject) {
          const eq = pair.indexOf('=');
          const kind = eq > 0 ? pair.slice(0, eq) : '';
          if (!['verify-email', 'reset-password', 'change-email', 'email-changed'].includes(kind)) {
            throw new CliError(`--subject takes kind=text with kind verify-email, reset-password, change-email or email-changed (got "${pair}")`, 2);
          }
          subjects[kind] = pair.slice(eq + 1);
        }
        body.mailSubjects = subjects;
      }
      const r = Object.keys(body).length
        ? await adminRequest<SigninSettingsSaved>('signin', 'PUT', `${appPath(appId)}/auth/settings`, body)
        : { settings: (await adminRequest<{ settings: SigninSettings }>('signin', 'GET', `${appPath(appId)}/doctor`)).settings };
      print(!!o.json, r, () => {
        const st = r.settings;
        console.log(`${Object.keys(body).length ? 'Saved' : 'Settings'} for ${appId}:`);
        console.log(`  email verification  ${st.requireEmailVerification ? 'required before sign-in' : 'not required'}`);
        console.log(`  mail sender         ${st.mailFrom ?? "the deployment's MAIL_FROM"}`);
        for (const [k, v] of Object.entries(st.mailSubjects ?? {})) console.log(`  subject ${k.padEnd(15)}${v}`);
        console.log(`  mail links          ${st.mailLinkBase}/api/auth/…`);
        console.log(`  delete-user         ${st.userDeletion === 'anonymise' ? 'keeps an anonymised user row' : 'removes the user rows'}`);
      });
    },
  );

  jsonFlag(
    auth
      .command('provider <app-id>')
      .description("Add, replace or remove a provider end users can sign in with (better-auth's sign-in/social). The client secret is stored encrypted.")
      .requiredOption('--provider <id>', 'google, github, microsoft, or a name of your own for another OpenID Connect provider')
      .option('--client-id <id>', 'the OAuth client id the provider issued')
      .option('--client-secret <secret>', 'the client secret ("-" reads it from standard input, which keeps it out of the shell history)')
      .option('--issuer <url>', 'OpenID Connect issuer (required for your own providers; microsoft: https://login.microsoftonline.com/<tenant>/v2.0)')
      .option('--scopes <scopes>', 'extra scopes, comma-separated')
      .option('--remove', 'remove the provider')
      .addHelpText(
        'after',
        `
Register <sign-in address>/api/auth/callback/<id> as the redirect URI at the provider (printed here).
Accounts are linked by email only when both the provider and the existing account say the address is verified.
Examples:
  latchkey host db auth provider shop --provider google --client-id 123.apps.googleusercontent.com --client-secret -
  latchkey host db auth provider shop --provider okta --issuer https://acme.okta.com --client-id … --client-secret …
  latchkey host db auth provider shop --provider github --remove`,
      ),
  ).action(
    async (
      appId: string,
      o: { provider: string; clientId?: string; clientSecret?: string; issuer?: string; scopes?: string; remove?: boolean; json?: boolean },
    ) => {
      const at = `${appPath(appId)}/auth/providers/${enc(o.provider)}`;
      if (o.remove) {
        const r = await adminRequest<{ removed: string }>('signin', 'DELETE', at);
        print(!!o.json, r, () => console.log(`Removed provider ${r.removed} from ${appId}.`));
        return;
      }
      if (!o.clientId || !o.clientSecret) throw new CliError('a provider needs --client-id and --client-secret (or --remove)', 2);
      let secret = o.clientSecret;
      if (secret === '-') {
        const chunks: Buffer[] = [];
        for await (const c of process.stdin) chunks.push(c as Buffer);
        secret = Buffer.concat(chunks).toString('utf8').trim();
        if (!secret) throw new CliError('no client secret on standard input', 2);
      }
      const known = ['google', 'github', 'microsoft'].includes(o.provider.toLowerCase());
      const r = await adminRequest<SigninProviderSaved>('signin', 'PUT', at, {
        ...(known ? {} : { kind: 'oidc' }),
        clientId: o.clientId,
        clientSecret: secret,
        ...(o.issuer ? { issuer: o.issuer } : {}),
        ...(o.scopes
          ? {
              scopes: o.scopes
                .split(',')
                .map((x) => x.trim())
                .filter(Boolean),
            }
          : {}),
      });
      print(!!o.json, r, () => {
        console.log(`Saved provider ${r.provider.id} (${r.provider.kind}${r.provider.issuer ? `, issuer ${r.provider.issuer}` : ''}) for ${appId}.`);
        console.log(`  redirect URI to register at the provider: ${r.redirectUri}`);
        console.log(`  end users: authClient.signIn.social({ provider: "${r.provider.id}", callbackURL })`);
      });
    },
  );

  jsonFlag(
    auth
      .command('reset-user <app-id>')
      .description("Clear a user's second factor and end all their sessions (recorded with the actor: LATCHKEY_ACTOR or your OS user).")
      .requiredOption('--email <email>', "the user's email"),
  ).action(async (appId: string, o: { email: string; json?: boolean }) => {
    const r = await adminRequest<SigninUserReset>('signin', 'POST', `${appPath(appId)}/auth/reset-user`, { email: o.email, actor: actor() });
    print(!!o.json, r, () => {
      console.log(`Reset ${r.email}: ${r.hadSecondFactor ? 'second factor cleared' : 'had no second factor'}, ${r.sessionsEnded} session(s) ended.`);
      console.log(`The user enrols again after their next sign-in. Recorded as done by ${r.actor}.`);
    });
  });

  jsonFlag(
    auth
      .command('disable <app-id>')
      .description('Remove the sign-in service of an app: accounts are kept, everyone is signed out. Needs --confirm.')
      .option('--confirm', 'yes, sign everyone out and turn sign-in off'),
  ).action(async (appId: string, o: { confirm?: boolean; json?: boolean }) => {
    if (!o.confirm) throw new CliError(`disabling signs every user of ${appId} out: re-run with --confirm`, 2);
    const r = await adminRequest<SigninDisabled>('signin', 'POST', `${appPath(appId)}/auth/disable`, {
      confirm: true,
      actor: actor(),
    });
    print(!!o.json, r, () => {
      console.log(`Sign-in is disabled for ${r.appId}: ${r.sessionsEnded} session(s) ended, accounts kept.`);
      console.log(`\`latchkey host db auth deploy ${r.appId}\` turns it on again.`);
    });
  });

  jsonFlag(
    program
      .command('doctor <app-id>')
      .description("Check an app's sign-in: live or not, its address, whether the sign-in schema is current, and what to do.")
      .addHelpText('after', '\nExit code 0 when everything is in order, 1 when something needs doing.'),
  ).action(async (appId: string, o: { json?: boolean }) => {
    const r = await withSpinner(`checking ${appId}`, !o.json, () => adminRequest<SigninDoctorReport>('signin', 'GET', `${appPath(appId)}/doctor`));
    print(!!o.json, r, () => {
      const mark = (ok: boolean) => (ok ? '✓' : '✗');
      console.log(`${mark(r.live)} sign-in      ${r.live ? 'live' : `not live (${r.state})`}`);
      console.log(`  address      ${r.signinUrl}`);
      console.log(`${mark(r.database.reachable)} database     ${r.database.name}${r.database.reachable ? '' : ' (not reachable)'}`);
      console.log(
        `${mark(r.schema.current)} schema       ${r.schema.current ? `current (version ${r.schema.installed})` : `out of date (version ${r.schema.installed}, current ${r.schema.expected})`}`,
      );
      console.log(
        `  policy       ${r.policy.applied.length ? r.policy.applied.join(', ') : 'none'}${r.policy.pendingDeploy ? ` (saved, not applied: ${r.policy.saved.join(', ') || 'none'})` : ''}`,
      );
      const mailOk = r.mail !== 'off' || !r.settings.requireEmailVerification;
      console.log(
        `${mark(mailOk)} mail         ${{ smtp: 'SMTP', mailbox: 'development mailbox (/dev/mailbox)', off: 'off (no SMTP_URL): no verification or reset mail' }[r.mail]}; sender ${r.settings.mailFrom ?? 'MAIL_FROM'}`,
      );
      console.log(`  verification ${r.settings.requireEmailVerification ? 'required before sign-in' : 'not required'}`);
      console.log(`  deletion     ${r.settings.userDeletion === 'anonymise' ? 'anonymise the user row' : 'remove the user rows'}`);
      console.log(`  providers    ${r.providers.length ? r.providers.map((p) => `${p.id} (${p.kind})`).join(', ') : 'none'}`);
      for (const p of r.providers) console.log(`               ${p.id}: client ${p.clientId}, redirect URI ${p.redirectUri}`);
      if (r.advice.length) {
        console.log('\nTo do:');
        for (const a of r.advice) console.log(`  - ${a}`);
      }
    });
    if (!r.ok) process.exitCode = 1;
  });
}
