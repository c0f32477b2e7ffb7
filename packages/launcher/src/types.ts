import type { Logger } from 'pino';

/** Default local addresses (DESIGN.md, Local addresses), each overridable by env. */
export const DEFAULT_PORTS = {
  idp: 4100,
  auth: 4101,
  signin: 4102,
  strategy: 4103,
  gateway: 4104,
  demo: 4105,
  edge: 8080,
} as const;

export type PortName = keyof typeof DEFAULT_PORTS;

/** What the launcher gives each component's `launch()`. */
export interface LaunchContext {
  /** Port of each component (env `LATCHKEY_<NAME>_PORT` overrides). */
  ports: Record<PortName, number>;
  /** `http://localhost:<port>` of each component. */
  urls: Record<PortName, string>;
  /**
   * URL of database `name` (e.g. `latchkey_auth`), created when missing: on the
   * `DATABASE_URL` server when set, else an embedded PGlite instance of its own
   * (data kept in `.latchkey/data/<name>`).
   */
  database(name: string): Promise<string>;
  /** `REDIS_URL`, or undefined (in-process fallbacks). */
  redisUrl: string | undefined;
  /** Root logger; components make children. */
  logger: Logger;
  /** Repository root. */
  root: string;
  /**
   * Directory for files a component keeps between runs (`.latchkey` under the
   * root unless `LATCHKEY_STATE_DIR` is set, e.g. by tests). Use it rather
   * than `<root>/.latchkey`.
   */
  stateDir?: string;
  /** Values one component publishes for later ones (e.g. `demoGatewayKey`). */
  shared: Map<string, unknown>;
  /** Stable development secrets (kept in `.latchkey/dev-secrets.json`). */
  secret(name: string): string;
}

/** What a component's `launch()` returns. */
export interface Launched {
  /** Short name shown in the summary, e.g. `auth-central`. */
  name: string;
  url?: string;
  /** Extra lines for the summary (credentials, keys, curl lines). */
  lines?: string[];
  stop(): Promise<void>;
}

/**
 * The module each launchable app exports from `src/launch.ts`:
 * `export const launchOrder = 20; export async function launch(ctx) {…}`.
 * Lower orders start first and stop last.
 */
export interface LaunchModule {
  launchOrder: number;
  launch(ctx: LaunchContext): Promise<Launched>;
}
