/**
 * The grounded model engine through Latchkey's own ai-gateway (a real
 * gateway app on its own test database, in front of the fake OpenAI
 * provider of packages/fake-providers scripted per test): a good reply
 * answers (prose and structured fields, metadata.engine says so); malformed
 * JSON, a schema mismatch, a framework that was not offered, "none fits", an
 * upstream error and a slow reply all fall back to the library engine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp as createGateway, type GatewayApp } from '@latchkey/ai-gateway';
import { startFakeProviders, type FakeProviders } from '@latchkey/fake-providers';
import { createLogger } from '@latchkey/service-kit';
import { createTestDatabase, type TestDatabase } from '@latchkey/testing';
import { loadLibrary } from '../src/domain/library.js';
import { budgetFor, createGatewayModel } from '../src/domain/model-engine.js';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';

const Q =
  'Our warehouse ships about 2,500 orders a day and 1.8% go out with the wrong item. Peak season starts in 10 weeks and I need that under 0.5%. Where do I start?';

let fakes: FakeProviders;
let gwDb: TestDatabase;
type GatewayDb = Parameters<typeof createGateway>[0]['db'];
let gwPrisma: GatewayDb;
let gateway: GatewayApp;
let gwServer: Server;
let h: Harness;
let gatewayKey: string;

const good = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    framework: 'poka-yoke-error-proofing',
    supporting: ['six-sigma-dmaic'],
    confidence: 91,
    content: `## Error-proofing the warehouse before peak\n\n1.8% of 2,500 orders is 45 wrong orders a day; under 0.5% means at most 13. ${'Start with a Pareto of mis-picks by zone and add scan-to-confirm at the pick face. '.repeat(3)}`,
    keyChallenge: 'A warehouse shipping 2,500 orders a day with 1.8% wrong items must get under 0.5% within 10 weeks, before peak.',
    strategicFocus: 'Quality: wrong-item rate from 1.8% to under 0.5% in 10 weeks',
    recommendations: [
      'Chart mis-picks by zone and SKU: 45 a day today',
      'Add scan-to-confirm at the pick face in the two worst zones',
      'Verify the rate falls below 0.5% in a one-week pilot',
    ],
    steps: ['Weeks 1-2: Pareto of the 45 daily mis-picks', 'Weeks 3-6: scan-to-confirm in the worst zones', 'Weeks 7-10: roll out and hold'],
    metrics: ['Wrong-item rate, daily (1.8% now, under 0.5% target)', 'Mis-picks per 1,000 orders'],
    risks: ['Peak volume arrives before the fix is verified'],
    followUpQuestions: [],
    ...over,
  });

beforeAll(async () => {
  fakes = await startFakeProviders();
  gwDb = await createTestDatabase({ service: 'ai-gateway' });
  // The gateway's own Prisma client (its store module is not part of its package exports).
  const gatewayStore = '../../ai-gateway/src/store/db.js';
  const { createDb } = (await import(gatewayStore)) as { createDb: (url: string, max?: number) => GatewayDb };
  gwPrisma = createDb(gwDb.url, 2);
  gateway = createGateway({
    logger: createLogger('ai-gateway', process.env.DEBUG_GATEWAY ? 'debug' : 'silent'),
    db: gwPrisma,
    adminToken: 'test-admin-token-gateway',
    keyPepper: 'test-pepper',
    providers: { openai: { baseUrl: fakes.openai.baseUrl, apiKey: fakes.openai.apiKey } },
    redisPrefix: `t:${process.pid}:`,
  });
  await gateway.ready;
  gwServer = createServer(gateway);
  await new Promise<void>((r) => gwServer.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(gwServer.address() as AddressInfo).port}`;
  // A gateway key for the strategy service, issued by the gateway's operator API.
  const issued = await fetch(`${url}/admin/keys`, {
    method: 'POST',
    headers: { authorization: 'Bearer test-admin-token-gateway', 'content-type': 'application/json' },
    body: JSON.stringify({ solution: 'strategy', models: ['openai/gpt-4o-mini'], rpm: 10_000, tpm: 100_000_000 }),
  });
  expect(issued.status).toBe(201);
  gatewayKey = ((await issued.json()) as { key: string }).key;
  const library = loadLibrary();
  // The model engine's budget: 1.5 s for a detailed answer, so 0.75 s for a concise one.
  h = await startHarness({
    library,
    model: createGatewayModel({
      baseUrl: url,
      apiKey: gatewayKey,
      model: 'openai/gpt-4o-mini',
      library,
      timeoutMs: 1500,
      breaker: { volumeThreshold: 1000 },
      logger: process.env.DEBUG_GATEWAY ? createLogger('strategy-model', 'debug') : undefined,
    }),
  });
});

afterAll(async () => {
  await h?.close();
  gwServer?.closeAllConnections();
  await new Promise((r) => gwServer?.close(r));
  await gateway?.close();
  await gwPrisma?.$disconnect();
  await gwDb?.drop();
  await fakes?.close();
});

beforeEach(() => fakes.resetAll());

test('a good reply answers: the model chose among the grounded candidates, and metadata.engine says so', async () => {
  fakes.openai.configure({ reply: good() });
  const key = await keyWithCredits(h, 'org-model-good', 100);
  const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body(Q));
  expect(res.status).toBe(200);
  expect(res.body.metadata.engine).toBe('model:openai/gpt-4o-mini');
  expect(res.body.metadata.frameworksApplied).toEqual(['Poka-Yoke (Error-Proofing)', 'Six Sigma DMAIC']);
  expect(res.body.insights.keyRecommendations[0]).toContain('45 a day');
  expect(res.body.content).toMatch(/^## Error-proofing the warehouse/);
  // What the gateway forwarded to the provider: the grounding and the JSON schema.
  const sent = fakes.openai.requests.at(-1)!.body;
  expect(sent.response_format.type).toBe('json_schema');
  const grounding = JSON.parse(sent.messages.at(-1).content);
  expect(grounding.parsed.numbers.map((n: { text: string }) => n.text)).toEqual(expect.arrayContaining(['1.8%', '0.5%']));
  expect(grounding.parsed.decisionAsked).toBe('Peak season starts in 10 weeks and I need that under 0.5%. Where do I start?');
  expect(grounding.candidates.map((c: { id: string }) => c.id)).toContain('poka-yoke-error-proofing');
  const fw = await request(h.app).post('/v1/framework').set('apikey', key).send(body(Q));
  expect(fw.body.metadata.engine).toBe('model:openai/gpt-4o-mini');
  expect(fw.body.structuredOutput.expertGuidance.strategicActions).toEqual(JSON.parse(good()).recommendations);
  expect(fw.body.metadata.primaryFramework).toBe('Poka-Yoke (Error-Proofing)');
});

test.each([
  ['malformed JSON', { reply: '{"framework": "poka-yoke-error-proofing", "content": "## unterminated' }],
  ['a reply that fails the schema', { reply: JSON.stringify({ framework: 'poka-yoke-error-proofing', content: 'too short' }) }],
  ['a framework that was not offered', { reply: good({ framework: 'ansoff-matrix' }) }],
  ['"none fits"', { reply: good({ framework: 'none' }) }],
  ['an upstream error', { failStatus: 500 }],
])('%s → the library engine answers', async (_name, behaviour) => {
  fakes.openai.configure(behaviour);
  const key = await keyWithCredits(h, `org-model-${_name.replace(/\W+/g, '-')}`, 100);
  const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body(Q));
  expect(res.status).toBe(200);
  expect(res.body.metadata.engine).toBe('library');
  expect(res.body.metadata.frameworksApplied[0]).toBe('Poka-Yoke (Error-Proofing)');
  expect(res.body.insights.keyRecommendations[0]).toContain('2,500 orders');
  expect(fakes.openai.calls).toBeGreaterThanOrEqual(1);
});

test('a request that only gets asked which organisation it is about is answered by the library engine, the model not called', async () => {
  fakes.openai.configure({ reply: good() });
  const key = await keyWithCredits(h, 'org-model-asked', 100);
  const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body('pos system 79/month vs one off 1200'));
  expect(res.status).toBe(200);
  expect(res.body.metadata.engine).toBe('library');
  expect(res.body.metadata.creditsUsed).toBe(1);
  expect(res.body.suggestions.followUpQuestions[0]).toMatch(/^Which business or organisation is this about/);
  expect(fakes.openai.calls).toBe(0);
});

test('a reply slower than the style budget (concise: half the detailed budget) → the library engine answers', async () => {
  expect(budgetFor('concise', 1500)).toBe(750);
  fakes.openai.configure({ reply: good(), latencyMs: 1200 });
  const key = await keyWithCredits(h, 'org-model-slow', 100);
  const res = await request(h.app)
    .post('/v1/coordinate')
    .set('apikey', key)
    .send(body(Q, { preferences: { responseStyle: 'concise' } }));
  expect(res.status).toBe(200);
  expect(res.body.metadata.engine).toBe('library');
  expect(res.body.content).toContain('### Three actions');
});

test('a German question: the model is told to answer in German and its German answer is used', async () => {
  const content = `## Preiserhöhung um 8 %\n\n${'Testen Sie die Zahlungsbereitschaft je Segment, bevor Sie die Listenpreise ändern. '.repeat(4)}`;
  fakes.openai.configure({
    reply: good({
      framework: 'value-based-pricing',
      supporting: [],
      content,
      keyChallenge: 'Sollen wir unsere Preise um 8 % erhöhen?',
      strategicFocus: 'Preisgestaltung',
    }),
  });
  const key = await keyWithCredits(h, 'org-model-de', 100);
  const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body('Sollen wir unsere Preise um 8 % erhöhen? Wir haben 300 Kunden.'));
  expect(res.status).toBe(200);
  const sent = fakes.openai.requests.at(-1)!.body;
  expect(sent.messages[0].content).toContain('Write "content" and every text field in German.');
  expect(JSON.parse(sent.messages.at(-1).content).language).toBe('German');
  expect(res.body.metadata.engine).toBe('model:openai/gpt-4o-mini');
  expect(res.body.content).toBe(content);
});
