export { HttpError, isHttpError } from './http-error.js';
export { AuthError, AuthErrorCode, type AuthErrorCodeName } from './auth-errors.js';
export { errorHandler, notFoundHandler, formatAuthError, toHttpError, type ErrorFormatter } from './middleware.js';
