/**
 * The CLI talks to each service's admin API (`/admin/*`), authenticated with
 * the operator token `LATCHKEY_ADMIN_TOKEN`. Service addresses come from
 * `LATCHKEY_AUTH_URL`, `LATCHKEY_SIGNIN_URL`, `LATCHKEY_STRATEGY_URL` and
 * `LATCHKEY_GATEWAY_URL` (defaults: the local addresses of `pnpm start`).
 */
export const SERVICE_URLS = {
  auth: { env: 'LATCHKEY_AUTH_URL', fallback: 'http://localhost:4101' },
  signin: { env: 'LATCHKEY_SIGNIN_URL', fallback: 'http://localhost:4102' },
  strategy: { env: 'LATCHKEY_STRATEGY_URL', fallback: 'http://localhost:4103' },
  gateway: { env: 'LATCHKEY_GATEWAY_URL', fallback: 'http://localhost:4104' },
} as const;

export type ServiceKey = keyof typeof SERVICE_URLS;

/** A failed admin call: `exitCode` 1 for a refusal by the service, 3 when it cannot be reached. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

export function serviceUrl(service: ServiceKey): string {
  const { env, fallback } = SERVICE_URLS[service];
  return (process.env[env] || fallback).replace(/\/+$/, '');
}

/**
 * Calls `method path` on a service's admin API with a JSON body.
 * @returns the parsed JSON response.
 * @throws CliError with the service's own error message on a non-2xx answer,
 *   or exit code 3 when the service cannot be reached.
 */
export async function adminRequest<T = unknown>(service: ServiceKey, method: string, path: string, body?: unknown): Promise<T> {
  const token = process.env.LATCHKEY_ADMIN_TOKEN;
  if (!token) throw new CliError('LATCHKEY_ADMIN_TOKEN is not set: export the operator token of your Latchkey deployment.', 2);
  const url = `${serviceUrl(service)}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(Number(process.env.LATCHKEY_CLI_TIMEOUT_MS ?? 120_000)),
    });
  } catch (err) {
    throw new CliError(`cannot reach ${service} at ${serviceUrl(service)} (${(err as Error).message}); set ${SERVICE_URLS[service].env}`, 3);
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const j = json as { message?: string; error?: string | { message?: string }; code?: string } | undefined;
    const msg = typeof j?.error === 'object' ? j.error.message : (j?.message ?? text.slice(0, 200));
    throw new CliError(`${service}: ${msg || `HTTP ${res.status}`}${j?.code || typeof j?.error === 'string' ? ` (${j.code ?? j.error})` : ''}`, 1);
  }
  return json as T;
}
