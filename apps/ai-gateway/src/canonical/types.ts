/**
 * The gateway's internal model of a model call. Every wire format has a
 * decoder into it and an encoder out of it (src/wire/*), so any route can be
 * served by any provider.
 *
 * Conventions:
 * - Tool results are `tool_result` parts of a `user` message.
 * - A `thinking` part keeps the provider's signature untouched; a Gemini
 *   `thoughtSignature` is a thinking part (possibly with empty text) placed
 *   right before the part that carried it.
 * - `usage.input` counts every input token, cached ones included; `cached`
 *   is the part read from a prompt cache, `cacheWrite` the part written to it.
 */
import { badRequest } from '../errors.js';

export type Part =
  | { type: 'text'; text: string }
  | { type: 'image'; mediaType?: string; data?: string; url?: string }
  | { type: 'tool_call'; id: string; name: string; arguments: string }
  | { type: 'tool_result'; toolCallId: string; content: string; isError?: boolean }
  | { type: 'thinking'; text: string; signature?: string; redacted?: string };

export interface Message {
  role: 'user' | 'assistant';
  content: Part[];
}

export interface Tool {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

export interface CanonicalRequest {
  /** The provider's model name (without the `provider/` prefix). */
  model: string;
  system?: string;
  messages: Message[];
  tools?: Tool[];
  toolChoice?: ToolChoice;
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  stop?: string[];
  stream: boolean;
  /** The caller asked for usage in the stream (Chat's `stream_options.include_usage`). */
  includeUsage?: boolean;
  reasoning?: { effort?: string; budgetTokens?: number };
  parallelToolCalls?: boolean;
  user?: string;
}

export type StopReason = 'end' | 'max_tokens' | 'tool_use' | 'stop_sequence' | 'content_filter' | 'refusal';

export interface Usage {
  input: number;
  output: number;
  cached?: number;
  cacheWrite?: number;
  reasoning?: number;
}

export interface CanonicalResponse {
  id: string;
  model: string;
  created: number;
  content: Part[];
  stopReason: StopReason;
  stopSequence?: string | null;
  usage: Usage;
}

export type BlockStart = { type: 'text' } | { type: 'tool_call'; id: string; name: string } | { type: 'thinking'; redacted?: string };

/**
 * Stream events. Blocks are numbered from 0 in the order they start; only
 * one block is open at a time.
 */
export type StreamEvent =
  | { type: 'start'; id: string; model: string; usage?: Partial<Usage> }
  | { type: 'block_start'; index: number; block: BlockStart }
  | { type: 'text_delta'; index: number; text: string }
  | { type: 'args_delta'; index: number; json: string }
  | { type: 'thinking_delta'; index: number; text: string }
  | { type: 'signature'; index: number; signature: string }
  | { type: 'block_stop'; index: number }
  | { type: 'finish'; stopReason: StopReason; stopSequence?: string | null; usage: Usage }
  | { type: 'error'; message: string; status?: number };

/** Rough token estimate of a request: 4 characters a token, 1,000 an image. */
export function estimateInputTokens(req: CanonicalRequest): number {
  let chars = (req.system ?? '').length;
  let images = 0;
  for (const m of req.messages) {
    for (const p of m.content) {
      if (p.type === 'text' || p.type === 'thinking') chars += p.text.length;
      else if (p.type === 'tool_call') chars += p.name.length + p.arguments.length;
      else if (p.type === 'tool_result') chars += p.content.length;
      else images++;
    }
  }
  for (const t of req.tools ?? []) chars += t.name.length + (t.description?.length ?? 0) + JSON.stringify(t.parameters).length;
  return Math.ceil(chars / 4) + images * 1000 + 1;
}

/** Tool results and tool calls must match: a tool call id → its name (Gemini needs names). */
export function toolNames(messages: Message[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of messages) for (const p of m.content) if (p.type === 'tool_call') names.set(p.id, p.name);
  return names;
}

export function parseArgs(json: string): Record<string, unknown> {
  try {
    const v = JSON.parse(json || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? v : { value: v };
  } catch {
    return {};
  }
}

/** Helpers to read untrusted JSON without crashing (bad input never gives a 500). */
export const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const optNum = (v: unknown, name: string): number | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw badRequest(`${name} must be a number`, name);
  return v;
};
/**
 * `stream`: true, false or absent (null counts as absent), as OpenAI and Anthropic accept it. Anything
 * else is a 400: a body passed through with `stream: 1` would make a lenient provider stream while
 * the gateway waits for JSON (a 502).
 */
export const optStream = (v: unknown): boolean => {
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw badRequest('stream must be a boolean', 'stream');
  return v;
};
export const optInt = (v: unknown, name: string): number | undefined => {
  const n = optNum(v, name);
  if (n !== undefined && (!Number.isInteger(n) || n < 1)) throw badRequest(`${name} must be a positive integer`, name);
  return n;
};
export const stopList = (v: unknown, name: string): string[] | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v;
  throw badRequest(`${name} must be a string or an array of strings`, name);
};

/** `data:image/png;base64,AAA` → media type and data; other URLs stay URLs. */
export function imageFromUrl(url: string): Part {
  const m = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return m ? { type: 'image', mediaType: m[1], data: m[2] } : { type: 'image', url };
}

export const imageUrl = (p: Extract<Part, { type: 'image' }>): string => p.url ?? `data:${p.mediaType ?? 'image/png'};base64,${p.data ?? ''}`;
