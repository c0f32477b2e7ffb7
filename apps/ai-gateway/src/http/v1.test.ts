import type { IncomingMessage } from 'node:http';
import { HttpError } from '@latchkey/errors';
import { GatewayError } from '../errors.js';
import type { V1Context } from './call.js';
import { errorBody } from './error-body.js';
import { notFoundMessage, takesUrl, V1Router } from './v1.js';
import * as chat from '../routes/v1-chat-completions.js';
import * as countTokens from '../routes/v1-count-tokens.js';
import * as embeddings from '../routes/v1-embeddings.js';
import * as messages from '../routes/v1-messages.js';
import * as models from '../routes/v1-models.js';
import * as responses from '../routes/v1-responses.js';

function gatewayRouter(): V1Router {
  const router = new V1Router();
  for (const route of [chat, responses, messages, countTokens, embeddings, models]) route.register(router, {} as V1Context);
  return router;
}

describe('V1Router', () => {
  const router = gatewayRouter();

  it('matches exact paths and the model id under /v1/models/ (raw or percent-encoded slash)', () => {
    expect(router.match('/v1/chat/completions')?.route.name).toBe('chat');
    expect(router.match('/v1/messages/count_tokens')?.route.name).toBe('count_tokens');
    expect(router.match('/v1/models')?.route.name).toBe('models');
    expect(router.match('/v1/models/openai%2Fgpt-4o-mini')).toMatchObject({ route: { name: 'model' }, param: 'openai/gpt-4o-mini' });
    expect(router.match('/v1/models/openai/gpt-4o-mini')?.param).toBe('openai/gpt-4o-mini');
    // Not routes: an empty id, bad percent-encoding, unknown paths.
    for (const path of ['/v1/models/', '/v1/models/%E0%A4%A', '/v1/chat', '/v1/chat/completions/', '/chat/completions'])
      expect(router.match(path)).toBeUndefined();
  });

  it('labels requests for /metrics with a bounded set of labels', () => {
    expect(['/v1/embeddings', '/v1/models/anything', '/v1/models/', '/v1/whatever', '/models'].map((p) => router.label(p))).toEqual([
      '/v1/embeddings',
      '/v1/models/:model',
      '/v1/models/:model',
      '/v1/*',
      '/v1/*',
    ]);
  });

  it('lists the routes in the 404 message, in registration order', () => {
    const req = { method: 'GET', headers: { host: 'gw.test' } } as unknown as IncomingMessage;
    expect(notFoundMessage(req, '/v1/nothing', router.describe())).toBe(
      'No route for GET /v1/nothing. Routes: POST /v1/chat/completions, /v1/responses, /v1/messages, /v1/messages/count_tokens, /v1/embeddings; GET /v1/models, /v1/models/{id}. ' +
        'OpenAI SDKs and @ai-sdk/*: baseURL http://gw.test/v1; the Anthropic SDK: baseURL http://gw.test (it adds /v1 itself).',
    );
  });

  it('refuses a path registered twice', () => {
    expect(() => chat.register(router, {} as V1Context)).toThrow(/registered twice/);
  });

  it('takes /v1 and the SDK paths of a base URL missing /v1, nothing else', () => {
    expect(['/v1/chat/completions', '/v1', '/chat/completions', '/models?x', '/messages/count_tokens'].every(takesUrl)).toBe(true);
    expect(['/admin/keys', '/healthz', '/metrics', '/v1?x', '/v10/chat', '/modelsx'].some(takesUrl)).toBe(false);
  });
});

describe('errorBody', () => {
  it('gives a GatewayError its wire fields in both shapes (param and code null when absent)', () => {
    const limited = new GatewayError('rate_limit_exceeded', 'Slow down.', { type: 'tokens', headers: { 'retry-after': '3' } });
    expect(limited).toBeInstanceOf(HttpError);
    expect([limited.status, limited.code, limited.headers]).toEqual([429, 'rate_limit_exceeded', { 'retry-after': '3' }]);
    expect(errorBody('openai', limited)).toEqual({ error: { message: 'Slow down.', type: 'tokens', param: null, code: 'rate_limit_exceeded' } });
    expect(errorBody('anthropic', limited)).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'Slow down.' } });
    const aborted = new GatewayError('gateway_error', 'The request was aborted.');
    expect(errorBody('openai', aborted)).toEqual({ error: { message: 'The request was aborted.', type: 'invalid_request_error', param: null, code: null } });
    expect(errorBody('openai', new GatewayError('invalid_request', 'bad', { param: 'model' }))).toEqual({
      error: { message: 'bad', type: 'invalid_request_error', param: 'model', code: 'invalid_request' },
    });
    expect(errorBody('anthropic', new GatewayError('gateway_error', 'down', { status: 503 }))).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'down' },
    });
    expect(errorBody('anthropic', new GatewayError('gateway_error', 'odd', { status: 418 }))).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'odd' },
    });
  });

  it('renders any other HttpError with its code', () => {
    expect(errorBody('openai', new HttpError(503, 'SERVICE_UNAVAILABLE', 'Down.'))).toEqual({
      error: { message: 'Down.', type: 'server_error', param: null, code: 'SERVICE_UNAVAILABLE' },
    });
  });
});
