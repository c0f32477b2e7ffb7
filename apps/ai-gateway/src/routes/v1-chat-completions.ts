/** `POST /v1/chat/completions`: OpenAI Chat Completions, to any provider (native to OpenAI). */
import type { V1Context } from '../http/call.js';
import { modelCall, type ModelFormat } from '../http/model-call.js';
import type { V1Router } from '../http/v1.js';
import { ChatStreamEncoder, decodeChatRequest, encodeChatResponse } from '../wire/chat.js';

const CHAT: ModelFormat = {
  route: 'chat',
  decode: decodeChatRequest,
  encode: (r, model) => encodeChatResponse(r, model),
  streamEncoder: (model, canon) => new ChatStreamEncoder(model, canon.includeUsage === true),
};

/** Registers the route (usage route `chat`, OpenAI error bodies). */
export function register(router: V1Router, _ctx: V1Context): void {
  router.add('/v1/chat/completions', { name: 'chat', method: 'POST', shape: 'openai', handle: (call) => modelCall(call, CHAT) });
}
