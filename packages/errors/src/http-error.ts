/**
 * The error every Latchkey service throws for an expected failure: a status,
 * a machine-readable code and a message that is safe to show the caller.
 * Each service turns it into the body shape its area of SPEC.md prescribes.
 */
export class HttpError extends Error {
  /** HTTP status, 400–599. */
  readonly status: number;
  /** Machine-readable code, e.g. `INVALID_TOKEN`. */
  readonly code: string;
  /** Extra fields some areas put in the body (area C's `details`). */
  readonly details: Record<string, unknown> | undefined;
  /** Response headers that go with it (`Retry-After`, …). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    opts: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.details = opts.details;
    this.headers = opts.headers;
  }
}

/** True for errors whose message may be shown to the caller. */
export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}
