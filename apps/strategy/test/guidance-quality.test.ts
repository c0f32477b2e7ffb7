/**
 * The guidance as paying users meet it, over HTTP: no false refusals (vague,
 * definitions, mixed, German and French), answers that use the question's
 * facts, styles that differ in substance, and prices that follow what is
 * delivered. Questions here are not in the evaluation sets.
 */
import request from 'supertest';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';
import { coordinationResponseSchema, expectTable, frameworkResponseSchema } from './response-schemas.js';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness();
  key = await keyWithCredits(h, 'org-quality', 10_000);
  // A fresh database and the understanding models' warm-up: seconds alone, more on a loaded machine.
}, 120_000);
afterAll(() => h.close());

const coordinate = (content: string, extra: Record<string, unknown> = {}) =>
  request(h.app).post('/v1/coordinate').set('apikey', key).send(body(content, extra));
const framework = (content: string, extra: Record<string, unknown> = {}) => request(h.app).post('/v1/framework').set('apikey', key).send(body(content, extra));

test('a vague business question gets clarifying questions naming what is known, charged as simple', async () => {
  const res = await coordinate('thoughts on our pricing?', { userContext: { industry: 'veterinary clinics' } });
  expect(res.status).toBe(200);
  expectTable(coordinationResponseSchema, res.body);
  expect(res.body.metadata.creditsUsed).toBeLessThanOrEqual(3);
  expect(res.body.metadata.confidenceScore).toBeLessThan(70);
  expect(res.body.suggestions.followUpQuestions.join(' ')).toContain('veterinary clinics');
  expect(res.body.content).toContain('### To sharpen this, tell me');
});

test('definitions of library frameworks are answered, with the method and its sources', async () => {
  const res = await framework('What is poka-yoke?');
  expect(res.status).toBe(200);
  expectTable(frameworkResponseSchema, res.body);
  expect(res.body.metadata.primaryFramework).toBe('Poka-Yoke (Error-Proofing)');
  expect(res.body.metadata.confidenceScore).toBeGreaterThanOrEqual(90);
  expect(res.body.content).toContain('**Sources:** Shingo');
});

test('a mixed request: the business half is answered, the rest declined in one sentence', async () => {
  const res = await coordinate(
    'Please debug my JavaScript function that sums invoices. Also our gross margin fell from 42% to 31% this year; what should we look at first?',
  );
  expect(res.status).toBe(200);
  expect(res.body.content).toMatch(/is outside strategy guidance and is not answered here; latchkey-developer-assistant can help with it/);
  expect(res.body.insights.keyRecommendations.join(' ')).toContain('42%');
  // A strategist would take either lens to a margin that fell: where the margin goes by product, or which driver moved.
  expect(['Contribution Margin Analysis', 'KPI Tree (Driver Tree)']).toContain(res.body.metadata.frameworksApplied[0]);
  expect(res.body.metadata.frameworksApplied).toContain('Contribution Margin Analysis');
});

test('a personal part of a request is declined, pointing to the assistant for its kind, and the business half decides the framework', async () => {
  const res = await coordinate(
    'I run a coffee van on 3 pitches, about £400 takings each. Should I drop the Tuesday pitch? Oh, and unrelated: can you suggest a name for our new puppy?',
  );
  expect(res.status).toBe(200);
  expect(res.body.content).toMatch(/\("Oh, and unrelated: can you suggest a name for our new puppy\?"\) is outside strategy guidance/);
  expect(res.body.content).toMatch(/latchkey-general-assistant can help with it/);
  expect(res.body.content).not.toMatch(/developer-assistant/);
  expect(res.body.insights.keyRecommendations.join(' ')).toContain('£400');
  // Parts of two kinds name both assistants.
  const two = await coordinate(
    'Write me a Python script that totals our pitch takings. I run a coffee van on 3 pitches, about £400 takings each. Should I drop the Tuesday pitch? Also, can you recommend a good novel for the beach?',
  );
  expect(two.status).toBe(200);
  expect(two.body.content).toMatch(/latchkey-developer-assistant or latchkey-writing-assistant can help with it/);
});

test('German and French questions are understood and answered in English, saying so', async () => {
  const de = await coordinate('Unsere Kunden zahlen im Schnitt nach 70 Tagen. Wie verbessern wir die Liquidität?');
  expect(de.status).toBe(200);
  expect(de.body.content).toContain('asked in German; this answer is in English');
  expect(de.body.metadata.frameworksApplied[0]).toBe('Cash Conversion Cycle');
  const fr = await framework('Nous voulons augmenter nos prix de 10 %. Comment faire sans perdre nos clients ?');
  expect(fr.status).toBe(200);
  expect(fr.body.content).toContain('asked in French; this answer is in English');
  expect(fr.body.structuredOutput.expertGuidance.strategicActions.join(' ')).toContain('10%');
});

test('clearly non-business requests are still refused, free', async () => {
  for (const q of ['Wie backe ich einen Apfelkuchen?', 'Write a limerick about penguins.']) {
    const res = await coordinate(q);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('REQUEST_OUT_OF_SCOPE');
  }
});

test("answers use the question's numbers: the arithmetic, the deadline and the target", async () => {
  const res = await coordinate(
    'Our contact centre answers 12,000 calls a week and 6% are abandoned. We want 2% before the new contract starts in 8 weeks. Handle time is 7 minutes.',
    { preferences: { responseStyle: 'tactical' } },
  );
  expect(res.status).toBe(200);
  expect(res.body.metadata.frameworksApplied[0]).toBe('Capacity Planning and Queueing (Service Operations)');
  const text = [...res.body.insights.keyRecommendations, ...res.body.insights.implementationSteps].join('\n');
  expect(text).toContain('6% of 12,000 calls is about 720 a week');
  expect(text).toContain('At 2% that becomes 240 a week');
  expect(text).toMatch(/Weeks? 1-2 of 8/);
  expect(res.body.insights.successMetrics[0]).toContain('now 6%, target 2%');
});

test('two unrelated tactical answers share little; concise and detailed differ in substance and price', async () => {
  const a = await coordinate('Our bakery chain wastes 11% of what it bakes each day. How do we cut waste by June?', {
    preferences: { responseStyle: 'tactical' },
  });
  const b = await coordinate('We are a 30-person agency and nobody knows who approves client budgets. Who should decide what?', {
    preferences: { responseStyle: 'tactical' },
  });
  expect([a.status, b.status]).toEqual([200, 200]);
  const lines = (r: request.Response) => new Set((r.body.content as string).split('\n').filter((l) => l.trim().length > 3));
  const la = lines(a);
  const shared = [...lines(b)].filter((l) => la.has(l));
  expect(shared.length).toBeLessThan(4);
  const q = 'We run 4 dental practices and 14% of appointments are no-shows. What should we do this quarter?';
  const [concise, detailed] = await Promise.all([
    coordinate(q, { preferences: { responseStyle: 'concise' } }),
    coordinate(q, { preferences: { responseStyle: 'detailed' } }),
  ]);
  expect(concise.body.content).toContain('### Three actions');
  expect(concise.body.content).not.toContain('### What your numbers say');
  expect(detailed.body.content).toContain('**Approach:**');
  expect(concise.body.metadata.creditsUsed).toBeLessThan(detailed.body.metadata.creditsUsed);
  const [fc, fd] = await Promise.all([
    framework(q, { preferences: { responseStyle: 'concise' } }),
    framework(q, { preferences: { responseStyle: 'detailed' } }),
  ]);
  expect(fc.body.structuredOutput.expertGuidance.strategicActions.length).toBe(3);
  expect(fd.body.structuredOutput.expertGuidance.strategicActions.length).toBeGreaterThan(3);
});
