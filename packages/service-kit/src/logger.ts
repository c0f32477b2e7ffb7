import { pino, type Logger } from 'pino';

/**
 * Header and field paths that never reach a log line. Bodies are never logged
 * at all (pino-http serializers below keep only method, url and ids).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.apikey',
  'req.headers["x-api-key"]',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers.apikey',
  'headers["x-api-key"]',
  'access_token',
  'token',
  'password',
];

/** The service's root logger (JSON lines on stdout, or `destination`). */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options = { name: service, level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
