export { createApp, ACCESS_TOKEN_LIFETIME_SECONDS, EXCHANGE_TOKEN_LIFETIME_SECONDS, type AuthCentralDeps, type AuthCentralSettings } from './app.js';
export { startAuthCentral, type StartOptions, type RunningAuthCentral } from './server.js';
export { createPrisma, type Db } from './store/prisma.js';
export { upsertApp, insertApp, findApp, type AppRecord } from './store/apps.js';
export { oidcProvider, type IdentityProvider, type OidcSettings } from './domain/idp.js';
export { checkRedirectUrl, normalizeDomain, originHost } from './domain/domains.js';
