/**
 * OpenAI's embeddings format (`POST /v1/embeddings`) on the client side, and Gemini's
 * `batchEmbedContents` on the upstream side. OpenAI models get the client's body as it is
 * (only `model` rewritten).
 */
import { isObj } from '../canonical/types.js';
import { badRequest } from '../errors.js';

/** Most inputs in one request (OpenAI's own limit). */
export const MAX_INPUTS = 2048;
/** Most inputs Gemini takes in one `batchEmbedContents`. */
export const GEMINI_MAX_INPUTS = 100;

export interface EmbeddingsRequest {
  /** The texts, or token arrays (OpenAI models only). */
  inputs: Array<string | number[]>;
  encoding: 'float' | 'base64';
  dimensions?: number;
  /** Reserved tokens: 4 characters (or 1 token id) a token. */
  estimate: number;
}

/**
 * Validates an OpenAI embeddings body: `input` a non-empty string, array of strings, array of token
 * ids or array of token-id arrays (≤ 2,048 inputs, none empty); `encoding_format` `float` or `base64`;
 * `dimensions` a positive integer. Throws a 400 GatewayError naming the field.
 */
export function decodeEmbeddingsRequest(body: Record<string, unknown>): EmbeddingsRequest {
  const input = body.input;
  let inputs: Array<string | number[]>;
  const isTokens = (v: unknown): v is number[] => Array.isArray(v) && v.length > 0 && v.every((t) => Number.isInteger(t) && t >= 0);
  if (typeof input === 'string') inputs = [input];
  else if (isTokens(input)) inputs = [input];
  else if (Array.isArray(input) && input.length > 0 && input.every((x) => typeof x === 'string' || isTokens(x))) inputs = input as Array<string | number[]>;
  else throw badRequest('input must be a string, an array of strings, an array of token ids or an array of token-id arrays', 'input');
  if (inputs.length > MAX_INPUTS) throw badRequest(`input has ${inputs.length} items; at most ${MAX_INPUTS}`, 'input');
  if (inputs.some((x) => x.length === 0)) throw badRequest('input must not contain empty strings', 'input');
  const enc = body.encoding_format ?? 'float';
  if (enc !== 'float' && enc !== 'base64') throw badRequest('encoding_format must be "float" or "base64"', 'encoding_format');
  const dims = body.dimensions;
  if (dims !== undefined && dims !== null && (!Number.isInteger(dims) || (dims as number) < 1 || (dims as number) > 65536))
    throw badRequest('dimensions must be a positive integer', 'dimensions');
  let estimate = 0;
  for (const x of inputs) estimate += typeof x === 'string' ? Math.ceil(x.length / 4) : x.length;
  return { inputs, encoding: enc, dimensions: (dims as number | undefined) ?? undefined, estimate };
}

/** The request body of Gemini's `POST /v1beta/models/{model}:batchEmbedContents`. Token arrays are refused (400): Gemini takes text. */
export function encodeGeminiEmbeddings(req: EmbeddingsRequest, model: string): Record<string, unknown> {
  if (req.inputs.length > GEMINI_MAX_INPUTS) throw badRequest(`Gemini models take at most ${GEMINI_MAX_INPUTS} inputs per request`, 'input');
  return {
    requests: req.inputs.map((x) => {
      if (typeof x !== 'string') throw badRequest('Gemini models take text inputs, not token ids', 'input');
      return { model: `models/${model}`, content: { parts: [{ text: x }] }, ...(req.dimensions ? { outputDimensionality: req.dimensions } : {}) };
    }),
  };
}

/** A vector as OpenAI's `encoding_format: base64` sends it: little-endian float32 bytes, base64. */
export function base64Vector(values: number[]): string {
  const buf = Buffer.allocUnsafe(values.length * 4);
  for (let i = 0; i < values.length; i++) buf.writeFloatLE(values[i]!, i * 4);
  return buf.toString('base64');
}

/**
 * Gemini's `{embeddings: [{values}]}` → OpenAI's list, `model` the id the client sent. Gemini reports
 * no token usage for embeddings: `prompt_tokens` is the gateway's estimate (4 characters a token).
 */
export function encodeEmbeddingsFromGemini(json: Record<string, unknown>, req: EmbeddingsRequest, model: string): Record<string, unknown> | undefined {
  const list = json.embeddings;
  if (!Array.isArray(list) || list.length !== req.inputs.length) return undefined;
  const data = [];
  for (const [index, e] of list.entries()) {
    const values = isObj(e) ? e.values : undefined;
    if (!Array.isArray(values) || !values.every((v) => typeof v === 'number')) return undefined;
    data.push({ object: 'embedding', index, embedding: req.encoding === 'base64' ? base64Vector(values) : values });
  }
  return { object: 'list', data, model, usage: { prompt_tokens: req.estimate, total_tokens: req.estimate } };
}
