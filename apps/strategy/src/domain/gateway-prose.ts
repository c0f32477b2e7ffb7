/**
 * Model-written prose through Latchkey's own ai-gateway (OpenAI Chat
 * Completions format). The model receives the question, the context and the
 * library engine's draft, and must answer with JSON matching a schema
 * (`response_format: json_schema`), validated again here with zod. Any
 * failure (HTTP error, bad JSON, schema mismatch, timeout, open breaker)
 * returns null and the library text is used. Prompts and answers are never
 * logged.
 */
import CircuitBreaker from 'opossum';
import { z } from 'zod';
import type { Logger } from '@latchkey/service-kit';
import type { ProseInput, ProseWriter } from './prose.js';

export interface GatewayProseOptions {
  /** `{ai_url}` (with or without a trailing `/v1`). */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  logger?: Logger | undefined;
  fetch?: typeof fetch;
  /** Breaker settings (tests shorten them). */
  breaker?: { volumeThreshold?: number; errorThresholdPercentage?: number; resetTimeout?: number };
}

export const proseSchema = z.object({
  content: z.string().min(200).max(20_000),
});

const JSON_SCHEMA = {
  name: 'strategy_guidance',
  strict: true,
  schema: {
    type: 'object',
    properties: { content: { type: 'string', description: 'The guidance as GitHub-flavoured markdown.' } },
    required: ['content'],
    additionalProperties: false,
  },
};

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

function instructions(input: ProseInput): string {
  const a = input.analysis;
  const style = { concise: 'Be brief: at most 150 words.', detailed: 'Be thorough but concrete: 300-600 words.', tactical: 'Write an action checklist with owners and timing.' }[a.style];
  return [
    'You are Latchkey\'s strategy advisor. Rewrite the DRAFT into clear markdown guidance for the QUESTION.',
    `Use ${a.primary.name} as the primary framework${a.supporting.length ? ` and ${a.supporting.map((s) => s.name).join(', ')} as supporting frameworks` : ''}; name them.`,
    'Keep every recommendation, step and metric grounded in the draft; do not invent figures about the user\'s business.',
    style,
    'Answer with JSON {"content": "<markdown>"} only.',
  ].join('\n');
}

export function createGatewayProse(opts: GatewayProseOptions): ProseWriter & { breaker: CircuitBreaker } {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const url = base.endsWith('/v1') ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 8000;

  const call = async (input: ProseInput): Promise<{ content: string; model: string }> => {
    const a = input.analysis;
    const res = await doFetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: opts.model,
        temperature: 0.3,
        max_tokens: 1800,
        response_format: { type: 'json_schema', json_schema: JSON_SCHEMA },
        messages: [
          { role: 'system', content: instructions(input) },
          {
            role: 'user',
            content: JSON.stringify({ QUESTION: a.question, CONTEXT: a.context, EARLIER_CONVERSATION: a.conversation.slice(0, 4000), DRAFT: input.draft }),
          },
        ],
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`gateway answered ${res.status}`);
    }
    const completion = completionSchema.parse(await res.json());
    const text = completion.choices[0]!.message.content ?? '';
    const parsed = proseSchema.parse(JSON.parse(text));
    if (!parsed.content.toLowerCase().includes(a.primary.name.toLowerCase().split(' (')[0]!.split(':')[0]!.trim())) {
      throw new Error('the model did not use the selected framework');
    }
    return { content: parsed.content, model: opts.model };
  };

  const breaker = new CircuitBreaker(call, {
    timeout: timeoutMs + 250,
    volumeThreshold: opts.breaker?.volumeThreshold ?? 3,
    errorThresholdPercentage: opts.breaker?.errorThresholdPercentage ?? 50,
    resetTimeout: opts.breaker?.resetTimeout ?? 30_000,
  });

  return {
    breaker,
    async write(input) {
      try {
        return (await breaker.fire(input)) as { content: string; model: string };
      } catch (err) {
        opts.logger?.warn({ reason: (err as Error).message }, 'model prose unavailable; using the library engine');
        return null;
      }
    },
  };
}
