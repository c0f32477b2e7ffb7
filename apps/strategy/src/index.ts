export { createApp, type AppDeps, type StrategyApp } from './app.js';
export { startStrategy, PRISMA_DIR } from './server.js';
export { strategyConfigSchema, type StrategyConfig } from './config.js';
export { loadLibrary, loadEvalSet, type Library, type Framework } from './domain/library.js';
export { FrameworkSelector } from './domain/selector.js';
export { classifyScope } from './domain/scope.js';
export { RateLimiter, DEFAULT_LIMITS, type Tier, type TierLimits } from './domain/rate-limiter.js';
