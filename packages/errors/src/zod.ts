/**
 * Reading a zod validation failure for a 400 answer, without depending on zod:
 * anything with zod's `issues` (`path`, `message`) will do. Each service keeps
 * its own wire message and code; this gives it the parts.
 */

/** What is read of a zod issue. */
export interface ZodIssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What is read of a `ZodError` (`safeParse(...).error`). */
export interface ZodErrorLike {
  readonly issues: readonly ZodIssueLike[];
}

/** One issue: its dotted `path` (`''` for the input itself), the `field` to name (`path`, or `body`), and zod's message. */
export interface ZodIssueParts {
  path: string;
  field: string;
  message: string;
}

function parts(issue: ZodIssueLike): ZodIssueParts {
  const path = issue.path.map((p) => String(p)).join('.');
  return { path, field: path || 'body', message: issue.message };
}

/** Every issue of `error`, in zod's order. */
export function zodIssues(error: ZodErrorLike): ZodIssueParts[] {
  return error.issues.map(parts);
}

/** The first issue of `error` (`body` / `invalid` when it has none, which zod never gives). */
export function firstZodIssue(error: ZodErrorLike): ZodIssueParts {
  const issue = error.issues[0];
  return issue ? parts(issue) : { path: '', field: 'body', message: 'invalid' };
}

/** `field: message` of the first issue, e.g. `allowed_auth_domains: allowed_auth_domains needs at least one domain`. */
export function zodIssueMessage(error: ZodErrorLike): string {
  const { field, message } = firstZodIssue(error);
  return `${field}: ${message}`;
}
