/**
 * The supported way to answer a hot endpoint on Node's own request and
 * response, before Express: Express's router, its request/response
 * decoration and pino-http cost a few tenths of a millisecond per request,
 * more than the work of a token validation or of a gateway's admission.
 *
 * `withFastPath(app, fast)` returns one request listener: `fast(req, res)`
 * takes the requests it wants (returning true) and Express gets the rest.
 * A fast handler shares the Express path's rules through the helpers below:
 * the request id (`requestIdFrom`), the access-log line (`logAccess`, the
 * shape and levels of pino-http's lines) and the error body (`toHttpError`
 * and the service's formatter, as `errorHandler` does).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { measureRaw } from './metrics.js';

/** Takes a request (answers it, possibly later, and returns true) or leaves it to Express (returns false). */
export type FastHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A service's request listener: the fast handler first, then its Express app (`express`). */
export interface FastPathApp extends RequestListener {
  (req: IncomingMessage, res: ServerResponse): void;
  /** The Express app behind the fast path (every other route). */
  readonly express: Express;
}

/** How `/metrics` labels the requests a fast handler takes. */
export interface FastPathMetrics {
  /** The service's name (the `service` label). */
  service: string;
  /**
   * The route label: one fixed label, or a function of the request (read when
   * the response ends) that must return one of a bounded set of labels, never
   * a raw path.
   */
  route: string | ((req: IncomingMessage) => string);
}

/**
 * One listener in front of `app`: `fast` first, Express for whatever it does not take.
 * @param app the service's Express app (finished: routes, 404 and error middleware)
 * @param fast the hot path; must not throw (it answers its own errors)
 * @param metrics the service's name and the route label under which `/metrics`
 *   counts the requests `fast` takes (Express counts the others itself)
 */
export function withFastPath(app: Express, fast: FastHandler, metrics?: FastPathMetrics): FastPathApp {
  const label = metrics?.route;
  const listener = ((req: IncomingMessage, res: ServerResponse) => {
    if (!metrics) {
      if (!fast(req, res)) app(req, res);
      return;
    }
    let taken = false;
    measureRaw(metrics.service, req, res, () => (!taken ? undefined : typeof label === 'function' ? label(req) : label));
    if (fast(req, res)) taken = true;
    else app(req, res);
  }) as FastPathApp;
  Object.defineProperty(listener, 'express', { value: app, enumerable: true });
  return listener;
}

/**
 * Sends a whole JSON answer on a plain response: the status, `headers`, and
 * `Content-Type`/`Content-Length` of the serialised body.
 *
 * A 413 is an answer sent before the request body was read: it carries
 * `Connection: close`, and the response ends only once the client has
 * finished sending (the rest of the body is read and discarded, never kept)
 * or after `LINGER_MS`, as nginx's lingering close does. Closing the socket
 * under a client that is still sending makes its kernel see a reset, and a
 * client that reads only after sending everything (Python's urllib, httpx,
 * the Python SDKs) then reports a broken connection instead of the 413.
 * @param body any JSON value (serialised with `JSON.stringify`), or a Buffer
 *   holding JSON text already serialised (sent as is)
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void {
  const json = Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.statusCode = status;
  if (headers) for (const name in headers) res.setHeader(name, headers[name]!);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', typeof json === 'string' ? Buffer.byteLength(json) : json.length);
  if (status !== 413) {
    res.end(json);
    return;
  }
  res.setHeader('Connection', 'close');
  endAfterUpload(res, json);
}

/** Longest time (ms) a refused upload is still read and discarded before its connection is closed (nginx: `lingering_timeout` 5 s). */
const LINGER_MS = 5000;

/** Sends `payload` and ends the response once the request's body has all arrived (discarded), or after `LINGER_MS`. */
function endAfterUpload(res: ServerResponse, payload: string | Buffer): void {
  const req = res.req;
  if (req.complete || req.destroyed) {
    res.end(payload);
    return;
  }
  res.write(payload);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(end, LINGER_MS);
  timer.unref();
  req.once('end', end);
  req.once('close', end);
  req.once('error', end);
  req.resume();
}

export interface AccessLine {
  /** The request id (`requestIdFrom`). */
  id: string;
  method: string;
  /** The request's path; never its query string (it can carry tokens). */
  path: string;
  status: number;
  /** `performance.now()` when the request arrived, in milliseconds. */
  startedAt: number;
  /** The error behind an unexpected 5xx (logged with its stack). */
  err?: unknown;
  /** Fields of the service's own (model, key id…): never secrets or bodies. */
  extra?: Record<string, unknown>;
}

/**
 * Writes the access-log line of a request answered outside Express, with
 * pino-http's shape (`req: {id, method, path}`, `res: {statusCode}`,
 * `responseTime` in milliseconds) and the levels `createServiceApp` uses:
 * debug for 2xx/3xx, info for 4xx and 503 (a declared outage, reported once
 * by the dependency's monitor), error for other 5xx.
 */
export function logAccess(logger: Logger, line: AccessLine): void {
  const failed = line.status >= 500 && line.status !== 503;
  const level = failed ? 'error' : line.status >= 400 ? 'info' : 'debug';
  if (!logger.isLevelEnabled(level)) return;
  const entry = {
    req: { id: line.id, method: line.method, path: line.path },
    res: { statusCode: line.status },
    responseTime: Math.round(performance.now() - line.startedAt),
    ...line.extra,
    ...(failed && line.err !== undefined ? { err: line.err } : {}),
  };
  logger[level](entry, failed ? 'request errored' : 'request completed');
}
