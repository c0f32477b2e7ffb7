export { createApp, formatSigninError, type AppDeps, type SigninApp } from './app.js';
export { configFromEnv, defaultConfig, type SigninConfig } from './config.js';
export { createPrisma } from './store/prisma.js';
export { OWASP_PASSWORD_COST, type PasswordCost } from './domain/crypto.js';
export { DEFAULT_LIMITS, type LimitConfig } from './domain/limits.js';
export { LATEST_AUTH_SCHEMA_VERSION } from './store/auth-schema.js';
export { startSignin, type StartSigninOptions, type RunningSignin } from './server.js';
