/**
 * `pnpm bench [-- --quick] [-- --only <substring>] [-- --duration <s>]`:
 * runs every suite `apps/<service>/bench/<name>.bench.ts` (contract:
 * packages/bench/src/types.ts) one after another, prints each table and
 * writes them all to `bench/results/latest.md` and `latest.json`.
 *
 * `--quick` measures 3 s per row (default 10). `--only` keeps the suites whose
 * path or title contains the substring. PostgreSQL and Redis: `DATABASE_URL`
 * / `REDIS_URL`, else the local servers when they answer, else none (suites
 * fall back to embedded PostgreSQL and in-process limits).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { canConnect, DEFAULT_SERVER_URL } from '@latchkey/db';
import { formatTable, type BenchContext, type BenchTable } from '../packages/bench/src/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Args {
  quick: boolean;
  only: string[];
  duration: number | undefined;
}

export function parseArgs(argv: string[]): Args {
  const args: Args = { quick: false, only: [], duration: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') continue;
    if (a === '--quick') args.quick = true;
    else if (a === '--only') args.only.push(argv[++i] ?? '');
    else if (a.startsWith('--only=')) args.only.push(a.slice('--only='.length));
    else if (a === '--duration') args.duration = Number(argv[++i]);
    else if (a.startsWith('--duration=')) args.duration = Number(a.slice('--duration='.length));
    else if (a === '--help' || a === '-h') {
      console.log('usage: pnpm bench [-- --quick] [--only <substring>]… [--duration <seconds>]');
      process.exit(0);
    } else {
      console.error(`unknown argument "${a}" (try --help)`);
      process.exit(2);
    }
  }
  return args;
}

/** `apps/<service>/bench/*.bench.ts`, sorted. */
export function discoverSuites(): string[] {
  const files: string[] = [];
  for (const app of readdirSync(path.join(root, 'apps')).sort()) {
    const dir = path.join(root, 'apps', app, 'bench');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.bench.ts')) files.push(path.join(dir, f));
  }
  return files;
}

async function redisAnswers(url: string): Promise<boolean> {
  const { connect } = await import('node:net');
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

function gitCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return 'unknown';
  }
}

/** Where and how one suite ran (kept with its result: `latest.*` merges runs of different suites). */
interface RunEnv {
  date: string;
  commit: string;
  node: string;
  cpu: string;
  memoryGb: number;
  platform: string;
  durationSeconds: number;
  /** 1-minute load average before and after the suite: other work on the machine skews the numbers. */
  loadAverage: { before: number; after: number };
  postgres: 'server' | 'embedded';
  redis: 'server' | 'in-process';
}

interface SuiteResult {
  file: string;
  title: string;
  seconds: number;
  table?: BenchTable;
  error?: string;
  env?: RunEnv;
}

/** The markdown of `latest.md`: one section per suite, each with its run's machine and load. */
export function renderResults(suites: SuiteResult[]): string {
  const out = [
    '# Latchkey benchmarks',
    '',
    "Written by `pnpm bench` (scripts/bench.ts); each suite keeps the result of its latest run. Load generator: autocannon in a worker thread of the suite's process, loopback HTTP/1.1 keep-alive, 1 s warm-up before each measurement. Latency percentiles are of 2xx responses, in milliseconds. Latchkey and its peer are measured in the same run on the same machine: compare the rows of one table.",
    '',
  ];
  for (const r of suites) {
    out.push(`## ${r.title}`, '');
    const e = r.env;
    if (e) {
      const busy = e.loadAverage.before > 1 ? ' (machine busy with other work: absolute numbers are low)' : '';
      out.push(
        `\`${r.file}\` · ${e.date} · commit ${e.commit} · Node ${e.node} · ${e.cpu} · ${e.memoryGb} GB · ${e.durationSeconds} s per measurement · PostgreSQL ${e.postgres}, Redis ${e.redis} · load average ${e.loadAverage.before} → ${e.loadAverage.after}${busy} · suite took ${r.seconds.toFixed(0)} s`,
        '',
      );
    }
    out.push(r.table ? formatTable(r.table) : `Failed: \`${r.error?.split('\n')[0]}\`\n`);
  }
  return out.join('\n');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const duration = args.duration ?? (args.quick ? 3 : 10);
  const log = (message: string) => process.stderr.write(`  … ${message}\n`);

  const pgCandidate = process.env.DATABASE_URL || DEFAULT_SERVER_URL;
  const databaseUrl = (await canConnect(pgCandidate)) ? pgCandidate : undefined;
  const redisCandidate = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redisUrl = (await redisAnswers(redisCandidate).catch(() => false)) ? redisCandidate : undefined;
  const ctx: BenchContext = { databaseUrl, redisUrl, duration, log };

  const suites = discoverSuites();
  const results: SuiteResult[] = [];
  console.log(
    `pnpm bench: ${suites.length} suite(s), ${duration} s per measurement, PostgreSQL ${databaseUrl ? 'server' : 'embedded'}, Redis ${redisUrl ? 'server' : 'in-process'}\n`,
  );
  for (const file of suites) {
    const rel = path.relative(root, file);
    let mod: { title?: string; run?: (ctx: BenchContext) => Promise<BenchTable> };
    try {
      mod = (await import(pathToFileURL(file).href)) as typeof mod;
    } catch (err) {
      if (args.only.length && !args.only.some((o) => rel.includes(o))) continue;
      results.push({ file: rel, title: rel, seconds: 0, error: `cannot load: ${(err as Error).message}` });
      console.error(`✗ ${rel}: cannot load: ${(err as Error).stack}\n`);
      continue;
    }
    const title = mod.title ?? rel;
    if (args.only.length && !args.only.some((o) => rel.includes(o) || title.includes(o))) continue;
    if (typeof mod.run !== 'function') {
      results.push({ file: rel, title, seconds: 0, error: 'exports no run(ctx)' });
      console.error(`✗ ${rel}: exports no run(ctx)\n`);
      continue;
    }
    console.error(`▶ ${title} (${rel})`);
    const started = Date.now();
    const loadBefore = os.loadavg()[0]!;
    const envOf = (): RunEnv => ({
      date: new Date(started).toISOString(),
      commit: gitCommit(),
      node: process.version,
      cpu: `${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}`,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()}`,
      durationSeconds: duration,
      loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(os.loadavg()[0]!.toFixed(2)) },
      postgres: databaseUrl ? 'server' : 'embedded',
      redis: redisUrl ? 'server' : 'in-process',
    });
    try {
      const table = await mod.run(ctx);
      const seconds = (Date.now() - started) / 1000;
      results.push({ file: rel, title, seconds, table, env: envOf() });
      console.log(`\n${formatTable(table, title)}`);
    } catch (err) {
      const seconds = (Date.now() - started) / 1000;
      const error = (err as Error).stack ?? String(err);
      results.push({ file: rel, title, seconds, error, env: envOf() });
      console.error(`✗ ${title}: ${error}\n`);
    }
  }

  if (results.length === 0) {
    console.log('No suite matched: nothing written.');
    return;
  }
  // Merge with the suites of earlier runs (`--only` runs replace their own suites only).
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const jsonFile = path.join(outDir, 'latest.json');
  let previous: SuiteResult[] = [];
  try {
    const parsed = JSON.parse(readFileSync(jsonFile, 'utf8')) as { suites?: SuiteResult[] };
    previous = (parsed.suites ?? []).filter((r) => r.env && existsSync(path.join(root, r.file)));
  } catch {
    // none yet, or an older format
  }
  const order = suites.map((f) => path.relative(root, f));
  const merged = [...previous.filter((p) => !results.some((r) => r.file === p.file)), ...results].sort((a, b) => order.indexOf(a.file) - order.indexOf(b.file));
  writeFileSync(path.join(outDir, 'latest.md'), renderResults(merged));
  writeFileSync(jsonFile, `${JSON.stringify({ updated: new Date().toISOString(), suites: merged }, null, 2)}\n`);
  console.log(`Written: bench/results/latest.md, bench/results/latest.json`);
  if (results.some((r) => r.error)) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
