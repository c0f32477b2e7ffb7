export {
  createAuthClient,
  storageKey,
  withoutParam,
  REFRESH_AFTER_MS,
  TOKEN_PARAM,
  type AuthClient,
  type AuthClientOptions,
  type AuthSession,
  type AuthUser,
  type AuthWorkspace,
  type BrowserWindow,
  type SessionStore,
} from './client.js';
export { AuthError, isAuthError, errorFromResponse, type AuthErrorCode } from './errors.js';
