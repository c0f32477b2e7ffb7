/** OpenAI Responses: client side (decode requests, encode responses and streams) and usage of native responses. */
import { randomBytes } from 'node:crypto';
import {
  imageFromUrl,
  isObj,
  optInt,
  optNum,
  optStream,
  type CanonicalRequest,
  type CanonicalResponse,
  type Message,
  type Part,
  type StreamEvent,
  type Tool,
  type ToolChoice,
  type Usage,
} from '../canonical/types.js';
import { badRequest } from '../errors.js';
import { BlockTracker, type StreamDecoder, type StreamEncoder } from './blocks.js';
import { parseJson, sseFrame, type SseFrame } from './sse.js';

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function contentParts(content: unknown, where: string): Part[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) throw badRequest(`${where}.content must be a string or an array`, where);
  const parts: Part[] = [];
  for (const c of content) {
    if (!isObj(c)) throw badRequest(`${where}.content has an invalid part`, where);
    if ((c.type === 'input_text' || c.type === 'output_text' || c.type === 'text') && typeof c.text === 'string') parts.push({ type: 'text', text: c.text });
    else if (c.type === 'input_image' && typeof c.image_url === 'string') parts.push(imageFromUrl(c.image_url));
    else if (c.type === 'refusal') parts.push({ type: 'text', text: String(c.refusal ?? '') });
    else throw badRequest(`${where}: content type ${JSON.stringify(c.type)} is not supported`, where);
  }
  return parts;
}

const outputText = (o: unknown): string =>
  typeof o === 'string' ? o : Array.isArray(o) ? o.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : '')).join('') : JSON.stringify(o ?? '');

/** Responses request (from the client) → canonical. Stateless: `previous_response_id` is refused. */
export function decodeResponsesRequest(body: Record<string, any>, model: string): CanonicalRequest {
  if (body.previous_response_id)
    throw badRequest('previous_response_id is not supported: the gateway stores nothing; send the whole conversation in input', 'previous_response_id');
  const system: string[] = [];
  if (typeof body.instructions === 'string' && body.instructions) system.push(body.instructions);
  const messages: Message[] = [];
  const push = (role: Message['role'], parts: Part[]) => {
    const last = messages.at(-1);
    if (last && last.role === role) last.content.push(...parts);
    else messages.push({ role, content: parts });
  };
  if (typeof body.input === 'string') push('user', [{ type: 'text', text: body.input }]);
  else if (Array.isArray(body.input)) {
    body.input.forEach((item: unknown, i: number) => {
      const where = `input[${i}]`;
      if (!isObj(item)) throw badRequest(`${where} must be an object`, where);
      const type = item.type ?? 'message';
      if (type === 'message') {
        if (item.role === 'system' || item.role === 'developer')
          system.push(
            contentParts(item.content, where)
              .map((p) => (p.type === 'text' ? p.text : ''))
              .join(''),
          );
        else if (item.role === 'user' || item.role === 'assistant') push(item.role, contentParts(item.content, where));
        else throw badRequest(`${where}.role must be user, assistant, system or developer`, where);
      } else if (type === 'function_call') {
        push('assistant', [
          { type: 'tool_call', id: String(item.call_id ?? item.id ?? ''), name: String(item.name ?? ''), arguments: String(item.arguments ?? '') },
        ]);
      } else if (type === 'function_call_output') {
        push('user', [{ type: 'tool_result', toolCallId: String(item.call_id ?? ''), content: outputText(item.output) }]);
      } else if (type === 'reasoning') {
        const text = Array.isArray(item.summary) ? item.summary.map((s: any) => String(s?.text ?? '')).join('') : '';
        push('assistant', [{ type: 'thinking', text, signature: typeof item.encrypted_content === 'string' ? item.encrypted_content : undefined }]);
      } else throw badRequest(`${where}.type ${JSON.stringify(type)} is not supported`, where);
    });
  } else throw badRequest('input must be a string or an array of items', 'input');
  if (!messages.length) throw badRequest('input must not be empty', 'input');
  let tools: Tool[] | undefined;
  if (body.tools !== undefined && body.tools !== null) {
    if (!Array.isArray(body.tools)) throw badRequest('tools must be an array', 'tools');
    tools = [];
    for (const [i, t] of body.tools.entries()) {
      if (!isObj(t)) throw badRequest(`tools[${i}] must be an object`, `tools[${i}]`);
      if (t.type !== 'function') throw badRequest(`tools[${i}]: only function tools are supported`, `tools[${i}]`);
      if (typeof t.name !== 'string') throw badRequest(`tools[${i}].name is required`, `tools[${i}].name`);
      tools.push({
        name: t.name,
        description: typeof t.description === 'string' ? t.description : undefined,
        parameters: isObj(t.parameters) ? t.parameters : { type: 'object', properties: {} },
      });
    }
  }
  let toolChoice: ToolChoice | undefined;
  const tc = body.tool_choice;
  if (tc === 'auto' || tc === 'none' || tc === 'required') toolChoice = tc;
  else if (isObj(tc) && tc.type === 'function' && typeof tc.name === 'string') toolChoice = { name: tc.name };
  else if (tc !== undefined && tc !== null) throw badRequest('tool_choice is invalid', 'tool_choice');
  return {
    model,
    system: system.length ? system.join('\n\n') : undefined,
    messages,
    tools,
    toolChoice,
    maxTokens: optInt(body.max_output_tokens, 'max_output_tokens'),
    temperature: optNum(body.temperature, 'temperature'),
    topP: optNum(body.top_p, 'top_p'),
    stream: optStream(body.stream),
    reasoning: isObj(body.reasoning) && typeof body.reasoning.effort === 'string' ? { effort: body.reasoning.effort } : undefined,
    parallelToolCalls: typeof body.parallel_tool_calls === 'boolean' ? body.parallel_tool_calls : undefined,
    user: typeof body.user === 'string' ? body.user : undefined,
  };
}

export function responsesUsageIn(u: any): Usage {
  if (!isObj(u)) return { input: 0, output: 0 };
  return {
    input: Number(u.input_tokens) || 0,
    output: Number(u.output_tokens) || 0,
    cached: Number(u.input_tokens_details?.cached_tokens) || 0,
    reasoning: Number(u.output_tokens_details?.reasoning_tokens) || 0,
  };
}

export function responsesUsageOut(u: Usage) {
  return {
    input_tokens: u.input,
    input_tokens_details: { cached_tokens: u.cached ?? 0 },
    output_tokens: u.output,
    output_tokens_details: { reasoning_tokens: u.reasoning ?? 0 },
    total_tokens: u.input + u.output,
  };
}

function outputItem(p: Part): Record<string, unknown> | undefined {
  if (p.type === 'text')
    return { type: 'message', id: rid('msg'), status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: p.text, annotations: [] }] };
  if (p.type === 'tool_call') return { type: 'function_call', id: rid('fc'), call_id: p.id, name: p.name, arguments: p.arguments, status: 'completed' };
  if (p.type === 'thinking')
    return {
      type: 'reasoning',
      id: rid('rs'),
      summary: p.text ? [{ type: 'summary_text', text: p.text }] : [],
      ...(p.signature ? { encrypted_content: p.signature } : {}),
    };
  return undefined;
}

function responseObject(id: string, created: number, model: string, status: string, output: unknown[], usage: Usage | null, req?: CanonicalRequest) {
  return {
    id,
    object: 'response',
    created_at: created,
    status,
    error: null,
    incomplete_details: status === 'incomplete' ? { reason: 'max_output_tokens' } : null,
    instructions: null,
    max_output_tokens: req?.maxTokens ?? null,
    model,
    output,
    parallel_tool_calls: req?.parallelToolCalls ?? true,
    temperature: req?.temperature ?? null,
    tool_choice: req?.toolChoice === undefined ? 'auto' : typeof req.toolChoice === 'string' ? req.toolChoice : { type: 'function', name: req.toolChoice.name },
    tools: (req?.tools ?? []).map((t) => ({ type: 'function', name: t.name, description: t.description ?? null, parameters: t.parameters, strict: false })),
    top_p: req?.topP ?? null,
    usage: usage ? responsesUsageOut(usage) : null,
  };
}

/** Canonical → Responses response (to the client). */
export function encodeResponsesResponse(r: CanonicalResponse, model: string, req?: CanonicalRequest): Record<string, unknown> {
  const output = r.content.map(outputItem).filter(Boolean);
  const id = r.id.startsWith('resp_') ? r.id : `resp_${r.id.replace(/^(msg_|chatcmpl-)/, '')}`;
  return responseObject(id, r.created, model, r.stopReason === 'max_tokens' ? 'incomplete' : 'completed', output, r.usage, req);
}

/** Canonical events → Responses SSE (`event:` lines, `sequence_number`, no `[DONE]`). */
export class ResponsesStreamEncoder implements StreamEncoder {
  private seq = 0;
  private id = '';
  private created = Math.floor(Date.now() / 1000);
  private items: Array<Record<string, any>> = [];
  private current: { index: number; item: Record<string, any>; text: string } | undefined;

  constructor(
    private readonly model: string,
    private readonly req?: CanonicalRequest,
  ) {}

  private f(type: string, data: object): string {
    return sseFrame({ type, sequence_number: this.seq++, ...data }, type);
  }

  private closeCurrent(): string {
    const c = this.current;
    if (!c) return '';
    this.current = undefined;
    const outIndex = this.items.length;
    let out = '';
    if (c.item.type === 'message') {
      const part = { type: 'output_text', text: c.text, annotations: [] };
      c.item.content = [part];
      c.item.status = 'completed';
      out += this.f('response.output_text.done', { item_id: c.item.id, output_index: outIndex, content_index: 0, text: c.text, logprobs: [] });
      out += this.f('response.content_part.done', { item_id: c.item.id, output_index: outIndex, content_index: 0, part });
    } else if (c.item.type === 'function_call') {
      c.item.arguments = c.text;
      c.item.status = 'completed';
      out += this.f('response.function_call_arguments.done', { item_id: c.item.id, output_index: outIndex, arguments: c.text });
    } else {
      c.item.summary = c.text ? [{ type: 'summary_text', text: c.text }] : [];
      if (c.text) {
        out += this.f('response.reasoning_summary_text.done', { item_id: c.item.id, output_index: outIndex, summary_index: 0, text: c.text });
        out += this.f('response.reasoning_summary_part.done', { item_id: c.item.id, output_index: outIndex, summary_index: 0, part: c.item.summary[0] });
      }
    }
    out += this.f('response.output_item.done', { output_index: outIndex, item: c.item });
    this.items.push(c.item);
    return out;
  }

  encode(ev: StreamEvent): string {
    switch (ev.type) {
      case 'start': {
        this.id = ev.id.startsWith('resp_') ? ev.id : rid('resp');
        const r = responseObject(this.id, this.created, this.model, 'in_progress', [], null, this.req);
        return this.f('response.created', { response: r }) + this.f('response.in_progress', { response: r });
      }
      case 'block_start': {
        let out = this.closeCurrent();
        const outIndex = this.items.length;
        const b = ev.block;
        let item: Record<string, any>;
        if (b.type === 'text') item = { type: 'message', id: rid('msg'), status: 'in_progress', role: 'assistant', content: [] };
        else if (b.type === 'tool_call') item = { type: 'function_call', id: rid('fc'), call_id: b.id, name: b.name, arguments: '', status: 'in_progress' };
        else item = { type: 'reasoning', id: rid('rs'), summary: [] };
        this.current = { index: ev.index, item, text: '' };
        out += this.f('response.output_item.added', { output_index: outIndex, item: { ...item } });
        if (b.type === 'text')
          out += this.f('response.content_part.added', {
            item_id: item.id,
            output_index: outIndex,
            content_index: 0,
            part: { type: 'output_text', text: '', annotations: [] },
          });
        return out;
      }
      case 'text_delta':
        if (!this.current) return '';
        this.current.text += ev.text;
        return this.f('response.output_text.delta', {
          item_id: this.current.item.id,
          output_index: this.items.length,
          content_index: 0,
          delta: ev.text,
          logprobs: [],
        });
      case 'args_delta':
        if (!this.current) return '';
        this.current.text += ev.json;
        return this.f('response.function_call_arguments.delta', { item_id: this.current.item.id, output_index: this.items.length, delta: ev.json });
      case 'thinking_delta': {
        if (!this.current) return '';
        let out = '';
        if (!this.current.text)
          out += this.f('response.reasoning_summary_part.added', {
            item_id: this.current.item.id,
            output_index: this.items.length,
            summary_index: 0,
            part: { type: 'summary_text', text: '' },
          });
        this.current.text += ev.text;
        return (
          out +
          this.f('response.reasoning_summary_text.delta', { item_id: this.current.item.id, output_index: this.items.length, summary_index: 0, delta: ev.text })
        );
      }
      case 'signature':
        if (this.current) this.current.item.encrypted_content = ev.signature;
        return '';
      case 'block_stop':
        return this.closeCurrent();
      case 'finish': {
        const out = this.closeCurrent();
        const status = ev.stopReason === 'max_tokens' ? 'incomplete' : 'completed';
        const r = responseObject(this.id, this.created, this.model, status, this.items, ev.usage, this.req);
        return out + this.f(status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response: r });
      }
      case 'error':
        return this.f('error', { code: ev.status === 429 ? 'rate_limit_exceeded' : 'server_error', message: ev.message, param: null });
    }
  }
}

/**
 * Native Responses stream (OpenAI upstream, passed through): only watches
 * for the end and the usage; the frames themselves are forwarded unchanged.
 */
export class ResponsesUsageWatcher implements StreamDecoder {
  private b = new BlockTracker();

  push(frame: SseFrame): StreamEvent[] {
    const json = parseJson(frame.data);
    if (!isObj(json)) return [];
    const type = frame.event ?? json.type;
    if (type === 'response.created') {
      this.b.started = true;
      return [{ type: 'start', id: String(json.response?.id ?? ''), model: String(json.response?.model ?? '') }];
    }
    if (type === 'response.output_text.delta' || type === 'response.function_call_arguments.delta' || type === 'response.reasoning_summary_text.delta') {
      return [{ type: 'text_delta', index: 0, text: String(json.delta ?? '') }];
    }
    if (type === 'response.completed' || type === 'response.incomplete' || type === 'response.failed') {
      this.b.usage = responsesUsageIn(json.response?.usage);
      if (type === 'response.incomplete') this.b.stop = 'max_tokens';
      return this.b.finish();
    }
    if (type === 'error') return [{ type: 'error', message: String(json.message ?? 'upstream error') }];
    if (isObj(json.error)) return [{ type: 'error', message: String(json.error.message ?? 'upstream error') }];
    return [];
  }

  end(): StreamEvent[] {
    return [];
  }
}
