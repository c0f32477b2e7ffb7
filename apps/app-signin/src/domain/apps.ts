/**
 * The runtime view of registered apps: per-app settings read from the
 * registry (cached for `appCacheTtlMs`, which is why a fresh deploy can take
 * up to that long to reach every instance), one small `pg` pool per app
 * database, and each app's JWT key ring.
 */
import type { SigninAppState } from '@latchkey/admin-api';
import { decryptSecret, encryptSecret } from '@latchkey/service-kit';
import { SigninError } from '../errors.js';
import { KeyRing, type StoredKey } from '@latchkey/jwt';
import type { Registry } from '../store/prisma.js';
import { openAppPool, type AppDb } from '../store/app-db.js';
import { findApp, findAppBySlug, type AppRow } from '../store/apps.js';
import type { SigningKeyRow } from '../store/signing-keys.js';
import type { SigninConfig } from '../config.js';
import { deriveKey } from './crypto.js';
import type { AppMailSettings, MailKind } from './mail.js';
import type { ProviderConfig, ProviderKind } from './oauth.js';

export type AppState = SigninAppState;

/** Everything a sign-in request needs about its app. */
export interface AppContext {
  id: string;
  orgId: string;
  slug: string;
  /** The app's {signin_url}: also `iss` and `aud` of its JWTs. */
  signinUrl: string;
  state: AppState;
  /** Roles that need a second factor (lower case), as applied by the last deploy. */
  policy: string[];
  origins: string[];
  /**
   * When sign-in was last disabled (epoch ms as text, '' if never): a pending two-factor
   * sign-in is bound to it, so a disable ends sign-ins that were waiting for their second factor.
   */
  disableEpoch: string;
  keyRing: KeyRing | null;
  /** End users must verify their email before signing in. */
  requireEmailVerification: boolean;
  mail: AppMailSettings;
  /** Base of the links in the app's mail (default: the {signin_url}). */
  mailLinkBase: string;
  /** What delete-user does: remove the user's rows, or keep an anonymised user row. */
  userDeletion: 'delete' | 'anonymise';
  /** Sign-in providers by id (client secrets decrypted). */
  providers: Map<string, ProviderConfig>;
  /** The app's own database (pass it to the store's functions). */
  db: AppDb;
  keys: { cookie: Buffer; totp: Buffer; backupCodes: Buffer; backupHmac: Buffer };
  loadedAt: number;
}

export class AppRuntime {
  private readonly cache = new Map<string, Promise<AppContext | null>>();
  private readonly pools = new Map<string, { url: string; pool: AppDb }>();

  constructor(
    private readonly prisma: Registry,
    private readonly config: SigninConfig,
  ) {}

  signinUrl(slug: string): string {
    return `${this.config.publicUrl}/a/${slug}`;
  }

  encryptDatabaseUrl(appId: string, url: string): string {
    return encryptSecret(this.config.encryptionKey, url, `app-db:${appId}`);
  }

  databaseUrlOf(app: AppRow): string {
    return decryptSecret(this.config.encryptionKey, app.databaseUrl, `app-db:${app.id}`);
  }

  encryptPrivateKey(key: StoredKey): string {
    return encryptSecret(this.config.encryptionKey, JSON.stringify(key.privateJwk), `signing-key:${key.kid}`);
  }

  encryptProviderSecret(appId: string, providerId: string, secret: string): string {
    return encryptSecret(this.config.encryptionKey, secret, `auth-provider:${appId}:${providerId}`);
  }

  decryptProviderSecret(appId: string, providerId: string, sealed: string): string {
    return decryptSecret(this.config.encryptionKey, sealed, `auth-provider:${appId}:${providerId}`);
  }

  storedKeys(rows: SigningKeyRow[]): StoredKey[] {
    return rows.map((k) => ({
      kid: k.kid,
      alg: k.alg as StoredKey['alg'],
      privateJwk: JSON.parse(decryptSecret(this.config.encryptionKey, k.privateJwk, `signing-key:${k.kid}`)),
      createdAt: Math.floor(k.createdAt.getTime() / 1000),
      retiredAt: k.retiredAt ? Math.floor(k.retiredAt.getTime() / 1000) : null,
    }));
  }

  /** The pool of an app's database (one per app, reused). Short transactions only (embedded PGlite). */
  pool(appId: string, url: string): AppDb {
    const found = this.pools.get(appId);
    if (found && found.url === url) return found.pool;
    if (found) void found.pool.end().catch(() => {});
    const pool = openAppPool(url);
    this.pools.set(appId, { url, pool });
    return pool;
  }

  /** The registry row, or 404 naming the command that registers it. */
  async record(appId: string): Promise<AppRow> {
    const app = await findApp(this.prisma, appId);
    if (!app) {
      throw new SigninError('APP_NOT_FOUND', `App ${appId} has no sign-in database yet: run \`latchkey host db create ${appId}\` first.`);
    }
    return app;
  }

  /** Pool of a registered app's database. */
  async poolOf(app: AppRow): Promise<AppDb> {
    return this.pool(app.id, this.databaseUrlOf(app));
  }

  private async load(slug: string): Promise<AppContext | null> {
    const app = await findAppBySlug(this.prisma, slug);
    if (!app) return null;
    const master = this.config.encryptionKey;
    const stored = this.storedKeys(app.keys);
    const keyRing = stored.some((k) => k.retiredAt === null) ? await KeyRing.load(stored, this.config.tokenTtlSec) : null;
    return {
      id: app.id,
      orgId: app.orgId,
      slug: app.slug,
      signinUrl: this.signinUrl(app.slug),
      state: app.state as AppState,
      policy: app.appliedPolicy.map((r) => r.toLowerCase()),
      origins: app.allowedOrigins,
      disableEpoch: app.disabledAt ? String(app.disabledAt.getTime()) : '',
      keyRing,
      requireEmailVerification: app.requireEmailVerification,
      mail: { from: app.mailFrom, subjects: (app.mailSubjects ?? {}) as Partial<Record<MailKind, string>> },
      mailLinkBase: (app.mailLinkBase ?? this.signinUrl(app.slug)).replace(/\/+$/, ''),
      userDeletion: app.userDeletion === 'anonymise' ? 'anonymise' : 'delete',
      providers: new Map(
        app.providers.map((p) => [
          p.providerId,
          {
            id: p.providerId,
            kind: p.kind as ProviderKind,
            clientId: p.clientId,
            clientSecret: this.decryptProviderSecret(app.id, p.providerId, p.clientSecret),
            issuer: p.issuer,
            scopes: p.scopes,
          },
        ]),
      ),
      db: this.pool(app.id, this.databaseUrlOf(app)),
      keys: {
        cookie: deriveKey(master, app.id, 'cookie'),
        totp: deriveKey(master, app.id, 'totp-secret'),
        backupCodes: deriveKey(master, app.id, 'backup-codes'),
        backupHmac: deriveKey(master, app.id, 'backup-code-hmac'),
      },
      loadedAt: Date.now(),
    };
  }

  /** The app served at `/a/<slug>`, from the cache while it is fresh. */
  async bySlug(slug: string): Promise<AppContext | null> {
    const cached = this.cache.get(slug);
    if (cached) {
      const ctx = await cached.catch(() => null);
      if (ctx && Date.now() - ctx.loadedAt < this.config.appCacheTtlMs) return ctx;
      if (!ctx && cached === this.cache.get(slug)) this.cache.delete(slug);
    }
    const loading = this.load(slug);
    this.cache.set(slug, loading);
    try {
      const ctx = await loading;
      // Unknown addresses are not cached: nothing to keep, and it keeps the map bounded.
      if (!ctx) this.cache.delete(slug);
      return ctx;
    } catch (err) {
      this.cache.delete(slug);
      throw err;
    }
  }

  /** Drops this instance's cached view of an app (after an operator command). */
  invalidate(slug: string): void {
    this.cache.delete(slug);
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    this.cache.clear();
    await Promise.all(pools.map((p) => p.pool.end().catch(() => {})));
  }
}
