/**
 * `pnpm start`: boots every Latchkey component of this checkout on one machine.
 *
 * With `DATABASE_URL` (any database on a PostgreSQL server) each service gets
 * its own database on that server; without it, each gets an embedded PGlite
 * server. Without `REDIS_URL`, the Redis-backed parts run in-process.
 * Components are the apps with a `src/launch.ts` (see packages/launcher).
 * Ctrl-C stops everything, newest first.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { databaseUrl, ensureDatabase, startEmbeddedPostgres, canConnect, type EmbeddedPostgres } from '@latchkey/db';
import { DEFAULT_PORTS, type LaunchContext, type Launched, type LaunchModule, type PortName } from '@latchkey/launcher';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stateDir = path.join(root, '.latchkey');
mkdirSync(stateDir, { recursive: true });

const logger = pino({
  level: process.env.LOG_LEVEL ?? 'warn',
  transport: process.stdout.isTTY ? undefined : undefined,
});

function secretsFile(): Record<string, string> {
  const file = path.join(stateDir, 'dev-secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return {};
}

async function main() {
  const ports = Object.fromEntries(
    Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, Number(process.env[`LATCHKEY_${name.toUpperCase()}_PORT`] ?? port)]),
  ) as Record<PortName, number>;
  const urls = Object.fromEntries(Object.entries(ports).map(([n, p]) => [n, `http://localhost:${p}`])) as Record<PortName, string>;

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && !(await canConnect(serverUrl))) {
    console.error(`DATABASE_URL is set but no PostgreSQL answers at it: ${serverUrl.replace(/\/\/[^@]*@/, '//***@')}`);
    process.exit(1);
  }
  const embedded = new Map<string, Promise<EmbeddedPostgres>>();
  let nextEmbeddedPort = Number(process.env.LATCHKEY_EMBEDDED_PG_PORT ?? 54330);
  const secrets = secretsFile();

  const ctx: LaunchContext = {
    ports,
    urls,
    root,
    logger,
    redisUrl: process.env.REDIS_URL || undefined,
    shared: new Map(),
    async database(name) {
      if (serverUrl) {
        const url = databaseUrl(serverUrl, name);
        await ensureDatabase(url);
        return url;
      }
      if (!embedded.has(name)) {
        embedded.set(name, startEmbeddedPostgres({ dataDir: path.join(stateDir, 'data', name), port: nextEmbeddedPort++ }));
      }
      return (await embedded.get(name)!).url;
    },
    secret(name) {
      if (!secrets[name]) {
        secrets[name] = randomBytes(32).toString('hex');
        writeFileSync(path.join(stateDir, 'dev-secrets.json'), JSON.stringify(secrets, null, 2), { mode: 0o600 });
      }
      return secrets[name]!;
    },
  };

  const modules: Array<{ app: string; mod: LaunchModule }> = [];
  for (const app of readdirSync(path.join(root, 'apps')).sort()) {
    const file = path.join(root, 'apps', app, 'src', 'launch.ts');
    if (!existsSync(file)) continue;
    modules.push({ app, mod: (await import(pathToFileURL(file).href)) as LaunchModule });
  }
  modules.sort((a, b) => a.mod.launchOrder - b.mod.launchOrder);

  const running: Launched[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    for (const c of [...running].reverse()) {
      await c.stop().catch((err) => console.error(`${c.name}: ${(err as Error).message}`));
    }
    for (const pg of embedded.values()) await (await pg).stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  console.log(`Latchkey: starting ${modules.length} components (${serverUrl ? 'PostgreSQL from DATABASE_URL' : 'embedded PostgreSQL'}, ${ctx.redisUrl ? 'Redis from REDIS_URL' : 'in-process Redis fallback'})`);
  for (const { app, mod } of modules) {
    const started = Date.now();
    try {
      const launched = await mod.launch(ctx);
      running.push(launched);
      console.log(`  ✓ ${launched.name.padEnd(14)} ${launched.url ?? ''}  (${Date.now() - started} ms)`);
    } catch (err) {
      console.error(`  ✗ ${app}: ${(err as Error).stack ?? err}`);
      await stopAll(1);
      return;
    }
  }
  console.log('\nLatchkey is running.');
  for (const c of running) {
    if (!c.lines?.length) continue;
    console.log(`\n${c.name}`);
    for (const line of c.lines) console.log(`  ${line}`);
  }
  console.log('\nPress Ctrl-C to stop.');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
