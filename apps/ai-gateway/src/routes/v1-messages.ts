/** `POST /v1/messages`: Anthropic Messages, to any provider (native to Anthropic). */
import type { V1Context } from '../http/call.js';
import { modelCall, type ModelFormat } from '../http/model-call.js';
import type { V1Router } from '../http/v1.js';
import { decodeMessagesRequest, encodeMessagesResponse, MessagesStreamEncoder } from '../wire/messages.js';

const MESSAGES: ModelFormat = {
  route: 'messages',
  decode: decodeMessagesRequest,
  encode: (r, model) => encodeMessagesResponse(r, model),
  streamEncoder: (model) => new MessagesStreamEncoder(model),
};

/** Registers the route (usage route `messages`, Anthropic error bodies). */
export function register(router: V1Router, _ctx: V1Context): void {
  router.add('/v1/messages', { name: 'messages', method: 'POST', shape: 'anthropic', handle: (call) => modelCall(call, MESSAGES) });
}
