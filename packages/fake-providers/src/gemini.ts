import { randomUUID } from 'node:crypto';
import { chunksOf, fakeEmbedding, plan, sse, startFake, type FakeProvider } from './common.js';

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const FINISH = { end: 'STOP', max_tokens: 'MAX_TOKENS', tool_use: 'STOP' } as const;

const textOf = (parts: any): string =>
  Array.isArray(parts)
    ? parts
        .filter((p: any) => typeof p?.text === 'string' && !p.thought)
        .map((p: any) => p.text)
        .join('')
    : '';

/**
 * A deterministic Gemini: `POST /v1beta/models/{model}:batchEmbedContents`, `:countTokens`, `:generateContent` and
 * `:streamGenerateContent?alt=sse` (`data:` frames only, usage in
 * `usageMetadata`, a `functionCall` part whole, `thoughtSignature` on the
 * part after the thoughts). Key `fake-gemini-key` in `x-goog-api-key` or `?key=`.
 */
export function startFakeGemini(opts: { port?: number } = {}): Promise<FakeProvider> {
  return startFake({
    kind: 'gemini',
    port: opts.port,
    basePath: '',
    authorize: (req, url, key) => req.headers['x-goog-api-key'] === key || url.searchParams.get('key') === key,
    errorBody: (status, message) => ({ error: { code: status, message, status: STATUS[status] ?? 'UNKNOWN' } }),
    streamError: () => sse({ error: { code: 503, message: 'fake gemini failed mid-stream', status: 'UNAVAILABLE' } }),
    async handle(req, res, { path, url, body, behaviour, stream }) {
      const embed = /^\/v1beta\/models\/([^/:]+):batchEmbedContents$/.exec(path);
      if (req.method === 'POST' && embed) {
        // batchEmbedContents: `requests[]` of `{model: "models/…", content: {parts: [{text}]}, outputDimensionality?}` → `embeddings[].values`.
        const requests: any[] = Array.isArray(body?.requests) ? body.requests : [];
        const bad = !requests.length || requests.length > 100 || requests.some((r) => r?.model !== `models/${embed[1]}` || !Array.isArray(r?.content?.parts));
        if (bad) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ error: { code: 400, message: 'requests must be 1 to 100 EmbedContentRequests of this model', status: 'INVALID_ARGUMENT' } }),
          );
          return;
        }
        const embeddings = requests.map((r) => ({ values: fakeEmbedding(textOf(r.content.parts), r.outputDimensionality ?? 768) }));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ embeddings }));
        return;
      }
      const count = /^\/v1beta\/models\/([^/:]+):countTokens$/.exec(path);
      if (req.method === 'POST' && count) {
        // countTokens: `contents` alone or a whole `generateContentRequest`; the count a generateContent call with it reports.
        const g = body?.generateContentRequest ?? body;
        if (!Array.isArray(g?.contents)) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 400, message: 'contents is required', status: 'INVALID_ARGUMENT' } }));
          return;
        }
        const totalTokens = Math.max(1, Math.ceil((JSON.stringify(g.contents).length + JSON.stringify(g.systemInstruction ?? '').length) / 4));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ totalTokens, promptTokensDetails: [{ modality: 'TEXT', tokenCount: totalTokens }] }));
        return;
      }
      const m = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
      if (!(req.method === 'POST' && m)) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 404, message: `unknown path ${path}`, status: 'NOT_FOUND' } }));
        return;
      }
      const model = decodeURIComponent(m[1]!);
      const streaming = m[2] === 'streamGenerateContent';
      const contents: any[] = Array.isArray(body.contents) ? body.contents : [];
      const last = contents.at(-1);
      const fnResponse = Array.isArray(last?.parts) ? last.parts.find((p: any) => p?.functionResponse) : undefined;
      const lastUser = [...contents].reverse().find((c) => c?.role === 'user' && textOf(c.parts));
      const decls = (Array.isArray(body.tools) ? body.tools : []).flatMap((t: any) => (Array.isArray(t?.functionDeclarations) ? t.functionDeclarations : []));
      const mode = body.toolConfig?.functionCallingConfig?.mode;
      const p = plan({
        lastUserText: textOf(lastUser?.parts),
        lastIsToolResult: !!fnResponse,
        toolResultText: fnResponse ? JSON.stringify(fnResponse.functionResponse.response) : undefined,
        tools: decls.map((d: any) => ({ name: d.name, parameters: d.parameters })),
        forcedTool: body.toolConfig?.functionCallingConfig?.allowedFunctionNames?.[0],
        noTools: mode === 'NONE',
        wantsThinking: !!body.generationConfig?.thinkingConfig?.includeThoughts,
        maxTokens: body.generationConfig?.maxOutputTokens,
        promptChars: JSON.stringify(contents).length + JSON.stringify(body.systemInstruction ?? '').length,
        model,
        behaviour,
      });
      const signature = p.thinking ? Buffer.from(p.thinking.signature).toString('base64') : undefined;
      const usageMetadata = {
        promptTokenCount: p.usage.input,
        candidatesTokenCount: p.usage.output,
        totalTokenCount: p.usage.input + p.usage.output,
        ...(p.usage.cached ? { cachedContentTokenCount: p.usage.cached } : {}),
        ...(p.thinking ? { thoughtsTokenCount: 0 } : {}),
      };
      const responseId = randomUUID().replace(/-/g, '').slice(0, 20);
      const thoughtPart = p.thinking ? [{ text: p.thinking.text, thought: true }] : [];
      const mainPart: any = p.toolCall ? { functionCall: { name: p.toolCall.name, args: p.toolCall.args } } : { text: p.text ?? '' };
      if (signature) mainPart.thoughtSignature = signature;
      const wrap = (parts: any[], finishReason?: string, usage?: any) => ({
        candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}), index: 0 }],
        ...(usage ? { usageMetadata: usage } : {}),
        modelVersion: model,
        responseId,
      });
      if (!streaming) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(wrap([...thoughtPart, mainPart], FINISH[p.stop], usageMetadata)));
        return;
      }
      if (url.searchParams.get('alt') !== 'sse') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 400, message: 'this fake streams only with alt=sse', status: 'INVALID_ARGUMENT' } }));
        return;
      }
      stream.start();
      for (const t of thoughtPart) {
        if (!(await stream.frame(sse(wrap([t])), true))) return;
      }
      if (p.toolCall) {
        if (!(await stream.frame(sse(wrap([mainPart])), true))) return;
        stream.end(sse(wrap([], FINISH[p.stop], usageMetadata)));
        return;
      }
      const pieces = chunksOf(p.text ?? '');
      for (const [i, piece] of pieces.entries()) {
        const part: any = { text: piece };
        if (i === 0 && signature) part.thoughtSignature = signature;
        const lastPiece = i === pieces.length - 1;
        if (!(await stream.frame(sse(wrap([part], lastPiece ? FINISH[p.stop] : undefined, lastPiece ? usageMetadata : undefined)), true))) return;
      }
      if (!pieces.length) await stream.frame(sse(wrap([], FINISH[p.stop], usageMetadata)));
      stream.end();
    },
  });
}
