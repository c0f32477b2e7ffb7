/** `POST /v1/responses`: OpenAI Responses (stateless), to any provider (native to OpenAI). */
import type { V1Context } from '../http/call.js';
import { modelCall, type ModelFormat } from '../http/model-call.js';
import type { V1Router } from '../http/v1.js';
import { decodeResponsesRequest, encodeResponsesResponse, ResponsesStreamEncoder } from '../wire/responses.js';

const RESPONSES: ModelFormat = {
  route: 'responses',
  decode: decodeResponsesRequest,
  encode: encodeResponsesResponse,
  streamEncoder: (model, canon) => new ResponsesStreamEncoder(model, canon),
};

/** Registers the route (usage route `responses`, OpenAI error bodies). */
export function register(router: V1Router, _ctx: V1Context): void {
  router.add('/v1/responses', { name: 'responses', method: 'POST', shape: 'openai', handle: (call) => modelCall(call, RESPONSES) });
}
