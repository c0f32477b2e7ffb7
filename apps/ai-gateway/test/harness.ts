import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { captureLogs, createTestDatabase, createTestRedis, type TestDatabase, type TestRedis } from '@latchkey/testing';
import { createLogger } from '@latchkey/service-kit';
import { startFakeProviders, type FakeProviders } from '@latchkey/fake-providers';
import { createApp, type GatewayApp, type GatewayDeps } from '../src/app.js';
import { createDb, type Db } from '../src/store/db.js';

export const ADMIN_TOKEN = 'test-admin-token';
export const ALL_MODELS = ['openai/gpt-4o-mini', 'openai/gpt-4.1-mini', 'anthropic/claude-sonnet-4-5', 'anthropic/claude-haiku-4-5', 'google/gemini-2.5-flash'];

export interface Instance {
  url: string;
  app: GatewayApp;
  server: Server;
  close(): Promise<void>;
}

export interface Harness {
  db: TestDatabase;
  prisma: Db;
  redis: TestRedis;
  fakes: FakeProviders;
  logs: ReturnType<typeof captureLogs>;
  gw: Instance;
  /** Starts another gateway instance on the same database and Redis. */
  instance(extra?: Partial<GatewayDeps>): Promise<Instance>;
  admin<T = any>(method: string, path: string, body?: unknown, gw?: Instance): Promise<{ status: number; body: T }>;
  createKey(opts?: { solution?: string; models?: string[]; rpm?: number; tpm?: number }): Promise<{ id: string; key: string }>;
  close(): Promise<void>;
}

export async function startHarness(extra: Partial<GatewayDeps> = {}, opts: { redis?: boolean } = {}): Promise<Harness> {
  const [db, redis, fakes] = await Promise.all([
    createTestDatabase({ service: 'ai-gateway' }),
    opts.redis === false ? Promise.resolve(undefined) : createTestRedis(),
    startFakeProviders(),
  ]);
  const testRedis: TestRedis = redis ?? { url: undefined, redis: undefined, prefix: 't:none:', close: async () => {} };
  const prisma = createDb(db.url);
  const logs = captureLogs();
  const logger = createLogger('ai-gateway', 'debug', logs.stream);
  const instances: Instance[] = [];
  const instance = async (more: Partial<GatewayDeps> = {}): Promise<Instance> => {
    const app = createApp({
      logger,
      db: prisma,
      redis: testRedis.redis,
      redisPrefix: testRedis.prefix,
      adminToken: ADMIN_TOKEN,
      keyPepper: 'test-pepper',
      providers: {
        openai: { baseUrl: fakes.openai.baseUrl, apiKey: fakes.openai.apiKey },
        anthropic: { baseUrl: fakes.anthropic.baseUrl, apiKey: fakes.anthropic.apiKey },
        google: { baseUrl: fakes.gemini.baseUrl, apiKey: fakes.gemini.apiKey },
      },
      ...extra,
      ...more,
    });
    await app.ready;
    const server = createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const inst: Instance = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      app,
      server,
      async close() {
        server.closeAllConnections();
        await new Promise<void>((r) => server.close(() => r()));
        await app.close();
      },
    };
    instances.push(inst);
    return inst;
  };
  const gw = await instance();
  const admin = async (method: string, path: string, body?: unknown, on: Instance = gw) => {
    const res = await fetch(`${on.url}/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  return {
    db,
    prisma,
    redis: testRedis,
    fakes,
    logs,
    gw,
    instance,
    admin,
    async createKey(o = {}) {
      const r = await admin('POST', '/keys', {
        solution: o.solution ?? 'test-solution',
        models: o.models ?? ALL_MODELS,
        rpm: o.rpm ?? 10_000,
        tpm: o.tpm ?? 100_000_000,
      });
      if (r.status !== 201) throw new Error(`key creation failed: ${JSON.stringify(r.body)}`);
      return { id: r.body.id, key: r.body.key };
    },
    async close() {
      for (const i of instances) await i.close();
      await fakes.close();
      await prisma.$disconnect();
      await testRedis.close();
      await db.drop();
    },
  };
}

/**
 * Waits (at most 10 s) until the current fixed one-minute limit window has at least 10 s left, so that a test which
 * makes two calls on a key of `rpm: 1` and expects the second to be refused does not see them fall into two windows.
 */
export async function awayFromMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
}

/** POST JSON to the gateway with a key; returns status, headers and the parsed (or raw) body. */
export async function call(url: string, path: string, key: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: json };
}

/** Minimal bodies of each route for a model. */
export function bodyFor(route: 'chat' | 'responses' | 'messages', model: string, text: string, extra: Record<string, unknown> = {}) {
  if (route === 'chat') return { model, messages: [{ role: 'user', content: text }], ...extra };
  if (route === 'responses') return { model, input: text, ...extra };
  return { model, max_tokens: 256, messages: [{ role: 'user', content: text }], ...extra };
}

export const PATHS = { chat: '/v1/chat/completions', responses: '/v1/responses', messages: '/v1/messages' } as const;
export const MODELS = { openai: 'openai/gpt-4o-mini', anthropic: 'anthropic/claude-sonnet-4-5', google: 'google/gemini-2.5-flash' } as const;
