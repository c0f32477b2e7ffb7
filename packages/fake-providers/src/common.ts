import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ProviderKind = 'openai' | 'anthropic' | 'gemini';

/**
 * What a fake provider does with the next requests. Every field is optional;
 * `configure()` merges, `reset()` goes back to the deterministic defaults.
 */
export interface FakeBehaviour {
  /** Milliseconds before the response headers (simulates a slow model). */
  latencyMs?: number;
  /** Milliseconds between two stream frames. */
  chunkDelayMs?: number;
  /** Answer every call with this HTTP status and the provider's error body (e.g. 500, 429, 400). */
  failStatus?: number;
  /** `retry-after` seconds sent with a `failStatus` of 429. */
  retryAfterS?: number;
  /** Accept the connection and never answer (a provider that hangs). */
  hang?: boolean;
  /** Streams only: after this many content frames, fail. */
  failAfterChunks?: number;
  /** How a mid-stream failure looks: the connection drops, or the format's own error event. */
  midStreamFailure?: 'drop' | 'error-event';
  /** Fixed reply text instead of the echo. */
  reply?: string;
  /** Fixed usage instead of the ~4-characters-per-token count. */
  usage?: { input: number; output: number; cached?: number };
}

/** A request as the fake received it (for assertions on what the gateway sends upstream). */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface FakeProvider {
  kind: ProviderKind;
  /** Base URL as the provider's configuration expects it: `…/v1` for OpenAI, the origin for Anthropic and Gemini. */
  baseUrl: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  /** The API key the fake requires (`fake-<kind>-key`). */
  apiKey: string;
  /** The last 100 requests, oldest first. */
  requests: ReceivedRequest[];
  /** Number of model calls received since start or `reset()`. */
  calls: number;
  /** Responses the caller hung up on before they were complete (a cancelled upstream call). */
  aborted: number;
  configure(b: FakeBehaviour): void;
  reset(): void;
  close(): Promise<void>;
}

export interface Tool {
  name: string;
  parameters?: any;
}

/** What every fake answers, before it is put into a wire format. */
export interface Plan {
  thinking?: { text: string; signature: string };
  text?: string;
  toolCall?: { id: string; name: string; args: Record<string, unknown> };
  stop: 'end' | 'max_tokens' | 'tool_use';
  usage: { input: number; output: number; cached: number };
}

const tokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/** Arguments that satisfy a JSON schema's required properties, deterministically. */
export function sampleArgs(schema: any): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (schema && typeof schema === 'object' && schema.properties) || {};
  for (const [name, def] of Object.entries<any>(props)) {
    const type = Array.isArray(def?.type) ? def.type[0] : def?.type;
    if (Array.isArray(def?.enum) && def.enum.length) out[name] = def.enum[0];
    else if (type === 'number' || type === 'integer') out[name] = 1;
    else if (type === 'boolean') out[name] = true;
    else if (type === 'array') out[name] = [];
    else if (type === 'object') out[name] = sampleArgs(def);
    else out[name] = name === 'city' || name === 'location' ? 'Paris' : `sample-${name}`;
  }
  return out;
}

/**
 * The deterministic answer: a tool call when tools are offered and the last
 * turn is not a tool result; otherwise an echo of the last user text (or of
 * the tool result). Thinking comes first when the request asked for it.
 */
export function plan(opts: {
  lastUserText: string;
  lastIsToolResult: boolean;
  toolResultText?: string;
  tools: Tool[];
  forcedTool?: string;
  noTools?: boolean;
  wantsThinking: boolean;
  maxTokens?: number;
  promptChars: number;
  model: string;
  behaviour: FakeBehaviour;
}): Plan {
  const p: Plan = { stop: 'end', usage: { input: 0, output: 0, cached: 0 } };
  if (opts.wantsThinking) {
    const text = `Thinking about: ${opts.lastUserText.slice(0, 40)}`;
    p.thinking = { text, signature: `sig_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}` };
  }
  if (opts.tools.length && !opts.lastIsToolResult && !opts.noTools) {
    const tool = opts.tools.find((t) => t.name === opts.forcedTool) ?? opts.tools[0]!;
    const id = `call_${createHash('sha256')
      .update(opts.lastUserText + tool.name)
      .digest('hex')
      .slice(0, 12)}`;
    p.toolCall = { id, name: tool.name, args: sampleArgs(tool.parameters) };
    p.stop = 'tool_use';
  } else {
    let text =
      opts.behaviour.reply ?? (opts.lastIsToolResult ? `The tool said: ${opts.toolResultText ?? ''}` : `Echo from ${opts.model}: ${opts.lastUserText}`);
    if (opts.maxTokens !== undefined && opts.maxTokens > 0) {
      const words = text.split(/(?= )/);
      if (words.length > opts.maxTokens) {
        text = words.slice(0, opts.maxTokens).join('');
        p.stop = 'max_tokens';
      }
    }
    p.text = text;
  }
  const outChars = (p.text ?? '') + (p.toolCall ? p.toolCall.name + JSON.stringify(p.toolCall.args) : '') + (p.thinking?.text ?? '');
  p.usage = opts.behaviour.usage
    ? { input: opts.behaviour.usage.input, output: opts.behaviour.usage.output, cached: opts.behaviour.usage.cached ?? 0 }
    : { input: Math.max(1, Math.ceil(opts.promptChars / 4)), output: tokens(outChars), cached: 0 };
  return p;
}

/** Splits text into stream deltas (one per word, spaces kept). */
export function chunksOf(text: string): string[] {
  return text.split(/(?= )/).filter((s) => s.length > 0);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  ctx: { path: string; url: URL; body: any; behaviour: FakeBehaviour; stream: SseWriter },
) => Promise<void> | void;

/** Writes SSE frames with the optional delay and mid-stream failure of the behaviour. */
export class SseWriter {
  private sent = 0;
  failed = false;
  constructor(
    private readonly res: ServerResponse,
    private readonly behaviour: FakeBehaviour,
    private readonly errorFrame: () => string,
  ) {}

  start(): void {
    this.res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  }

  /** Writes one raw frame. Content frames count towards `failAfterChunks`. Returns false when the stream was cut. */
  async frame(raw: string, content = false): Promise<boolean> {
    if (this.failed || this.res.destroyed) return false;
    if (content && this.behaviour.failAfterChunks !== undefined && this.sent >= this.behaviour.failAfterChunks) {
      this.failed = true;
      if (this.behaviour.midStreamFailure === 'error-event') {
        this.res.end(this.errorFrame());
      } else {
        // Let what was written reach the caller first, then cut the connection.
        await sleep(20);
        this.res.socket?.destroy();
      }
      return false;
    }
    if (content) this.sent++;
    if (this.behaviour.chunkDelayMs) await sleep(this.behaviour.chunkDelayMs);
    this.res.write(raw);
    return true;
  }

  end(raw = ''): void {
    if (!this.failed && !this.res.destroyed) this.res.end(raw);
  }
}

/**
 * A deterministic embedding of `text`: `dims` numbers derived from SHA-256 of the text, scaled to
 * unit length (as providers return them). The same text always gives the same vector.
 */
export function fakeEmbedding(text: string, dims: number): number[] {
  const out: number[] = [];
  for (let k = 0; out.length < dims; k++) {
    for (const b of createHash('sha256').update(`${k}:${text}`).digest()) {
      if (out.length === dims) break;
      out.push(b / 255 - 0.5);
    }
  }
  const norm = Math.hypot(...out) || 1;
  return out.map((v) => Math.round((v / norm) * 1e6) / 1e6);
}

/** Approximate tokens of a text for fakes: 4 characters a token, at least 1. */
export const fakeTokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

/** Reads and parses a JSON request body (undefined when empty or not JSON). */
async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  if (!chunks.length) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Starts a loopback HTTP server for one fake provider. */
export async function startFake(opts: {
  kind: ProviderKind;
  port?: number;
  basePath: string;
  authorize: (req: IncomingMessage, url: URL, key: string) => boolean;
  errorBody: (status: number, message: string) => unknown;
  streamError: () => string;
  handle: Handler;
}): Promise<FakeProvider> {
  let behaviour: FakeBehaviour = {};
  const apiKey = `fake-${opts.kind}-key`;
  const sockets = new Set<Socket>();
  const fake = {} as FakeProvider;
  const sendError = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(opts.errorBody(status, message)));
  };
  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readJson(req);
      const entry: ReceivedRequest = { method: req.method ?? 'GET', path: url.pathname + url.search, headers: { ...req.headers }, body };
      fake.requests.push(entry);
      if (fake.requests.length > 100) fake.requests.shift();
      if (!opts.authorize(req, url, apiKey)) {
        sendError(res, 401, 'invalid api key');
        return;
      }
      fake.calls++;
      res.once('close', () => {
        if (!res.writableFinished) fake.aborted++;
      });
      const b = behaviour;
      if (b.hang) return; // never answers
      if (b.latencyMs) await sleep(b.latencyMs);
      if (b.failStatus) {
        sendError(res, b.failStatus, `fake ${opts.kind} failure ${b.failStatus}`, b.failStatus === 429 ? { 'retry-after': String(b.retryAfterS ?? 1) } : {});
        return;
      }
      if (req.method === 'POST' && (body === undefined || typeof body !== 'object')) {
        sendError(res, 400, 'body must be JSON');
        return;
      }
      const stream = new SseWriter(res, b, opts.streamError);
      await opts.handle(req, res, { path: url.pathname, url, body, behaviour: b, stream });
    } catch (err) {
      if (!res.headersSent) sendError(res, 500, `fake ${opts.kind} crashed: ${(err as Error).message}`);
      else res.destroy();
    }
  });
  server.keepAliveTimeout = 65_000;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  Object.assign(fake, {
    kind: opts.kind,
    origin,
    port,
    baseUrl: origin + opts.basePath,
    apiKey,
    requests: [],
    calls: 0,
    aborted: 0,
    configure(b: FakeBehaviour) {
      behaviour = { ...behaviour, ...b };
    },
    reset() {
      behaviour = {};
      fake.calls = 0;
      fake.aborted = 0;
      fake.requests.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  });
  return fake;
}

export function sse(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
}
