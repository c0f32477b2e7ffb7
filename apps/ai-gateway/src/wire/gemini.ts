/** Gemini `generateContent` / `streamGenerateContent?alt=sse`: the upstream side. */
import {
  imageUrl,
  isObj,
  parseArgs,
  toolNames,
  type CanonicalRequest,
  type CanonicalResponse,
  type Part,
  type StopReason,
  type StreamEvent,
  type Usage,
} from '../canonical/types.js';
import { BlockTracker, type StreamDecoder } from './blocks.js';
import { parseJson, type SseFrame } from './sse.js';

const FINISH_IN: Record<string, StopReason> = {
  STOP: 'end',
  MAX_TOKENS: 'max_tokens',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
};
const EFFORT_BUDGET: Record<string, number> = { minimal: 512, low: 1024, medium: 8192, high: 24576 };
/** Gemini signatures are marked so that other providers never receive them. */
export const GEMINI_SIG = 'gemini:';

const unsign = (s: string) => (s.startsWith(GEMINI_SIG) ? s.slice(GEMINI_SIG.length) : s);

/** JSON Schema keywords Gemini's OpenAPI subset rejects. */
function cleanSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(cleanSchema);
  if (!isObj(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === '$schema' || k === 'additionalProperties' || k === '$ref' || k === 'definitions' || k === '$defs') continue;
    out[k] = cleanSchema(v);
  }
  return out;
}

/**
 * A tool result as Gemini's `functionResponse.response` (a JSON object): a result that is a JSON
 * object is sent as that object; a JSON array is `{content: [...]}`; anything else (text, or JSON
 * that is a bare string, number or boolean, kept as the text it was) is `{content: "<text>"}`.
 * An error result gets `error: true` beside `content` (an object result is then under `content`).
 */
export function toolResponse(content: string, isError: boolean): Record<string, unknown> {
  const t = content.trimStart();
  let value: unknown = content;
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      value = JSON.parse(content);
    } catch {
      value = content;
    }
  }
  if (isObj(value) && !isError) return value;
  return isError ? { content: value, error: true } : { content: value };
}

/** Canonical → Gemini request body. */
export function encodeGeminiRequest(req: CanonicalRequest): Record<string, unknown> {
  const names = toolNames(req.messages);
  const contents: Array<{ role: string; parts: any[] }> = [];
  for (const m of req.messages) {
    const parts: any[] = [];
    let pendingSig: string | undefined;
    for (const p of m.content) {
      let part: any;
      switch (p.type) {
        case 'text':
          part = { text: p.text };
          break;
        case 'image':
          part =
            p.data !== undefined
              ? { inlineData: { mimeType: p.mediaType ?? 'image/png', data: p.data } }
              : { fileData: { fileUri: imageUrl(p), mimeType: p.mediaType ?? 'image/jpeg' } };
          break;
        case 'tool_call':
          part = { functionCall: { name: p.name, args: parseArgs(p.arguments) } };
          break;
        case 'tool_result':
          part = { functionResponse: { name: names.get(p.toolCallId) ?? p.toolCallId, response: toolResponse(p.content, p.isError === true) } };
          break;
        case 'thinking':
          if (p.signature?.startsWith(GEMINI_SIG) || (p.signature && !p.text)) {
            if (p.text) parts.push({ text: p.text, thought: true });
            pendingSig = unsign(p.signature);
          } else if (p.text) parts.push({ text: p.text, thought: true });
          continue;
      }
      if (pendingSig) {
        part.thoughtSignature = pendingSig;
        pendingSig = undefined;
      }
      parts.push(part);
    }
    if (pendingSig) parts.push({ text: '', thoughtSignature: pendingSig });
    if (!parts.length) continue;
    const role = m.role === 'assistant' ? 'model' : 'user';
    const last = contents.at(-1);
    if (last && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  }
  const out: Record<string, unknown> = { contents };
  if (req.system) out.systemInstruction = { parts: [{ text: req.system }] };
  if (req.tools?.length)
    out.tools = [
      {
        functionDeclarations: req.tools.map((t) => ({
          name: t.name,
          ...(t.description ? { description: t.description } : {}),
          parameters: cleanSchema(t.parameters),
        })),
      },
    ];
  if (req.toolChoice && req.tools?.length) {
    const tc = req.toolChoice;
    out.toolConfig = {
      functionCallingConfig:
        tc === 'auto'
          ? { mode: 'AUTO' }
          : tc === 'none'
            ? { mode: 'NONE' }
            : tc === 'required'
              ? { mode: 'ANY' }
              : { mode: 'ANY', allowedFunctionNames: [tc.name] },
    };
  }
  const gen: Record<string, unknown> = {};
  if (req.maxTokens !== undefined) gen.maxOutputTokens = req.maxTokens;
  if (req.temperature !== undefined) gen.temperature = req.temperature;
  if (req.topP !== undefined) gen.topP = req.topP;
  if (req.stop) gen.stopSequences = req.stop;
  if (req.reasoning && (req.reasoning.budgetTokens || (req.reasoning.effort && req.reasoning.effort !== 'none'))) {
    gen.thinkingConfig = { thinkingBudget: req.reasoning.budgetTokens ?? EFFORT_BUDGET[req.reasoning.effort ?? 'medium'] ?? 8192, includeThoughts: true };
  }
  if (Object.keys(gen).length) out.generationConfig = gen;
  return out;
}

export function geminiUsageIn(u: any): Usage {
  if (!isObj(u)) return { input: 0, output: 0 };
  const thoughts = Number(u.thoughtsTokenCount) || 0;
  return {
    input: Number(u.promptTokenCount) || 0,
    output: (Number(u.candidatesTokenCount) || 0) + thoughts,
    cached: Number(u.cachedContentTokenCount) || 0,
    reasoning: thoughts,
  };
}

let callSeq = 0;
const callId = (name: string) => `call_${name.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 20)}_${(++callSeq).toString(36)}${Date.now().toString(36)}`;

/** Parts of one Gemini candidate → canonical parts (signatures as thinking parts before their part). */
function partsIn(parts: unknown): Part[] {
  const out: Part[] = [];
  for (const p of Array.isArray(parts) ? parts : []) {
    if (!isObj(p)) continue;
    if (p.thought === true && typeof p.text === 'string') {
      out.push({ type: 'thinking', text: p.text, ...(p.thoughtSignature ? { signature: GEMINI_SIG + p.thoughtSignature } : {}) });
      continue;
    }
    if (typeof p.thoughtSignature === 'string') out.push({ type: 'thinking', text: '', signature: GEMINI_SIG + p.thoughtSignature });
    if (isObj(p.functionCall))
      out.push({
        type: 'tool_call',
        id: typeof p.functionCall.id === 'string' ? p.functionCall.id : callId(String(p.functionCall.name)),
        name: String(p.functionCall.name ?? ''),
        arguments: JSON.stringify(p.functionCall.args ?? {}),
      });
    else if (typeof p.text === 'string' && p.text) out.push({ type: 'text', text: p.text });
  }
  return out;
}

/** Gemini response → canonical. */
export function decodeGeminiResponse(json: any): CanonicalResponse {
  const cand = json?.candidates?.[0];
  const content = partsIn(cand?.content?.parts);
  const hasCall = content.some((p) => p.type === 'tool_call');
  return {
    id: String(json?.responseId ?? ''),
    model: String(json?.modelVersion ?? ''),
    created: Math.floor(Date.now() / 1000),
    content,
    stopReason: hasCall ? 'tool_use' : (FINISH_IN[cand?.finishReason] ?? 'end'),
    usage: geminiUsageIn(json?.usageMetadata),
  };
}

/** Gemini SSE (data-only frames, each a whole response chunk) → canonical events. */
export class GeminiStreamDecoder implements StreamDecoder {
  private b = new BlockTracker();
  private sawCall = false;

  push(frame: SseFrame): StreamEvent[] {
    const json = parseJson(frame.data);
    if (!isObj(json)) return [];
    if (isObj(json.error)) return [{ type: 'error', message: String(json.error.message ?? 'upstream error') }];
    const out: StreamEvent[] = [];
    if (!this.b.started) {
      this.b.started = true;
      out.push({ type: 'start', id: String(json.responseId ?? ''), model: String(json.modelVersion ?? '') });
    }
    const cand = json.candidates?.[0];
    for (const p of partsIn(cand?.content?.parts)) {
      if (p.type === 'thinking') {
        out.push(...this.b.ensure({ type: 'thinking' }));
        if (p.text) out.push({ type: 'thinking_delta', index: this.b.index, text: p.text });
        if (p.signature) out.push({ type: 'signature', index: this.b.index, signature: p.signature }, ...this.b.close());
      } else if (p.type === 'text') {
        out.push(...this.b.ensure({ type: 'text' }), { type: 'text_delta', index: this.b.index, text: p.text });
      } else if (p.type === 'tool_call') {
        this.sawCall = true;
        out.push(
          ...this.b.ensure({ type: 'tool_call', id: p.id, name: p.name }, p.id),
          { type: 'args_delta', index: this.b.index, json: p.arguments },
          ...this.b.close(),
        );
      }
    }
    if (isObj(json.usageMetadata)) this.b.usage = geminiUsageIn(json.usageMetadata);
    if (cand?.finishReason) this.b.stop = this.sawCall ? 'tool_use' : (FINISH_IN[cand.finishReason] ?? 'end');
    return out;
  }

  end(): StreamEvent[] {
    return this.b.finish(this.sawCall ? 'tool_use' : 'end');
  }
}
