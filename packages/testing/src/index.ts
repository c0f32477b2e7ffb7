export { createTestDatabase, createTestRedis, postgresServerUrl, redisServerUrl, type TestDatabase, type TestRedis } from './services.js';
export { createTestClock, type TestClock } from './clock.js';
export { captureLogs } from './logs.js';
export { findExecutable, describeWithBinary } from './binaries.js';
export {
  startPrivateRedis,
  startPrivatePostgres,
  describeWithPrivateRedis,
  describeWithPrivatePostgres,
  privateRedisMissing,
  privatePostgresMissing,
  postgresBinDir,
  freePort,
  type PrivateServer,
} from './private-servers.js';
export { metricSample, metricSum } from './metrics.js';
export { pollUntil, stopProcess, waitFor } from './poll.js';
