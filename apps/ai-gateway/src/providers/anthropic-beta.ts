/**
 * Which `anthropic-beta` values the gateway passes on to Anthropic (SPEC.md
 * area D: prompts and completions are not stored, responses are never cached
 * or shared between solutions).
 *
 * Only betas that change how the model generates or streams a single answer
 * are forwarded. Everything else is dropped before the request leaves the
 * gateway, in particular the betas that make Anthropic keep or send on what
 * it was given: `files-api-*` (uploaded files kept), `code-execution-*` and
 * `skills-*` (containers that keep files), `mcp-client-*` and `web-fetch-*`
 * (the prompt reaches third parties), `extended-cache-ttl-*` and
 * `prompt-caching-*` (prompts cached at the provider, where every solution
 * shares the gateway's provider account), `context-management-*`,
 * `message-batches-*` (results kept for days) and any value not known here.
 * A beta a client needs that is not listed is added here after checking
 * Anthropic's documentation for what it keeps.
 */
export const ANTHROPIC_BETAS_ALLOWED: ReadonlySet<string> = new Set([
  'interleaved-thinking-2025-05-14',
  'fine-grained-tool-streaming-2025-05-14',
  'token-efficient-tools-2025-02-19',
  'output-128k-2025-02-19',
  'context-1m-2025-08-07',
  'effort-2025-11-24',
]);

/**
 * The `anthropic-beta` header to send upstream: the client's comma-separated
 * values (one header, or the header repeated) that are on
 * `ANTHROPIC_BETAS_ALLOWED`, in the client's order without repeats; undefined
 * (no header) when none is left. Values compare case-sensitively, as
 * Anthropic names them.
 */
export function allowedAnthropicBetas(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const values = (Array.isArray(header) ? header : [header]).flatMap((h) => h.split(',')).map((v) => v.trim());
  const kept = [...new Set(values.filter((v) => ANTHROPIC_BETAS_ALLOWED.has(v)))];
  return kept.length ? kept.join(',') : undefined;
}
