/**
 * `POST /v1/messages/count_tokens` (Anthropic's format, any model): Anthropic's own count endpoint,
 * Gemini's `countTokens`, or for OpenAI models a local o200k estimate (`x-latchkey-estimate: true`).
 * Counts against the key's requests per minute, never its tokens; recorded as kind `count_tokens`.
 */
import { GatewayError } from '../errors.js';
import type { Call, V1Context } from '../http/call.js';
import type { V1Router } from '../http/v1.js';
import { planCountTokens } from '../providers/upstream.js';
import { decodeMessagesRequest } from '../wire/messages.js';
import { estimateOpenAITokens } from '../wire/tokens.js';

async function countTokens(call: Call): Promise<void> {
  call.kind = 'count_tokens';
  const { body, provider, upstreamModel, cfg } = await call.resolveModel();
  const canon = decodeMessagesRequest(body, upstreamModel);
  const rl = await call.admit();
  if (provider === 'openai') {
    rl['x-latchkey-estimate'] = 'true';
    call.send(200, { input_tokens: await estimateOpenAITokens(canon) }, rl);
    return;
  }
  const json = await call.upstreamJson(planCountTokens({ provider, cfg, canon, raw: body, clientHeaders: call.req.headers }));
  const n = provider === 'anthropic' ? json.input_tokens : json.totalTokens;
  if (typeof n !== 'number' || !Number.isFinite(n))
    throw new GatewayError('upstream_error', `Provider ${provider} sent a token count without a number.`, {
      headers: { 'x-should-retry': 'false' },
    });
  call.send(200, { input_tokens: n }, rl);
}

/** Registers the route (usage route `count_tokens`, Anthropic error bodies). */
export function register(router: V1Router, _ctx: V1Context): void {
  router.add('/v1/messages/count_tokens', { name: 'count_tokens', method: 'POST', shape: 'anthropic', handle: countTokens });
}
