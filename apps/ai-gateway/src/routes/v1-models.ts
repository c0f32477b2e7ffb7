/**
 * `GET /v1/models` and `GET /v1/models/{id}`: the key's models only, in OpenAI's shape or, for an
 * Anthropic-style request (`anthropic-version` or `x-api-key`), Anthropic's (paged list).
 */
import { GatewayError } from '../errors.js';
import type { Call, V1Context } from '../http/call.js';
import type { Shape } from '../http/error-body.js';
import type { V1Router } from '../http/v1.js';

const MODELS_CREATED = 1735689600;
const MODELS_CREATED_AT = new Date(MODELS_CREATED * 1000).toISOString();

/** One model entry: OpenAI's `{id, object, created, owned_by}` or Anthropic's `{type, id, display_name, created_at}`. */
export function modelEntry(shape: Shape, id: string): Record<string, unknown> {
  if (shape === 'anthropic') return { type: 'model', id, display_name: id, created_at: MODELS_CREATED_AT };
  return { id, object: 'model', created: MODELS_CREATED, owned_by: id.slice(0, id.indexOf('/')) };
}

/**
 * The key's models as a list: OpenAI's `{object: 'list', data}`, or Anthropic's page
 * `{data, has_more, first_id, last_id}` honouring `limit` (1–1000, default 20), `after_id` and `before_id`
 * (400 `GatewayError` for a bad `limit`).
 */
export function modelList(shape: Shape, ids: readonly string[], query: URLSearchParams): Record<string, unknown> {
  if (shape === 'openai') return { object: 'list', data: ids.map((id) => modelEntry('openai', id)) };
  const rawLimit = query.get('limit');
  const limit = rawLimit === null ? 20 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new GatewayError('invalid_request', 'limit must be an integer from 1 to 1000.', { param: 'limit' });
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

/** The model id of `/v1/models/{id}` (the SDKs percent-encode the slash of `openai/gpt-4o-mini`; a raw slash works too), or undefined. */
function modelIdOf(rest: string): string | undefined {
  try {
    return decodeURIComponent(rest);
  } catch {
    return undefined;
  }
}

async function listModels(call: Call): Promise<void> {
  const url = call.req.url!;
  const q = url.indexOf('?');
  call.send(200, modelList(call.shape, call.key!.models, new URLSearchParams(q < 0 ? '' : url.slice(q + 1))));
}

async function getModel(call: Call): Promise<void> {
  const id = call.param!;
  if (!call.key!.models.includes(id))
    throw new GatewayError('model_not_found', `The model ${JSON.stringify(id.slice(0, 200))} does not exist or is not allowed for this key.`, {
      param: 'model',
    });
  call.send(200, modelEntry(call.shape, id));
}

/** Registers both routes (usage routes `models` and `model`; the error shape follows the caller). */
export function register(router: V1Router, _ctx: V1Context): void {
  router.add('/v1/models', { name: 'models', method: 'GET', shape: 'caller', handle: listModels });
  router.under('/v1/models/', {
    name: 'model',
    method: 'GET',
    shape: 'caller',
    label: '/v1/models/:model',
    pattern: '/v1/models/{id}',
    param: modelIdOf,
    handle: getModel,
  });
}
