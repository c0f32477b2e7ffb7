/** Anthropic Messages, both directions. */
import {
  imageUrl,
  isObj,
  optInt,
  optNum,
  optStream,
  parseArgs,
  stopList,
  type CanonicalRequest,
  type CanonicalResponse,
  type Message,
  type Part,
  type StopReason,
  type StreamEvent,
  type Tool,
  type ToolChoice,
  type Usage,
} from '../canonical/types.js';
import { badRequest } from '../errors.js';
import { BlockTracker, type StreamDecoder, type StreamEncoder } from './blocks.js';
import { parseJson, sseFrame, type SseFrame } from './sse.js';

const STOP_IN: Record<string, StopReason> = {
  end_turn: 'end',
  max_tokens: 'max_tokens',
  tool_use: 'tool_use',
  stop_sequence: 'stop_sequence',
  refusal: 'refusal',
  pause_turn: 'end',
};
const STOP_OUT: Record<StopReason, string> = {
  end: 'end_turn',
  max_tokens: 'max_tokens',
  tool_use: 'tool_use',
  stop_sequence: 'stop_sequence',
  content_filter: 'refusal',
  refusal: 'refusal',
};
const EFFORT_BUDGET: Record<string, number> = { minimal: 1024, low: 1024, medium: 4096, high: 16384 };

function blockText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((b) => (isObj(b) && b.type === 'text' ? String(b.text ?? '') : '')).join('');
  return '';
}

function decodeBlocks(content: unknown, i: number): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw badRequest(`messages.${i}.content: must be a string or an array of content blocks`);
  const parts: Part[] = [];
  for (const b of content) {
    if (!isObj(b)) throw badRequest(`messages.${i}.content: invalid content block`);
    switch (b.type) {
      case 'text':
        parts.push({ type: 'text', text: String(b.text ?? '') });
        break;
      case 'image': {
        const s = b.source;
        if (isObj(s) && s.type === 'base64') parts.push({ type: 'image', mediaType: String(s.media_type ?? 'image/png'), data: String(s.data ?? '') });
        else if (isObj(s) && s.type === 'url') parts.push({ type: 'image', url: String(s.url) });
        else throw badRequest(`messages.${i}.content: image.source must be base64 or url`);
        break;
      }
      case 'tool_use':
        parts.push({ type: 'tool_call', id: String(b.id ?? ''), name: String(b.name ?? ''), arguments: JSON.stringify(b.input ?? {}) });
        break;
      case 'tool_result':
        parts.push({
          type: 'tool_result',
          toolCallId: String(b.tool_use_id ?? ''),
          content: blockText(b.content),
          isError: b.is_error === true ? true : undefined,
        });
        break;
      case 'thinking':
        parts.push({ type: 'thinking', text: String(b.thinking ?? ''), signature: typeof b.signature === 'string' ? b.signature : undefined });
        break;
      case 'redacted_thinking':
        parts.push({ type: 'thinking', text: '', redacted: String(b.data ?? '') });
        break;
      default:
        throw badRequest(`messages.${i}.content: block type ${JSON.stringify(b.type)} is not supported`);
    }
  }
  return parts;
}

/** Anthropic Messages request (from the client) → canonical. */
export function decodeMessagesRequest(body: Record<string, any>, model: string): CanonicalRequest {
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw badRequest('messages: must be a non-empty array');
  const messages: Message[] = body.messages.map((m: unknown, i: number) => {
    if (!isObj(m) || (m.role !== 'user' && m.role !== 'assistant')) throw badRequest(`messages.${i}.role: must be "user" or "assistant"`);
    return { role: m.role, content: decodeBlocks(m.content, i) };
  });
  let system: string | undefined;
  if (typeof body.system === 'string') system = body.system;
  else if (Array.isArray(body.system)) system = blockText(body.system);
  else if (body.system !== undefined && body.system !== null) throw badRequest('system: must be a string or an array of text blocks');
  let tools: Tool[] | undefined;
  if (body.tools !== undefined && body.tools !== null) {
    if (!Array.isArray(body.tools)) throw badRequest('tools: must be an array');
    tools = [];
    for (const [i, t] of body.tools.entries()) {
      if (!isObj(t) || typeof t.name !== 'string') throw badRequest(`tools.${i}: name is required`);
      if (t.type !== undefined && t.type !== 'custom') continue; // server tools are not offered upstream
      tools.push({
        name: t.name,
        description: typeof t.description === 'string' ? t.description : undefined,
        parameters: isObj(t.input_schema) ? t.input_schema : { type: 'object', properties: {} },
      });
    }
  }
  let toolChoice: ToolChoice | undefined;
  const tc = body.tool_choice;
  if (isObj(tc)) {
    if (tc.type === 'auto') toolChoice = 'auto';
    else if (tc.type === 'any') toolChoice = 'required';
    else if (tc.type === 'none') toolChoice = 'none';
    else if (tc.type === 'tool' && typeof tc.name === 'string') toolChoice = { name: tc.name };
    else throw badRequest('tool_choice: invalid');
  } else if (tc !== undefined && tc !== null) throw badRequest('tool_choice: invalid');
  const thinking =
    isObj(body.thinking) && body.thinking.type === 'enabled' ? { budgetTokens: optInt(body.thinking.budget_tokens, 'thinking.budget_tokens') } : undefined;
  return {
    model,
    system: system || undefined,
    messages,
    tools,
    toolChoice,
    maxTokens: optInt(body.max_tokens, 'max_tokens'),
    temperature: optNum(body.temperature, 'temperature'),
    topP: optNum(body.top_p, 'top_p'),
    stop: stopList(body.stop_sequences, 'stop_sequences'),
    stream: optStream(body.stream),
    reasoning: thinking,
    parallelToolCalls: isObj(tc) && tc.disable_parallel_tool_use === true ? false : undefined,
    user: typeof body.metadata?.user_id === 'string' ? body.metadata.user_id : undefined,
  };
}

function encodePart(p: Part): Record<string, unknown> | undefined {
  switch (p.type) {
    case 'text':
      return { type: 'text', text: p.text };
    case 'image':
      return p.data !== undefined
        ? { type: 'image', source: { type: 'base64', media_type: p.mediaType ?? 'image/png', data: p.data } }
        : { type: 'image', source: { type: 'url', url: imageUrl(p) } };
    case 'tool_call':
      return { type: 'tool_use', id: p.id, name: p.name, input: parseArgs(p.arguments) };
    case 'tool_result':
      return { type: 'tool_result', tool_use_id: p.toolCallId, content: p.content, ...(p.isError ? { is_error: true } : {}) };
    case 'thinking':
      if (p.redacted !== undefined) return { type: 'redacted_thinking', data: p.redacted };
      // Anthropic refuses unsigned thinking; thoughts of other providers are dropped.
      return p.signature && !p.signature.startsWith('gemini:') ? { type: 'thinking', thinking: p.text, signature: p.signature } : undefined;
  }
}

/** Canonical → Anthropic Messages request (to the Anthropic upstream). */
export function encodeMessagesRequest(req: CanonicalRequest): Record<string, unknown> {
  const messages: Array<{ role: string; content: any[] }> = [];
  for (const m of req.messages) {
    let blocks = m.content.map(encodePart).filter((b): b is Record<string, unknown> => b !== undefined);
    if (m.role === 'user') blocks = [...blocks.filter((b) => b.type === 'tool_result'), ...blocks.filter((b) => b.type !== 'tool_result')];
    if (!blocks.length) continue;
    const last = messages.at(-1);
    if (last && last.role === m.role) last.content.push(...blocks);
    else messages.push({ role: m.role, content: blocks });
  }
  let maxTokens = req.maxTokens ?? 4096;
  const out: Record<string, unknown> = { model: req.model, messages };
  if (req.system) out.system = req.system;
  if (req.reasoning && (req.reasoning.budgetTokens || (req.reasoning.effort && req.reasoning.effort !== 'none'))) {
    const budget = req.reasoning.budgetTokens ?? EFFORT_BUDGET[req.reasoning.effort ?? 'medium'] ?? 4096;
    if (maxTokens <= budget) maxTokens = budget + (req.maxTokens ?? 4096);
    out.thinking = { type: 'enabled', budget_tokens: budget };
  }
  out.max_tokens = maxTokens;
  if (req.tools?.length)
    out.tools = req.tools.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}), input_schema: t.parameters }));
  if (req.toolChoice && req.tools?.length) {
    const tc = req.toolChoice;
    out.tool_choice =
      tc === 'auto' ? { type: 'auto' } : tc === 'required' ? { type: 'any' } : tc === 'none' ? { type: 'none' } : { type: 'tool', name: tc.name };
    if (req.parallelToolCalls === false && tc !== 'none') (out.tool_choice as Record<string, unknown>).disable_parallel_tool_use = true;
  }
  if (req.temperature !== undefined) out.temperature = req.temperature;
  if (req.topP !== undefined) out.top_p = req.topP;
  if (req.stop) out.stop_sequences = req.stop;
  if (req.user) out.metadata = { user_id: req.user };
  if (req.stream) out.stream = true;
  return out;
}

export function messagesUsageIn(u: any, prev?: Usage): Usage {
  if (!isObj(u)) return prev ?? { input: 0, output: 0 };
  const read = Number(u.cache_read_input_tokens ?? 0) || 0;
  const write = Number(u.cache_creation_input_tokens ?? 0) || 0;
  const base = u.input_tokens === undefined || u.input_tokens === null ? undefined : Number(u.input_tokens) || 0;
  return {
    input: base === undefined ? (prev?.input ?? 0) : base + read + write,
    output: u.output_tokens === undefined || u.output_tokens === null ? (prev?.output ?? 0) : Number(u.output_tokens) || 0,
    cached: base === undefined ? prev?.cached : read,
    cacheWrite: base === undefined ? prev?.cacheWrite : write,
  };
}

export function messagesUsageOut(u: Usage) {
  return {
    input_tokens: Math.max(0, u.input - (u.cached ?? 0) - (u.cacheWrite ?? 0)),
    cache_creation_input_tokens: u.cacheWrite ?? 0,
    cache_read_input_tokens: u.cached ?? 0,
    output_tokens: u.output,
  };
}

/** Anthropic response (from upstream) → canonical. */
export function decodeMessagesResponse(json: any): CanonicalResponse {
  const content: Part[] = [];
  for (const b of Array.isArray(json?.content) ? json.content : []) {
    if (b?.type === 'text') content.push({ type: 'text', text: String(b.text ?? '') });
    else if (b?.type === 'tool_use') content.push({ type: 'tool_call', id: String(b.id), name: String(b.name), arguments: JSON.stringify(b.input ?? {}) });
    else if (b?.type === 'thinking') content.push({ type: 'thinking', text: String(b.thinking ?? ''), signature: b.signature });
    else if (b?.type === 'redacted_thinking') content.push({ type: 'thinking', text: '', redacted: String(b.data ?? '') });
  }
  return {
    id: String(json?.id ?? ''),
    model: String(json?.model ?? ''),
    created: Math.floor(Date.now() / 1000),
    content,
    stopReason: STOP_IN[json?.stop_reason] ?? 'end',
    stopSequence: json?.stop_sequence ?? null,
    usage: messagesUsageIn(json?.usage),
  };
}

const encodeOutBlock = (p: Part) => {
  if (p.type === 'thinking')
    return p.redacted !== undefined ? { type: 'redacted_thinking', data: p.redacted } : { type: 'thinking', thinking: p.text, signature: p.signature ?? '' };
  return encodePart(p);
};

/** Canonical → Anthropic response (to the client). */
export function encodeMessagesResponse(r: CanonicalResponse, model: string): Record<string, unknown> {
  return {
    id: r.id.startsWith('msg_') ? r.id : `msg_${r.id}`,
    type: 'message',
    role: 'assistant',
    model,
    content: r.content.map(encodeOutBlock).filter(Boolean),
    stop_reason: STOP_OUT[r.stopReason],
    stop_sequence: r.stopSequence ?? null,
    usage: messagesUsageOut(r.usage),
  };
}

/** Upstream Anthropic SSE → canonical events. */
export class MessagesStreamDecoder implements StreamDecoder {
  private b = new BlockTracker();
  private upstreamIndex = new Map<number, number>();

  push(frame: SseFrame): StreamEvent[] {
    const json = parseJson(frame.data);
    if (!isObj(json)) return [];
    const type = frame.event ?? json.type;
    switch (type) {
      case 'message_start': {
        this.b.started = true;
        const m = json.message ?? {};
        this.b.usage = messagesUsageIn(m.usage);
        return [{ type: 'start', id: String(m.id ?? ''), model: String(m.model ?? ''), usage: this.b.usage }];
      }
      case 'content_block_start': {
        const cb = json.content_block ?? {};
        const key = `u${json.index}`;
        let ev: StreamEvent[];
        if (cb.type === 'tool_use') ev = this.b.ensure({ type: 'tool_call', id: String(cb.id), name: String(cb.name) }, key);
        else if (cb.type === 'thinking') ev = this.b.ensure({ type: 'thinking' }, key);
        else if (cb.type === 'redacted_thinking') ev = this.b.ensure({ type: 'thinking', redacted: String(cb.data ?? '') }, key);
        else ev = this.b.ensure({ type: 'text' }, key);
        this.upstreamIndex.set(Number(json.index), this.b.index);
        if (cb.type === 'text' && cb.text) ev.push({ type: 'text_delta', index: this.b.index, text: String(cb.text) });
        return ev;
      }
      case 'content_block_delta': {
        const index = this.upstreamIndex.get(Number(json.index)) ?? this.b.index;
        const d = json.delta ?? {};
        if (d.type === 'text_delta') return [{ type: 'text_delta', index, text: String(d.text ?? '') }];
        if (d.type === 'input_json_delta') return d.partial_json ? [{ type: 'args_delta', index, json: String(d.partial_json) }] : [];
        if (d.type === 'thinking_delta') return [{ type: 'thinking_delta', index, text: String(d.thinking ?? '') }];
        if (d.type === 'signature_delta') return [{ type: 'signature', index, signature: String(d.signature ?? '') }];
        return [];
      }
      case 'content_block_stop':
        return this.b.close();
      case 'message_delta':
        if (json.delta?.stop_reason) this.b.stop = STOP_IN[json.delta.stop_reason] ?? 'end';
        if (json.delta?.stop_sequence !== undefined) this.b.stopSequence = json.delta.stop_sequence;
        // message_delta usage is cumulative: it replaces, never adds.
        this.b.usage = messagesUsageIn(json.usage, this.b.usage);
        return [];
      case 'message_stop':
        return this.b.finish();
      case 'error':
        return [{ type: 'error', message: String(json.error?.message ?? 'upstream error') }];
      default:
        return [];
    }
  }

  end(): StreamEvent[] {
    return this.b.finish();
  }
}

/** Canonical events → Anthropic SSE (`event:` line on every frame). */
export class MessagesStreamEncoder implements StreamEncoder {
  private open = new Set<number>();
  private started = false;

  constructor(private readonly model: string) {}

  encode(ev: StreamEvent): string {
    const f = (type: string, data: object) => sseFrame({ type, ...data }, type);
    switch (ev.type) {
      case 'start': {
        this.started = true;
        const usage = messagesUsageOut({ input: ev.usage?.input ?? 0, output: 0, cached: ev.usage?.cached, cacheWrite: ev.usage?.cacheWrite });
        return (
          f('message_start', {
            message: {
              id: ev.id.startsWith('msg_') ? ev.id : `msg_${ev.id}`,
              type: 'message',
              role: 'assistant',
              model: this.model,
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { ...usage, output_tokens: 1 },
            },
          }) + f('ping', {})
        );
      }
      case 'block_start': {
        this.open.add(ev.index);
        const b = ev.block;
        const content_block =
          b.type === 'text'
            ? { type: 'text', text: '' }
            : b.type === 'tool_call'
              ? { type: 'tool_use', id: b.id, name: b.name, input: {} }
              : b.redacted !== undefined
                ? { type: 'redacted_thinking', data: b.redacted }
                : { type: 'thinking', thinking: '', signature: '' };
        return f('content_block_start', { index: ev.index, content_block });
      }
      case 'text_delta':
        return f('content_block_delta', { index: ev.index, delta: { type: 'text_delta', text: ev.text } });
      case 'args_delta':
        return f('content_block_delta', { index: ev.index, delta: { type: 'input_json_delta', partial_json: ev.json } });
      case 'thinking_delta':
        return f('content_block_delta', { index: ev.index, delta: { type: 'thinking_delta', thinking: ev.text } });
      case 'signature':
        return f('content_block_delta', { index: ev.index, delta: { type: 'signature_delta', signature: ev.signature } });
      case 'block_stop':
        if (!this.open.delete(ev.index)) return '';
        return f('content_block_stop', { index: ev.index });
      case 'finish': {
        let out = '';
        for (const i of this.open) out += f('content_block_stop', { index: i });
        this.open.clear();
        const u = messagesUsageOut(ev.usage);
        return (
          out +
          f('message_delta', { delta: { stop_reason: STOP_OUT[ev.stopReason], stop_sequence: ev.stopSequence ?? null }, usage: u }) +
          f('message_stop', {})
        );
      }
      case 'error': {
        void this.started;
        const type = ev.status === 429 ? 'rate_limit_error' : ev.status === 529 || ev.status === 503 ? 'overloaded_error' : 'api_error';
        return f('error', { error: { type, message: ev.message } });
      }
    }
  }
}
