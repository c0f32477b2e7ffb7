export { HttpError, isHttpError } from './http-error.js';
export { AuthError, AuthErrorCode, type AuthErrorCodeName } from './auth-errors.js';
export { errorHandler, notFoundHandler, formatAuthError, toHttpError, type ErrorFormatter } from './middleware.js';
export { unavailableDependency, dependencyUnavailable, DEPENDENCY_RETRY_AFTER_SECONDS, type DependencyName } from './dependency.js';
