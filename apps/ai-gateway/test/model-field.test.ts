/**
 * One model name: every response and stream event carries the id the client sent; the provider's
 * own name is in `x-latchkey-provider-model` and in the usage record.
 */
import { SseParser } from '../src/wire/sse.js';
import { withModel } from '../src/wire/model-field.js';
import { startHarness, call, bodyFor, PATHS, MODELS, type Harness } from './harness.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.createKey()).key;
});
afterAll(() => h.close());
beforeEach(() => h.fakes.resetAll());

const providers = ['openai', 'anthropic', 'google'] as const;
const routes = ['chat', 'responses', 'messages'] as const;
const upstreamName = (id: string) => id.slice(id.indexOf('/') + 1);

/** Every `model` field anywhere in a JSON value. */
function models(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) models(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'model' && typeof x === 'string') out.push(x);
      else models(x, out);
    }
  }
  return out;
}

describe.each(providers)('through %s', (provider) => {
  const model = MODELS[provider];
  it.each(routes)('%s: the response, the header and the usage record', async (route) => {
    const res = await call(h.gw.url, PATHS[route], key, bodyFor(route, model, 'which model'));
    expect(res.status).toBe(200);
    expect(res.body.model).toBe(model);
    expect(res.headers.get('x-latchkey-provider-model')).toBe(upstreamName(model));
    await h.gw.app.usage.settle();
    const row = await h.prisma.usageRecord.findFirst({ where: { requestId: res.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ model, providerModel: upstreamName(model), kind: 'call' });
  });

  it.each(routes)('%s stream: every event', async (route) => {
    const res = await call(
      h.gw.url,
      PATHS[route],
      key,
      bodyFor(route, model, 'which model streams', { stream: true, ...(route === 'chat' ? { stream_options: { include_usage: true } } : {}) }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-latchkey-provider-model')).toBe(upstreamName(model));
    const p = new SseParser();
    const events = [...p.push(res.text), ...p.end()].filter((f) => f.data !== '[DONE]').map((f) => JSON.parse(f.data));
    const seen = models(events);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set([model]));
    await h.gw.app.usage.settle();
    const row = await h.prisma.usageRecord.findFirst({ where: { requestId: res.headers.get('x-request-id')! } });
    expect(row).toMatchObject({ model, providerModel: upstreamName(model) });
  });
});

describe('withModel', () => {
  it('replaces only the first structural model field, never one inside a string', () => {
    const frame = `data: {"content":"say \\"model\\":\\"x\\"","model":"gpt-4o-mini","nested":{"model":"keep"}}\n\n`;
    const out = withModel(frame, 'openai/gpt-4o-mini');
    const j = JSON.parse(out.slice(6));
    expect(j.model).toBe('openai/gpt-4o-mini');
    expect(j.content).toBe('say "model":"x"');
    expect(j.nested.model).toBe('keep');
  });
});
