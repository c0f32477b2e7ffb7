import { randomUUID } from 'node:crypto';
import { chunksOf, plan, sse, startFake, type FakeProvider } from './common.js';

const STOP = { end: 'end_turn', max_tokens: 'max_tokens', tool_use: 'tool_use' } as const;
const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const textOf = (content: any): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((b: any) => (b?.type === 'text' ? b.text : b?.type === 'tool_result' ? textOf(b.content) : '')).join('')
      : '';

/**
 * A deterministic Anthropic: `POST /v1/messages/count_tokens` (`{input_tokens}`, the count a
 * message call with the same body reports), `POST /v1/messages`, streaming with `event:`
 * lines (`message_start` … `message_stop`, a `ping`), thinking blocks with
 * signatures when `thinking` is enabled, tool use. Key `fake-anthropic-key`
 * in `x-api-key`; `anthropic-version` required.
 */
export function startFakeAnthropic(opts: { port?: number } = {}): Promise<FakeProvider> {
  return startFake({
    kind: 'anthropic',
    port: opts.port,
    basePath: '',
    authorize: (req, _url, key) => req.headers['x-api-key'] === key && typeof req.headers['anthropic-version'] === 'string',
    errorBody: (status, message) => ({ type: 'error', error: { type: ERROR_TYPES[status] ?? 'api_error', message } }),
    streamError: () => sse({ type: 'error', error: { type: 'overloaded_error', message: 'fake anthropic failed mid-stream' } }, 'error'),
    async handle(req, res, { path, body, behaviour, stream }) {
      if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
        // Anthropic's count endpoint: the same input count a message call with this body reports.
        if (typeof body?.model !== 'string' || !Array.isArray(body.messages) || body.max_tokens !== undefined) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              type: 'error',
              error: {
                type: 'invalid_request_error',
                message: body?.max_tokens !== undefined ? 'max_tokens: Extra inputs are not permitted' : 'model and messages: Field required',
              },
            }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ input_tokens: Math.max(1, Math.ceil((JSON.stringify(body.messages).length + JSON.stringify(body.system ?? '').length) / 4)) }),
        );
        return;
      }
      if (!(req.method === 'POST' && path === '/v1/messages')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: `unknown path ${path}` } }));
        return;
      }
      if (typeof body.max_tokens !== 'number' || !Array.isArray(body.messages)) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' } }));
        return;
      }
      const messages: any[] = body.messages;
      const last = messages.at(-1);
      const lastBlocks: any[] = Array.isArray(last?.content) ? last.content : [];
      const toolResult = lastBlocks.find((b) => b?.type === 'tool_result');
      const lastUser = [...messages]
        .reverse()
        .find((m) => m?.role === 'user' && textOf(m.content) && !(Array.isArray(m.content) && m.content.some((b: any) => b?.type === 'tool_result')));
      const p = plan({
        lastUserText: textOf(lastUser?.content),
        lastIsToolResult: !!toolResult,
        toolResultText: toolResult ? textOf(toolResult.content) : undefined,
        tools: (Array.isArray(body.tools) ? body.tools : []).map((t: any) => ({ name: t.name, parameters: t.input_schema })),
        forcedTool: body.tool_choice?.type === 'tool' ? body.tool_choice.name : undefined,
        noTools: body.tool_choice?.type === 'none',
        wantsThinking: body.thinking?.type === 'enabled',
        maxTokens: body.max_tokens,
        promptChars: JSON.stringify(messages).length + JSON.stringify(body.system ?? '').length,
        model: body.model,
        behaviour,
      });
      const id = `msg_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
      const content: any[] = [];
      if (p.thinking) content.push({ type: 'thinking', thinking: p.thinking.text, signature: p.thinking.signature });
      if (p.text !== undefined) content.push({ type: 'text', text: p.text });
      if (p.toolCall) content.push({ type: 'tool_use', id: p.toolCall.id.replace('call_', 'toolu_'), name: p.toolCall.name, input: p.toolCall.args });
      const usage = {
        input_tokens: p.usage.input - p.usage.cached,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: p.usage.cached,
        output_tokens: p.usage.output,
      };
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` });
        res.end(JSON.stringify({ id, type: 'message', role: 'assistant', model: body.model, content, stop_reason: STOP[p.stop], stop_sequence: null, usage }));
        return;
      }
      stream.start();
      const ev = (type: string, data: any) => sse({ type, ...data }, type);
      if (
        !(await stream.frame(
          ev('message_start', {
            message: {
              id,
              type: 'message',
              role: 'assistant',
              model: body.model,
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { ...usage, output_tokens: 1 },
            },
          }),
        ))
      )
        return;
      if (!(await stream.frame(ev('ping', {})))) return;
      for (const [index, block] of content.entries()) {
        if (block.type === 'thinking') {
          if (!(await stream.frame(ev('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } })))) return;
          for (const piece of chunksOf(block.thinking)) {
            if (!(await stream.frame(ev('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } }), true))) return;
          }
          if (!(await stream.frame(ev('content_block_delta', { index, delta: { type: 'signature_delta', signature: block.signature } })))) return;
        } else if (block.type === 'text') {
          if (!(await stream.frame(ev('content_block_start', { index, content_block: { type: 'text', text: '' } })))) return;
          for (const piece of chunksOf(block.text)) {
            if (!(await stream.frame(ev('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }), true))) return;
          }
        } else {
          if (!(await stream.frame(ev('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } }))))
            return;
          const args = JSON.stringify(block.input);
          const half = Math.ceil(args.length / 2);
          for (const part of [args.slice(0, half), args.slice(half)]) {
            if (!(await stream.frame(ev('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part } }), true))) return;
          }
        }
        if (!(await stream.frame(ev('content_block_stop', { index })))) return;
      }
      if (!(await stream.frame(ev('message_delta', { delta: { stop_reason: STOP[p.stop], stop_sequence: null }, usage: { output_tokens: p.usage.output } }))))
        return;
      stream.end(ev('message_stop', {}));
    },
  });
}
