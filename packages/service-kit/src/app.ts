import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { errorHandler, notFoundHandler, type ErrorFormatter } from '@latchkey/errors';
import { pino } from 'pino';
import type { Logger } from './logger.js';
import { METRICS_CONTENT_TYPE, renderMetrics, requestMetrics } from './metrics.js';

/** A readiness check: resolves when the dependency answers, rejects otherwise. */
export type ReadinessCheck = () => Promise<unknown>;

/**
 * What every service's `createApp(deps)` returns (CONTRIBUTING.md, "The service skeleton"), extended by
 * each service with the parts its tests and `server.ts` use (key services, ledgers, limiters).
 */
export interface ServiceApp {
  /** The request listener `runService` serves: the Express app, or a fast path in front of it (`withFastPath`). */
  readonly listener: import('node:http').RequestListener;
  /** The Express app: every route a fast path does not take. */
  readonly express: Express;
  /** Releases what `createApp` itself opened (timers, pools, subscriptions), never what the caller passed in. */
  close(): Promise<void>;
}

export interface ServiceAppOptions {
  logger: Logger;
  /** Named readiness checks run by `/readyz` (e.g. `{ database, redis }`): one failing makes it 503. */
  readiness?: Record<string, ReadinessCheck>;
  /**
   * Dependencies the service keeps serving without (e.g. `{ redis }` where limits fall back to memory:
   * README, "Dependency outages"): `/readyz` reports them, and answers 200 `degraded` while one fails,
   * so an orchestrator does not take every instance out of service during their outage.
   */
  degradedBy?: Record<string, ReadinessCheck>;
  /** Per-check timeout of `/readyz`, in milliseconds (default 2000). */
  readinessTimeoutMs?: number;
  /**
   * Express `trust proxy`: which peers' `X-Forwarded-*` headers are believed
   * (client address for rate limits, protocol): the service's `TRUST_PROXY`
   * as parsed by `baseConfigSchema` (`loopback` and the edge's own addresses
   * or CIDR blocks). Default `['loopback']` (an edge on the same host); the
   * environment is not read here.
   */
  trustProxy?: string | readonly string[];
  /**
   * The `service` label of its metrics (`GET /metrics`). Default: the
   * logger's name (`createLogger(service)`), else `service`.
   */
  service?: string;
}

/** The `name` a pino logger was created with, if any. */
function loggerName(logger: Logger): string | undefined {
  const chindings = (logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym];
  const m = typeof chindings === 'string' ? /"name":"([^"\\]{1,64})"/.exec(chindings) : null;
  return m?.[1];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of a request (Latchkey's one rule, on the Express path and on
 * the plain `node:http` hot paths alike): the client's `x-request-id` when it
 * is a sane token (1 to 128 characters of `[A-Za-z0-9._:-]`), else a new UUID.
 * @param given the `x-request-id` header as Node gives it (an array when repeated: refused)
 */
export function requestIdFrom(given: string | string[] | undefined): string {
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Middleware: `requestIdFrom` set on `req.id` and echoed as `x-request-id` on the response. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFrom(req.headers['x-request-id']);
    (req as Request & { id: string }).id = id;
    res.setHeader('x-request-id', id);
    next();
  };
}

/**
 * The base Express app of every service: request ids, access logs without
 * bodies or secrets, `/healthz` (process up), `/readyz` (dependencies up) and
 * `/metrics` (Prometheus text format: requests by route pattern and status
 * with latency histograms, dependency health, breaker states, the service's
 * own counters; never routed by the edge, see metrics.ts).
 * The service mounts its routes on it, then calls `finishServiceApp`.
 */
export function createServiceApp(opts: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', opts.trustProxy === undefined ? ['loopback'] : typeof opts.trustProxy === 'string' ? opts.trustProxy : [...opts.trustProxy]);
  app.set('query parser', 'simple');
  const service = opts.service ?? loggerName(opts.logger) ?? 'service';
  app.use(requestMetrics(service));
  app.use(requestId());
  app.use(
    pinoHttp({
      logger: opts.logger,
      genReqId: (req) => (req as unknown as { id: string }).id,
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          // Query strings can carry tokens (svc_token, code, state): log the path only.
          path: String(req.url).split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // A 503 is a declared answer (a dependency is down, reported once by its monitor): not an error line per request.
      customLogLevel: (_req, res, err) => (err || (res.statusCode >= 500 && res.statusCode !== 503) ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const timeout = opts.readinessTimeoutMs ?? 2000;
    const results: Record<string, 'ok' | 'failing'> = {};
    const run = (checks: Record<string, ReadinessCheck>) =>
      Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            await Promise.race([check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), timeout).unref())]);
            results[name] = 'ok';
          } catch {
            results[name] = 'failing';
          }
        }),
      );
    await Promise.all([run(opts.readiness ?? {}), run(opts.degradedBy ?? {})]);
    const required = Object.keys(opts.readiness ?? {});
    const ready = required.every((name) => results[name] === 'ok');
    const degraded = ready && Object.values(results).some((r) => r === 'failing');
    res.status(ready ? 200 : 503).json({ status: !ready ? 'not_ready' : degraded ? 'degraded' : 'ready', checks: results });
  });
  app.get('/metrics', async (_req, res) => {
    const text = await renderMetrics(service, { ...opts.readiness, ...opts.degradedBy }, opts.readinessTimeoutMs ?? 2000);
    res.setHeader('cache-control', 'no-store');
    res.type(METRICS_CONTENT_TYPE).send(text);
  });
  return app;
}

/** Adds the 404 handler and the error middleware in the area's body shape. */
export function finishServiceApp(app: Express, format?: ErrorFormatter): Express {
  app.use(notFoundHandler());
  app.use(errorHandler(format));
  return app;
}
