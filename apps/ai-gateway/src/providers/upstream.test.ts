import { planUpstream } from './upstream.js';

const canon = { model: 'gpt-4o-mini', stream: false } as unknown as Parameters<typeof planUpstream>[0]['canon'];
const cfg = { baseUrl: 'http://openai.test/v1', apiKey: 'k' } as Parameters<typeof planUpstream>[0]['cfg'];

describe('provider data retention: nothing asks OpenAI to keep prompts or completions', () => {
  it.each(['responses', 'chat'] as const)('%s: store is forced false; conversation and metadata are dropped', (route) => {
    const raw = {
      model: 'gpt-4o-mini',
      input: 'hi',
      messages: [{ role: 'user', content: 'hi' }],
      store: true,
      conversation: 'conv_123',
      metadata: { who: 'x' },
    };
    const plan = planUpstream({ route, provider: 'openai', cfg, canon, raw, clientHeaders: {} });
    const body = JSON.parse(plan.body) as Record<string, unknown>;
    expect(body.store).toBe(false);
    expect(body).not.toHaveProperty('conversation');
    expect(body).not.toHaveProperty('metadata');
  });
});
