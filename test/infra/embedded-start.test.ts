/**
 * The default `pnpm start` (embedded PostgreSQL, in-process Redis fallback,
 * no DATABASE_URL / REDIS_URL) under concurrent traffic, and its supervision:
 * - 50 concurrent mixed requests to every service at once (auth-central's
 *   sign-in exchange of real exchange tokens, validate, refresh, CORS
 *   preflights; app-signin sign-up, sign-in and sessions; strategy calls;
 *   gateway calls) get no 5xx and no dropped connection;
 * - a second launcher on the same state directory is refused, naming the first's pid;
 * - a killed component is reported, restarted, and answers again;
 * - SIGTERM stops the launcher and every component process.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { signInWithPassword } from '../../apps/dev-idp/src/browser.js';
import { DEMO_USER } from '../../apps/dev-idp/src/idp.js';
import { waitFor } from '@latchkey/testing';
import { processAlive, startLauncher, type RunningLauncher } from './launcher.js';

// Generous: the first start initialises five embedded databases; a loaded CI machine is slow at it.
const BOOT_MS = 240_000;
// Only a hang fails a call: twelve OWASP-cost scrypt hashes (sign-up and sign-in) queue on
// libuv's four threads, and on a loaded two-core machine the last of them took over 30 s.
const CALL_MS = 120_000;

let launcher: RunningLauncher;
const pids = new Map<string, number>();
const url = (port: number) => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  launcher = await startLauncher();
  await launcher.waitFor(/Press Ctrl-C to stop\./, BOOT_MS);
  for (const m of launcher.output().matchAll(/^ {2}✓ (\S+)\s+\S+\s+\(\d+ ms, pid (\d+)\)/gm)) pids.set(m[1]!, Number(m[2]));
}, BOOT_MS + 5_000);

afterAll(async () => {
  if (launcher?.child.exitCode === null && launcher.child.signalCode === null) {
    try {
      process.kill(-launcher.child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const pid of pids.values()) if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  if (launcher) rmSync(launcher.stateDir, { recursive: true, force: true });
});

interface Outcome {
  what: string;
  /** The HTTP status, or -1 when the call threw. */
  status: number;
  /** For a 5xx, the start of the body; for a call that threw, its error and cause. */
  detail?: string;
}

/** The launcher's output lines that report an error (pino level 50 or more, or an uncaught error), at most 20. */
function errorLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /"level":(?:[5-9]\d)\b|\b(?:Error|TypeError|RangeError):/.test(line))
    .slice(-20);
}

async function call(what: string, input: string, init: RequestInit = {}): Promise<Outcome> {
  try {
    const res = await fetch(input, { ...init, redirect: 'manual', signal: AbortSignal.timeout(CALL_MS) });
    const text = await res.text();
    return { what, status: res.status, ...(res.status >= 500 ? { detail: text.slice(0, 300).replace(/\s+/g, ' ') } : {}) };
  } catch (err) {
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    const detail = `${String(err)}${cause ? ` (cause: ${cause.code ?? ''} ${cause.message ?? ''})` : ''}`;
    return { what, status: -1, detail: detail.replace(/\s+/g, ' ') };
  }
}

/**
 * One line per failed call and then the components' error lines, each cut to 400 characters: short enough that
 * a CI log which keeps only part of a long failure still shows which calls failed and why.
 */
function failureReport(failed: Outcome[], output: string): string {
  const calls = failed.map((o) => `${o.what}: ${o.status} ${o.detail ?? ''}`.trim());
  const logged = errorLines(output).map((line) => line.slice(0, 400));
  return [`${failed.length} calls failed:`, ...calls, `logged at error level (${logged.length} lines):`, ...logged].join('\n');
}

/** One real central sign-in through the dev IdP: an exchange token for the demo app. */
async function exchangeToken(authPort: number, demoPort: number): Promise<string> {
  const login = await fetch(`${url(authPort)}/context/auth/login?app_id=demo&redirect_url=${encodeURIComponent(`http://localhost:${demoPort}/`)}`, {
    redirect: 'manual',
  });
  expect(login.status).toBe(302);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const callback = new URL(await signInWithPassword(login.headers.get('location')!, DEMO_USER));
  const back = await fetch(`${url(authPort)}${callback.pathname}${callback.search}`, { headers: { cookie }, redirect: 'manual' });
  expect(back.status).toBe(302);
  return new URL(back.headers.get('location')!).searchParams.get('svc_token')!;
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

it(
  'answers 50 concurrent mixed requests to every service with no 5xx',
  async () => {
    const { ports } = launcher;
    const out = launcher.output();
    const signinUrl = out.match(/demo app sign-in: (\S+)/)![1]!.replace('localhost', '127.0.0.1');
    const gatewayKey = out.match(/demo key \(solution "demo"\): (\S+)/)![1]!;
    const strategyKey = out.match(/API key for org "demo" \(\d+ credits\): (\S+)/)![1]!;
    const demoOrigin = `http://localhost:${ports.demo}`;

    // Prepared one by one: exchange tokens of real sign-ins, one access token, one app user.
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) tokens.push(await exchangeToken(ports.auth, ports.demo));
    const first = await fetch(`${url(ports.auth)}/context/auth/exchange`, json({ token: tokens.pop() }));
    expect(first.status).toBe(200);
    const access = ((await first.json()) as { access_token: string }).access_token;
    const appUser = { name: 'Load', email: `load-${Date.now()}@example.com`, password: 'a long enough password 1' };
    expect((await fetch(`${signinUrl}/api/auth/sign-up/email`, json(appUser, { origin: demoOrigin }))).status).toBe(200);

    const bearer = { authorization: `Bearer ${access}` };
    const preflight = (path: string, method: string) =>
      call(`preflight ${path}`, `${url(ports.auth)}${path}`, {
        method: 'OPTIONS',
        headers: { origin: demoOrigin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, authorization' },
      });
    const auth: Array<Promise<Outcome>> = [
      ...tokens.map((token) => call('exchange', `${url(ports.auth)}/context/auth/exchange`, json({ token }, { origin: demoOrigin }))),
      ...Array.from({ length: 4 }, (_, i) => call('exchange (unknown token)', `${url(ports.auth)}/context/auth/exchange`, json({ token: `${i}`.repeat(128) }))),
      ...Array.from({ length: 12 }, () => preflight('/context/auth/exchange', 'POST')),
      ...Array.from({ length: 4 }, () => preflight('/context/auth/validate', 'GET')),
      ...Array.from({ length: 12 }, () => call('validate', `${url(ports.auth)}/context/auth/validate`, { headers: { ...bearer, origin: demoOrigin } })),
      ...Array.from({ length: 3 }, () => call('refresh', `${url(ports.auth)}/context/auth/refresh`, json({ access_token: access }))),
      ...Array.from({ length: 4 }, () => call('jwks', `${url(ports.auth)}/.well-known/jwks.json`)),
    ];
    const signin: Array<Promise<Outcome>> = [
      ...Array.from({ length: 4 }, (_, i) =>
        call('app sign-up', `${signinUrl}/api/auth/sign-up/email`, json({ ...appUser, email: `load-${Date.now()}-${i}@example.com` }, { origin: demoOrigin })),
      ),
      ...Array.from({ length: 4 }, () =>
        call('app sign-in', `${signinUrl}/api/auth/sign-in/email`, json({ email: appUser.email, password: appUser.password }, { origin: demoOrigin })),
      ),
      ...Array.from({ length: 4 }, () =>
        call(
          'app sign-in (wrong password)',
          `${signinUrl}/api/auth/sign-in/email`,
          json({ email: appUser.email, password: 'not the password' }, { origin: demoOrigin }),
        ),
      ),
      ...Array.from({ length: 12 }, () => call('app session', `${signinUrl}/api/auth/get-session`, { headers: { origin: demoOrigin } })),
      ...Array.from({ length: 10 }, () =>
        call('app preflight', `${signinUrl}/api/auth/sign-in/email`, {
          method: 'OPTIONS',
          headers: { origin: demoOrigin, 'access-control-request-method': 'POST' },
        }),
      ),
      ...Array.from({ length: 8 }, () => call('app jwks', `${signinUrl}/api/auth/jwks`)),
      ...Array.from({ length: 8 }, () => call('app ok', `${signinUrl}/api/auth/ok`)),
    ];
    const question = { messages: [{ role: 'user', content: 'How do we set quarterly goals that connect every team to the company strategy?' }] };
    const strategy: Array<Promise<Outcome>> = [
      ...Array.from({ length: 15 }, () => call('framework', `${url(ports.strategy)}/v1/framework`, json(question, { apikey: strategyKey }))),
      ...Array.from({ length: 10 }, () => call('coordinate', `${url(ports.strategy)}/v1/coordinate`, json(question, { apikey: strategyKey }))),
      ...Array.from({ length: 10 }, () => call('framework (Bearer from auth-central)', `${url(ports.strategy)}/v1/framework`, json(question, bearer))),
      ...Array.from({ length: 10 }, () =>
        call('framework (unknown key)', `${url(ports.strategy)}/v1/framework`, json(question, { apikey: 'lk_strategy_unknown' })),
      ),
      ...Array.from({ length: 5 }, () => call('strategy health', `${url(ports.strategy)}/healthz`)),
    ];
    const chat = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello' }] };
    const gateway: Array<Promise<Outcome>> = [
      ...Array.from({ length: 25 }, () =>
        call('chat completion', `${url(ports.gateway)}/v1/chat/completions`, json(chat, { authorization: `Bearer ${gatewayKey}` })),
      ),
      ...Array.from({ length: 5 }, () =>
        call(
          'anthropic message',
          `${url(ports.gateway)}/v1/messages`,
          json(
            { model: 'anthropic/claude-haiku-4-5', max_tokens: 32, messages: chat.messages },
            { 'x-api-key': gatewayKey, 'anthropic-version': '2023-06-01' },
          ),
        ),
      ),
      ...Array.from({ length: 10 }, () => call('models', `${url(ports.gateway)}/v1/models`, { headers: { authorization: `Bearer ${gatewayKey}` } })),
      ...Array.from({ length: 10 }, () =>
        call('chat (unknown key)', `${url(ports.gateway)}/v1/chat/completions`, json(chat, { authorization: 'Bearer lk_unknown' })),
      ),
    ];
    const others: Array<Promise<Outcome>> = [
      ...Array.from({ length: 10 }, () => call('idp discovery', `${url(ports.idp)}/.well-known/openid-configuration`)),
      ...Array.from({ length: 10 }, () => call('demo page', `${url(ports.demo)}/`)),
    ];
    for (const batch of [auth, signin, strategy, gateway]) expect(batch.length).toBe(50);

    const outcomes = await Promise.all([...auth, ...signin, ...strategy, ...gateway, ...others]);
    const failed = outcomes.filter((o) => o.status >= 500 || o.status < 0);
    // A failure shows what the components logged at error level (LOG_LEVEL=warn), so a 500 seen only on a loaded CI
    // machine can be read from its log.
    expect(failed.length ? failureReport(failed, launcher.output()) : '').toBe('');
    // The traffic did real work: what must succeed did.
    const ok = (what: string) => outcomes.filter((o) => o.what === what && o.status >= 200 && o.status < 300).length;
    expect(ok('exchange')).toBe(tokens.length);
    expect(ok('validate')).toBe(12);
    expect(ok('preflight /context/auth/exchange')).toBe(12);
    expect(ok('framework')).toBeGreaterThan(0);
    expect(ok('chat completion')).toBeGreaterThan(0);
    expect(ok('anthropic message')).toBeGreaterThan(0);
    expect(ok('app sign-in')).toBeGreaterThan(0);
    expect(launcher.output()).not.toMatch(/exited unexpectedly/);
  },
  CALL_MS + 60_000,
);

it('refuses a second launcher on the same state directory, naming the running one', async () => {
  const owner = Number(readFileSync(path.join(launcher.stateDir, 'launcher.pid'), 'utf8').trim());
  expect(processAlive(owner)).toBe(true);
  const second = await startLauncher({ stateDir: launcher.stateDir });
  const result = await second.exited;
  expect(result.code).toBe(1);
  expect(second.output()).toContain(`Another pnpm start (pid ${owner}) is using`);
  expect(readFileSync(path.join(launcher.stateDir, 'launcher.pid'), 'utf8').trim()).toBe(String(owner));
}, 60_000);

it('restarts a component that dies, reports it, and it answers again', async () => {
  const pid = pids.get('auth-central')!;
  expect(pid).toBeGreaterThan(0);
  process.kill(pid, 'SIGKILL');
  await launcher.waitFor(/✗ auth-central exited unexpectedly \(signal SIGKILL\); restarting in/, 15_000);
  const restarted = await launcher.waitFor(/✓ auth-central\s+\S+\s+restarted \(\d+ ms, restart 1\)/, 60_000);
  expect(restarted).toBeTruthy();
  expect(processAlive(pid)).toBe(false);
  const res = await fetch(`${url(launcher.ports.auth)}/healthz`);
  expect(res.status).toBe(200);
  // Its data survived: the demo app is still registered (the preflight needs it).
  const pre = await fetch(`${url(launcher.ports.auth)}/context/auth/exchange`, {
    method: 'OPTIONS',
    headers: { origin: `http://localhost:${launcher.ports.demo}`, 'access-control-request-method': 'POST' },
  });
  expect(pre.status).toBeLessThan(300);
  expect(pre.headers.get('access-control-allow-origin')).toBe(`http://localhost:${launcher.ports.demo}`);
}, 90_000);

it('stops every component process on SIGTERM and frees the state directory', async () => {
  // The restarted auth-central has a new pid: find every component process by its supervisor.
  const owner = Number(readFileSync(path.join(launcher.stateDir, 'launcher.pid'), 'utf8').trim());
  const children = readFileSync(`/proc/${owner}/task/${owner}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  expect(children.length).toBeGreaterThanOrEqual(pids.size);
  // As a service manager stops it: SIGTERM to the launcher process alone.
  process.kill(owner, 'SIGTERM');
  await waitFor(() => /^Stopped\.$/m.test(launcher.output()), 30_000, 'the launcher to print Stopped.');
  await waitFor(() => !processAlive(owner), 10_000, 'the launcher process to exit');
  await waitFor(() => children.every((pid) => !processAlive(pid)), 10_000, 'every component process to exit');
  expect(launcher.output()).not.toMatch(/Forced exit|did not finish within|killing it/);
  expect(() => readFileSync(path.join(launcher.stateDir, 'launcher.pid'))).toThrow();
}, 60_000);
