export { HttpError, isHttpError } from './http-error.js';
export { errorHandler, notFoundHandler, formatErrorBody, toHttpError, type ErrorFormatter } from './middleware.js';
export { unavailableDependency, dependencyUnavailable, DEPENDENCY_RETRY_AFTER_SECONDS, type DependencyName } from './dependency.js';
export { zodIssues, firstZodIssue, zodIssueMessage, type ZodErrorLike, type ZodIssueLike, type ZodIssueParts } from './zod.js';
