import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { HttpError } from './http-error.js';
import { dependencyUnavailable, unavailableDependency } from './dependency.js';

/** Turns an error into the response body of one area's error shape. */
export type ErrorFormatter = (err: HttpError, req: Request) => unknown;

/** The plain body `{ error: code, message }`: area A's (SPEC.md, Error body (area A)) and the admin APIs'. */
export const formatErrorBody: ErrorFormatter = (err) => ({ error: err.code, message: err.message });

interface ParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
  code?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } };
  cause?: unknown;
}

/**
 * PostgreSQL's data exceptions caused by what a client sent (SQLSTATE class 22):
 * a NUL or a byte sequence that is not UTF-8 (22021), a character the database
 * encoding lacks (22P05), a value too long for its column (22001), a number out
 * of range (22003), text that is not the column's type (22P02).
 */
const PG_INPUT_STATES = new Set(['22021', '22P05', '22001', '22003', '22P02']);

/** The SQLSTATE of a pg error, or of a Prisma error through the pg adapter, looking through `cause`. */
function inputRefusedByPostgres(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as ParserError;
  const adapter = e.meta?.driverAdapterError?.cause;
  for (const state of [e.code, adapter?.originalCode, adapter?.code]) if (typeof state === 'string' && PG_INPUT_STATES.has(state)) return true;
  return inputRefusedByPostgres(e.cause, depth + 1);
}

/**
 * Maps the errors of Express's body parsers and of the framework itself to
 * HttpErrors: malformed JSON → 400 INVALID_REQUEST, a body over the limit →
 * 413 PAYLOAD_TOO_LARGE, an unsupported charset or encoding → 415, bad
 * %-encoding in the path and values PostgreSQL refuses as input (NUL
 * characters, too long, not the column's type) → 400 INVALID_REQUEST.
 * An error saying that PostgreSQL or Redis is unavailable becomes 503
 * SERVICE_UNAVAILABLE with `Retry-After` (see `unavailableDependency`).
 * Anything else unknown becomes a 500 INTERNAL_ERROR that reveals nothing.
 */
export function toHttpError(err: unknown, requestId: string | undefined): HttpError {
  if (err instanceof HttpError) return err;
  const e = err as ParserError;
  switch (e?.type) {
    case 'entity.parse.failed':
      return new HttpError(400, 'INVALID_REQUEST', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body encoding is not supported.');
    case 'request.aborted':
      return new HttpError(400, 'INVALID_REQUEST', 'The request was aborted.');
    default:
      break;
  }
  // Express decodes route parameters with decodeURIComponent: a malformed %-sequence is the client's.
  if (err instanceof URIError) return new HttpError(400, 'INVALID_REQUEST', 'The request path is not valid percent-encoding.');
  if (inputRefusedByPostgres(err)) {
    return new HttpError(400, 'INVALID_REQUEST', 'The request contains a value that cannot be stored (such as a NUL character or a value too long).');
  }
  const dependency = unavailableDependency(err);
  if (dependency) return dependencyUnavailable(dependency, requestId, err);
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && e.expose) {
    return new HttpError(status, 'INVALID_REQUEST', 'The request could not be read.');
  }
  return new HttpError(500, 'INTERNAL_ERROR', `An unexpected error occurred.${requestId ? ` Request id: ${requestId}.` : ''}`, {
    details: requestId ? { requestId } : undefined,
  });
}

/**
 * The Express error middleware: answers with `format(err)` and the error's
 * status and headers. 5xx errors are logged (through pino-http's `req.log`)
 * with their stack, except dependency outages (503 SERVICE_UNAVAILABLE), which
 * the dependency's monitor reports once per outage; nothing internal reaches the body.
 */
export function errorHandler(format: ErrorFormatter = formatErrorBody): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = (req as Request & { id?: string }).id ?? undefined;
    const httpErr = toHttpError(err, requestId !== undefined ? String(requestId) : undefined);
    if (httpErr.status >= 500 && !(httpErr.status === 503 && httpErr.code === 'SERVICE_UNAVAILABLE')) {
      (req as Request & { log?: { error: (o: object, m: string) => void } }).log?.error({ err }, 'request failed');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    if (httpErr.headers) res.set(httpErr.headers);
    res.status(httpErr.status).json(format(httpErr, req));
  };
}

/** A 404 for unknown routes, in the area's shape. */
export function notFoundHandler(): RequestHandler {
  return (req, _res, next) => next(new HttpError(404, 'NOT_FOUND', `No route for ${req.method} ${req.path}.`));
}
