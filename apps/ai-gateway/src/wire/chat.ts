/** OpenAI Chat Completions, both directions (client side and upstream side). */
import {
  imageFromUrl,
  imageUrl,
  isObj,
  optInt,
  optNum,
  optStream,
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

const FINISH_IN: Record<string, StopReason> = {
  stop: 'end',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'content_filter',
};
const FINISH_OUT: Record<StopReason, string> = {
  end: 'stop',
  max_tokens: 'length',
  tool_use: 'tool_calls',
  stop_sequence: 'stop',
  content_filter: 'content_filter',
  refusal: 'content_filter',
};

function textContent(content: unknown, where: string): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).join('');
  throw badRequest(`${where}: content must be a string or an array of parts`, 'messages');
}

function userParts(content: unknown, i: number): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw badRequest(`messages[${i}].content must be a string or an array of parts`, `messages[${i}].content`);
  const parts: Part[] = [];
  for (const p of content) {
    if (!isObj(p)) throw badRequest(`messages[${i}].content has an invalid part`, `messages[${i}].content`);
    if (p.type === 'text' && typeof p.text === 'string') parts.push({ type: 'text', text: p.text });
    else if (p.type === 'image_url') {
      const url = typeof p.image_url === 'string' ? p.image_url : p.image_url?.url;
      if (typeof url !== 'string') throw badRequest(`messages[${i}].content: image_url.url is required`, `messages[${i}].content`);
      parts.push(imageFromUrl(url));
    } else throw badRequest(`messages[${i}].content: part type ${JSON.stringify(p.type)} is not supported`, `messages[${i}].content`);
  }
  return parts;
}

/** Chat Completions request (from the client) → canonical. */
export function decodeChatRequest(body: Record<string, any>, model: string): CanonicalRequest {
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw badRequest('messages must be a non-empty array', 'messages');
  const system: string[] = [];
  const messages: Message[] = [];
  const push = (role: Message['role'], parts: Part[]) => {
    const last = messages.at(-1);
    if (last && last.role === role && role === 'user' && parts.every((p) => p.type === 'tool_result') && last.content.every((p) => p.type === 'tool_result')) {
      last.content.push(...parts);
    } else messages.push({ role, content: parts });
  };
  body.messages.forEach((m: unknown, i: number) => {
    if (!isObj(m)) throw badRequest(`messages[${i}] must be an object`, `messages[${i}]`);
    switch (m.role) {
      case 'system':
      case 'developer':
        system.push(textContent(m.content, `messages[${i}]`));
        break;
      case 'user':
        push('user', userParts(m.content, i));
        break;
      case 'assistant': {
        const parts: Part[] = [];
        if (Array.isArray(m.thinking_blocks)) {
          for (const b of m.thinking_blocks) {
            if (isObj(b) && b.type === 'thinking')
              parts.push({ type: 'thinking', text: String(b.thinking ?? ''), signature: typeof b.signature === 'string' ? b.signature : undefined });
            else if (isObj(b) && b.type === 'redacted_thinking') parts.push({ type: 'thinking', text: '', redacted: String(b.data ?? '') });
          }
        } else if (typeof m.reasoning_content === 'string' && m.reasoning_content) parts.push({ type: 'thinking', text: m.reasoning_content });
        const text = textContent(m.content, `messages[${i}]`);
        if (text) parts.push({ type: 'text', text });
        if (m.tool_calls !== undefined && !Array.isArray(m.tool_calls))
          throw badRequest(`messages[${i}].tool_calls must be an array`, `messages[${i}].tool_calls`);
        for (const tc of m.tool_calls ?? []) {
          if (!isObj(tc) || !isObj(tc.function) || typeof tc.function.name !== 'string')
            throw badRequest(`messages[${i}].tool_calls has an invalid entry`, `messages[${i}].tool_calls`);
          parts.push({
            type: 'tool_call',
            id: String(tc.id ?? ''),
            name: tc.function.name,
            arguments: typeof tc.function.arguments === 'string' ? tc.function.arguments : JSON.stringify(tc.function.arguments ?? {}),
          });
        }
        messages.push({ role: 'assistant', content: parts });
        break;
      }
      case 'tool':
        if (typeof m.tool_call_id !== 'string') throw badRequest(`messages[${i}].tool_call_id is required`, `messages[${i}].tool_call_id`);
        push('user', [{ type: 'tool_result', toolCallId: m.tool_call_id, content: textContent(m.content, `messages[${i}]`) }]);
        break;
      default:
        throw badRequest(`messages[${i}].role must be system, developer, user, assistant or tool`, `messages[${i}].role`);
    }
  });
  let tools: Tool[] | undefined;
  if (body.tools !== undefined && body.tools !== null) {
    if (!Array.isArray(body.tools)) throw badRequest('tools must be an array', 'tools');
    tools = body.tools.map((t: unknown, i: number) => {
      if (!isObj(t) || !isObj(t.function) || typeof t.function.name !== 'string')
        throw badRequest(`tools[${i}] must be {type:"function", function:{name,…}}`, `tools[${i}]`);
      return {
        name: t.function.name,
        description: typeof t.function.description === 'string' ? t.function.description : undefined,
        parameters: isObj(t.function.parameters) ? t.function.parameters : { type: 'object', properties: {} },
      };
    });
  }
  let toolChoice: ToolChoice | undefined;
  const tc = body.tool_choice;
  if (tc === 'auto' || tc === 'none' || tc === 'required') toolChoice = tc;
  else if (isObj(tc) && isObj(tc.function) && typeof tc.function.name === 'string') toolChoice = { name: tc.function.name };
  else if (tc !== undefined && tc !== null) throw badRequest('tool_choice is invalid', 'tool_choice');
  return {
    model,
    system: system.length ? system.join('\n\n') : undefined,
    messages,
    tools,
    toolChoice,
    maxTokens: optInt(body.max_completion_tokens ?? body.max_tokens, 'max_tokens'),
    temperature: optNum(body.temperature, 'temperature'),
    topP: optNum(body.top_p, 'top_p'),
    stop: stopList(body.stop, 'stop'),
    stream: optStream(body.stream),
    includeUsage: body.stream_options?.include_usage === true,
    reasoning: typeof body.reasoning_effort === 'string' ? { effort: body.reasoning_effort } : undefined,
    parallelToolCalls: typeof body.parallel_tool_calls === 'boolean' ? body.parallel_tool_calls : undefined,
    user: typeof body.user === 'string' ? body.user : undefined,
  };
}

/** Canonical → Chat Completions request (to an OpenAI-compatible upstream). */
export function encodeChatRequest(req: CanonicalRequest): Record<string, unknown> {
  const messages: any[] = [];
  if (req.system) messages.push({ role: 'system', content: req.system });
  for (const m of req.messages) {
    if (m.role === 'user') {
      for (const p of m.content) if (p.type === 'tool_result') messages.push({ role: 'tool', tool_call_id: p.toolCallId, content: p.content });
      const rest = m.content.filter((p) => p.type === 'text' || p.type === 'image');
      if (!rest.length) continue;
      messages.push({
        role: 'user',
        content: rest.every((p) => p.type === 'text')
          ? rest.map((p) => (p as { text: string }).text).join('')
          : rest.map((p) =>
              p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image_url', image_url: { url: imageUrl(p as Extract<Part, { type: 'image' }>) } },
            ),
      });
    } else {
      const text = m.content
        .filter((p) => p.type === 'text')
        .map((p) => (p as { text: string }).text)
        .join('');
      const calls = m.content.filter((p): p is Extract<Part, { type: 'tool_call' }> => p.type === 'tool_call');
      messages.push({
        role: 'assistant',
        content: text || (calls.length ? null : ''),
        ...(calls.length ? { tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) } : {}),
      });
    }
  }
  const out: Record<string, unknown> = { model: req.model, messages };
  if (req.tools?.length)
    out.tools = req.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, ...(t.description ? { description: t.description } : {}), parameters: t.parameters },
    }));
  if (req.toolChoice) out.tool_choice = typeof req.toolChoice === 'string' ? req.toolChoice : { type: 'function', function: { name: req.toolChoice.name } };
  if (req.maxTokens !== undefined) out.max_completion_tokens = req.maxTokens;
  if (req.temperature !== undefined) out.temperature = req.temperature;
  if (req.topP !== undefined) out.top_p = req.topP;
  if (req.stop) out.stop = req.stop;
  if (req.reasoning?.effort) out.reasoning_effort = req.reasoning.effort;
  if (req.parallelToolCalls !== undefined && req.tools?.length) out.parallel_tool_calls = req.parallelToolCalls;
  if (req.user) out.user = req.user;
  if (req.stream) {
    out.stream = true;
    out.stream_options = { include_usage: true };
  }
  return out;
}

export function chatUsageIn(u: any): Usage {
  if (!isObj(u)) return { input: 0, output: 0 };
  return {
    input: Number(u.prompt_tokens) || 0,
    output: Number(u.completion_tokens) || 0,
    cached: Number(u.prompt_tokens_details?.cached_tokens) || 0,
    reasoning: Number(u.completion_tokens_details?.reasoning_tokens) || 0,
  };
}

export function chatUsageOut(u: Usage) {
  return {
    prompt_tokens: u.input,
    completion_tokens: u.output,
    total_tokens: u.input + u.output,
    prompt_tokens_details: { cached_tokens: u.cached ?? 0 },
    completion_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
  };
}

/** Chat Completions response (from upstream) → canonical. */
export function decodeChatResponse(json: any): CanonicalResponse {
  const choice = json?.choices?.[0];
  const msg = choice?.message ?? {};
  const content: Part[] = [];
  if (Array.isArray(msg.thinking_blocks)) {
    for (const b of msg.thinking_blocks) if (isObj(b)) content.push({ type: 'thinking', text: String(b.thinking ?? ''), signature: b.signature });
  } else if (typeof msg.reasoning_content === 'string' && msg.reasoning_content) content.push({ type: 'thinking', text: msg.reasoning_content });
  if (typeof msg.content === 'string' && msg.content) content.push({ type: 'text', text: msg.content });
  for (const tc of Array.isArray(msg.tool_calls) ? msg.tool_calls : []) {
    content.push({ type: 'tool_call', id: String(tc.id), name: String(tc.function?.name), arguments: String(tc.function?.arguments ?? '') });
  }
  return {
    id: String(json?.id ?? ''),
    model: String(json?.model ?? ''),
    created: Number(json?.created) || Math.floor(Date.now() / 1000),
    content,
    stopReason: FINISH_IN[choice?.finish_reason] ?? 'end',
    usage: chatUsageIn(json?.usage),
  };
}

/** Canonical → Chat Completions response (to the client). */
export function encodeChatResponse(r: CanonicalResponse, model: string): Record<string, unknown> {
  const text = r.content
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('');
  const calls = r.content.filter((p): p is Extract<Part, { type: 'tool_call' }> => p.type === 'tool_call');
  const thinking = r.content.filter((p): p is Extract<Part, { type: 'thinking' }> => p.type === 'thinking');
  const message: Record<string, unknown> = { role: 'assistant', content: text || (calls.length ? null : ''), refusal: null };
  if (calls.length) message.tool_calls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  if (thinking.length) {
    message.reasoning_content = thinking.map((t) => t.text).join('');
    message.thinking_blocks = thinking.map((t) =>
      t.redacted !== undefined ? { type: 'redacted_thinking', data: t.redacted } : { type: 'thinking', thinking: t.text, signature: t.signature ?? '' },
    );
  }
  return {
    id: r.id.startsWith('chatcmpl') ? r.id : `chatcmpl-${r.id}`,
    object: 'chat.completion',
    created: r.created,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: FINISH_OUT[r.stopReason] }],
    usage: chatUsageOut(r.usage),
  };
}

/** Upstream Chat Completions SSE → canonical events. */
export class ChatStreamDecoder implements StreamDecoder {
  private b = new BlockTracker();
  private toolIndex = new Map<number, string>();

  push(frame: SseFrame): StreamEvent[] {
    if (frame.data === '[DONE]') return this.b.finish();
    const json = parseJson(frame.data);
    if (!isObj(json)) return [];
    if (isObj(json.error)) return [{ type: 'error', message: String(json.error.message ?? 'upstream error') }];
    const out: StreamEvent[] = [];
    if (!this.b.started) {
      this.b.started = true;
      out.push({ type: 'start', id: String(json.id ?? ''), model: String(json.model ?? '') });
    }
    if (isObj(json.usage)) this.b.usage = chatUsageIn(json.usage);
    const choice = Array.isArray(json.choices) ? json.choices[0] : undefined;
    const delta = choice?.delta;
    if (isObj(delta)) {
      if (typeof delta.reasoning_content === 'string' && delta.reasoning_content) {
        out.push(...this.b.ensure({ type: 'thinking' }), { type: 'thinking_delta', index: this.b.index, text: delta.reasoning_content });
      }
      if (typeof delta.content === 'string' && delta.content) {
        out.push(...this.b.ensure({ type: 'text' }), { type: 'text_delta', index: this.b.index, text: delta.content });
      }
      for (const tc of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
        const i = Number(tc?.index ?? 0);
        if (!this.toolIndex.has(i)) {
          this.toolIndex.set(i, String(tc.id ?? `call_${i}`));
          out.push(...this.b.ensure({ type: 'tool_call', id: String(tc.id ?? `call_${i}`), name: String(tc.function?.name ?? '') }, `tool${i}`));
        }
        const args = tc?.function?.arguments;
        if (typeof args === 'string' && args) out.push({ type: 'args_delta', index: this.b.index, json: args });
      }
    }
    if (choice?.finish_reason) this.b.stop = FINISH_IN[choice.finish_reason] ?? 'end';
    return out;
  }

  end(): StreamEvent[] {
    return this.b.finish();
  }
}

/** Canonical events → Chat Completions SSE (`data:` only, `[DONE]` last). */
export class ChatStreamEncoder implements StreamEncoder {
  private id = '';
  private created = Math.floor(Date.now() / 1000);
  private toolSlot = new Map<number, number>();
  private thinkingSig = new Map<number, string>();

  constructor(
    private readonly model: string,
    private readonly includeUsage: boolean,
  ) {}

  private chunk(delta: unknown, finish: string | null = null): string {
    return sseFrame({
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  }

  encode(ev: StreamEvent): string {
    switch (ev.type) {
      case 'start':
        this.id = ev.id.startsWith('chatcmpl') ? ev.id : `chatcmpl-${ev.id}`;
        return this.chunk({ role: 'assistant', content: '', refusal: null });
      case 'block_start':
        if (ev.block.type === 'tool_call') {
          const slot = this.toolSlot.size;
          this.toolSlot.set(ev.index, slot);
          return this.chunk({ tool_calls: [{ index: slot, id: ev.block.id, type: 'function', function: { name: ev.block.name, arguments: '' } }] });
        }
        if (ev.block.type === 'thinking' && ev.block.redacted !== undefined) {
          return this.chunk({ thinking_blocks: [{ type: 'redacted_thinking', data: ev.block.redacted }] });
        }
        return '';
      case 'text_delta':
        return this.chunk({ content: ev.text });
      case 'thinking_delta':
        return this.chunk({ reasoning_content: ev.text });
      case 'signature':
        this.thinkingSig.set(ev.index, ev.signature);
        return this.chunk({ thinking_blocks: [{ type: 'thinking', thinking: '', signature: ev.signature }] });
      case 'args_delta':
        return this.chunk({ tool_calls: [{ index: this.toolSlot.get(ev.index) ?? 0, function: { arguments: ev.json } }] });
      case 'block_stop':
        return '';
      case 'finish': {
        let out = this.chunk({}, FINISH_OUT[ev.stopReason]);
        if (this.includeUsage) {
          out += sseFrame({
            id: this.id,
            object: 'chat.completion.chunk',
            created: this.created,
            model: this.model,
            choices: [],
            usage: chatUsageOut(ev.usage),
          });
        }
        return `${out}data: [DONE]\n\n`;
      }
      case 'error':
        return sseFrame({ error: { message: ev.message, type: 'server_error', param: null, code: 'upstream_error' } });
    }
  }
}
