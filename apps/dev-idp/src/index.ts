export {
  startDevIdp,
  subjectOf,
  DEMO_USER,
  DEFAULT_USERS,
  type DevIdp,
  type DevIdpClient,
  type DevIdpOptions,
  type DevIdpUser,
  type MailboxMessage,
} from './idp.js';
export { signInWithPassword, signInWithMagicLink, SignInError } from './browser.js';
