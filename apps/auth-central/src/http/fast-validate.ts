/**
 * `GET /context/auth/validate` answered on Node's own request and response,
 * before Express: the endpoint backends call on every request they serve.
 * Express's router, its request/response decoration and pino-http cost
 * about 0.3 ms per request, several times the work of validate itself
 * (a signature check and one prepared query); see README, "Performance".
 *
 * Only the plain form is taken here: `GET` of exactly `/context/auth/validate`
 * (any query), with no `Origin` other than auth-central's own (browsers get
 * the CORS check and its database lookup in Express) and no
 * `X-Forwarded-For` (the client address behind a proxy needs Express's
 * `trust proxy`). Everything else — other spellings of the path, `HEAD`,
 * cross-origin and proxied requests — goes through Express and gets the same
 * answers there (tests run both).
 *
 * The answers are those of the Express route: `{user, workspace}` or the area
 * A error body with its status and headers, `Cache-Control: no-store`,
 * `Vary: Origin` (errors included), the request id (`x-request-id`, taken when sane, generated
 * otherwise); the per-IP limit on refused tokens is checked first and counts
 * the 401 answers; the access log line is service-kit's `logAccess`
 * (pino-http's shape and levels, without query strings).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { formatErrorBody, toHttpError, type HttpError } from '@latchkey/errors';
import { parseBearer } from '@latchkey/jwt';
import { logAccess, requestIdFrom, sendJson } from '@latchkey/service-kit';
import type { Sessions } from '../domain/sessions.js';
import type { FailureLimiter } from './rate-limit.js';

const PATH = '/context/auth/validate';

export interface FastValidateOptions {
  sessions: Sessions;
  failures: FailureLimiter;
  logger: Logger;
  /** auth-central's own origin (same-origin requests need no CORS check). */
  ownOrigin: string;
}

/** @returns a handler that answers and returns true, or returns false (Express takes the request). */
export function fastValidate(o: FastValidateOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url;
    if (url === undefined || !url.startsWith(PATH) || (url.length > PATH.length && url.charCodeAt(PATH.length) !== 63) /* ? */) return false;
    const h = req.headers;
    if ((h.origin !== undefined && h.origin !== o.ownOrigin) || h['x-forwarded-for'] !== undefined) return false;
    answer(o, req, res).catch((err: unknown) => {
      o.logger.error({ err }, 'validate failed');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
    return true;
  };
}

async function answer(o: FastValidateOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const id = requestIdFrom(req.headers['x-request-id']);
  const ip = req.socket.remoteAddress ?? 'unknown';
  let status = 200;
  let body: unknown;
  let headers: Record<string, string> | undefined;
  let failure: unknown;
  try {
    const token = parseBearer(req.headers.authorization) ?? undefined;
    // Over the limit, only tokens signed by us are still served (see rate-limit.ts, failureLimit).
    const refusal = await o.failures.refusal(ip);
    if (refusal && !(await o.sessions.isSigned(token))) throw refusal;
    body = await o.sessions.validate(token);
  } catch (err) {
    const e: HttpError = toHttpError(err, id);
    status = e.status;
    headers = e.headers;
    body = formatErrorBody(e, undefined as never);
    // A 503 is a declared outage answer, reported once by the dependency's monitor.
    if (status >= 500 && status !== 503) failure = err;
    if (status === 401) o.failures.record(ip);
  }
  sendJson(res, status, body, { 'x-request-id': id, Vary: 'Origin', ...headers, 'Cache-Control': 'no-store' });
  logAccess(o.logger, { id, method: 'GET', path: PATH, status, startedAt: started, err: failure });
}
