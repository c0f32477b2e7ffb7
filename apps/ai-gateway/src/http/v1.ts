/**
 * `/v1` on plain `node:http`, before Express (service-kit's `withFastPath`):
 * no framework on the hot path. Routes register on a `V1Router`
 * (`routes/v1-*.ts`, each with `register(router, ctx)`); `v1FastPath` answers
 * every `/v1` request — and the SDK paths of a base URL missing `/v1` — with
 * the checks all routes share, in this order: browsers refused (403), unknown
 * path (404, naming the base URL each SDK needs), wrong method (405), key
 * check (401/503), then the route. Errors are in the route's shape.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastHandler } from '@latchkey/service-kit';
import { GatewayError } from '../errors.js';
import { Call, type V1Context } from './call.js';
import type { Shape } from './error-body.js';

/** One `/v1` route. */
export interface V1Route {
  /** The usage record's `route` (`chat`, `messages`, `models`, …). */
  name: string;
  method: 'GET' | 'POST';
  /** The answer's shape; `caller` follows the request (Anthropic-style headers or a `/messages` path → Anthropic). */
  shape: Shape | 'caller';
  /** Serves an authenticated call (its key is `call.key`). Throws `GatewayError`s for refusals. */
  handle(call: Call): Promise<void>;
}

/** A route under a path prefix (`/v1/models/{id}`). */
export interface V1PrefixRoute extends V1Route {
  /** The `/metrics` route label (`/v1/models/:model`). */
  label: string;
  /** The path as the 404 message lists it (`/v1/models/{id}`). */
  pattern: string;
  /** The path parameter (what follows the prefix), or undefined when the path is not this route's (404). */
  param(rest: string): string | undefined;
}

interface Match {
  readonly route: V1Route;
  readonly param: string | undefined;
}

/** The `/v1` route table: exact paths, then prefixes. */
export class V1Router {
  /** Exact paths → their match (one object per route, shared by its calls: nothing allocated per request). */
  private readonly exact = new Map<string, Match>();
  private readonly prefixes: Array<{ prefix: string; route: V1PrefixRoute }> = [];

  /** Registers `route` at exactly `path`. */
  add(path: string, route: V1Route): void {
    if (this.exact.has(path)) throw new Error(`${path} is registered twice`);
    this.exact.set(path, { route, param: undefined });
  }

  /** Registers `route` under `prefix` (paths longer than it that start with it). */
  under(prefix: string, route: V1PrefixRoute): void {
    this.prefixes.push({ prefix, route });
  }

  /** The route of `path`, if any. */
  match(path: string): Match | undefined {
    const exact = this.exact.get(path);
    if (exact) return exact;
    for (const p of this.prefixes) {
      if (path.length > p.prefix.length && path.startsWith(p.prefix)) {
        const param = p.route.param(path.slice(p.prefix.length));
        if (param !== undefined) return { route: p.route, param };
      }
    }
    return undefined;
  }

  /** The `/metrics` label of `path`: a registered path or prefix label, else `/v1/*` (labels stay bounded whatever callers send). */
  label(path: string): string {
    if (this.exact.has(path)) return path;
    for (const p of this.prefixes) if (path.startsWith(p.prefix)) return p.route.label;
    return '/v1/*';
  }

  /** The routes as the 404 message lists them: `POST /v1/a, /v1/b; GET /v1/c`, in registration order. */
  describe(): string {
    const paths = (method: string) => [
      ...[...this.exact].filter(([, m]) => m.route.method === method).map(([path]) => path),
      ...this.prefixes.filter((p) => p.route.method === method).map((p) => p.route.pattern),
    ];
    return `POST ${paths('POST').join(', ')}; GET ${paths('GET').join(', ')}`;
  }
}

/** Paths an SDK calls when its base URL lacks `/v1`. */
const SDK_PATH = /^\/(chat\/completions|completions|responses|messages|models|embeddings)(\/|\?|$)/;

/** Whether the `/v1` fast path answers this request URL (else the admin app does). */
export function takesUrl(url: string): boolean {
  // SDK paths without `/v1` (a base URL missing it) get the SDK's 404 with a hint, not the admin shape.
  return url.startsWith('/v1/') || url === '/v1' || SDK_PATH.test(url);
}

/** A request from an Anthropic client (its SDK sends `anthropic-version` and `x-api-key`). */
const anthropicStyle = (req: IncomingMessage) => req.headers['anthropic-version'] !== undefined || req.headers['x-api-key'] !== undefined;

/** The origin the caller used, for hints: `Host` when it is a plain host[:port], `X-Forwarded-Proto` https when nginx says so. */
function callerOrigin(req: IncomingMessage): string {
  const host = req.headers.host;
  if (typeof host !== 'string' || !/^[A-Za-z0-9.\-[\]:]{1,255}$/.test(host)) return '{ai_url}';
  return `${req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * The 404 message of a path the gateway does not serve, naming the base URL each SDK needs: a path
 * without `/v1` is an OpenAI-style base URL missing it; `/v1/v1/…` is the Anthropic SDK given `…/v1`.
 * @param routes the served routes as listed in the message (`V1Router.describe`)
 */
export function notFoundMessage(req: IncomingMessage, path: string, routes: string): string {
  const origin = callerOrigin(req);
  const what = `No route for ${req.method} ${path.slice(0, 200)}.`;
  const hint = `OpenAI SDKs and @ai-sdk/*: baseURL ${origin}/v1; the Anthropic SDK: baseURL ${origin} (it adds /v1 itself).`;
  if (!path.startsWith('/v1/') && path !== '/v1') return `${what} The gateway's API is under /v1 — ${hint}`;
  if (path.startsWith('/v1/v1/')) return `${what} The base URL ends in /v1 twice — ${hint}`;
  return `${what} Routes: ${routes}. ${hint}`;
}

/** The `/v1` fast path of `withFastPath`, with `settled()` for the token charges in flight. */
export interface V1FastPath {
  handle: FastHandler;
  /** The `/metrics` route label of a request `handle` took. */
  label(req: IncomingMessage): string;
  /** Resolves once every token charge of finished calls has reached the limiter. */
  settled(): Promise<void>;
}

/** The fast handler of `router`'s routes (see the module comment). */
export function v1FastPath(router: V1Router, ctx: V1Context): V1FastPath {
  const routes = router.describe();

  async function answer(call: Call, match: Match | undefined): Promise<void> {
    const req = call.req;
    try {
      // Browsers are not served: no CORS, ever.
      if (req.method === 'OPTIONS' || req.headers.origin !== undefined) {
        throw new GatewayError('origin_not_allowed', 'The gateway does not serve browsers: call it from a server.');
      }
      if (!match) throw new GatewayError('not_found', notFoundMessage(req, call.path, routes));
      const route = match.route;
      if (req.method !== route.method) throw new GatewayError('method_not_allowed', `Use ${route.method} ${call.path}.`, { headers: { allow: route.method } });
      await call.authenticate();
      await route.handle(call);
    } catch (err) {
      call.fail(err);
    } finally {
      call.finish();
    }
  }

  const handle: FastHandler = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (!takesUrl(url)) return false;
    const path = url.split('?', 1)[0]!;
    const call = new Call(ctx, req, res, path);
    const match = router.match(path);
    if (match) {
      call.route = match.route.name;
      call.param = match.param;
    }
    const shape = match?.route.shape ?? 'caller';
    call.shape = shape !== 'caller' ? shape : anthropicStyle(req) || /^\/(v1\/)*messages/.test(path) ? 'anthropic' : 'openai';
    res.setHeader('x-request-id', call.id);
    res.setHeader('request-id', call.id);
    res.setHeader('cache-control', 'no-store');
    void answer(call, match);
    return true;
  };

  return {
    handle,
    label: (req) => router.label((req.url ?? '/').split('?', 1)[0]!),
    async settled() {
      while (ctx.charges.size) await Promise.allSettled([...ctx.charges]);
      await ctx.limiter.flush?.();
    },
  };
}
