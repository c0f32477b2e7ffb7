export { ConfigError, parseConfig, baseConfigSchema, encryptionKey, flag, pgConnectTimeout, port, trustProxy } from './config.js';
export { createLogger, REDACT_PATHS, type Logger } from './logger.js';
export { createServiceApp, finishServiceApp, requestId, requestIdFrom, type ReadinessCheck, type ServiceApp, type ServiceAppOptions } from './app.js';
export { runOnDatabase, runService, stopOnSignals, type RunningService } from './server.js';
export { connectRedis, watchRedis, failFastRedisOptions, REDIS_TIMEOUTS, type Redis } from './redis.js';
export { createPgPool, setPgConnectTimeout, PG_TIMEOUTS, type PgPoolOptions } from './pg.js';
export { DependencyMonitor } from './dependency.js';
export { randomHex, sha256Hex, hmacHex, safeEqual, parseKey, encryptSecret, decryptSecret } from './secrets.js';
export { adminAuth } from './admin.js';
export { withFastPath, sendJson, logAccess, type FastHandler, type FastPathApp, type FastPathMetrics, type AccessLine } from './fast-path.js';
export { createLimiter, type LimiterOptions } from './limiter.js';
export {
  metricsRegistry,
  observeRequest,
  measureRaw,
  trackBreakers,
  untrackBreakers,
  renderMetrics,
  httpRequests,
  httpDuration,
  dependencyUp,
  breakerState,
  gatewayCalls,
  gatewayTokens,
  signIns,
  UNMATCHED_ROUTE,
  METRICS_CONTENT_TYPE,
  type BreakerStateName,
} from './metrics.js';
