/**
 * Prometheus metrics of a Latchkey service (prom-client, text exposition
 * format 0.0.4), served on `GET /metrics` of every service app
 * (`createServiceApp`). The edge never routes `/metrics` (infra/nginx): it
 * is scraped on the private network, like `/admin`.
 *
 * Every metric lives in prom-client's default registry, one per process, and
 * carries a `service` label where several services can share a process
 * (`pnpm start --embedded`, tests). Labels never hold secrets, tokens,
 * prompts or user identifiers; routes are Express route patterns
 * (`/apps/:app/…`), never raw paths, so their number stays bounded.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import client, { type Counter, type Gauge, type Histogram } from 'prom-client';

export const metricsRegistry = client.register;

/** Gets a metric of the default registry, or creates it (a module loaded twice must not register twice). */
function single<T>(name: string, make: () => T): T {
  return (metricsRegistry.getSingleMetric(name) as T | undefined) ?? make();
}

let defaultsCollected = false;
/** Node.js process metrics (CPU, memory, event loop lag, GC), once per process. */
function collectDefaults(): void {
  if (defaultsCollected || metricsRegistry.getSingleMetric('process_cpu_user_seconds_total')) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: metricsRegistry });
}

/** Latency buckets in seconds: 5 ms … 60 s (gateway generations are long). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export const httpRequests: Counter<'service' | 'method' | 'route' | 'status'> = single(
  'latchkey_http_requests_total',
  () =>
    new client.Counter({
      name: 'latchkey_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status code.',
      labelNames: ['service', 'method', 'route', 'status'],
    }),
);
export const httpDuration: Histogram<'service' | 'method' | 'route' | 'status'> = single(
  'latchkey_http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'latchkey_http_request_duration_seconds',
      help: 'Time from the request to the end of the answer, in seconds, by route pattern and status code.',
      labelNames: ['service', 'method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
    }),
);
export const dependencyUp: Gauge<'service' | 'dependency'> = single(
  'latchkey_dependency_up',
  () =>
    new client.Gauge({
      name: 'latchkey_dependency_up',
      help: '1 when the dependency (database, redis, …) answered its readiness check at scrape time, else 0.',
      labelNames: ['service', 'dependency'],
    }),
);
export const breakerState: Gauge<'service' | 'breaker' | 'state'> = single(
  'latchkey_breaker_state',
  () =>
    new client.Gauge({
      name: 'latchkey_breaker_state',
      help: 'Circuit breakers: 1 for the current state (closed, open, half_open) of each breaker, 0 for the others.',
      labelNames: ['service', 'breaker', 'state'],
    }),
);
export const gatewayCalls: Counter<'solution' | 'model' | 'provider' | 'status'> = single(
  'latchkey_gateway_calls_total',
  () =>
    new client.Counter({
      name: 'latchkey_gateway_calls_total',
      help: 'AI gateway calls that reached a provider, by solution, model, provider and status.',
      labelNames: ['solution', 'model', 'provider', 'status'],
    }),
);
export const gatewayTokens: Counter<'solution' | 'model' | 'provider' | 'kind'> = single(
  'latchkey_gateway_tokens_total',
  () =>
    new client.Counter({
      name: 'latchkey_gateway_tokens_total',
      help: 'AI gateway tokens by solution, model, provider and kind (input, output, cached).',
      labelNames: ['solution', 'model', 'provider', 'kind'],
    }),
);
export const signIns: Counter<'service' | 'app' | 'method' | 'result'> = single(
  'latchkey_signins_total',
  () =>
    new client.Counter({
      name: 'latchkey_signins_total',
      help: 'Sign-in attempts by app, method and result (success, failure).',
      labelNames: ['service', 'app', 'method', 'result'],
    }),
);

/** Route label of a request that matched no route. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Records one answered request (counter and latency histogram).
 * @param route a route pattern (bounded set), never a raw path.
 * @param seconds from the request's arrival to the end of the answer.
 */
export function observeRequest(service: string, method: string, route: string, status: number, seconds: number): void {
  const labels = { service, method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

/**
 * Measures a request handled outside Express (e.g. the gateway's `/v1`
 * proxy): records it when the response finishes or the connection closes.
 * `route` is called then, so it may look at what the handler learnt; when it
 * returns undefined nothing is recorded (the request was handed to Express,
 * which records it).
 */
export function measureRaw(service: string, req: IncomingMessage, res: ServerResponse, route: () => string | undefined): void {
  const started = process.hrtime.bigint();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const name = route();
    if (name !== undefined) observeRequest(service, req.method ?? 'GET', name, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
  };
  res.once('finish', finish);
  res.once('close', finish);
}

/** A path segment kept as is in a route label: a plain word or a version (`api`, `auth`, `v1`); anything else is a parameter. */
const STATIC_SEGMENT = /^(?:[a-z]{1,20}|v\d{1,2}|\.well-known)$/;

/**
 * The route label of a request Express routed: the matched route's pattern
 * (`/sign-in/email`, `/admin/apps/:appId`) after the path it was mounted
 * under, with that prefix's parameter-like segments replaced by `:param`
 * (`/a/acme-7x…/api/auth` → `/a/:param/api/auth`), so that no address,
 * id or token becomes a label. `unmatched` when no route matched.
 */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (!route || typeof route.path !== 'string') return UNMATCHED_ROUTE;
  const pattern = route.path === '/' ? '' : route.path;
  const path = (req.originalUrl ?? req.url).split('?')[0]!;
  const segments = path.split('/').filter(Boolean);
  const routeSegments = pattern.split('/').filter(Boolean).length;
  // A wildcard pattern spans an unknown number of segments: its prefix is then the last-known mount path.
  const prefixSegments = pattern.includes('*')
    ? (req.baseUrl ?? '').split('/').filter(Boolean)
    : segments.slice(0, Math.max(0, segments.length - routeSegments));
  const prefix = prefixSegments.map((seg) => (STATIC_SEGMENT.test(seg) ? seg : ':param')).join('/');
  return `${prefix ? `/${prefix}` : ''}${pattern}` || '/';
}

/** Express middleware recording every request of `service` (mounted first by `createServiceApp`). */
export function requestMetrics(service: string): RequestHandler {
  collectDefaults();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      if (req.path === '/metrics') return;
      observeRequest(service, req.method, routeOf(req), res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

/** States a circuit breaker can be in. */
export type BreakerStateName = 'closed' | 'open' | 'half_open';
const breakerSources = new Map<string, () => Record<string, BreakerStateName>>();

/**
 * Reports circuit breakers at every scrape: `states()` returns the current
 * state of each breaker by name (e.g. `{ openai: 'closed' }`). One source per
 * service; registering again replaces it (a re-created app).
 */
export function trackBreakers(service: string, states: () => Record<string, BreakerStateName>): void {
  breakerSources.set(service, states);
}

/** Forgets a service's breakers (its app closed). */
export function untrackBreakers(service: string): void {
  breakerSources.delete(service);
}

/**
 * The exposition text: first refreshes the gauges read at scrape time
 * (dependencies through `checks`, with `timeoutMs` each; breakers).
 */
export async function renderMetrics(service: string, checks: Record<string, () => Promise<unknown>>, timeoutMs: number): Promise<string> {
  await Promise.all(
    Object.entries(checks).map(async ([dependency, check]) => {
      let up = 0;
      try {
        await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref())]);
        up = 1;
      } catch {
        up = 0;
      }
      dependencyUp.set({ service, dependency }, up);
    }),
  );
  for (const [svc, states] of breakerSources) {
    let current: Record<string, BreakerStateName>;
    try {
      current = states();
    } catch {
      continue;
    }
    for (const [breaker, state] of Object.entries(current)) {
      for (const s of ['closed', 'open', 'half_open'] as const) breakerState.set({ service: svc, breaker, state: s }, s === state ? 1 : 0);
    }
  }
  return metricsRegistry.metrics();
}

/** Content type of the exposition text. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
