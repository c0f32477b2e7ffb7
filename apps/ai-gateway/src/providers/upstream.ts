import CircuitBreaker from 'opossum';
import { Agent, request, type Dispatcher } from 'undici';
import type { CanonicalRequest, CanonicalResponse, StreamEvent, Usage } from '../canonical/types.js';
import { GatewayError } from '../errors.js';
import type { StreamDecoder } from '../wire/blocks.js';
import { ChatStreamDecoder, chatUsageIn, decodeChatResponse, encodeChatRequest } from '../wire/chat.js';
import { decodeGeminiResponse, encodeGeminiRequest, GeminiStreamDecoder } from '../wire/gemini.js';
import { decodeMessagesResponse, encodeMessagesRequest, messagesUsageIn, MessagesStreamDecoder } from '../wire/messages.js';
import { responsesUsageIn, ResponsesUsageWatcher } from '../wire/responses.js';
import { allowedAnthropicBetas } from './anthropic-beta.js';

export type ProviderName = 'openai' | 'anthropic' | 'google';
export type RouteName = 'chat' | 'responses' | 'messages';
export type UpstreamFormat = 'chat' | 'responses' | 'messages' | 'gemini';
export const PROVIDERS: ProviderName[] = ['openai', 'anthropic', 'google'];

export interface ProviderConfig {
  /** OpenAI: `https://api.openai.com/v1`; Anthropic: `https://api.anthropic.com`; Google: `https://generativelanguage.googleapis.com`. */
  baseUrl: string;
  apiKey?: string;
}

export interface UpstreamPlan {
  url: string;
  headers: Record<string, string>;
  body: string;
  format: UpstreamFormat;
  /** Route and provider speak the same format: the upstream body goes back unchanged. */
  passthrough: boolean;
}

/**
 * SPEC area D: prompts and completions are not stored. The fields that ask
 * OpenAI to keep them (`store`, `conversation`, and `metadata`, which only
 * labels stored objects) are dropped from passed-through bodies, and
 * `store: false` is sent instead (OpenAI's Responses API stores by default).
 */
function withoutRetention(raw: Record<string, any>): Record<string, any> {
  const { store: _store, conversation: _conversation, metadata: _metadata, ...rest } = raw;
  return rest;
}

/** The client's request headers, as node:http gives them. */
export type ClientHeaders = Record<string, string | string[] | undefined>;

/** Anthropic's request headers: the client's `anthropic-version` (default 2023-06-01), the key, and the allowed betas. */
function anthropicHeaders(cfg: ProviderConfig, clientHeaders: ClientHeaders, betas: boolean): Record<string, string> {
  const version = typeof clientHeaders['anthropic-version'] === 'string' ? clientHeaders['anthropic-version'] : '2023-06-01';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'anthropic-version': version,
    ...(cfg.apiKey ? { 'x-api-key': cfg.apiKey } : {}),
  };
  const beta = betas ? allowedAnthropicBetas(clientHeaders['anthropic-beta']) : undefined;
  if (beta) headers['anthropic-beta'] = beta;
  return headers;
}

/**
 * Where and what to send. Same format on both sides → native pass-through
 * (the client's body, with the provider's model name, and `include_usage`
 * forced on Chat streams); otherwise the canonical request encoded for the
 * provider (OpenAI answers other routes through Chat Completions).
 */
export function planUpstream(input: {
  /** The gateway route the client called. */
  route: RouteName;
  provider: ProviderName;
  cfg: ProviderConfig;
  /** The request in the gateway's canonical form, with the provider's model name. */
  canon: CanonicalRequest;
  /** The client's body as parsed (passed through when the formats match). */
  raw: Record<string, any>;
  clientHeaders: ClientHeaders;
}): UpstreamPlan {
  const { route, provider, cfg, canon, raw, clientHeaders } = input;
  const base = cfg.baseUrl.replace(/\/+$/, '');
  if (provider === 'openai') {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) };
    if (route === 'responses') {
      return {
        url: `${base}/responses`,
        headers,
        body: JSON.stringify({ ...withoutRetention(raw), model: canon.model, store: false }),
        format: 'responses',
        passthrough: true,
      };
    }
    if (route === 'chat') {
      const body: Record<string, unknown> = { ...withoutRetention(raw), model: canon.model, store: false };
      if (canon.stream)
        body.stream_options = { ...(typeof raw.stream_options === 'object' && raw.stream_options ? raw.stream_options : {}), include_usage: true };
      return { url: `${base}/chat/completions`, headers, body: JSON.stringify(body), format: 'chat', passthrough: true };
    }
    return { url: `${base}/chat/completions`, headers, body: JSON.stringify(encodeChatRequest(canon)), format: 'chat', passthrough: false };
  }
  if (provider === 'anthropic') {
    // Betas only where the client's own Messages body goes through; a translated request uses none.
    const headers = anthropicHeaders(cfg, clientHeaders, route === 'messages');
    if (route === 'messages') {
      return { url: `${base}/v1/messages`, headers, body: JSON.stringify({ ...raw, model: canon.model }), format: 'messages', passthrough: true };
    }
    return { url: `${base}/v1/messages`, headers, body: JSON.stringify(encodeMessagesRequest(canon)), format: 'messages', passthrough: false };
  }
  const method = canon.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return {
    url: `${base}/v1beta/models/${encodeURIComponent(canon.model)}:${method}`,
    headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { 'x-goog-api-key': cfg.apiKey } : {}) },
    body: JSON.stringify(encodeGeminiRequest(canon)),
    format: 'gemini',
    passthrough: false,
  };
}

/**
 * The provider's own token count for a Messages-format request: Anthropic's
 * `POST /v1/messages/count_tokens` (the client's body, the provider's model name) or Gemini's
 * `POST /v1beta/models/{model}:countTokens` (`generateContentRequest`: contents, system, tools).
 * OpenAI has no count endpoint (the gateway estimates: wire/tokens.ts).
 */
export function planCountTokens(input: {
  provider: 'anthropic' | 'google';
  cfg: ProviderConfig;
  /** The request in canonical form, with the provider's model name. */
  canon: CanonicalRequest;
  /** The client's Messages body. */
  raw: Record<string, any>;
  clientHeaders: ClientHeaders;
}): Pick<UpstreamPlan, 'url' | 'headers' | 'body'> {
  const { provider, cfg, canon, raw, clientHeaders } = input;
  const base = cfg.baseUrl.replace(/\/+$/, '');
  if (provider === 'anthropic') {
    const headers = anthropicHeaders(cfg, clientHeaders, true);
    const body: Record<string, unknown> = { ...raw, model: canon.model };
    delete body.max_tokens; // not a field of count_tokens
    delete body.stream;
    return { url: `${base}/v1/messages/count_tokens`, headers, body: JSON.stringify(body) };
  }
  const req = encodeGeminiRequest(canon);
  delete req.generationConfig;
  return {
    url: `${base}/v1beta/models/${encodeURIComponent(canon.model)}:countTokens`,
    headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { 'x-goog-api-key': cfg.apiKey } : {}) },
    body: JSON.stringify({ generateContentRequest: { model: `models/${canon.model}`, ...req } }),
  };
}

/**
 * Where an embeddings call goes: OpenAI's `POST /embeddings` (the client's body, the provider's
 * model name) or Gemini's `POST /v1beta/models/{model}:batchEmbedContents` (`geminiBody`).
 */
export function planEmbeddings(input: {
  provider: 'openai' | 'google';
  cfg: ProviderConfig;
  /** The provider's model name. */
  model: string;
  /** The client's OpenAI embeddings body. */
  raw: Record<string, unknown>;
  /** Gemini's `batchEmbedContents` body (google only). */
  geminiBody?: Record<string, unknown>;
}): Pick<UpstreamPlan, 'url' | 'headers' | 'body'> {
  const { provider, cfg, model, raw, geminiBody } = input;
  const base = cfg.baseUrl.replace(/\/+$/, '');
  if (provider === 'openai') {
    return {
      url: `${base}/embeddings`,
      headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
      body: JSON.stringify({ ...raw, model }),
    };
  }
  return {
    url: `${base}/v1beta/models/${encodeURIComponent(model)}:batchEmbedContents`,
    headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { 'x-goog-api-key': cfg.apiKey } : {}) },
    body: JSON.stringify(geminiBody),
  };
}

export function decodeUpstreamResponse(format: UpstreamFormat, json: any): CanonicalResponse {
  switch (format) {
    case 'chat':
      return decodeChatResponse(json);
    case 'messages':
      return decodeMessagesResponse(json);
    case 'gemini':
      return decodeGeminiResponse(json);
    case 'responses':
      throw new Error('Responses are only passed through');
  }
}

/** Usage of a native (passed-through) response body. */
export function passthroughUsage(format: UpstreamFormat, json: any): Usage {
  if (format === 'chat') return chatUsageIn(json?.usage);
  if (format === 'messages') return messagesUsageIn(json?.usage);
  return responsesUsageIn(json?.usage);
}

export function streamDecoder(format: UpstreamFormat): StreamDecoder {
  switch (format) {
    case 'chat':
      return new ChatStreamDecoder();
    case 'messages':
      return new MessagesStreamDecoder();
    case 'gemini':
      return new GeminiStreamDecoder();
    case 'responses':
      return new ResponsesUsageWatcher();
  }
}

export type { StreamEvent };

/** The message of a provider's error body (OpenAI, Anthropic and Gemini all nest it under `error`). */
export function upstreamErrorMessage(text: string): string {
  try {
    const j = JSON.parse(text);
    const m = j?.error?.message ?? j?.message;
    if (typeof m === 'string') return m.slice(0, 500);
  } catch {
    /* not JSON */
  }
  return 'no details';
}

/** The provider's `Retry-After` (RFC 9110 §10.2.3: seconds or an HTTP date) and `retry-after-ms`, when sane. */
function retryHeaders(upstream: Record<string, string | string[] | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const one = (name: string) => {
    const v = upstream?.[name];
    return typeof v === 'string' ? v.trim() : Array.isArray(v) ? v[0]?.trim() : undefined;
  };
  const ra = one('retry-after');
  if (ra && ra.length <= 64 && (/^\d{1,9}$/.test(ra) || !Number.isNaN(Date.parse(ra)))) out['retry-after'] = ra;
  const ms = one('retry-after-ms');
  if (ms && /^\d{1,12}(\.\d+)?$/.test(ms)) out['retry-after-ms'] = ms;
  return out;
}

/**
 * Maps a provider's error status to the gateway's: the provider's own key or
 * outage is not the caller's fault. On 429 and 503 the provider's
 * `Retry-After` (and `retry-after-ms`) reach the caller unchanged.
 * @param upstreamHeaders the provider's response headers (lower-case names).
 */
export function upstreamError(
  provider: ProviderName,
  status: number,
  text: string,
  upstreamHeaders?: Record<string, string | string[] | undefined>,
): GatewayError {
  const msg = `${provider} returned ${status}: ${upstreamErrorMessage(text)}`;
  const headers = { 'x-should-retry': 'false', ...(status === 429 || status === 503 || status === 529 ? retryHeaders(upstreamHeaders) : {}) };
  if (status === 401 || status === 403)
    return new GatewayError('upstream_auth', `${provider} refused the gateway's credentials (${status}).`, { upstream: true, headers });
  if (status === 429) return new GatewayError('upstream_rate_limited', msg, { upstream: true, headers, type: 'upstream' });
  if (status === 413) return new GatewayError('gateway_error', msg, { status: 413, upstream: true, headers });
  if (status === 529 || status === 503) return new GatewayError('provider_unavailable', msg, { upstream: true, headers });
  if (status >= 500) return new GatewayError('upstream_error', msg, { upstream: true, headers });
  return new GatewayError('upstream_invalid_request', msg, {
    status: status === 404 ? 400 : status >= 400 && status < 500 ? status : 502,
    upstream: true,
    headers,
  });
}

/** A 5xx from a provider: counts as a failure of the breaker. */
class UpstreamFailure extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly headers?: Record<string, string | string[] | undefined>,
  ) {
    super(`upstream ${status}`);
  }
}

export interface UpstreamOptions {
  /** Milliseconds to wait for the provider's response headers, and between two body chunks (default 600 000). */
  timeoutMs?: number;
  /**
   * The breaker of each provider: it opens after `failureThreshold` (default 5)
   * consecutive failed calls (5xx, unreachable, timed out; a caller hanging up
   * is not a failure), refuses calls for `resetTimeoutMs` (default 10 000),
   * then lets one trial call through: a success closes it, a failure opens it again.
   */
  breaker?: { failureThreshold?: number; resetTimeoutMs?: number };
}

/**
 * The upstream HTTP client (undici, keep-alive) with one circuit breaker per
 * provider: after `failureThreshold` consecutive failures, calls to it are
 * refused at once (503) until a trial call succeeds again. A failed call
 * is never retried (a retry is a second billed call).
 *
 * opossum keeps the open / half-open / closed states, but it does not decide
 * when to open: its own rule (an error percentage over a rolling window)
 * counts old successes and refused calls, so a dead provider received 23–36
 * calls before it opened. The consecutive failures are counted here instead.
 */
export class Upstream {
  private readonly agent: Agent;
  private readonly breakers = new Map<ProviderName, CircuitBreaker<[() => Promise<Dispatcher.ResponseData>], Dispatcher.ResponseData>>();
  /** Consecutive failed calls per provider since its last success. */
  private readonly failures = new Map<ProviderName, number>();

  constructor(private readonly opts: UpstreamOptions = {}) {
    const t = opts.timeoutMs ?? 600_000;
    this.agent = new Agent({ keepAliveTimeout: 30_000, connections: 256, headersTimeout: t, bodyTimeout: t, connect: { timeout: 10_000 } });
  }

  breaker(provider: ProviderName) {
    let b = this.breakers.get(provider);
    if (!b) {
      const o = this.opts.breaker ?? {};
      b = new CircuitBreaker((fn: () => Promise<Dispatcher.ResponseData>) => fn(), {
        timeout: false,
        // opossum never opens on its own (see the class comment); a failed trial call still re-opens it.
        volumeThreshold: Number.MAX_SAFE_INTEGER,
        errorThresholdPercentage: 100,
        resetTimeout: o.resetTimeoutMs ?? 10_000,
        // A caller that hangs up is not a provider failure.
        errorFilter: (err: Error) => err.name === 'AbortError' || (err as { code?: string }).code === 'UND_ERR_ABORTED',
      });
      this.breakers.set(provider, b);
    }
    return b;
  }

  /**
   * Sends the request; resolves with the provider's response once its headers
   * are in (its body still to read). A 5xx is read, counted as a failure and
   * thrown as a GatewayError; 4xx come back to the caller to translate.
   */
  async call(provider: ProviderName, plan: Pick<UpstreamPlan, 'url' | 'headers' | 'body'>, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    const breaker = this.breaker(provider);
    let reached = false;
    const send = async () => {
      reached = true;
      const r = await request(plan.url, { method: 'POST', headers: plan.headers, body: plan.body, signal, dispatcher: this.agent });
      if (r.statusCode >= 500) throw new UpstreamFailure(r.statusCode, await r.body.text().catch(() => ''), r.headers);
      return r;
    };
    try {
      // A closed breaker lets every call through and its opening is decided here (recordFailure), so
      // the call skips opossum's per-call bookkeeping (stats buckets, events); open and half-open
      // breakers go through opossum, which refuses calls or lets the one trial call through.
      const res = breaker.closed && !breaker.halfOpen ? await send() : await breaker.fire(send);
      if (this.failures.get(provider) !== 0) this.failures.set(provider, 0);
      return res;
    } catch (err) {
      // Refused by the open breaker (never reached the provider) or cancelled by the caller: not a failure.
      if (reached && !signal.aborted) this.recordFailure(provider, breaker);
      throw this.translate(provider, err, signal);
    }
  }

  private recordFailure(provider: ProviderName, breaker: CircuitBreaker<[() => Promise<Dispatcher.ResponseData>], Dispatcher.ResponseData>): void {
    const n = (this.failures.get(provider) ?? 0) + 1;
    this.failures.set(provider, n);
    if (n >= (this.opts.breaker?.failureThreshold ?? 5) && breaker.closed) breaker.open();
  }

  translate(provider: ProviderName, err: unknown, signal?: AbortSignal): unknown {
    if (err instanceof GatewayError) return err;
    if (err instanceof UpstreamFailure) return upstreamError(provider, err.status, err.text, err.headers);
    const e = err as { code?: string; name?: string; message?: string };
    const headers = { 'x-should-retry': 'false' };
    if (signal?.aborted) return err;
    if (e.code === 'EOPENBREAKER')
      return new GatewayError('provider_unavailable', `Provider ${provider} is unavailable (circuit open after repeated failures); retry with backoff.`, {
        upstream: true,
        headers,
      });
    if (e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT') {
      return new GatewayError('upstream_timeout', `Provider ${provider} did not answer in time.`, { upstream: true, headers });
    }
    return new GatewayError('provider_unavailable', `Provider ${provider} is unreachable.`, { upstream: true, headers });
  }

  /** The state of each provider's breaker used so far (for `/metrics`). */
  breakerStates(): Record<string, 'closed' | 'open' | 'half_open'> {
    const out: Record<string, 'closed' | 'open' | 'half_open'> = {};
    for (const [provider, b] of this.breakers) out[provider] = b.halfOpen ? 'half_open' : b.opened ? 'open' : 'closed';
    return out;
  }

  async close(): Promise<void> {
    for (const b of this.breakers.values()) b.shutdown();
    await this.agent.close();
  }
}
