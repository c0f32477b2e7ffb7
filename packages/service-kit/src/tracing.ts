/**
 * Optional OpenTelemetry traces, one place for all four services.
 *
 * `startTracing(service)` is the first thing a service's `main.ts` awaits,
 * before it imports the service itself (express, pg, ioredis, node:http must
 * be loaded after the instrumentations are registered to be traced). When
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is unset or empty it returns `undefined` and
 * loads nothing: this module has no static import, and the OpenTelemetry
 * packages are only reached through the dynamic `import()`s below.
 *
 * When it is set, it starts the standard OpenTelemetry SDK for Node
 * (`@opentelemetry/sdk-node`) with:
 * - the OTLP/HTTP trace exporter (`@opentelemetry/exporter-trace-otlp-http`,
 *   JSON bodies) posting to `${OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`
 *   (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as given, headers from
 *   `OTEL_EXPORTER_OTLP_HEADERS`: the exporter reads the standard variables);
 * - the instrumentations for `node:http` (server and client spans, W3C
 *   `traceparent` propagation), undici and `fetch()` (client spans and
 *   propagation: the gateway's provider calls), Express (route and middleware spans), `pg`
 *   (queries, Prisma's adapter included) and `ioredis` (commands, without
 *   their arguments);
 * - `service.name` = `OTEL_SERVICE_NAME` or the service's own name; the other
 *   standard variables (`OTEL_RESOURCE_ATTRIBUTES`, `OTEL_TRACES_SAMPLER`,
 *   `OTEL_BSP_SCHEDULE_DELAY`, …) are honoured by the SDK;
 * - no OpenTelemetry metrics or logs unless `OTEL_METRICS_EXPORTER` /
 *   `OTEL_LOGS_EXPORTER` ask for them (metrics are Prometheus' `/metrics`).
 * The ESM loader hook of `@opentelemetry/instrumentation` is registered too,
 * so that modules imported with `import` are patched like `require`d ones.
 *
 * Health probes and `/metrics` scrapes make no spans (they would drown the
 * traces); request and response bodies, headers and Redis arguments are never
 * recorded (SECURITY.md: no secrets or prompts in telemetry either).
 */

/** A running tracer; `shutdown()` flushes pending spans (at most `timeoutMs`). */
export interface Tracing {
  /** The OTLP endpoint spans are sent to (base URL, as configured). */
  endpoint: string;
  serviceName: string;
  shutdown(): Promise<void>;
}

/** Paths that never make a span: probes and scrapes. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

let running: Tracing | undefined;

/**
 * Starts tracing when `env.OTEL_EXPORTER_OTLP_ENDPOINT` is set.
 * @param serviceName the default `service.name` (`OTEL_SERVICE_NAME` wins).
 * @returns the running tracer, or `undefined` (nothing loaded) without the variable.
 * @throws Error when the endpoint is not an http(s) URL, so that a typo fails at start.
 */
export async function startTracing(serviceName: string, env: Record<string, string | undefined> = process.env): Promise<Tracing | undefined> {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return undefined;
  if (running) return running;
  if (!/^https?:\/\/[^/]/i.test(endpoint)) throw new Error(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL (got ${JSON.stringify(endpoint)})`);

  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

  const [
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { ExpressInstrumentation },
    { PgInstrumentation },
    { IORedisInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  const name = env.OTEL_SERVICE_NAME?.trim() || serviceName;
  // Traces only: metrics are scraped from /metrics (Prometheus) and logs go to stdout,
  // unless the operator asks the SDK for them by name.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: name,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0]!),
      }),
      // undici and fetch(): the gateway's provider calls, strategy's calls to the gateway and auth-central.
      new UndiciInstrumentation(),
      new ExpressInstrumentation(),
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new IORedisInstrumentation({ dbStatementSerializer: (command: string) => command }),
    ],
  });
  sdk.start();
  running = {
    endpoint,
    serviceName: name,
    shutdown: async () => {
      running = undefined;
      await sdk.shutdown();
    },
  };
  return running;
}

/**
 * Flushes and stops the tracer started by `startTracing`, if any (a no-op
 * otherwise). `runService` calls it on SIGTERM/SIGINT after its closers.
 * Errors (collector gone) are swallowed: shutting down must not fail on them.
 */
export async function shutdownTracing(): Promise<void> {
  await running?.shutdown().catch(() => undefined);
}
