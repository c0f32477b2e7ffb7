/**
 * Token counts for models whose provider has no count endpoint (OpenAI): an estimate with the
 * model family's own tokenizer (o200k_base, used by gpt-4o, gpt-4.1 and later) from `gpt-tokenizer`,
 * loaded on first use so it costs nothing at start or on model calls.
 */
import type { CanonicalRequest } from '../canonical/types.js';

type CountFn = (text: string) => number;
let counter: Promise<CountFn> | undefined;

function loadCounter(): Promise<CountFn> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then(
    (m) => (text: string) => (text ? m.countTokens(text, { allowedSpecial: new Set(), disallowedSpecial: new Set() }) : 0),
  );
  return counter;
}

/** Tokens added per message by OpenAI's chat format (role and separators), and once for the reply's priming. */
export const PER_MESSAGE = 3;
export const REPLY_PRIMING = 3;
/** An image at `detail: high` of up to 1024×1024 px (85 base + 4 tiles × 170). */
export const IMAGE_TOKENS = 765;

/**
 * Estimated input tokens of a request to an OpenAI model, as OpenAI's cookbook counts chat
 * messages: per message `PER_MESSAGE` + the tokens of its role and of its text, tool call
 * (name + arguments), tool result and thinking parts, `IMAGE_TOKENS` per image; the system
 * prompt as one message; tool definitions as the tokens of their JSON; plus `REPLY_PRIMING`.
 * An estimate (OpenAI's own count can differ by a few tokens per message and per tool).
 */
export async function estimateOpenAITokens(req: CanonicalRequest): Promise<number> {
  const count = await loadCounter();
  let n = REPLY_PRIMING;
  if (req.system) n += PER_MESSAGE + count('system') + count(req.system);
  for (const m of req.messages) {
    n += PER_MESSAGE + count(m.role);
    for (const p of m.content) {
      if (p.type === 'text' || p.type === 'thinking') n += count(p.text);
      else if (p.type === 'tool_call') n += count(p.name) + count(p.arguments);
      else if (p.type === 'tool_result') n += count(p.content);
      else n += IMAGE_TOKENS;
    }
  }
  if (req.tools?.length) n += count(JSON.stringify(req.tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }))));
  return n;
}
