/**
 * The operator side (`latchkey host db …`, through `/admin/*`): registering an
 * app and its database, provision, deploy, role policy, reset-user, disable,
 * the app's own migrations and doctor. Every step is safe to repeat.
 */
import type {
  SigninAppView,
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
import os from 'node:os';
import { databaseName, databaseUrl as urlOnServer, ensureDatabase } from '@latchkey/db';
import { SigninError } from '../errors.js';
import { generateStoredKey } from '@latchkey/jwt';
import type { Registry } from '../store/prisma.js';
import type { SigninConfig } from '../config.js';
import type { AppRuntime, AppState } from './apps.js';
import { applyAppMigrations, type AppMigration } from './app-migrations.js';
import { randomBase32 } from './crypto.js';
import { findUserByEmail } from '../store/users.js';
import { pingAppDb } from '../store/app-db.js';
import { findApp, insertApp, setDatabaseUrl, setDeployed, setDisabled, setProvisioned, setSavedPolicy, setSettings, type AppRow } from '../store/apps.js';
import { insertAuditEntry, listAuditEntries } from '../store/audit.js';
import { installedAuthVersion, LATEST_AUTH_SCHEMA_VERSION, provisionAuthSchema } from '../store/auth-schema.js';
import { dataAccessDeployed, deployDataAccess } from '../store/data-access.js';
import { deleteProvider, listProviders, upsertProvider } from '../store/providers.js';
import { deleteAllSessions } from '../store/sessions.js';
import { activeSigningKeys, insertSigningKey } from '../store/signing-keys.js';
import { resetSecondFactorAndSessions } from '../store/two-factor.js';
import type { MailKind } from './mail.js';
import { DEFAULT_ISSUERS, PROVIDER_KINDS, type ProviderKind } from './oauth.js';

const APP_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const ORG_ID = /^[a-z0-9][a-z0-9]{0,31}$/;
const ROLE = /^[A-Za-z0-9_.:-]{1,64}$/;

export function checkAppId(appId: string): void {
  if (!APP_ID.test(appId)) throw new SigninError('INVALID_APP_ID', `"${appId}" is not a valid app id (lowercase letters, digits and -, at most 40).`);
}

export class Operator {
  constructor(
    private readonly prisma: Registry,
    private readonly apps: AppRuntime,
    private readonly config: SigninConfig,
    /** How end-user mail goes out (doctor reports it). */
    private readonly mailMode: 'smtp' | 'mailbox' | 'off' = 'off',
  ) {}

  private summary(app: AppRow): SigninAppView {
    return {
      appId: app.id,
      org: app.orgId,
      state: app.state as AppState,
      signinUrl: this.apps.signinUrl(app.slug),
      database: databaseName(this.apps.databaseUrlOf(app)),
    };
  }

  private async audit(appId: string, actor: string, action: string, subject: string | null, details: Record<string, unknown>) {
    await insertAuditEntry(this.prisma, { appId, actor: actor || os.userInfo().username, action, subject, details });
  }

  /** `db create`: registers the app and creates its database (or attaches `databaseUrl`). */
  async createDatabase(appId: string, opts: { org?: string; databaseUrl?: string }): Promise<SigninDatabaseCreated> {
    checkAppId(appId);
    const org = opts.org ?? 'default';
    if (!ORG_ID.test(org)) throw new SigninError('INVALID_ORG', `"${org}" is not a valid organisation id (lowercase letters and digits, at most 32).`);
    const existing = await findApp(this.prisma, appId);
    if (existing) {
      if (existing.orgId !== org && opts.org) throw new SigninError('APP_EXISTS', `App ${appId} already belongs to organisation ${existing.orgId}.`);
      return { ...this.summary(existing), created: false };
    }
    let url = opts.databaseUrl;
    let created = false;
    if (url) {
      if (!/^postgres(ql)?:\/\//.test(url)) throw new SigninError('INVALID_DATABASE_URL', 'The database URL must be a postgresql:// URL.');
    } else {
      if (!this.config.appDatabasesUrl) {
        throw new SigninError(
          'NO_DATABASE_SERVER',
          'No PostgreSQL server is configured for app databases: set APP_DATABASES_URL on app-signin, or attach an existing database with --database-url.',
        );
      }
      url = urlOnServer(this.config.appDatabasesUrl, `app_${appId.replace(/-/g, '_')}`);
      created = await ensureDatabase(url);
    }
    const pool = this.apps.pool(appId, url);
    try {
      await pingAppDb(pool);
    } catch (err) {
      throw new SigninError('DATABASE_UNREACHABLE', `The app database does not answer: ${(err as Error).message}`);
    }
    const app = await insertApp(this.prisma, {
      id: appId,
      orgId: org,
      slug: `${org}-${randomBase32(22)}`,
      databaseUrl: this.apps.encryptDatabaseUrl(appId, url),
      databaseCreated: created || !opts.databaseUrl,
    });
    return { ...this.summary(app), created };
  }

  /** Points a registered app at another URL of its database (e.g. an embedded server that moved port). */
  async reattach(appId: string, url: string) {
    const app = await this.apps.record(appId);
    if (this.apps.databaseUrlOf(app) === url) return;
    await setDatabaseUrl(this.prisma, appId, this.apps.encryptDatabaseUrl(appId, url));
    this.apps.invalidate(app.slug);
  }

  async connection(appId: string): Promise<SigninDatabaseConnection> {
    const app = await this.apps.record(appId);
    return { appId, connectionString: this.apps.databaseUrlOf(app) };
  }

  /** `db auth provision`: installs or upgrades `latchkey_auth` (additive). */
  async provision(appId: string): Promise<SigninProvisioned> {
    const app = await this.apps.record(appId);
    const pool = await this.apps.poolOf(app);
    const applied = await provisionAuthSchema(pool);
    const version = await installedAuthVersion(pool);
    const state: AppState = app.state === 'registered' ? 'provisioned' : (app.state as AppState);
    const updated = await setProvisioned(this.prisma, appId, state, version);
    this.apps.invalidate(app.slug);
    return { ...this.summary(updated), schemaVersion: version, applied };
  }

  /** `db auth deploy`: roles and grants, signing key, saved policy applied, live. */
  async deploy(appId: string, opts: { origins?: string[] }): Promise<SigninDeployed> {
    const app = await this.apps.record(appId);
    if (app.state === 'registered') {
      throw new SigninError('PROVISION_FIRST', `The sign-in tables of ${appId} are not installed: run \`latchkey host db auth provision ${appId}\` first.`);
    }
    const pool = await this.apps.poolOf(app);
    const version = await installedAuthVersion(pool);
    if (version < LATEST_AUTH_SCHEMA_VERSION) {
      throw new SigninError(
        'SCHEMA_OUT_OF_DATE',
        `The sign-in schema of ${appId} is at version ${version}, ${LATEST_AUTH_SCHEMA_VERSION} is current: re-run \`latchkey host db auth provision ${appId}\`.`,
      );
    }
    const origins = opts.origins?.map((o) => {
      let u: URL;
      try {
        u = new URL(o);
      } catch {
        // A malformed --origins value is bad operator input (400); 403 is the browser origin check's status.
        throw new SigninError('INVALID_ORIGIN', `"${o}" is not an origin such as https://app.example.com.`, { status: 400 });
      }
      if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.origin !== o.replace(/\/+$/, '')) {
        throw new SigninError('INVALID_ORIGIN', `"${o}" is not an origin such as https://app.example.com.`, { status: 400 });
      }
      return u.origin;
    });
    await deployDataAccess(pool);
    const keys = await activeSigningKeys(this.prisma, appId);
    let kid = keys[0]?.kid;
    if (!kid) {
      const key = await generateStoredKey('EdDSA');
      await insertSigningKey(this.prisma, {
        kid: key.kid,
        appId,
        alg: key.alg,
        privateJwk: this.apps.encryptPrivateKey(key),
        createdAt: new Date(key.createdAt * 1000),
      });
      kid = key.kid;
    }
    const now = new Date();
    const updated = await setDeployed(this.prisma, appId, {
      schemaVersion: version,
      appliedPolicy: app.savedPolicy,
      policyAppliedAt: app.policySavedAt ? now : app.policyAppliedAt,
      deployedAt: now,
      allowedOrigins: origins,
    });
    this.apps.invalidate(app.slug);
    const summary = this.summary(updated);
    return {
      ...summary,
      jwksUrl: `${summary.signinUrl}/api/auth/jwks`,
      kid,
      policy: updated.appliedPolicy,
      origins: updated.allowedOrigins,
    };
  }

  /** `db auth policy --require`: saved only; deploy applies it. */
  async savePolicy(appId: string, roles: string[]): Promise<SigninPolicyResult> {
    const app = await this.apps.record(appId);
    const clean: string[] = [];
    for (const raw of roles) {
      const r = raw.trim();
      if (!r) continue;
      if (!ROLE.test(r)) throw new SigninError('INVALID_ROLE', `"${r}" is not a valid role name (letters, digits, _ . : -).`);
      if (!clean.some((c) => c.toLowerCase() === r.toLowerCase())) clean.push(r);
    }
    const updated = await setSavedPolicy(this.prisma, app.id, clean, new Date());
    return { appId, saved: updated.savedPolicy, applied: updated.appliedPolicy, pendingDeploy: true };
  }

  /**
   * `db auth settings`: verification required, mail sender, subjects and link base, what delete-user does.
   * Takes effect on every instance within APP_CACHE_TTL_MS (no deploy needed).
   */
  async saveSettings(
    appId: string,
    input: {
      requireEmailVerification?: boolean;
      mailFrom?: string | null;
      mailSubjects?: Partial<Record<MailKind, string>>;
      mailLinkBase?: string | null;
      userDeletion?: 'delete' | 'anonymise';
    },
  ): Promise<SigninSettingsSaved> {
    const app = await this.apps.record(appId);
    if (input.mailFrom && !/^[^<>\r\n]{0,128}<?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(input.mailFrom)) {
      throw new SigninError('INVALID_SENDER', `"${input.mailFrom}" is not a sender such as "Shop <no-reply@shop.example>".`);
    }
    if (input.mailLinkBase) {
      let u: URL | null = null;
      try {
        u = new URL(input.mailLinkBase);
      } catch {
        /* refused below */
      }
      if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || u.search || u.hash || u.username) {
        throw new SigninError('INVALID_LINK_BASE', `"${input.mailLinkBase}" is not a base URL such as https://signin.shop.example/a/${app.slug}.`);
      }
    }
    const subjects = input.mailSubjects ? { ...((app.mailSubjects ?? {}) as Record<string, string>), ...input.mailSubjects } : undefined;
    const updated = await setSettings(this.prisma, appId, {
      requireEmailVerification: input.requireEmailVerification,
      mailFrom: input.mailFrom !== undefined ? input.mailFrom || null : undefined,
      mailSubjects: subjects,
      mailLinkBase: input.mailLinkBase !== undefined ? (input.mailLinkBase ? input.mailLinkBase.replace(/\/+$/, '') : null) : undefined,
      userDeletion: input.userDeletion || undefined,
    });
    this.apps.invalidate(app.slug);
    return { appId, settings: this.settingsOf(updated) };
  }

  private settingsOf(app: AppRow): SigninSettings {
    return {
      requireEmailVerification: app.requireEmailVerification,
      mailFrom: app.mailFrom,
      mailSubjects: app.mailSubjects as Record<string, string>,
      mailLinkBase: app.mailLinkBase ?? this.apps.signinUrl(app.slug),
      userDeletion: app.userDeletion,
    };
  }

  /**
   * `db auth provider`: adds or replaces a sign-in provider. The client secret is stored encrypted
   * and never returned. @throws SigninError 400 for an unknown kind, a bad id or a missing issuer.
   */
  async saveProvider(
    appId: string,
    input: { providerId: string; kind?: ProviderKind; clientId: string; clientSecret: string; issuer?: string; scopes?: string[] },
  ): Promise<SigninProviderSaved> {
    const app = await this.apps.record(appId);
    const providerId = input.providerId.toLowerCase();
    if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(providerId))
      throw new SigninError('INVALID_PROVIDER', `"${input.providerId}" is not a provider id (lowercase letters, digits and -).`);
    const kind: ProviderKind = input.kind ?? ((PROVIDER_KINDS as string[]).includes(providerId) ? (providerId as ProviderKind) : 'oidc');
    if (!PROVIDER_KINDS.includes(kind)) throw new SigninError('INVALID_PROVIDER', `Unknown provider kind ${kind}: one of ${PROVIDER_KINDS.join(', ')}.`);
    if (!input.clientId || !input.clientSecret) throw new SigninError('INVALID_PROVIDER', 'A provider needs --client-id and --client-secret.');
    const issuer: string | null = input.issuer?.replace(/\/+$/, '') ?? null;
    if (kind === 'oidc' && !issuer)
      throw new SigninError(
        'ISSUER_REQUIRED',
        `Provider ${providerId} is an OpenID Connect provider: give its --issuer (discovery at <issuer>/.well-known/openid-configuration).`,
      );
    if (kind === 'github' && issuer) throw new SigninError('INVALID_PROVIDER', 'GitHub is not an OpenID Connect provider: no --issuer.');
    if (issuer) {
      let u: URL | null = null;
      try {
        u = new URL(issuer);
      } catch {
        /* refused below */
      }
      const local = u && (u.hostname === 'localhost' || u.hostname === '127.0.0.1');
      if (!u || !(u.protocol === 'https:' || (u.protocol === 'http:' && local))) {
        throw new SigninError('INVALID_ISSUER', `"${issuer}" is not an https issuer URL.`);
      }
    }
    const data = {
      kind,
      clientId: input.clientId,
      clientSecret: this.apps.encryptProviderSecret(appId, providerId, input.clientSecret),
      issuer,
      scopes: (input.scopes ?? []).filter(Boolean),
    };
    await upsertProvider(this.prisma, appId, providerId, data);
    this.apps.invalidate(app.slug);
    return {
      appId,
      provider: { id: providerId, kind, clientId: input.clientId, issuer: issuer ?? DEFAULT_ISSUERS[kind] ?? null, scopes: data.scopes },
      redirectUri: `${this.apps.signinUrl(app.slug)}/api/auth/callback/${providerId}`,
    };
  }

  async removeProvider(appId: string, providerId: string) {
    const app = await this.apps.record(appId);
    if (!(await deleteProvider(this.prisma, appId, providerId.toLowerCase())))
      throw new SigninError('PROVIDER_NOT_FOUND', `App ${appId} has no provider ${providerId}.`);
    this.apps.invalidate(app.slug);
    return { appId, removed: providerId.toLowerCase() };
  }

  private async providersOf(app: AppRow) {
    const rows = await listProviders(this.prisma, app.id);
    return rows.map((p) => ({
      id: p.providerId,
      kind: p.kind,
      clientId: p.clientId,
      issuer: p.issuer ?? DEFAULT_ISSUERS[p.kind as ProviderKind] ?? null,
      redirectUri: `${this.apps.signinUrl(app.slug)}/api/auth/callback/${p.providerId}`,
    }));
  }

  /** `db auth reset-user`: second factor cleared, all the user's sessions ended, actor recorded. */
  async resetUser(appId: string, email: string, actor: string): Promise<SigninUserReset> {
    const app = await this.apps.record(appId);
    if (app.state === 'registered') throw new SigninError('PROVISION_FIRST', `Sign-in is not installed for ${appId}.`);
    const pool = await this.apps.poolOf(app);
    const user = await findUserByEmail(pool, email);
    if (!user) throw new SigninError('USER_NOT_FOUND', `No user with email ${email} in app ${appId}.`);
    const { sessionsEnded, hadSecondFactor } = await resetSecondFactorAndSessions(pool, user.id);
    await this.audit(appId, actor, 'reset-user', user.id, { email: user.email, sessionsEnded, hadSecondFactor });
    return { appId, userId: user.id, email: user.email, sessionsEnded, hadSecondFactor, actor };
  }

  /** `db auth disable --confirm`: off, accounts kept, every session ended. */
  async disable(appId: string, confirm: boolean, actor: string): Promise<SigninDisabled> {
    if (!confirm) throw new SigninError('CONFIRM_REQUIRED', 'Disabling signs every user out: pass --confirm to do it.');
    const app = await this.apps.record(appId);
    let sessionsEnded = 0;
    if (app.state !== 'registered') {
      const pool = await this.apps.poolOf(app);
      sessionsEnded = await deleteAllSessions(pool);
    }
    const updated = await setDisabled(this.prisma, appId, new Date());
    this.apps.invalidate(app.slug);
    await this.audit(appId, actor, 'disable', null, { sessionsEnded, previousState: app.state });
    return { ...this.summary(updated), sessionsEnded };
  }

  /** `db migrate`: the app's own migrations, in name order, recorded. */
  async migrate(appId: string, migrations: AppMigration[]): Promise<SigninMigrationsResult> {
    const app = await this.apps.record(appId);
    const pool = await this.apps.poolOf(app);
    const result = await applyAppMigrations(pool, migrations, { deployed: app.deployedAt !== null, appId });
    return { appId, ...result };
  }

  async auditLog(appId: string) {
    await this.apps.record(appId);
    const rows = await listAuditEntries(this.prisma, appId);
    return rows.map((r) => ({ actor: r.actor, action: r.action, subject: r.subject, details: r.details, at: r.createdAt.toISOString() }));
  }

  /** `doctor`: live or not, the address, schema current or not, and what to do. */
  async doctor(appId: string): Promise<SigninDoctorReport> {
    const app = await this.apps.record(appId);
    const summary = this.summary(app);
    const advice: string[] = [];
    let reachable = true;
    let installed = 0;
    let dataAccess = false;
    try {
      const pool = await this.apps.poolOf(app);
      installed = await installedAuthVersion(pool);
      dataAccess = await dataAccessDeployed(pool);
    } catch {
      reachable = false;
    }
    const current = installed >= LATEST_AUTH_SCHEMA_VERSION;
    const live = app.state === 'live';
    if (!reachable) advice.push(`The app database does not answer: check it, then re-run \`latchkey doctor ${appId}\`.`);
    else if (installed === 0 && app.state === 'registered') advice.push(`Install the sign-in tables: \`latchkey host db auth provision ${appId}\`.`);
    else if (!current)
      advice.push(
        `The sign-in schema is out of date (version ${installed}, current ${LATEST_AUTH_SCHEMA_VERSION}): re-run \`latchkey host db auth provision ${appId}\`.`,
      );
    if (reachable && installed > 0 && app.state === 'provisioned') advice.push(`Turn sign-in on: \`latchkey host db auth deploy ${appId}\`.`);
    if (app.state === 'disabled') advice.push(`Sign-in is disabled (accounts kept): \`latchkey host db auth deploy ${appId}\` turns it on again.`);
    if (live && reachable && !dataAccess) advice.push(`The database roles are missing: re-run \`latchkey host db auth deploy ${appId}\`.`);
    const policyPending = app.policySavedAt !== null && (app.policyAppliedAt === null || app.policySavedAt > app.policyAppliedAt);
    if (app.requireEmailVerification && this.mailMode === 'off') {
      advice.push(
        'Email verification is required but app-signin cannot send mail: set SMTP_URL on app-signin (or turn it off: `latchkey host db auth settings ' +
          appId +
          ' --no-require-verification`).',
      );
    }
    if (policyPending)
      advice.push(`A saved role policy (${app.savedPolicy.join(', ') || 'none'}) is not applied yet: run \`latchkey host db auth deploy ${appId}\`.`);
    return {
      ...summary,
      live,
      database: { name: summary.database, reachable },
      schema: { installed, expected: LATEST_AUTH_SCHEMA_VERSION, current: reachable && current },
      dataAccess,
      policy: { saved: app.savedPolicy, applied: app.appliedPolicy, pendingDeploy: policyPending },
      origins: app.allowedOrigins,
      settings: this.settingsOf(app),
      mail: this.mailMode,
      providers: await this.providersOf(app),
      ok: advice.length === 0,
      advice,
    };
  }
}
