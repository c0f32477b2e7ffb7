/**
 * The shared path of the three model-call routes (`/v1/chat/completions`,
 * `/v1/messages`, `/v1/responses`): body and model resolved against the key,
 * decoded to the canonical request, admitted under the key's limits (the
 * input estimate reserved), sent to the provider natively or translated, and
 * answered whole or streamed in the route's format. Each route file gives its
 * `ModelFormat`.
 */
import { performance } from 'node:perf_hooks';
import { estimateInputTokens, isObj, type CanonicalRequest, type CanonicalResponse } from '../canonical/types.js';
import { decodeUpstreamResponse, passthroughUsage, planUpstream, upstreamError, type RouteName } from '../providers/upstream.js';
import type { StreamEncoder } from '../wire/blocks.js';
import { withModel } from '../wire/model-field.js';
import { parseJson } from '../wire/sse.js';
import type { Call } from './call.js';
import { relayStream } from './stream.js';

/** How one route's wire format is read and written. */
export interface ModelFormat {
  route: RouteName;
  /** The request body → the canonical request for `upstreamModel` (400 `GatewayError` on bad input). */
  decode(body: Record<string, unknown>, upstreamModel: string): CanonicalRequest;
  /** A whole canonical response → the route's body, its `model` the id the client sent. */
  encode(r: CanonicalResponse, model: string, canon: CanonicalRequest): Record<string, unknown>;
  /** The route's stream encoder for one call. */
  streamEncoder(model: string, canon: CanonicalRequest): StreamEncoder;
}

/** Serves one model call of `format`'s route (see the module comment). */
export async function modelCall(call: Call, format: ModelFormat): Promise<void> {
  const { body, model, provider, upstreamModel, cfg } = await call.resolveModel();
  const canon = format.decode(body, upstreamModel);
  call.stream = canon.stream;
  call.estimate = estimateInputTokens(canon);
  const rl = await call.admit();
  const plan = planUpstream({ route: format.route, provider, cfg, canon, raw: body, clientHeaders: call.req.headers });
  const abort = call.abortOnHangUp();
  const tUp = performance.now();
  call.upstreamStartedAt = tUp;
  const up = await call.ctx.upstream.call(provider, plan, abort.signal);
  if (up.statusCode >= 400) {
    const text = await up.body.text().catch(() => '');
    call.upstreamMs = performance.now() - tUp;
    throw upstreamError(provider, up.statusCode, text, up.headers);
  }
  if (canon.stream) {
    await relayStream(call, { up, plan, canon, encoder: format.streamEncoder(model, canon), headers: rl, signal: abort.signal });
    return;
  }
  const text = await up.body.text();
  call.upstreamMs = performance.now() - tUp;
  const json = parseJson(text);
  if (!isObj(json)) throw call.notJson();
  if (plan.passthrough) {
    call.usage = passthroughUsage(plan.format, json);
    if (typeof json.model === 'string' && json.model) call.providerModel = json.model;
    // The client sees the id it sent (the provider's name is in the header and the usage record):
    // the body's own `model` is rewritten in its text rather than serialising the parsed body again.
    call.send(200, Buffer.from(typeof json.model === 'string' ? withModel(text, model) : text), rl);
    return;
  }
  const r = decodeUpstreamResponse(plan.format, json);
  if (r.model) call.providerModel = r.model;
  call.usage = r.usage;
  call.send(200, format.encode(r, model, canon), rl);
}
