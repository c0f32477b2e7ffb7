/**
 * One component of `pnpm start` in its own process, as it is deployed:
 * started by the supervisor (scripts/start.ts) with an IPC channel, it runs
 * `apps/<app>/src/launch.ts` and reports its address and summary lines.
 * Databases and development secrets stay with the supervisor (it owns the
 * embedded PostgreSQL servers and the state directory), values for later
 * components (`ctx.shared`) are passed on through it. SIGTERM, SIGINT, a
 * `stop` message or the loss of the supervisor stop the component cleanly.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { isLauncherMessage, type FromComponent, type LaunchContext, type Launched, type LaunchModule, type ToComponent } from '@latchkey/launcher';

/** How long the component may take to stop before it exits anyway. */
const STOP_TIMEOUT_MS = 8_000;

const send = (msg: FromComponent) => {
  if (process.connected) process.send!(msg);
};

let launched: Launched | undefined;
let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    const timer = setTimeout(() => process.exit(code), STOP_TIMEOUT_MS);
    timer.unref();
    await launched?.stop().catch((err) => console.error(`${launched?.name}: stop failed: ${(err as Error).message}`));
  }
  process.exit(code);
}
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => void stop(0));
process.on('disconnect', () => void stop(0));

const pending = new Map<number, { resolve(url: string): void; reject(err: Error): void }>();
let nextId = 1;

process.on('message', (raw) => {
  if (!isLauncherMessage<ToComponent>(raw)) return;
  const msg = raw;
  if (msg.type === 'stop') void stop(0);
  else if (msg.type === 'database') {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.url) p?.resolve(msg.url);
    else p?.reject(new Error(msg.error ?? 'no database'));
  } else if (msg.type === 'launch')
    void launch(msg).catch((err) => {
      send({ lk: 1, type: 'failed', error: (err as Error).stack ?? String(err) });
      void stop(1);
    });
});

async function launch(msg: Extract<ToComponent, { type: 'launch' }>): Promise<void> {
  const secrets = { ...msg.secrets };
  const shared = new Map<string, unknown>(Object.entries(msg.shared));
  const publish = shared.set.bind(shared);
  shared.set = (key: string, value: unknown) => {
    send({ lk: 1, type: 'shared', key, value });
    return publish(key, value);
  };
  const ctx: LaunchContext = {
    ports: msg.ports,
    urls: msg.urls,
    root: msg.root,
    stateDir: msg.stateDir,
    redisUrl: msg.redisUrl,
    logger: pino({ level: process.env.LOG_LEVEL ?? 'warn' }),
    shared,
    database(name) {
      const id = nextId++;
      send({ lk: 1, type: 'database', id, name });
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    secret(name) {
      if (!secrets[name]) {
        secrets[name] = randomBytes(32).toString('hex');
        send({ lk: 1, type: 'secret', name, value: secrets[name] });
      }
      return secrets[name];
    },
  };
  const file = path.join(msg.root, 'apps', msg.app, 'src', 'launch.ts');
  const mod = (await import(pathToFileURL(file).href)) as LaunchModule;
  launched = await mod.launch(ctx);
  if (stopping) return;
  send({ lk: 1, type: 'ready', name: launched.name, url: launched.url, lines: launched.lines });
}
