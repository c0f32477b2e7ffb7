/**
 * Draws `latchkey-dashboard.json` from real metrics, where no Grafana can run.
 *
 *   pnpm exec tsx --conditions=source infra/grafana/render-dashboard.ts [--seconds 240] [--scrape 5] [--out infra/grafana/latchkey-dashboard.png]
 *
 * 1. Starts the stack as `pnpm start` does (scripts/start.ts, every component
 *    in its own process, the gateway on its deterministic fake providers) on
 *    free ports, with its own state directory; `DATABASE_URL`/`REDIS_URL` are
 *    used when set (databases prefixed `grafana_render_…`, dropped at the end).
 * 2. Puts load on it for `--seconds`: gateway calls for two solutions over
 *    three providers (some streamed, in waves), strategy calls for two
 *    organisations, failed sign-ins — through the services' public APIs.
 * 3. Scrapes every service's `GET /metrics` every `--scrape` seconds.
 * 4. Evaluates each panel's query of the dashboard JSON over the scraped
 *    samples with a small evaluator of the PromQL the dashboard uses
 *    (`rate`, `sum|max|min by`, `histogram_quantile`, label matchers;
 *    `$__rate_interval` = 4 scrape intervals, `$solution`/`$organisation` = All)
 *    and draws the panels at their `gridPos` with uPlot (the chart library
 *    Grafana's own time series panels are built on) in headless Chromium
 *    (playwright-core, `CHROMIUM` or /usr/bin/chromium), then saves a PNG.
 *
 * It is not Grafana: the layout, colours and legends imitate it; the numbers
 * are the services' own.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { evaluate, parseMetrics, type Scrape } from './promql.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '240' },
    scrape: { type: 'string', default: '5' },
    out: { type: 'string', default: path.join(here, 'latchkey-dashboard.png') },
    // Where the scraped samples are written (JSON); with --redraw they are read back instead of running the stack.
    samples: { type: 'string' },
    redraw: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(opts.seconds);
const SCRAPE_S = Number(opts.scrape);
const RATE_WINDOW_S = 4 * SCRAPE_S;

// ---------------------------------------------------------------- the stack and its load

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const dashboard = JSON.parse(readFileSync(path.join(here, 'latchkey-dashboard.json'), 'utf8')) as { title: string; panels: Panel[] };
  if (opts.redraw) {
    if (!opts.samples) throw new Error('--redraw needs --samples <file>');
    const saved = JSON.parse(readFileSync(opts.samples, 'utf8')) as { start: number; scrapes: Scrape[] };
    return render(dashboard, saved.scrapes, saved.start);
  }
  const stateDir = mkdtempSync(path.join(tmpdir(), 'latchkey-grafana-'));
  const names = ['auth', 'signin', 'strategy', 'gateway', 'idp', 'demo'] as const;
  const ports: Record<string, number> = {};
  for (const n of names) ports[n] = await freePort();
  const dbPrefix = `grafana_render_${randomBytes(3).toString('hex')}_`;
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', LATCHKEY_STATE_DIR: stateDir, LATCHKEY_EDGE: 'off', LATCHKEY_DATABASE_PREFIX: dbPrefix };
  delete env.NODE_OPTIONS;
  for (const n of names) env[`LATCHKEY_${n.toUpperCase()}_PORT`] = String(ports[n]);
  console.log(`render-dashboard: starting the stack (scripts/start.ts) in ${stateDir}`);
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'scripts/start.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGINT');
      await new Promise((r) => child.once('exit', r));
    }
    if (env.DATABASE_URL) {
      const c = new pg.Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${dbPrefix}%`]);
      for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`).catch(() => undefined);
      await c.end();
    }
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 300_000;
    while (!output.includes('Latchkey is running.')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the stack did not start:\n${output}`);
      await sleep(250);
    }
    const admin = (JSON.parse(readFileSync(path.join(stateDir, 'dev-secrets.json'), 'utf8')) as Record<string, string>)['admin-token']!;
    const url = (n: string, p: string) => `http://127.0.0.1:${ports[n]}${p}`;
    const post = (u: string, body: unknown, headers: Record<string, string>) =>
      fetch(u, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(async (r) => ({
        status: r.status,
        json: (await r.json().catch(() => undefined)) as Record<string, unknown> | undefined,
      }));
    const adminAuth = { authorization: `Bearer ${admin}` };

    const gatewayKeys: Record<string, string> = {};
    for (const solution of ['support-bot', 'doc-search'])
      gatewayKeys[solution] = String((await post(url('gateway', '/admin/keys'), { solution, rpm: 100_000, tpm: 100_000_000 }, adminAuth)).json?.key);
    const strategyKeys: Record<string, string> = {};
    for (const org of ['acme', 'globex']) {
      strategyKeys[org] = String((await post(url('strategy', '/admin/keys'), { org, tier: 'enterprise' }, adminAuth)).json?.key);
      await post(url('strategy', `/admin/credits/${org}/grant`), { amount: 1_000_000 }, adminAuth);
    }

    const scrapes: Scrape[] = [];
    const targets = { 'auth-central': 'auth', 'app-signin': 'signin', strategy: 'strategy', 'ai-gateway': 'gateway' } as const;
    const start = Date.now();
    const end = start + SECONDS * 1000;
    let running = true;
    const scraper = (async () => {
      while (running) {
        const t = Date.now();
        const samples = (
          await Promise.all(
            Object.entries(targets).map(async ([svc, n]) =>
              parseMetrics(await (await fetch(url(n, '/metrics'))).text(), { instance: `${svc}:${ports[n]}` }).filter((s) => s.name.startsWith('latchkey_')),
            ),
          )
        ).flat();
        scrapes.push({ t, samples });
        await sleep(Math.max(0, SCRAPE_S * 1000 - (Date.now() - t)));
      }
    })();

    // Load in waves: intensity 0.25 … 1 over the run.
    const intensity = () => 0.625 + 0.375 * Math.sin(((Date.now() - start) / 1000 / 60) * 2 * Math.PI);
    const models = ['openai/gpt-4o-mini', 'openai/gpt-4.1-mini', 'anthropic/claude-haiku-4-5', 'google/gemini-2.5-flash'];
    const prompts = [
      'Summarise this ticket in one line.',
      'Draft a polite reply to a customer asking for a refund on an annual plan.',
      'List three risks of the migration plan below and one mitigation for each.',
    ];
    const gatewayWorker = async (w: number) => {
      for (let n = 0; Date.now() < end; n++) {
        const solution = w % 3 === 0 ? 'doc-search' : 'support-bot';
        const model = models[(n + w) % models.length]!;
        const content = prompts[n % prompts.length]!.repeat(1 + (n % 4));
        await post(
          url('gateway', '/v1/chat/completions'),
          { model, messages: [{ role: 'user', content }], ...(n % 5 === 0 ? { stream: true } : {}) },
          { authorization: `Bearer ${gatewayKeys[solution]}` },
        ).catch(() => undefined);
        if (n % 17 === 0)
          await post(
            url('gateway', '/v1/chat/completions'),
            { model: 'openai/not-a-model', messages: [] },
            { authorization: `Bearer ${gatewayKeys[solution]}` },
          ).catch(() => undefined);
        await sleep(150 / intensity());
      }
    };
    const strategyWorker = async (w: number) => {
      const questions = [
        'Our strategy deck is a list of 14 initiatives. How do I get the exec team to make real choices?',
        'Sales and product disagree on which segment to serve first. How do we coordinate?',
      ];
      for (let n = 0; Date.now() < end; n++) {
        const org = w % 2 ? 'globex' : 'acme';
        await post(
          url('strategy', n % 3 ? '/v1/framework' : '/v1/coordinate'),
          { messages: [{ role: 'user', content: questions[n % 2] }] },
          { apikey: strategyKeys[org]! },
        ).catch(() => undefined);
        await sleep(600 / intensity());
      }
    };
    // Sign-ins on the demo app that `pnpm start` deploys: a few accounts, right and wrong passwords.
    const origin = `http://localhost:${ports.demo}`;
    const deployed = await post(url('signin', '/admin/apps/demo/auth/deploy'), { origins: [origin] }, adminAuth);
    const signinBase = (deployed.json?.signinUrl as string | undefined)?.replace(/\/$/, '');
    if (!signinBase) console.warn(`render-dashboard: no sign-in address for the demo app (${deployed.status}); no sign-ins`);
    const users = [0, 1, 2].map((i) => ({ email: `grafana${i}@example.com`, password: `correct horse battery ${i}`, name: `User ${i}` }));
    if (signinBase) for (const u of users) await post(`${signinBase}/api/auth/sign-up/email`, u, { origin }).catch(() => undefined);
    const signinWorker = async () => {
      for (let n = 0; signinBase && Date.now() < end; n++) {
        const u = users[n % users.length]!;
        await post(`${signinBase}/api/auth/sign-in/email`, { email: u.email, password: n % 4 === 3 ? 'wrong-password' : u.password }, { origin }).catch(
          () => undefined,
        );
        await sleep(2000 / intensity());
      }
    };
    console.log(`render-dashboard: load for ${SECONDS} s, scraping every ${SCRAPE_S} s`);
    await Promise.all([...[0, 1, 2].map(gatewayWorker), ...[0, 1].map(strategyWorker), signinWorker()]);
    running = false;
    await scraper;
    if (opts.samples) writeFileSync(opts.samples, JSON.stringify({ start, scrapes }));
    await render(dashboard, scrapes, start);
  } finally {
    await stop();
  }
}

/** Evaluates every panel at every scrape (after the first rate window) and draws them. */
async function render(dashboard: { title: string; panels: Panel[] }, scrapes: Scrape[], start: number): Promise<void> {
  {
    // Evaluate every panel at every scrape (after the first rate window).
    const first = scrapes.findIndex((s) => s.t >= start + RATE_WINDOW_S * 1000);
    const times = scrapes.slice(first).map((s) => s.t / 1000);
    const panels = dashboard.panels.map((p) => {
      const series = new Map<string, { name: string; values: Array<number | null> }>();
      (p.targets ?? []).forEach((target, ti) => {
        for (let i = first; i < scrapes.length; i++)
          for (const s of evaluate(target.expr, scrapes, i, RATE_WINDOW_S)) {
            const name = legend(target.legendFormat, s.labels, ti);
            const entry = series.get(name) ?? { name, values: new Array(times.length).fill(null) };
            entry.values[i - first] = Number.isFinite(s.value) ? s.value : null;
            series.set(name, entry);
          }
      });
      return { ...p, series: [...series.values()] };
    });
    await draw({ title: dashboard.title, times, panels, out: opts.out!, from: scrapes[first]!.t, to: scrapes.at(-1)!.t });
    console.log(`render-dashboard: ${panels.length} panels from ${scrapes.length} scrapes → ${path.relative(root, opts.out!)}`);
  }
}

interface Panel {
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: Array<{ expr: string; legendFormat?: string }>;
  fieldConfig?: { defaults?: { unit?: string } };
}

function legend(format: string | undefined, labels: Record<string, string>, index: number): string {
  if (format && format !== '__auto') return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, l: string) => labels[l] ?? '');
  const shown = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return shown.length ? `{${shown.join(', ')}}` : `series ${index + 1}`;
}

// ---------------------------------------------------------------- drawing

async function draw(d: {
  title: string;
  times: number[];
  panels: Array<Panel & { series: Array<{ name: string; values: Array<number | null> }> }>;
  out: string;
  from: number;
  to: number;
}): Promise<void> {
  const uplotDir = path.join(path.dirname(fileURLToPath(import.meta.resolve('uplot'))), '..', 'dist');
  const WIDTH = 1600;
  const ROW = 30;
  const rows = Math.max(...d.panels.map((p) => p.gridPos.y + p.gridPos.h));
  const fmt = (t: number) => new Date(t).toISOString().slice(11, 19);
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; background: #111217; color: #ccccdc; font: 13px Inter, "Helvetica Neue", Arial, sans-serif; }
    header { height: 44px; display: flex; align-items: center; justify-content: space-between; padding: 0 16px; border-bottom: 1px solid #2c3235; }
    header h1 { font-size: 17px; font-weight: 500; margin: 0; }
    header span { color: #8e8e9e; }
    .vars { padding: 8px 16px; color: #8e8e9e; }
    .vars b { color: #ccccdc; background: #181b1f; border: 1px solid #2c3235; padding: 3px 8px; margin: 0 10px 0 4px; font-weight: 400; }
    #grid { position: relative; margin: 0 8px; height: ${rows * ROW + 8}px; }
    .panel { position: absolute; box-sizing: border-box; background: #181b1f; border: 1px solid #2c3235; border-radius: 2px; padding: 6px 8px; overflow: hidden; }
    .panel h2 { font-size: 13px; font-weight: 500; margin: 0 0 4px; white-space: nowrap; }
    .row { position: absolute; font-size: 15px; font-weight: 500; padding-top: 6px; }
    .stat { display: flex; gap: 10px; height: calc(100% - 24px); }
    .stat div { flex: 1; display: flex; flex-direction: column; justify-content: center; align-items: center; border-radius: 2px; color: #fff; }
    .stat div b { font-size: 30px; font-weight: 500; } .stat div small { font-size: 12px; opacity: 0.85; }
    .nodata { color: #8e8e9e; display: flex; align-items: center; justify-content: center; height: calc(100% - 24px); }
    .u-legend { font-size: 11px !important; text-align: left; max-height: 40px; overflow: hidden; margin-top: 2px; }
    .u-legend th { font-weight: 400 !important; color: #ccccdc; } .u-legend .u-series { padding: 0 6px 0 0 !important; } .u-legend .u-series > * { padding: 1px !important; }
    .u-legend .u-marker { width: 9px !important; height: 9px !important; margin-right: 4px !important; }
  </style></head><body>
  <header><h1>${d.title}</h1><span>${fmt(d.from)} – ${fmt(d.to)} UTC · refresh off</span></header>
  <div class="vars">solution <b>All</b> organisation <b>All</b> datasource <b>scraped /metrics</b></div>
  <div id="grid"></div></body></html>`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: rows * ROW + 120 }, deviceScaleFactor: 1 });
    await page.setContent(html);
    await page.addStyleTag({ path: path.join(uplotDir, 'uPlot.min.css') });
    await page.addScriptTag({ path: path.join(uplotDir, 'uPlot.iife.min.js') });
    // tsx (esbuild's keepNames) wraps named functions in __name(): give the page one.
    await page.evaluate('globalThis.__name = (f) => f');
    await page.evaluate(
      ({ times, panels, width, row }) => {
        const palette = ['#73bf69', '#f2cc0c', '#8ab8ff', '#ff780a', '#f2495c', '#5794f2', '#b877d9', '#705da0', '#37872d', '#fade2a', '#447ebc', '#c15c17'];
        const grid = document.getElementById('grid')!;
        const col = (width - 16) / 24;
        const unitFmt = (unit: string | undefined) => (v: number) => {
          if (v === null || v === undefined) return '';
          if (unit === 's') return v < 1 ? `${+(v * 1000).toPrecision(3)} ms` : `${+v.toPrecision(3)} s`;
          const n = Math.abs(v) >= 1000 ? `${+(v / 1000).toPrecision(3)}K` : `${+v.toPrecision(3)}`;
          return unit === 'reqps' ? `${n} req/s` : n;
        };
        for (const p of panels) {
          const { x, y, w, h } = p.gridPos;
          const el = document.createElement('div');
          el.style.left = `${x * col}px`;
          el.style.top = `${y * row}px`;
          el.style.width = `${w * col - 6}px`;
          el.style.height = `${h * row - 6}px`;
          if (p.type === 'row') {
            el.className = 'row';
            el.textContent = `⌄ ${p.title}`;
            grid.appendChild(el);
            continue;
          }
          el.className = 'panel';
          el.innerHTML = `<h2></h2>`;
          el.querySelector('h2')!.textContent = p.title;
          grid.appendChild(el);
          const unit = p.fieldConfig?.defaults?.unit;
          const f = unitFmt(unit);
          if (!p.series.length) {
            el.insertAdjacentHTML('beforeend', '<div class="nodata">No data</div>');
            continue;
          }
          if (p.type === 'stat') {
            const box = document.createElement('div');
            box.className = 'stat';
            for (const s of p.series) {
              const last = [...s.values].reverse().find((v: number | null) => v !== null);
              const cell = document.createElement('div');
              const good = p.title.includes('breakers') ? last === 0 : last === 1;
              cell.style.background = good ? '#37872d' : '#c4162a';
              cell.innerHTML = `<b></b><small></small>`;
              cell.querySelector('b')!.textContent = p.title.includes('breakers') ? (last ? 'open' : 'closed') : last === 1 ? 'up' : 'down';
              cell.querySelector('small')!.textContent = s.name;
              box.appendChild(cell);
            }
            el.appendChild(box);
            continue;
          }
          const width = w * col - 24;
          const height = h * row - 6 - 30 - 44;
          const opts = {
            width,
            height,
            legend: { show: true, live: false },
            cursor: { show: false },
            scales: { x: { time: true } },
            axes: [
              { stroke: '#8e8e9e', grid: { stroke: 'rgba(204,204,220,0.07)' }, ticks: { stroke: 'rgba(204,204,220,0.07)' }, font: '11px Arial' },
              {
                stroke: '#8e8e9e',
                grid: { stroke: 'rgba(204,204,220,0.07)' },
                ticks: { stroke: 'rgba(204,204,220,0.07)' },
                font: '11px Arial',
                size: 64,
                values: (_u: unknown, vals: number[]) => vals.map(f),
              },
            ],
            series: [
              {},
              ...p.series.map((s, i) => ({
                label: s.name,
                stroke: palette[i % palette.length],
                width: 1.5,
                fill: `${palette[i % palette.length]}1a`,
                spanGaps: true,
                points: { show: false },
                value: (_u: unknown, v: number) => f(v),
              })),
            ],
          };
          new (window as unknown as { uPlot: new (o: unknown, d: unknown, el: HTMLElement) => unknown }).uPlot(
            opts,
            [times, ...p.series.map((s) => s.values)],
            el,
          );
        }
      },
      { times: d.times, panels: d.panels, width: WIDTH, row: ROW },
    );
    await page.screenshot({ path: d.out, fullPage: true });
  } finally {
    await browser.close();
  }
}

await main();
