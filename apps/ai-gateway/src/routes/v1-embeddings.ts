/**
 * `POST /v1/embeddings` (OpenAI's format) for OpenAI models (passed through) and Gemini models
 * (`batchEmbedContents`, translated). Allow-list, limits (the estimate reserved, the reported
 * usage charged) and usage (kind `embeddings`) as for model calls.
 */
import { isObj } from '../canonical/types.js';
import { GatewayError } from '../errors.js';
import type { Call, V1Context } from '../http/call.js';
import type { V1Router } from '../http/v1.js';
import { planEmbeddings } from '../providers/upstream.js';
import { decodeEmbeddingsRequest, encodeEmbeddingsFromGemini, encodeGeminiEmbeddings } from '../wire/embeddings.js';

async function embeddings(call: Call): Promise<void> {
  call.kind = 'embeddings';
  const { body, model, provider, upstreamModel, cfg } = await call.resolveModel();
  if (provider === 'anthropic')
    throw new GatewayError('invalid_request', `${model} has no embeddings: Anthropic offers none. Use an OpenAI or Google embedding model.`, {
      param: 'model',
    });
  const emb = decodeEmbeddingsRequest(body);
  const geminiBody = provider === 'google' ? encodeGeminiEmbeddings(emb, upstreamModel) : undefined;
  call.estimate = emb.estimate;
  const rl = await call.admit();
  const json = await call.upstreamJson(planEmbeddings({ provider, cfg, model: upstreamModel, raw: body, geminiBody }));
  let out: Record<string, unknown> | undefined;
  if (provider === 'openai') {
    if (typeof json.model === 'string' && json.model) call.providerModel = json.model;
    json.model = model;
    const u = isObj(json.usage) ? json.usage : {};
    call.usage = { input: Number(u.prompt_tokens) || 0, output: 0 };
    out = json;
  } else {
    out = encodeEmbeddingsFromGemini(json, emb, model);
    call.usage = { input: emb.estimate, output: 0 };
  }
  if (!out)
    throw new GatewayError('upstream_error', `Provider ${provider} sent embeddings the gateway cannot read.`, {
      headers: { 'x-should-retry': 'false' },
    });
  call.send(200, out, rl);
}

/** Registers the route (usage route `embeddings`, OpenAI error bodies). */
export function register(router: V1Router, _ctx: V1Context): void {
  router.add('/v1/embeddings', { name: 'embeddings', method: 'POST', shape: 'openai', handle: embeddings });
}
