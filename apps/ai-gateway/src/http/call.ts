/**
 * One `/v1` call on the fast path: its request and response, what is learnt
 * about it on the way (key, model, provider, usage, status) and the steps
 * every route shares — key check, body and model resolution, admission under
 * the key's limits, one JSON call to a provider, the answer or error in the
 * route's shape (service-kit's `sendJson`), and at the end the usage record,
 * the access-log line (service-kit's `logAccess`) and the token charge.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import { HttpError } from '@latchkey/errors';
import { parseBearer } from '@latchkey/jwt';
import { logAccess, requestIdFrom, sendJson, type AccessLine } from '@latchkey/service-kit';
import { isObj, type Usage } from '../canonical/types.js';
import { GatewayError } from '../errors.js';
import type { ActiveKey, KeyService } from '../domain/keys.js';
import { rateLimitHeaders, type Admission, type Limiter } from '../domain/limits.js';
import type { UsageSink } from '../domain/usage.js';
import { PROVIDERS, upstreamError, type ProviderConfig, type ProviderName, type Upstream, type UpstreamPlan } from '../providers/upstream.js';
import { parseJson } from '../wire/sse.js';
import { readBody } from './body.js';
import { errorBody, type Shape } from './error-body.js';

/** What every `/v1` route works with (built once by `createApp`). */
export interface V1Context {
  keys: KeyService;
  limiter: Limiter;
  usage: UsageSink;
  upstream: Upstream;
  providers: Partial<Record<ProviderName, ProviderConfig>>;
  logger: Logger;
  /** Request body limit in bytes. */
  maxBodyBytes: number;
  now?: () => number;
  /** Token charges of finished calls not yet handed to the limiter (`settled()` waits for them). */
  charges: Set<Promise<void>>;
}

/** Response header naming the provider's own model name (the name the gateway sent it). */
export const PROVIDER_MODEL_HEADER = 'x-latchkey-provider-model';

/** A request's body resolved against the key and the providers (`Call.resolveModel`). */
export interface ResolvedModel {
  body: Record<string, unknown>;
  /** The id the client sent (`openai/gpt-4o-mini`). */
  model: string;
  provider: ProviderName;
  /** The provider's own name (`gpt-4o-mini`). */
  upstreamModel: string;
  cfg: ProviderConfig;
}

/** The gateway key a request presents: `Authorization: Bearer <key>`, else `x-api-key`. */
function presentedKey(req: IncomingMessage): string | undefined {
  const bearer = parseBearer(req.headers.authorization);
  if (bearer !== null) return bearer;
  const x = req.headers['x-api-key'];
  return typeof x === 'string' && x ? x.trim() : undefined;
}

const NOT_JSON = (provider: ProviderName) =>
  new GatewayError('upstream_error', `Provider ${provider} sent a response that is not JSON.`, { headers: { 'x-should-retry': 'false' } });

/** One `/v1` request and its answer; also the access-log line (`AccessLine`) written when it ends. */
export class Call implements AccessLine {
  /** The request id (service-kit's `requestIdFrom`), echoed as `x-request-id` and `request-id`. */
  readonly id: string;
  /** `performance.now()` when the request arrived. */
  readonly startedAt = performance.now();
  readonly method: string;
  /** The usage record's and access log's route (`chat`, `messages`, …; the path when no route matched). */
  route: string;
  /** The error shape of the answer. */
  shape: Shape = 'openai';
  /** The route's path parameter (the model id of `/v1/models/{id}`). */
  param: string | undefined = undefined;
  key: ActiveKey | undefined = undefined;
  /** The id the client sent (`openai/gpt-4o-mini`): the `model` of every response and stream event. */
  model: string | undefined = undefined;
  /** The provider's own model name: what it reported, else what was sent to it. */
  providerModel: string | undefined = undefined;
  provider: ProviderName | undefined = undefined;
  kind: 'call' | 'count_tokens' | 'embeddings' = 'call';
  stream = false;
  admission: Admission | undefined = undefined;
  /** Input tokens reserved at admission. */
  estimate = 0;
  usage: Usage | undefined = undefined;
  /** When the provider call started (`performance.now()`). */
  upstreamStartedAt = 0;
  /** Upstream time, subtracted from the total to get the gateway's own time. */
  upstreamMs = 0;
  status = 0;
  /** The unexpected error behind a 500 (name, message, stack: logged, never sent). */
  err: unknown = undefined;
  /** The usage record has been handed to the usage sink (once per call). */
  private recorded = false;

  /**
   * @param path the request's path, without its query string
   */
  constructor(
    readonly ctx: V1Context,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly path: string,
  ) {
    this.id = requestIdFrom(req.headers['x-request-id']);
    this.method = req.method ?? 'GET';
    this.route = path;
  }

  /** Fields of the access-log line beside service-kit's (read only when the line is written). */
  get extra(): Record<string, unknown> {
    return { route: this.route, model: this.model, keyId: this.key?.id, stream: this.stream };
  }

  /** Resolves the presented key (cached): 401 when missing, unknown or revoked, 503 when keys cannot be checked. */
  async authenticate(): Promise<ActiveKey> {
    const secret = presentedKey(this.req);
    if (!secret) throw new GatewayError('invalid_api_key', 'Missing gateway key: send Authorization: Bearer <key> or x-api-key: <key>.');
    let key: ActiveKey | null;
    try {
      key = await this.ctx.keys.lookup(secret);
    } catch (err) {
      this.ctx.logger.warn({ err: (err as Error).message, requestId: this.id }, 'key lookup failed');
      throw new GatewayError('dependency_unavailable', 'The gateway cannot check keys right now; retry with backoff.', {
        headers: { 'retry-after': '1' },
      });
    }
    if (!key) throw new GatewayError('invalid_api_key', 'Invalid, malformed or revoked gateway key.');
    this.key = key;
    return key;
  }

  /**
   * Reads the body (413 over the limit) and resolves its `model` against the key's allow-list
   * (400) and the configured providers (503).
   */
  async resolveModel(): Promise<ResolvedModel> {
    const raw = await readBody(this.req, this.ctx.maxBodyBytes);
    const body = parseJson(raw.toString('utf8'));
    if (!isObj(body)) throw new GatewayError('invalid_json', 'The request body must be a JSON object.');
    const key = this.key!;
    const model = body.model;
    if (typeof model !== 'string' || !model) throw new GatewayError('invalid_request', 'model is required.', { param: 'model' });
    if (!key.models.includes(model)) {
      throw new GatewayError(
        'model_not_allowed',
        `The model ${JSON.stringify(model.slice(0, 200))} is not allowed for this key. Allowed models: ${key.models.join(', ')}.`,
        { param: 'model' },
      );
    }
    const slash = model.indexOf('/');
    const provider = model.slice(0, slash) as ProviderName;
    const upstreamModel = model.slice(slash + 1);
    const cfg = PROVIDERS.includes(provider) ? this.ctx.providers[provider] : undefined;
    this.model = model;
    this.providerModel = upstreamModel;
    this.provider = provider;
    if (!cfg)
      throw new GatewayError('provider_unavailable', `Provider ${provider} is not configured on this gateway.`, {
        headers: { 'x-should-retry': 'false' },
      });
    return { body, model, provider, upstreamModel, cfg };
  }

  /** Admits the call under the key's limits, reserving `estimate` tokens; returns the rate-limit headers (429 when refused). */
  async admit(): Promise<Record<string, string>> {
    const key = this.key!;
    let admission: Admission;
    try {
      admission = await this.ctx.limiter.admit(key.id, key, this.estimate);
    } catch (err) {
      this.ctx.logger.warn({ err: (err as Error).message, requestId: this.id }, 'rate limiter unavailable');
      throw new GatewayError('dependency_unavailable', 'The gateway cannot check rate limits right now; retry with backoff.', {
        headers: { 'retry-after': '1' },
      });
    }
    const rl = rateLimitHeaders(admission);
    if (!admission.ok) {
      const retryAfter = String(Math.max(1, Math.ceil(admission.resetMs / 1000)));
      const what = admission.reason === 'tokens' ? `tokens per minute (${admission.limitTokens})` : `requests per minute (${admission.limitRequests})`;
      throw new GatewayError('rate_limit_exceeded', `Rate limit reached for this key: ${what}. Retry after ${retryAfter} s.`, {
        type: admission.reason,
        headers: { ...rl, 'retry-after': retryAfter, 'retry-after-ms': String(Math.max(0, Math.round(admission.resetMs))) },
      });
    }
    this.admission = admission;
    if (this.providerModel) rl[PROVIDER_MODEL_HEADER] = this.providerModel;
    return rl;
  }

  /** An AbortController that cancels the provider call when the caller hangs up. */
  abortOnHangUp(): AbortController {
    const abort = new AbortController();
    const res = this.res;
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    return abort;
  }

  /** One non-streamed call to the resolved provider whose answer must be a JSON object (count_tokens, embeddings). */
  async upstreamJson(plan: Pick<UpstreamPlan, 'url' | 'headers' | 'body'>): Promise<Record<string, unknown>> {
    const provider = this.provider!;
    const abort = this.abortOnHangUp();
    const tUp = performance.now();
    try {
      const up = await this.ctx.upstream.call(provider, plan, abort.signal);
      const text = await up.body.text();
      if (up.statusCode >= 400) throw upstreamError(provider, up.statusCode, text, up.headers);
      const json = parseJson(text);
      if (!isObj(json)) throw NOT_JSON(provider);
      return json;
    } finally {
      this.upstreamMs = performance.now() - tUp;
    }
  }

  /** The 502 of a provider answer that is not a JSON object. */
  notJson(): GatewayError {
    return NOT_JSON(this.provider!);
  }

  /**
   * Sends a whole JSON answer with `x-latchkey-overhead-ms` (the gateway's own time so far).
   * @param body a JSON value, or a Buffer of JSON text sent as is
   */
  send(status: number, body: unknown, headers?: Record<string, string>): void {
    const res = this.res;
    if (res.headersSent) {
      res.end();
      return;
    }
    this.status = status;
    res.setHeader('x-latchkey-overhead-ms', (performance.now() - this.startedAt - this.upstreamMs).toFixed(3));
    // Spooled before the answer leaves: a process killed after answering has its call's record on disk.
    this.recordUsage();
    sendJson(res, status, body, headers);
  }

  /**
   * Answers a failure: an `HttpError` in the call's shape with its status and headers; anything
   * else as a 500 naming the request id (the error itself goes to the access log). A caller that
   * hung up gets nothing (status 499); a response already started is ended.
   */
  fail(err: unknown): void {
    const res = this.res;
    if (res.destroyed && !res.writableFinished) {
      this.status = 499; // the caller hung up
      return;
    }
    if (res.headersSent) {
      if (!res.destroyed) res.end();
      return;
    }
    let e: HttpError;
    if (err instanceof HttpError) e = err;
    else {
      this.err = err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err);
      e = new GatewayError('internal_error', `The gateway failed to handle the request. Request id: ${this.id}.`);
    }
    this.send(e.status, errorBody(this.shape, e), e.headers);
  }

  /**
   * Hands the call's usage record to the usage sink (calls that reached model resolution), once:
   * from `send` just before a whole answer is written, from the stream relay before its last write,
   * else from `finish`.
   */
  recordUsage(): void {
    if (this.recorded) return;
    const ctx = this.ctx;
    const key = this.key;
    if (key && this.model && this.provider) {
      this.recorded = true;
      ctx.usage.record({
        requestId: this.id,
        solutionId: key.solutionId,
        keyId: key.id,
        model: this.model,
        providerModel: this.providerModel,
        provider: this.provider,
        route: this.route,
        kind: this.kind,
        stream: this.stream,
        inputTokens: this.usage?.input ?? 0,
        outputTokens: this.usage?.output ?? 0,
        cachedTokens: this.usage?.cached ?? 0,
        status: this.status,
        latencyMs: Math.round(performance.now() - this.startedAt),
        at: ctx.now?.() ?? Date.now(),
      });
    }
  }

  /**
   * Ends the call: usage recorded (calls that reached model resolution), the access-log line,
   * and the token reservation settled (real usage when known, the estimate given back when
   * refused before the provider, else kept).
   */
  finish(): void {
    const res = this.res;
    if (res.destroyed && !res.writableFinished && this.status === 200) this.status = 499;
    const ctx = this.ctx;
    const key = this.key;
    this.recordUsage();
    logAccess(ctx.logger, this);
    const a = this.admission;
    if (a && key) {
      const delta = this.usage ? this.usage.input + this.usage.output - this.estimate : this.status >= 400 && this.status !== 499 ? -this.estimate : 0;
      if (delta) {
        const p = ctx.limiter.charge(key.id, a.window, delta).catch((err) => ctx.logger.warn({ err: (err as Error).message }, 'token charge failed'));
        ctx.charges.add(p);
        void p.finally(() => ctx.charges.delete(p));
      }
    }
  }
}
