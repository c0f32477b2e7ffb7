import { randomUUID } from 'node:crypto';
import { chunksOf, fakeEmbedding, fakeTokens, plan, sse, startFake, type FakeProvider, type Plan } from './common.js';

const textOf = (content: any): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p: any) => (typeof p?.text === 'string' ? p.text : typeof p === 'string' ? p : '')).join('')
      : '';

const CHAT_FINISH = { end: 'stop', max_tokens: 'length', tool_use: 'tool_calls' } as const;

function chatPlan(body: any, behaviour: any): Plan {
  const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
  const last = messages.at(-1);
  const lastUser = [...messages].reverse().find((m) => m?.role === 'user');
  const tools = (Array.isArray(body.tools) ? body.tools : []).map((t: any) => ({ name: t?.function?.name, parameters: t?.function?.parameters }));
  return plan({
    lastUserText: textOf(lastUser?.content),
    lastIsToolResult: last?.role === 'tool',
    toolResultText: last?.role === 'tool' ? textOf(last.content) : undefined,
    tools,
    forcedTool: body.tool_choice?.function?.name,
    noTools: body.tool_choice === 'none',
    wantsThinking: false,
    maxTokens: body.max_completion_tokens ?? body.max_tokens,
    promptChars: JSON.stringify(messages).length,
    model: body.model,
    behaviour,
  });
}

function chatUsage(p: Plan) {
  return {
    prompt_tokens: p.usage.input,
    completion_tokens: p.usage.output,
    total_tokens: p.usage.input + p.usage.output,
    prompt_tokens_details: { cached_tokens: p.usage.cached, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

function responsesPlan(body: any, behaviour: any): Plan {
  const items: any[] = typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : Array.isArray(body.input) ? body.input : [];
  const last = items.at(-1);
  const lastUser = [...items].reverse().find((m) => m?.role === 'user');
  const tools = (Array.isArray(body.tools) ? body.tools : [])
    .filter((t: any) => t?.type === 'function')
    .map((t: any) => ({ name: t.name, parameters: t.parameters }));
  return plan({
    lastUserText: textOf(lastUser?.content),
    lastIsToolResult: last?.type === 'function_call_output',
    toolResultText: last?.type === 'function_call_output' ? textOf(last.output) : undefined,
    tools,
    forcedTool: body.tool_choice?.name,
    noTools: body.tool_choice === 'none',
    wantsThinking: !!body.reasoning,
    maxTokens: body.max_output_tokens,
    promptChars: JSON.stringify(items).length + (body.instructions?.length ?? 0),
    model: body.model,
    behaviour,
  });
}

/**
 * A deterministic OpenAI: `POST /v1/chat/completions` and `POST /v1/responses`,
 * streaming included (Chat: `data:` frames and `[DONE]`, usage chunk only with
 * `stream_options.include_usage`; Responses: `event:` + `sequence_number`),
 * `POST /v1/embeddings`, `GET /v1/models`. Bearer key `fake-openai-key`.
 */
export function startFakeOpenAI(opts: { port?: number } = {}): Promise<FakeProvider> {
  return startFake({
    kind: 'openai',
    port: opts.port,
    basePath: '/v1',
    authorize: (req, _url, key) => req.headers.authorization === `Bearer ${key}`,
    errorBody: (status, message) => ({
      error: {
        message,
        type: status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error',
        param: null,
        code: status === 401 ? 'invalid_api_key' : null,
      },
    }),
    streamError: () => sse({ error: { message: 'fake openai failed mid-stream', type: 'server_error', param: null, code: null } }),
    async handle(req, res, { path, body, behaviour, stream }) {
      if (req.method === 'GET' && path === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'openai' }] }));
        return;
      }
      if (req.method === 'POST' && path === '/v1/embeddings') {
        // OpenAI's embeddings: `input` a string or an array of strings (token arrays count as text here),
        // `encoding_format` float (default) or base64 (little-endian float32), `dimensions`.
        const inputs: unknown[] = typeof body?.input === 'string' ? [body.input] : Array.isArray(body?.input) ? body.input : [];
        const dims = body?.dimensions ?? 1536;
        if (
          typeof body?.model !== 'string' ||
          !inputs.length ||
          !Number.isInteger(dims) ||
          dims < 1 ||
          dims > 3072 ||
          (body.encoding_format !== undefined && body.encoding_format !== 'float' && body.encoding_format !== 'base64')
        ) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: { message: "'input', 'model', 'dimensions' or 'encoding_format' is invalid", type: 'invalid_request_error', param: 'input', code: null },
            }),
          );
          return;
        }
        let tokens = 0;
        const data = inputs.map((x, index) => {
          const text = typeof x === 'string' ? x : JSON.stringify(x);
          tokens += fakeTokens(text);
          const v = fakeEmbedding(text, dims);
          return { object: 'embedding', index, embedding: body.encoding_format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v };
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: tokens, total_tokens: tokens } }));
        return;
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const p = chatPlan(body, behaviour);
        const id = `chatcmpl-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
        const created = Math.floor(Date.now() / 1000);
        const toolCalls = p.toolCall
          ? [{ id: p.toolCall.id, type: 'function', function: { name: p.toolCall.name, arguments: JSON.stringify(p.toolCall.args) } }]
          : undefined;
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_${id}` });
          res.end(
            JSON.stringify({
              id,
              object: 'chat.completion',
              created,
              model: body.model,
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: p.text ?? null, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
                  logprobs: null,
                  finish_reason: CHAT_FINISH[p.stop],
                },
              ],
              usage: chatUsage(p),
              system_fingerprint: 'fp_fake',
            }),
          );
          return;
        }
        const chunk = (delta: any, finish: string | null = null) =>
          sse({
            id,
            object: 'chat.completion.chunk',
            created,
            model: body.model,
            system_fingerprint: 'fp_fake',
            choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
          });
        stream.start();
        if (!(await stream.frame(chunk({ role: 'assistant', content: '', refusal: null })))) return;
        for (const piece of p.text ? chunksOf(p.text) : []) {
          if (!(await stream.frame(chunk({ content: piece }), true))) return;
        }
        if (p.toolCall) {
          const args = JSON.stringify(p.toolCall.args);
          const head = { index: 0, id: p.toolCall.id, type: 'function', function: { name: p.toolCall.name, arguments: '' } };
          if (!(await stream.frame(chunk({ tool_calls: [head] }), true))) return;
          const half = Math.ceil(args.length / 2);
          for (const part of [args.slice(0, half), args.slice(half)]) {
            if (!(await stream.frame(chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }), true))) return;
          }
        }
        if (!(await stream.frame(chunk({}, CHAT_FINISH[p.stop])))) return;
        if (body.stream_options?.include_usage) {
          if (!(await stream.frame(sse({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: chatUsage(p) })))) return;
        }
        stream.end(sse('[DONE]'));
        return;
      }
      if (req.method === 'POST' && path === '/v1/responses') {
        const p = responsesPlan(body, behaviour);
        const id = `resp_${randomUUID().replace(/-/g, '')}`;
        const created = Math.floor(Date.now() / 1000);
        const output: any[] = [];
        if (p.thinking) {
          output.push({
            type: 'reasoning',
            id: `rs_${id.slice(5, 21)}`,
            summary: [{ type: 'summary_text', text: p.thinking.text }],
            encrypted_content: p.thinking.signature,
          });
        }
        if (p.text !== undefined) {
          output.push({
            type: 'message',
            id: `msg_${id.slice(5, 21)}`,
            status: 'completed',
            role: 'assistant',
            content: [{ type: 'output_text', text: p.text, annotations: [], logprobs: [] }],
          });
        }
        if (p.toolCall) {
          output.push({
            type: 'function_call',
            id: `fc_${id.slice(5, 21)}`,
            call_id: p.toolCall.id,
            name: p.toolCall.name,
            arguments: JSON.stringify(p.toolCall.args),
            status: 'completed',
          });
        }
        const usage = {
          input_tokens: p.usage.input,
          input_tokens_details: { cached_tokens: p.usage.cached },
          output_tokens: p.usage.output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: p.usage.input + p.usage.output,
        };
        const incomplete = p.stop === 'max_tokens';
        const response = (status: string, out: any[], u: any) => ({
          id,
          object: 'response',
          created_at: created,
          status,
          error: null,
          incomplete_details: incomplete && status !== 'in_progress' ? { reason: 'max_output_tokens' } : null,
          instructions: body.instructions ?? null,
          max_output_tokens: body.max_output_tokens ?? null,
          model: body.model,
          output: out,
          parallel_tool_calls: true,
          temperature: body.temperature ?? 1,
          tool_choice: body.tool_choice ?? 'auto',
          tools: body.tools ?? [],
          top_p: body.top_p ?? 1,
          usage: u,
        });
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(response(incomplete ? 'incomplete' : 'completed', output, usage)));
          return;
        }
        let seq = 0;
        const ev = (type: string, data: any) => sse({ type, sequence_number: seq++, ...data }, type);
        stream.start();
        if (!(await stream.frame(ev('response.created', { response: response('in_progress', [], null) })))) return;
        if (!(await stream.frame(ev('response.in_progress', { response: response('in_progress', [], null) })))) return;
        for (const [outputIndex, item] of output.entries()) {
          if (item.type === 'reasoning') {
            if (!(await stream.frame(ev('response.output_item.added', { output_index: outputIndex, item: { ...item, summary: [] } })))) return;
            if (
              !(await stream.frame(
                ev('response.reasoning_summary_part.added', {
                  item_id: item.id,
                  output_index: outputIndex,
                  summary_index: 0,
                  part: { type: 'summary_text', text: '' },
                }),
              ))
            )
              return;
            for (const piece of chunksOf(item.summary[0].text)) {
              if (
                !(await stream.frame(
                  ev('response.reasoning_summary_text.delta', { item_id: item.id, output_index: outputIndex, summary_index: 0, delta: piece }),
                  true,
                ))
              )
                return;
            }
            if (
              !(await stream.frame(
                ev('response.reasoning_summary_text.done', { item_id: item.id, output_index: outputIndex, summary_index: 0, text: item.summary[0].text }),
              ))
            )
              return;
            if (
              !(await stream.frame(
                ev('response.reasoning_summary_part.done', { item_id: item.id, output_index: outputIndex, summary_index: 0, part: item.summary[0] }),
              ))
            )
              return;
          } else if (item.type === 'message') {
            const text = item.content[0].text as string;
            if (!(await stream.frame(ev('response.output_item.added', { output_index: outputIndex, item: { ...item, status: 'in_progress', content: [] } }))))
              return;
            if (
              !(await stream.frame(
                ev('response.content_part.added', {
                  item_id: item.id,
                  output_index: outputIndex,
                  content_index: 0,
                  part: { type: 'output_text', text: '', annotations: [] },
                }),
              ))
            )
              return;
            for (const piece of chunksOf(text)) {
              if (
                !(await stream.frame(
                  ev('response.output_text.delta', { item_id: item.id, output_index: outputIndex, content_index: 0, delta: piece, logprobs: [] }),
                  true,
                ))
              )
                return;
            }
            if (!(await stream.frame(ev('response.output_text.done', { item_id: item.id, output_index: outputIndex, content_index: 0, text, logprobs: [] }))))
              return;
            if (
              !(await stream.frame(ev('response.content_part.done', { item_id: item.id, output_index: outputIndex, content_index: 0, part: item.content[0] })))
            )
              return;
          } else {
            if (!(await stream.frame(ev('response.output_item.added', { output_index: outputIndex, item: { ...item, arguments: '', status: 'in_progress' } }))))
              return;
            if (
              !(await stream.frame(ev('response.function_call_arguments.delta', { item_id: item.id, output_index: outputIndex, delta: item.arguments }), true))
            )
              return;
            if (!(await stream.frame(ev('response.function_call_arguments.done', { item_id: item.id, output_index: outputIndex, arguments: item.arguments }))))
              return;
          }
          if (!(await stream.frame(ev('response.output_item.done', { output_index: outputIndex, item })))) return;
        }
        stream.end(
          ev(incomplete ? 'response.incomplete' : 'response.completed', { response: response(incomplete ? 'incomplete' : 'completed', output, usage) }),
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `unknown path ${path}`, type: 'invalid_request_error', param: null, code: null } }));
    },
  });
}
