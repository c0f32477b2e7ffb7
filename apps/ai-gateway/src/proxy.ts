/**
 * The request path of `/v1/*`, on plain `node:http` (no framework on the hot
 * path): key check (cached), body read with a byte limit, model allow-list,
 * decode to the canonical model, per-key limits, the provider call, encode
 * back, usage handed to the queue after the response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import { parseBearer } from '@latchkey/jwt';
import { requestIdFrom } from '@latchkey/service-kit';
import { estimateInputTokens, GatewayError, isObj, type CanonicalRequest, type StreamEvent, type Usage } from './canonical/types.js';
import type { KeyService, ActiveKey } from './domain/keys.js';
import { rateLimitHeaders, type Admission, type Limiter } from './domain/limits.js';
import type { UsageSink } from './domain/usage.js';
import {
  decodeUpstreamResponse,
  passthroughUsage,
  planCountTokens,
  planEmbeddings,
  planUpstream,
  PROVIDERS,
  streamDecoder,
  upstreamError,
  type ProviderConfig,
  type ProviderName,
  type RouteName,
  type Upstream,
  type UpstreamPlan,
} from './providers/upstream.js';
import { estimateOpenAITokens } from './wire/tokens.js';
import { decodeEmbeddingsRequest, encodeEmbeddingsFromGemini, encodeGeminiEmbeddings } from './wire/embeddings.js';
import type { StreamEncoder } from './wire/blocks.js';
import { ChatStreamEncoder, decodeChatRequest, encodeChatResponse } from './wire/chat.js';
import { decodeMessagesRequest, encodeMessagesResponse, MessagesStreamEncoder } from './wire/messages.js';
import { decodeResponsesRequest, encodeResponsesResponse, ResponsesStreamEncoder } from './wire/responses.js';
import { parseJson, SseParser } from './wire/sse.js';

export interface ProxyDeps {
  keys: KeyService;
  limiter: Limiter;
  usage: UsageSink;
  upstream: Upstream;
  providers: Partial<Record<ProviderName, ProviderConfig>>;
  logger: Logger;
  /** Request body limit in bytes (default 10 MB). */
  maxBodyBytes?: number;
  now?: () => number;
}

type Shape = 'openai' | 'anthropic';
const MODELS_CREATED = 1735689600;

const ANTHROPIC_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  502: 'api_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

function openaiType(err: GatewayError): string {
  if (err.status === 429) return err.opts.type ?? 'requests';
  if (err.status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** The error body each SDK parses (DESIGN.md, "D error bodies"). */
export function errorBody(shape: Shape, err: GatewayError): unknown {
  if (shape === 'anthropic') return { type: 'error', error: { type: ANTHROPIC_TYPES[err.status] ?? (err.status >= 500 ? 'api_error' : 'invalid_request_error'), message: err.message } };
  return { error: { message: err.message, type: openaiType(err), param: err.opts.param ?? null, code: err.opts.code ?? null } };
}

type Match = { route: RouteName | 'models' | 'model' | 'count_tokens' | 'embeddings'; method: string; shape: Shape };
const ROUTES: Record<string, Match> = {
  '/v1/chat/completions': { route: 'chat', method: 'POST', shape: 'openai' },
  '/v1/responses': { route: 'responses', method: 'POST', shape: 'openai' },
  '/v1/messages': { route: 'messages', method: 'POST', shape: 'anthropic' },
  '/v1/messages/count_tokens': { route: 'count_tokens', method: 'POST', shape: 'anthropic' },
  '/v1/embeddings': { route: 'embeddings', method: 'POST', shape: 'openai' },
  '/v1/models': { route: 'models', method: 'GET', shape: 'openai' },
};

/** Response header naming the provider's own model name (the name the gateway sent it). */
export const PROVIDER_MODEL_HEADER = 'x-latchkey-provider-model';
const MODEL_FIELD = /"model":"(?:[^"\\]|\\.)*"/;

/**
 * A passed-through stream frame with its first `"model":"…"` (the response's own field: Chat's
 * chunk, Messages' `message_start`, Responses' `response` object) set to the id the client sent.
 * A `"model":"` inside a string value is escaped (`\"`), so it never matches.
 */
export function withModel(frame: string, model: string): string {
  const value = `"model":${JSON.stringify(model)}`;
  return frame.replace(MODEL_FIELD, () => value);
}

const MODEL_ROUTE: Match = { route: 'model', method: 'GET', shape: 'openai' };
const MODELS_CREATED_AT = new Date(MODELS_CREATED * 1000).toISOString();

/** A request from an Anthropic client (its SDK sends `anthropic-version` and `x-api-key`). */
const anthropicStyle = (req: IncomingMessage) => req.headers['anthropic-version'] !== undefined || req.headers['x-api-key'] !== undefined;

/** `GET /v1/models/{id}` (the SDKs percent-encode the slash of `openai/gpt-4o-mini`; a raw slash works too) → the id, or undefined. */
function modelIdOf(path: string): string | undefined {
  if (!path.startsWith('/v1/models/') || path.length === '/v1/models/'.length) return undefined;
  try {
    return decodeURIComponent(path.slice('/v1/models/'.length));
  } catch {
    return undefined;
  }
}

/** One model entry: OpenAI's `{id, object, created, owned_by}` or Anthropic's `{type, id, display_name, created_at}`. */
export function modelEntry(shape: Shape, id: string): Record<string, unknown> {
  if (shape === 'anthropic') return { type: 'model', id, display_name: id, created_at: MODELS_CREATED_AT };
  return { id, object: 'model', created: MODELS_CREATED, owned_by: id.slice(0, id.indexOf('/')) };
}

/**
 * The key's models as a list: OpenAI's `{object: 'list', data}`, or Anthropic's page
 * `{data, has_more, first_id, last_id}` honouring `limit` (1–1000, default 20), `after_id` and `before_id`.
 */
export function modelList(shape: Shape, ids: readonly string[], query: URLSearchParams): Record<string, unknown> {
  if (shape === 'openai') return { object: 'list', data: ids.map((id) => modelEntry('openai', id)) };
  const rawLimit = query.get('limit');
  const limit = rawLimit === null ? 20 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new GatewayError(400, 'limit must be an integer from 1 to 1000.', { param: 'limit', code: 'invalid_request' });
  let start = 0;
  let end = ids.length;
  const after = query.get('after_id');
  const before = query.get('before_id');
  if (after !== null) start = ids.indexOf(after) + 1;
  if (before !== null) end = Math.max(0, ids.indexOf(before));
  let page = ids.slice(start, end);
  const more = page.length > limit;
  page = before !== null && after === null ? page.slice(-limit) : page.slice(0, limit);
  return { data: page.map((id) => modelEntry('anthropic', id)), has_more: more, first_id: page[0] ?? null, last_id: page.at(-1) ?? null };
}

/** The origin the caller used, for hints: `Host` when it is a plain host[:port], `X-Forwarded-Proto` https when nginx says so. */
function callerOrigin(req: IncomingMessage): string {
  const host = req.headers.host;
  if (typeof host !== 'string' || !/^[A-Za-z0-9.\-[\]:]{1,255}$/.test(host)) return '{ai_url}';
  return `${req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'}://${host}`;
}

/**
 * The 404 message of a path the gateway does not serve, naming the base URL each SDK needs: a path
 * without `/v1` is an OpenAI-style base URL missing it; `/v1/v1/…` is the Anthropic SDK given `…/v1`.
 */
export function notFoundMessage(req: IncomingMessage, path: string): string {
  const origin = callerOrigin(req);
  const what = `No route for ${req.method} ${path.slice(0, 200)}.`;
  const hint = `OpenAI SDKs and @ai-sdk/*: baseURL ${origin}/v1; the Anthropic SDK: baseURL ${origin} (it adds /v1 itself).`;
  if (!path.startsWith('/v1/') && path !== '/v1') return `${what} The gateway's API is under /v1 — ${hint}`;
  if (path.startsWith('/v1/v1/')) return `${what} The base URL ends in /v1 twice — ${hint}`;
  return `${what} Routes: POST /v1/chat/completions, /v1/responses, /v1/messages, /v1/messages/count_tokens, /v1/embeddings; GET /v1/models, /v1/models/{id}. ${hint}`;
}

/** Reads the body, refusing it (413) as soon as it is known to be over `limit`: by Content-Length first, else while counting. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    return Promise.reject(new GatewayError(413, `Request body is larger than the gateway's limit of ${limit} bytes.`, { code: 'request_too_large' }));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.off('data', onData);
        chunks.length = 0;
        req.resume(); // discard the rest without keeping it
        reject(new GatewayError(413, `Request body is larger than the gateway's limit of ${limit} bytes.`, { code: 'request_too_large' }));
        return;
      }
      chunks.push(c);
    };
    req.on('data', onData);
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    req.once('error', reject);
    req.once('aborted', () => reject(new GatewayError(400, 'The request was aborted.')));
  });
}

/** Longest time (ms) a refused upload is still read and discarded before its connection is closed (nginx: `lingering_timeout` 5 s). */
const LINGER_MS = 5000;

/**
 * Ends a response sent before its request body was read (413) only once the client has finished
 * sending — the rest of the body is read and discarded — or after `LINGER_MS`, as nginx's lingering
 * close does. Closing the socket under a client that is still sending makes the client's kernel
 * see a reset, and a client that reads only after sending everything (Python's urllib, httpx, the
 * Python SDKs) then reports a broken connection instead of the 413.
 */
function endAfterUpload(req: IncomingMessage, res: ServerResponse, payload: Buffer): void {
  if (req.complete || req.destroyed) {
    res.end(payload);
    return;
  }
  res.write(payload);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(end, LINGER_MS);
  timer.unref();
  req.once('end', end);
  req.once('close', end);
  req.once('error', end);
  req.resume();
}

function presentedKey(req: IncomingMessage): string | undefined {
  const bearer = parseBearer(req.headers.authorization);
  if (bearer !== null) return bearer;
  const x = req.headers['x-api-key'];
  return typeof x === 'string' && x ? x.trim() : undefined;
}

interface CallState {
  requestId: string;
  t0: number;
  route: string;
  shape: Shape;
  key?: ActiveKey;
  /** The id the client sent (`openai/gpt-4o-mini`): the `model` of every response and stream event. */
  model?: string;
  /** The provider's own model name: what it reported, else what was sent to it. */
  providerModel?: string;
  provider?: ProviderName;
  kind?: 'call' | 'count_tokens' | 'embeddings';
  stream: boolean;
  admission?: Admission;
  estimate: number;
  usage?: Usage;
  /** Upstream time, subtracted from the total to get the gateway's own time. */
  upstreamMs: number;
  status: number;
}

export type Proxy = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /** Resolves once every token charge of finished calls has reached the limiter. */
  settled(): Promise<void>;
};

export function createProxy(deps: ProxyDeps): Proxy {
  const maxBody = deps.maxBodyBytes ?? 10 * 1024 * 1024;
  const charges = new Set<Promise<void>>();
  const log = deps.logger;

  const sendJson = (res: ServerResponse, st: CallState, status: number, body: unknown | Buffer, headers: Record<string, string> = {}) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const payload = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    st.status = status;
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
    headers['x-latchkey-overhead-ms'] = (performance.now() - st.t0 - st.upstreamMs).toFixed(3);
    res.writeHead(status, headers);
    if (status === 413) endAfterUpload(res.req, res, payload);
    else res.end(payload);
  };

  const sendError = (res: ServerResponse, st: CallState, err: unknown) => {
    let e: GatewayError;
    if (err instanceof GatewayError) e = err;
    else {
      log.error({ err: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err), requestId: st.requestId }, 'gateway error');
      e = new GatewayError(500, `The gateway failed to handle the request. Request id: ${st.requestId}.`, { code: 'internal_error' });
    }
    const headers: Record<string, string> = { ...(e.opts.headers ?? {}) };
    if (e.status === 413) headers.connection = 'close';
    sendJson(res, st, e.status, errorBody(st.shape, e), headers);
  };

  const finish = (res: ServerResponse, st: CallState) => {
    const latencyMs = Math.round(performance.now() - st.t0);
    if (st.key && st.model && st.provider && st.route !== 'models' && st.route !== 'model') {
      deps.usage.record({
        requestId: st.requestId,
        solutionId: st.key.solutionId,
        keyId: st.key.id,
        model: st.model,
        providerModel: st.providerModel,
        provider: st.provider,
        route: st.route,
        kind: st.kind ?? 'call',
        stream: st.stream,
        inputTokens: st.usage?.input ?? 0,
        outputTokens: st.usage?.output ?? 0,
        cachedTokens: st.usage?.cached ?? 0,
        status: st.status,
        latencyMs,
        at: deps.now?.() ?? Date.now(),
      });
    }
    const level = st.status >= 500 ? 'error' : st.status >= 400 ? 'info' : 'debug';
    if (log.isLevelEnabled(level)) {
      const entry = { requestId: st.requestId, route: st.route, status: st.status, model: st.model, keyId: st.key?.id, latencyMs, stream: st.stream };
      log[level](entry, st.status >= 500 ? 'request failed' : st.status >= 400 ? 'request refused' : 'request');
    }
    void res;
  };

  /** Reads the body and resolves its `model` against the key's allow-list and the configured providers. */
  async function resolveCall(req: IncomingMessage, st: CallState) {
    const raw = await readBody(req, maxBody);
    const body = parseJson(raw.toString('utf8'));
    if (!isObj(body)) throw new GatewayError(400, 'The request body must be a JSON object.', { code: 'invalid_json' });
    const key = st.key!;
    const model = body.model;
    if (typeof model !== 'string' || !model) throw new GatewayError(400, 'model is required.', { param: 'model', code: 'invalid_request' });
    if (!key.models.includes(model)) {
      throw new GatewayError(400, `The model ${JSON.stringify(model.slice(0, 200))} is not allowed for this key. Allowed models: ${key.models.join(', ')}.`, { param: 'model', code: 'model_not_allowed' });
    }
    const slash = model.indexOf('/');
    const provider = model.slice(0, slash) as ProviderName;
    const upstreamModel = model.slice(slash + 1);
    const cfg = PROVIDERS.includes(provider) ? deps.providers[provider] : undefined;
    st.model = model;
    st.providerModel = upstreamModel;
    st.provider = provider;
    if (!cfg) throw new GatewayError(503, `Provider ${provider} is not configured on this gateway.`, { code: 'provider_unavailable', headers: { 'x-should-retry': 'false' } });
    return { body, model, provider, upstreamModel, cfg };
  }

  /** Admits the call under the key's limits, reserving `st.estimate` tokens; returns the rate-limit headers (429 when refused). */
  async function admit(st: CallState): Promise<Record<string, string>> {
    const key = st.key!;
    let admission: Admission;
    try {
      admission = await deps.limiter.admit(key.id, key, st.estimate);
    } catch (err) {
      log.warn({ err: (err as Error).message, requestId: st.requestId }, 'rate limiter unavailable');
      throw new GatewayError(503, 'The gateway cannot check rate limits right now; retry with backoff.', { code: 'dependency_unavailable', headers: { 'retry-after': '1' } });
    }
    const rl = rateLimitHeaders(admission);
    if (!admission.ok) {
      const retryAfter = String(Math.max(1, Math.ceil(admission.resetMs / 1000)));
      const what = admission.reason === 'tokens' ? `tokens per minute (${admission.limitTokens})` : `requests per minute (${admission.limitRequests})`;
      throw new GatewayError(429, `Rate limit reached for this key: ${what}. Retry after ${retryAfter} s.`, {
        code: 'rate_limit_exceeded',
        type: admission.reason,
        headers: { ...rl, 'retry-after': retryAfter, 'retry-after-ms': String(Math.max(0, Math.round(admission.resetMs))) },
      });
    }
    st.admission = admission;
    if (st.providerModel) rl[PROVIDER_MODEL_HEADER] = st.providerModel;
    return rl;
  }

  /** One non-streamed upstream call whose answer must be a JSON object (count_tokens, embeddings). */
  async function upstreamJson(res: ServerResponse, st: CallState, provider: ProviderName, plan: Pick<UpstreamPlan, 'url' | 'headers' | 'body'>): Promise<Record<string, unknown>> {
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const tUp = performance.now();
    try {
      const up = await deps.upstream.call(provider, plan, abort.signal);
      const text = await up.body.text();
      if (up.statusCode >= 400) throw upstreamError(provider, up.statusCode, text, up.headers);
      const json = parseJson(text);
      if (!isObj(json)) throw new GatewayError(502, `Provider ${provider} sent a response that is not JSON.`, { code: 'upstream_error', headers: { 'x-should-retry': 'false' } });
      return json;
    } finally {
      st.upstreamMs = performance.now() - tUp;
    }
  }

  /**
   * `POST /v1/messages/count_tokens` (Anthropic's format, any model): Anthropic's own count endpoint,
   * Gemini's `countTokens`, or for OpenAI models a local o200k estimate (`x-latchkey-estimate: true`).
   * Counts against the key's requests per minute, never its tokens; recorded as kind `count_tokens`.
   */
  async function handleCount(req: IncomingMessage, res: ServerResponse, st: CallState): Promise<void> {
    st.kind = 'count_tokens';
    const { body, provider, upstreamModel, cfg } = await resolveCall(req, st);
    const canon = decodeMessagesRequest(body, upstreamModel);
    const rl = await admit(st);
    if (provider === 'openai') {
      sendJson(res, st, 200, { input_tokens: await estimateOpenAITokens(canon) }, { ...rl, 'x-latchkey-estimate': 'true' });
      return;
    }
    const json = await upstreamJson(res, st, provider, planCountTokens(provider, cfg, canon, body, req.headers));
    const n = provider === 'anthropic' ? json.input_tokens : json.totalTokens;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new GatewayError(502, `Provider ${provider} sent a token count without a number.`, { code: 'upstream_error', headers: { 'x-should-retry': 'false' } });
    sendJson(res, st, 200, { input_tokens: n }, rl);
  }

  /**
   * `POST /v1/embeddings` (OpenAI's format) for OpenAI models (passed through) and Gemini models
   * (`batchEmbedContents`, translated). Allow-list, limits (the estimate reserved, the reported
   * usage charged) and usage (kind `embeddings`) as for model calls.
   */
  async function handleEmbeddings(req: IncomingMessage, res: ServerResponse, st: CallState): Promise<void> {
    st.kind = 'embeddings';
    const { body, model, provider, upstreamModel, cfg } = await resolveCall(req, st);
    if (provider === 'anthropic') throw new GatewayError(400, `${model} has no embeddings: Anthropic offers none. Use an OpenAI or Google embedding model.`, { param: 'model', code: 'invalid_request' });
    const emb = decodeEmbeddingsRequest(body);
    const geminiBody = provider === 'google' ? encodeGeminiEmbeddings(emb, upstreamModel) : undefined;
    st.estimate = emb.estimate;
    const rl = await admit(st);
    const json = await upstreamJson(res, st, provider, planEmbeddings(provider, cfg, upstreamModel, body, geminiBody));
    let out: Record<string, unknown> | undefined;
    if (provider === 'openai') {
      if (typeof json.model === 'string' && json.model) st.providerModel = json.model;
      json.model = model;
      const u = isObj(json.usage) ? json.usage : {};
      st.usage = { input: Number(u.prompt_tokens) || 0, output: 0 };
      out = json;
    } else {
      out = encodeEmbeddingsFromGemini(json, emb, model);
      st.usage = { input: emb.estimate, output: 0 };
    }
    if (!out) throw new GatewayError(502, `Provider ${provider} sent embeddings the gateway cannot read.`, { code: 'upstream_error', headers: { 'x-should-retry': 'false' } });
    sendJson(res, st, 200, out, rl);
  }

  async function handleCall(req: IncomingMessage, res: ServerResponse, st: CallState, route: RouteName): Promise<void> {
    const { body, model, provider, upstreamModel, cfg } = await resolveCall(req, st);
    const canon: CanonicalRequest = route === 'chat' ? decodeChatRequest(body, upstreamModel) : route === 'messages' ? decodeMessagesRequest(body, upstreamModel) : decodeResponsesRequest(body, upstreamModel);
    st.stream = canon.stream;
    st.estimate = estimateInputTokens(canon);
    const rl = await admit(st);
    const plan = planUpstream(route, provider, cfg, canon, body, req.headers);
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const tUp = performance.now();
    const up = await deps.upstream.call(provider, plan, abort.signal);
    if (up.statusCode >= 400) {
      const text = await up.body.text().catch(() => '');
      st.upstreamMs = performance.now() - tUp;
      throw upstreamError(provider, up.statusCode, text, up.headers);
    }
    if (!canon.stream) {
      const text = await up.body.text();
      st.upstreamMs = performance.now() - tUp;
      const json = parseJson(text);
      if (!isObj(json)) throw new GatewayError(502, `Provider ${provider} sent a response that is not JSON.`, { code: 'upstream_error', headers: { 'x-should-retry': 'false' } });
      if (plan.passthrough) {
        st.usage = passthroughUsage(plan.format, json);
        if (typeof json.model === 'string' && json.model) st.providerModel = json.model;
        // The client sees the id it sent (the provider's name is in the header and the usage record):
        // the body's own `model` is rewritten in its text rather than serialising the parsed body again.
        sendJson(res, st, 200, Buffer.from(typeof json.model === 'string' ? withModel(text, model) : text), rl);
        return;
      }
      const r = decodeUpstreamResponse(plan.format, json);
      if (r.model) st.providerModel = r.model;
      st.usage = r.usage;
      const out = route === 'chat' ? encodeChatResponse(r, model) : route === 'messages' ? encodeMessagesResponse(r, model) : encodeResponsesResponse(r, model, canon);
      sendJson(res, st, 200, out, rl);
      return;
    }
    await pipeStream(res, st, up, plan.format, plan.passthrough, route, canon, model, rl, tUp, abort.signal);
  }

  async function pipeStream(
    res: ServerResponse,
    st: CallState,
    up: Dispatcher.ResponseData,
    format: ReturnType<typeof planUpstream>['format'],
    passthrough: boolean,
    route: RouteName,
    canon: CanonicalRequest,
    model: string,
    rl: Record<string, string>,
    tUp: number,
    signal: AbortSignal,
  ) {
    const encoder: StreamEncoder = route === 'chat' ? new ChatStreamEncoder(model, canon.includeUsage === true) : route === 'messages' ? new MessagesStreamEncoder(model) : new ResponsesStreamEncoder(model, canon);
    const decoder = streamDecoder(format);
    const parser = new SseParser();
    const headersAt = performance.now();
    st.status = 200;
    res.writeHead(200, {
      ...rl,
      'content-type': 'text/event-stream; charset=utf-8',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-latchkey-overhead-ms': (tUp - st.t0 + (performance.now() - headersAt)).toFixed(3),
    });
    // The headers leave with the first body bytes (one write) when those are already in, else on the next turn of the loop.
    let wrote = false;
    const headersTimer = setImmediate(() => {
      if (!wrote && !res.destroyed) res.flushHeaders();
    });
    let streamedChars = 0;
    let finished = false;
    let failed = false;
    // Everything one upstream chunk produces goes out in one write (a write is a system call).
    let out = '';
    const flush = async () => {
      if (!out || res.destroyed) return;
      const s = out;
      out = '';
      wrote = true;
      if (!res.write(s)) await new Promise<void>((r) => {
        res.once('drain', r);
        res.once('close', r);
      });
    };
    const handle = (events: StreamEvent[], raw: string | undefined) => {
      let forward = raw;
      for (const ev of events) {
        if (ev.type === 'text_delta' || ev.type === 'thinking_delta') streamedChars += ev.text.length;
        else if (ev.type === 'args_delta') streamedChars += ev.json.length;
        else if (ev.type === 'start') {
          if (ev.model) st.providerModel = ev.model;
        } else if (ev.type === 'finish') {
          finished = true;
          st.usage = ev.usage;
        } else if (ev.type === 'error') {
          failed = true;
          st.status = 502;
        }
        if (!passthrough) out += encoder.encode(ev);
      }
      if (passthrough && forward !== undefined) {
        // The usage-only chunk forced upstream is kept only when the caller asked for it.
        if (format === 'chat' && !canon.includeUsage && forward.includes('"choices":[]')) {
          const j = parseJson(forward.slice(forward.indexOf('data:') + 5).trim());
          if (isObj(j) && Array.isArray(j.choices) && j.choices.length === 0) forward = undefined;
        }
        if (forward !== undefined) out += forward.includes('"model":"') ? withModel(forward, model) : forward;
      }
    };
    try {
      for await (const chunk of up.body) {
        for (const frame of parser.push(chunk as Buffer)) handle(decoder.push(frame), frame.raw);
        await flush();
        if (res.destroyed) break;
      }
      for (const frame of parser.end()) handle(decoder.push(frame), frame.raw);
      if (!finished && !failed) {
        if (passthrough && format !== 'gemini') {
          // A native stream that ends without its final event was cut upstream.
          throw new Error('stream ended early');
        }
        handle(decoder.end(), undefined);
      }
    } catch (err) {
      if (signal.aborted || res.destroyed) {
        // The caller hung up: the upstream call is cancelled; charge what it cost so far.
        st.status = 499;
        st.usage = { input: st.estimate, output: Math.ceil(streamedChars / 4) };
      } else if (!failed) {
        failed = true;
        st.status = 502;
        st.usage = { input: st.estimate, output: Math.ceil(streamedChars / 4) };
        log.warn({ requestId: st.requestId, provider: st.provider, err: (err as Error).message }, 'provider stream failed');
        out += encoder.encode({ type: 'error', message: `Provider ${st.provider} failed during the stream.`, status: 502 });
      }
    }
    clearImmediate(headersTimer);
    if (failed && !st.usage) st.usage = { input: st.estimate, output: Math.ceil(streamedChars / 4) };
    st.upstreamMs = performance.now() - tUp;
    if (!res.destroyed) {
      if (out) res.end(out);
      else res.end();
    }
  }

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const t0 = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const modelId = modelIdOf(path);
    const match = ROUTES[path] ?? (modelId !== undefined ? MODEL_ROUTE : undefined);
    const isModels = match?.route === 'models' || match?.route === 'model';
    const shape: Shape = isModels || !match ? (anthropicStyle(req) || /^\/(v1\/)*messages/.test(path) ? 'anthropic' : 'openai') : match.shape;
    const st: CallState = { requestId, t0, route: match?.route ?? path, shape, stream: false, estimate: 0, upstreamMs: 0, status: 0 };
    res.setHeader('x-request-id', requestId);
    res.setHeader('request-id', requestId);
    res.setHeader('cache-control', 'no-store');

    const run = async () => {
      // Browsers are not served: no CORS, ever.
      if (req.method === 'OPTIONS' || req.headers.origin !== undefined) {
        throw new GatewayError(403, 'The gateway does not serve browsers: call it from a server.', { code: 'origin_not_allowed' });
      }
      if (!match) throw new GatewayError(404, notFoundMessage(req, path), { code: 'not_found' });
      if (req.method !== match.method) throw new GatewayError(405, `Use ${match.method} ${path}.`, { code: 'method_not_allowed', headers: { allow: match.method } });
      const secret = presentedKey(req);
      if (!secret) throw new GatewayError(401, 'Missing gateway key: send Authorization: Bearer <key> or x-api-key: <key>.', { code: 'invalid_api_key' });
      let key: ActiveKey | null;
      try {
        key = await deps.keys.lookup(secret);
      } catch (err) {
        log.warn({ err: (err as Error).message, requestId }, 'key lookup failed');
        throw new GatewayError(503, 'The gateway cannot check keys right now; retry with backoff.', { code: 'dependency_unavailable', headers: { 'retry-after': '1' } });
      }
      if (!key) throw new GatewayError(401, 'Invalid, malformed or revoked gateway key.', { code: 'invalid_api_key' });
      st.key = key;
      if (match.route === 'models') {
        const q = req.url!.indexOf('?');
        sendJson(res, st, 200, modelList(shape, key.models, new URLSearchParams(q < 0 ? '' : req.url!.slice(q + 1))));
        return;
      }
      if (match.route === 'model') {
        if (!key.models.includes(modelId!)) throw new GatewayError(404, `The model ${JSON.stringify(modelId!.slice(0, 200))} does not exist or is not allowed for this key.`, { param: 'model', code: 'model_not_found' });
        sendJson(res, st, 200, modelEntry(shape, modelId!));
        return;
      }
      if (match.route === 'count_tokens') await handleCount(req, res, st);
      else if (match.route === 'embeddings') await handleEmbeddings(req, res, st);
      else await handleCall(req, res, st, match.route);
    };
    run()
      .catch((err) => {
        if (res.destroyed && !res.writableFinished) {
          st.status = 499; // the caller hung up
          return;
        }
        if (!res.headersSent) sendError(res, st, err);
        else if (!res.destroyed) res.end();
      })
      .finally(() => {
        if (res.destroyed && !res.writableFinished && st.status === 200) st.status = 499;
        finish(res, st);
        // Settle the token reservation: real usage when known, else the estimate stays charged.
        const a = st.admission;
        if (a && st.key) {
          const delta = st.usage ? st.usage.input + st.usage.output - st.estimate : st.status >= 400 && st.status !== 499 ? -st.estimate : 0;
          if (delta) {
            const p = deps.limiter.charge(st.key.id, a.window, delta).catch((err) => log.warn({ err: (err as Error).message }, 'token charge failed'));
            charges.add(p);
            void p.finally(() => charges.delete(p));
          }
        }
      });
  };
  return Object.assign(handler, {
    async settled() {
      while (charges.size) await Promise.allSettled([...charges]);
      await deps.limiter.flush?.();
    },
  });
}
