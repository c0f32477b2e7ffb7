/**
 * `node dist/main.js`: ai-gateway as a process. Starts OpenTelemetry tracing first when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set (nothing is loaded otherwise), then imports
 * the service itself (`run.ts`), so that http, Express, pg and ioredis are
 * loaded after their instrumentations (@latchkey/service-kit/tracing).
 */
import { startTracing } from '@latchkey/service-kit/tracing';

await startTracing('ai-gateway');
await import('./run.js');
