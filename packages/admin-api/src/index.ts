/**
 * The operator APIs' JSON shapes (`/admin/*` of every service), declared once:
 * each service builds its answers with these types and the `latchkey` CLI
 * reads them with the same types, so a change on one side that the other
 * does not follow fails to compile.
 *
 * Timestamps are ISO 8601 strings on the wire. Types with a `D` parameter are
 * also a service's own record type with `D = Date` (what it reads from the
 * database before `res.json` turns dates into strings).
 */

/** An organisation's plan (auth-central's organisations, strategy's API keys). */
export type Tier = 'free' | 'pro' | 'enterprise';

// ── auth-central: /admin/apps ────────────────────────────────────────────

/** A hosted app registered for central sign-in (`GET /admin/apps/:id`). */
export interface HostedApp {
  app_id: string;
  organisation: { id: string; name: string; tier: Tier };
  /** The only domains a login may redirect to, and whose origins may call the token endpoints. */
  allowed_auth_domains: string[];
  created_at: string;
  updated_at: string;
}

// ── auth-central: /admin/organisations/:org/members ──────────────────────

/**
 * A person's role in an organisation. `owner`, `admin` and `member` are given
 * only by the organisation (this API); `user` means "signed in through one of
 * its apps" and carries no rights in it.
 */
export type OrganisationRole = 'owner' | 'admin' | 'member' | 'user';

/** One membership of an organisation (`GET /admin/organisations/:org/members`). */
export interface OrganisationMember {
  user_id: string;
  /** The email the identity provider gave at the person's last sign-in. */
  email: string;
  name: string;
  /** The identity provider (`iss`) the person signs in with. */
  issuer: string;
  role: OrganisationRole;
  created_at: string;
}

/** `GET /admin/organisations/:org/members`. */
export interface OrganisationMembers {
  organisation: { id: string; name: string; tier: Tier };
  members: OrganisationMember[];
}

// ── app-signin: /admin/apps/:id/… ────────────────────────────────────────

/** Where an app's sign-in is in its life: registered → provisioned → live (or disabled). */
export type SigninAppState = 'registered' | 'provisioned' | 'live' | 'disabled';

/** An app of app-signin, as every operator call about it answers. */
export interface SigninAppView {
  appId: string;
  org: string;
  state: SigninAppState;
  /** The app's sign-in base URL (`{signin_url}`). */
  signinUrl: string;
  /** Name of the app's own database (never its connection string). */
  database: string;
}

/** `POST /admin/apps/:appId/database`: the app's database, made now or already there. */
export interface SigninDatabaseCreated extends SigninAppView {
  created: boolean;
}

/** `GET /admin/apps/:appId/database`: the connection string of the app's own database (operator only). */
export interface SigninDatabaseConnection {
  appId: string;
  connectionString: string;
}

/** `POST /admin/apps/:appId/migrations`: the app's own migrations by file name, applied now or already applied. */
export interface SigninMigrationsResult {
  appId: string;
  applied: string[];
  skipped: string[];
}

/** `POST /admin/apps/:appId/auth/provision`: the sign-in schema installed (its version, and the steps applied now). */
export interface SigninProvisioned extends SigninAppView {
  schemaVersion: number;
  applied: number[];
}

/** `POST /admin/apps/:appId/auth/deploy`: sign-in is live; the JWKS its row-level security trusts, the key id, roles that must use two factors, allowed origins. */
export interface SigninDeployed extends SigninAppView {
  jwksUrl: string;
  kid: string;
  policy: string[];
  origins: string[];
}

/** `PUT /admin/apps/:appId/auth/policy`: roles that must use two factors, as saved and as applied to the live service (they differ until the next deploy). */
export interface SigninPolicyResult {
  appId: string;
  saved: string[];
  applied: string[];
  /** True until `latchkey host db auth deploy` applies the saved policy. */
  pendingDeploy: boolean;
}

/** An app's sign-in settings (`PUT /admin/apps/:appId/auth/settings` answers `{appId, settings}`). */
export interface SigninSettings {
  requireEmailVerification: boolean;
  mailFrom: string | null;
  /** Subject line per mail kind (verification, reset, change of address, …). */
  mailSubjects: Record<string, string>;
  /** Base URL of the links in mails. */
  mailLinkBase: string;
  /** What deleting a user does (see the app-signin README). */
  userDeletion: string;
}

/** A social or OpenID provider of an app (its client secret is never returned). */
export interface SigninProviderView {
  id: string;
  kind: string;
  clientId: string;
  issuer: string | null;
}

/** `PUT /admin/apps/:appId/auth/providers/:id`: the provider and the redirect URI to register with it. */
export interface SigninProviderSaved {
  appId: string;
  provider: SigninProviderView & { scopes: string[] };
  redirectUri: string;
}

/** `PUT /admin/apps/:appId/auth/settings`. */
export interface SigninSettingsSaved {
  appId: string;
  settings: SigninSettings;
}

/** `POST /admin/apps/:appId/auth/reset-user`: second factor cleared and sessions ended, recorded with the actor. */
export interface SigninUserReset {
  appId: string;
  userId: string;
  email: string;
  sessionsEnded: number;
  hadSecondFactor: boolean;
  actor: string;
}

/** `POST /admin/apps/:appId/auth/disable`: sign-in off, accounts kept, everyone signed out. */
export interface SigninDisabled extends SigninAppView {
  sessionsEnded: number;
}

/** `GET /admin/apps/:appId/doctor`: whether the app's sign-in is in order, and what to do when not. */
export interface SigninDoctorReport extends Omit<SigninAppView, 'database'> {
  live: boolean;
  /** True when nothing needs doing (`latchkey host db auth doctor` exits 0). */
  ok: boolean;
  /** The app's own database: its name and whether it answers. */
  database: { name: string; reachable: boolean };
  schema: { installed: number; expected: number; current: boolean };
  /** The database roles of the app's row-level security exist. */
  dataAccess: boolean;
  policy: { saved: string[]; applied: string[]; pendingDeploy: boolean };
  /** Origins allowed to call the app's sign-in from a browser. */
  origins: string[];
  settings: SigninSettings;
  mail: 'smtp' | 'mailbox' | 'off';
  providers: Array<SigninProviderView & { redirectUri: string }>;
  advice: string[];
}

// ── strategy: /admin/keys, /admin/credits ────────────────────────────────

/** A strategy API key (`apikey` header); only its fingerprint is stored, `prefix` is for display. */
export interface StrategyApiKey<D = string> {
  id: string;
  orgId: string;
  tier: Tier;
  prefix: string;
  name: string | null;
  createdAt: D;
  revokedAt: D | null;
  lastUsedAt: D | null;
}

export type LedgerKind = 'grant' | 'debit' | 'refund';

/** One line of an organisation's credit ledger. */
export interface LedgerEntry<D = string> {
  id: string;
  orgId: string;
  requestId: string;
  kind: LedgerKind;
  endpoint: string | null;
  /** Credits: positive for grants and refunds, negative for debits. */
  amount: number;
  /** The balance after this entry, in credits. */
  balanceAfter: number;
  note: string | null;
  createdAt: D;
}

/** `GET /admin/credits/:org`: the balance and the newest entries. */
export interface CreditAccountView<D = string> {
  orgId: string;
  balance: number;
  createdAt: D;
  entries: LedgerEntry<D>[];
}

/** `POST /admin/credits/:org/grant` (idempotent by `requestId`: `duplicate` when already granted). */
export interface CreditGrant<D = string> {
  orgId: string;
  balance: number;
  entry: LedgerEntry<D>;
  duplicate: boolean;
}

// ── ai-gateway: /admin/keys, /admin/usage ────────────────────────────────

/** A gateway key of one solution (the secret itself is shown once, at creation). */
export interface GatewayKey {
  id: string;
  solution: string;
  name: string | null;
  prefix: string;
  /** The allow-list: `<provider>/<model>` ids this key may call. */
  models: string[];
  /** True when the key has no allow-list of its own and follows the deployment's default. */
  usesDefaultModels: boolean;
  /** Requests per minute. */
  rpm: number;
  /** Tokens per minute. */
  tpm: number;
  createdAt: string;
  revokedAt: string | null;
}

/** `GET /admin/usage`: a solution's calls since a date (metadata only, never prompts). */
export interface GatewayUsageReport {
  solution: string;
  since: string;
  requests: number;
  errors: number;
  /** errors / requests, 0 to 1. */
  errorRate: number;
  tokens: { input: number; output: number; cached: number; total: number };
  byModel: Array<{ model: string; requests: number; inputTokens: number; outputTokens: number; errors: number }>;
  /** Gateway-side latency percentiles, in milliseconds. */
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}
