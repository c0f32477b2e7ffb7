export { ConfigError, parseConfig, baseConfigSchema, port } from './config.js';
export { createLogger, REDACT_PATHS, type Logger } from './logger.js';
export { createServiceApp, finishServiceApp, requestId, type ReadinessCheck, type ServiceAppOptions } from './app.js';
export { runService, type RunningService } from './server.js';
export { connectRedis, type Redis } from './redis.js';
export { randomHex, sha256Hex, hmacHex, safeEqual, parseKey, encryptSecret, decryptSecret } from './secrets.js';
export { adminAuth } from './admin.js';
