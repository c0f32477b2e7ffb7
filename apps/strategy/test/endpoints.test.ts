/**
 * Every field of both response tables (SPEC.md area C), the confidence
 * bands, response styles, sessions, credits per call and the request log.
 */
import request from 'supertest';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';
import { coordinationResponseSchema, expectTable, frameworkResponseSchema } from './response-schemas.js';

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await startHarness();
  key = await keyWithCredits(h, 'org-endpoints', 10_000);
});
afterAll(() => h.close());

const nonEmptyStrings = (xs: unknown) => {
  expect(Array.isArray(xs)).toBe(true);
  for (const x of xs as unknown[]) {
    expect(typeof x).toBe('string');
    expect((x as string).trim().length).toBeGreaterThan(3);
  }
};

const OKR_QUESTION =
  'Everyone is busy, but I cannot tell whether the work is moving our annual goals. How do I set goals each quarter that connect teams to company strategy?';

describe('POST /v1/framework', () => {
  test('fills every field of the framework response from the selected frameworks', async () => {
    const res = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send(body(OKR_QUESTION, { userContext: { industry: 'saas', businessStage: 'growth', role: 'ceo' } }));
    expect(res.status).toBe(200);
    expectTable(frameworkResponseSchema, res.body);
    const { content, metadata: m, structuredOutput: s } = res.body;
    expect(typeof content).toBe('string');
    expect(content).toMatch(/^## OKRs/);
    expect(m.agent).toBe('latchkey-framework-expert');
    expect(m.sessionId).toMatch(/^ses_/);
    expect(m.primaryFramework).toBe('OKRs (Objectives and Key Results)');
    nonEmptyStrings(m.supportingFrameworks);
    expect(m.supportingFrameworks.length).toBeGreaterThanOrEqual(1);
    expect(['basic', 'intermediate', 'advanced', 'expert']).toContain(m.complexityLevel);
    expect(m.confidenceScore).toBeGreaterThanOrEqual(0);
    expect(m.confidenceScore).toBeLessThanOrEqual(100);
    nonEmptyStrings(m.leadershipPrinciples);
    expect(m.leadershipPrinciples.length).toBeGreaterThan(0);
    expect(m.creditsUsed).toBe(5);
    expect(typeof m.processingTimeMs).toBe('number');
    expect(m.processingTimeMs).toBeGreaterThanOrEqual(0);
    for (const k of ['industryFocus', 'stageAlignment', 'keyChallenge', 'strategicPriority']) {
      expect(typeof m.businessContextAnalysis[k]).toBe('string');
      expect(m.businessContextAnalysis[k].length).toBeGreaterThan(10);
    }
    expect(m.businessContextAnalysis.industryFocus).toMatch(/saas/);
    expect(m.businessContextAnalysis.stageAlignment).toMatch(/Growth stage/);

    const fa = s.frameworkAnalysis;
    expect(fa.primaryFramework).toBe(m.primaryFramework);
    expect(fa.supportingFrameworks).toEqual(m.supportingFrameworks);
    expect(fa.leadershipPrinciples).toEqual(m.leadershipPrinciples);
    expect(fa.strategicRationale).toMatch(/OKRs/);
    expect(fa.complexityAssessment.length).toBeGreaterThan(20);
    expect(fa.confidenceScore).toBe(m.confidenceScore);

    const g = s.expertGuidance;
    expect(g.methodologyApplication.length).toBeGreaterThanOrEqual(2);
    for (const p of g.methodologyApplication) {
      expect(typeof p.phase).toBe('string');
      nonEmptyStrings(p.strategicQuestions);
      expect(p.strategicQuestions.length).toBeGreaterThan(0);
      expect(typeof p.expectedInsights).toBe('string');
      nonEmptyStrings(p.deliverables);
    }
    for (const k of ['strategicActions', 'businessOutcomes', 'successMetrics', 'integrationOpportunities']) {
      nonEmptyStrings(g[k]);
      expect(g[k].length).toBeGreaterThan(0);
    }
    expect(g.implementationTimeline).toMatch(/\w+/);
    // Content is drawn from the library entry, not placeholders.
    expect(content).toContain(g.methodologyApplication[0].phase);
  });

  test('response styles shape the markdown', async () => {
    const ask = (responseStyle: string) =>
      request(h.app)
        .post('/v1/framework')
        .set('apikey', key)
        .send(body(OKR_QUESTION, { preferences: { responseStyle } }));
    const [concise, detailed, tactical] = await Promise.all([ask('concise'), ask('detailed'), ask('tactical')]);
    expect(concise.body.content.length).toBeLessThan(detailed.body.content.length * 0.7);
    for (const q of ['How should our business grow?', 'What is a North Star Metric?']) {
      const styles = await Promise.all(
        ['concise', 'detailed'].map((responseStyle) =>
          request(h.app)
            .post('/v1/framework')
            .set('apikey', key)
            .send(body(q, { preferences: { responseStyle } })),
        ),
      );
      expect(styles[0]!.body.content.length).toBeLessThan(styles[1]!.body.content.length * 0.7);
    }
    expect(concise.body.content).toContain('### Three actions');
    expect(detailed.body.content).toContain('### How to apply it');
    expect(tactical.body.content).toContain('- [ ]');
    for (const r of [concise, detailed, tactical]) expect(r.body.metadata.creditsUsed).toBe(5);
  });

  test('a vague question gets a lower confidence and clarifying questions (60-69 band and below)', async () => {
    const res = await request(h.app).post('/v1/framework').set('apikey', key).send(body('How should our business grow?'));
    expect(res.status).toBe(200);
    expect(res.body.metadata.confidenceScore).toBeLessThan(70);
    expect(res.body.suggestions.followUpQuestions.length).toBeGreaterThanOrEqual(3);
    expect(res.body.content).toContain('clarify');
  });

  test('a precise question gets high confidence and no clarifying questions', async () => {
    const res = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send(body('We want to roll out OKRs. How many objectives should each team have and how should we run the check-ins?'));
    expect(res.body.metadata.confidenceScore).toBeGreaterThanOrEqual(90);
    expect(res.body.suggestions?.followUpQuestions).toBeUndefined();
  });

  test('a continued session builds on earlier turns and keeps its context', async () => {
    const first = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send(
        body('Lots of people start our free trial but very few upgrade to paid. Where is the leak?', {
          userContext: { industry: 'saas', businessStage: 'startup' },
        }),
      );
    const sessionId = first.body.metadata.sessionId;
    const second = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send({
        sessionId,
        messages: [
          { role: 'user', content: 'Lots of people start our free trial but very few upgrade to paid. Where is the leak?' },
          { role: 'assistant', content: first.body.content },
          { role: 'user', content: 'OK. And which single number should the whole team rally around?' },
        ],
      });
    expect(second.status).toBe(200);
    expect(second.body.metadata.sessionId).toBe(sessionId);
    expect(second.body.metadata.primaryFramework).toBe('North Star Metric');
    // The stage given in the first turn is remembered.
    expect(second.body.metadata.businessContextAnalysis.stageAlignment).toMatch(/Startup stage/);
    const turns = await h.prisma.sessionTurn.findMany({ where: { sessionId } });
    expect(turns).toHaveLength(2);
  });

  test('previousWork naming a framework counts as applied', async () => {
    const res = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send(
        body('Which of our marketing channels are profitable once churn and margin are counted?', {
          userContext: { previousWork: [{ framework: 'pirate-metrics-aarrr', notes: 'funnel mapped' }] },
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body.structuredOutput.frameworkAnalysis.strategicRationale).toBeTruthy();
  });

  test('out-of-scope: 422 unsupported_request with suggestions, nothing charged', async () => {
    const before = await h.ledger.balance('org-endpoints');
    const res = await request(h.app).post('/v1/framework').set('apikey', key).send(body('Give me a recipe for vegan chocolate chip cookies.'));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'unsupported_request', code: 'FRAMEWORK_OUT_OF_SCOPE' });
    expect(typeof res.body.message).toBe('string');
    expect(res.body.suggestions.length).toBeGreaterThan(0);
    expect(res.body.suggestions.join(' ')).toMatch(/latchkey-/);
    expect(await h.ledger.balance('org-endpoints')).toBe(before);
  });

  test('a short follow-up in a continued session stays in scope; another domain does not', async () => {
    const first = await request(h.app).post('/v1/framework').set('apikey', key).send(body(OKR_QUESTION));
    const sessionId = first.body.metadata.sessionId;
    const follow = (content: string, withSession = true) =>
      request(h.app)
        .post('/v1/framework')
        .set('apikey', key)
        .send({
          ...(withSession ? { sessionId } : {}),
          messages: [
            { role: 'user', content: OKR_QUESTION },
            { role: 'assistant', content: first.body.content },
            { role: 'user', content },
          ],
        });
    for (const q of ['How do we keep the check-ins short?', 'Who should own them?']) {
      const res = await follow(q);
      expect(res.status).toBe(200);
      expect(res.body.metadata.sessionId).toBe(sessionId);
    }
    // The resent conversation alone also carries the context.
    expect((await follow('How do we keep the check-ins short?', false)).status).toBe(200);
    const off = await follow('Now give me a recipe for vegan chocolate chip cookies.');
    expect(off.status).toBe(422);
    expect(off.body.code).toBe('FRAMEWORK_OUT_OF_SCOPE');
  });

  test('x-app-context and the outcome are recorded in the request log', async () => {
    const res = await request(h.app).post('/v1/framework').set('apikey', key).set('x-app-context', 'board-portal').send(body(OKR_QUESTION));
    expect(res.status).toBe(200);
    let row = null;
    for (let i = 0; i < 50 && !row; i++) {
      row = await h.prisma.requestLog.findFirst({ where: { traceId: res.headers['x-request-id'] } });
      if (!row) await new Promise((r) => setTimeout(r, 20));
    }
    expect(row).toMatchObject({
      appContext: 'board-portal',
      status: 200,
      creditsUsed: 5,
      endpoint: '/v1/framework',
      authMethod: 'apikey',
      orgId: 'org-endpoints',
      engine: 'library',
    });
    const debit = await h.ledger.entry(row!.requestId, 'debit');
    expect(debit?.amount).toBe(-5);
  });
});

describe('POST /v1/coordinate', () => {
  test('fills every field of the coordination response', async () => {
    const res = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .set('x-app-context', 'exec-dashboard')
      .send(
        body('Our factory has plenty of machines but orders are always late and work-in-progress is stacked up everywhere. How do we fix throughput?', {
          userContext: { industry: 'manufacturing', businessStage: 'growth' },
        }),
      );
    expect(res.status).toBe(200);
    expectTable(coordinationResponseSchema, res.body);
    const { content, metadata: m, insights: i, suggestions: s } = res.body;
    expect(content).toMatch(/^## /);
    expect(m.sessionId).toMatch(/^ses_/);
    expect(m.strategicFocus.length).toBeGreaterThan(10);
    nonEmptyStrings(m.frameworksApplied);
    expect(m.frameworksApplied[0]).toBe('Theory of Constraints');
    expect(m.creditsUsed).toBeGreaterThanOrEqual(1);
    expect(m.creditsUsed).toBeLessThanOrEqual(15);
    expect(m.confidenceScore).toBeGreaterThanOrEqual(0);
    expect(m.confidenceScore).toBeLessThanOrEqual(100);
    for (const k of ['keyRecommendations', 'implementationSteps', 'successMetrics', 'riskFactors']) {
      nonEmptyStrings(i[k]);
      expect(i[k].length).toBeGreaterThan(0);
    }
    for (const k of ['followUpQuestions', 'relatedChallenges', 'nextMilestones']) nonEmptyStrings(s[k]);
    const debit = await h.prisma.creditLedgerEntry.findFirst({
      where: { orgId: 'org-endpoints', kind: 'debit', endpoint: '/v1/coordinate' },
      orderBy: { id: 'desc' },
    });
    expect(-debit!.amount).toBe(m.creditsUsed);
  });

  test('response styles: concise clearly shorter than detailed, tactical a checklist of actions', async () => {
    const planning = 'Our strategy deck is a list of 14 initiatives. How do I get the exec team to make real choices about what we will and will not do?';
    const comprehensive =
      'We need a comprehensive turnaround plan: costs grew 18% while revenue grew 5%, customers churn after two months and the board wants a full review of strategy and the organisation.';
    for (const q of [planning, comprehensive, 'What is a North Star Metric?']) {
      const ask = (responseStyle: string) =>
        request(h.app)
          .post('/v1/coordinate')
          .set('apikey', key)
          .send(body(q, { preferences: { responseStyle } }));
      const [concise, detailed, tactical] = (await Promise.all([ask('concise'), ask('detailed'), ask('tactical')])).map((r) => r.body);
      for (const r of [concise, detailed, tactical]) expectTable(coordinationResponseSchema, r);
      expect(concise.content.length).toBeLessThan(detailed.content.length * 0.7);
      expect(concise.content).not.toContain('### Implementation');
      expect(detailed.content).toContain('### Implementation');
      expect(detailed.content).toMatch(/### Questions to settle/);
      // Tactical: a checklist of every step of the plan, then further actions, all checkboxes.
      const lines = tactical.content.split('\n');
      expect(lines.findIndex((l: string) => l.startsWith('### Checklist'))).toBeLessThan(lines.findIndex((l: string) => l.startsWith('### Also do')));
      const boxes = lines.filter((l: string) => l.startsWith('- [ ] '));
      expect(boxes.length).toBeGreaterThanOrEqual(3 + tactical.insights.implementationSteps.length);
      for (const step of tactical.insights.implementationSteps) expect(tactical.content).toContain(`- [ ] ${step}`);
      expect(tactical.content).not.toContain('### Recommendations');
    }
  });

  test('depth decides the price band: simple 1-3, planning 3-8, comprehensive 8-15', async () => {
    const ask = (q: string, extra: Record<string, unknown> = {}) => request(h.app).post('/v1/coordinate').set('apikey', key).send(body(q, extra));
    const simple = await ask('What is a North Star Metric?');
    expect(simple.status).toBe(200);
    expect(simple.body.metadata.creditsUsed).toBeGreaterThanOrEqual(1);
    expect(simple.body.metadata.creditsUsed).toBeLessThanOrEqual(3);
    const planning = await ask("How should I build next year's budget so we stop just adding 3% to every department's line items?");
    expect(planning.body.metadata.creditsUsed).toBeGreaterThanOrEqual(3);
    expect(planning.body.metadata.creditsUsed).toBeLessThanOrEqual(8);
    const comprehensive = await ask(
      'We need a comprehensive turnaround plan: costs grew 18% while revenue grew 5%, customers churn after two months, our teams blame each other and the board wants a full review of strategy, pricing and the organisation.',
      { userContext: { businessStage: 'enterprise' } },
    );
    expect(comprehensive.body.metadata.creditsUsed).toBeGreaterThanOrEqual(8);
    expect(comprehensive.body.metadata.creditsUsed).toBeLessThanOrEqual(15);
    expect(comprehensive.body.metadata.frameworksApplied.length).toBeGreaterThan(planning.body.metadata.frameworksApplied.length - 1);
    expect(comprehensive.body.insights.implementationSteps.length).toBeGreaterThan(simple.body.insights.implementationSteps.length);
  });

  test('maxCredits caps the depth', async () => {
    const q =
      'We need a comprehensive turnaround plan: costs grew 18% while revenue grew 5%, customers churn after two months and the board wants a full review of strategy and the organisation.';
    const res = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .send(body(q, { preferences: { maxCredits: 4 } }));
    expect(res.status).toBe(200);
    expect(res.body.metadata.creditsUsed).toBeLessThanOrEqual(4);
  });

  test('maxCredits below the cheapest answer: 402 with creditsRequired and creditsAvailable, nothing charged', async () => {
    const before = await h.ledger.balance('org-endpoints');
    const res = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .send(body(OKR_QUESTION, { preferences: { maxCredits: 0 } }));
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ error: 'payment_required', code: 'INSUFFICIENT_CREDITS', details: { creditsRequired: 1, creditsAvailable: before } });
    const fw = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send(body(OKR_QUESTION, { preferences: { maxCredits: 4 } }));
    expect(fw.status).toBe(402);
    expect(fw.body.details).toMatchObject({ creditsRequired: 5, creditsAvailable: before });
    expect(await h.ledger.balance('org-endpoints')).toBe(before);
  });

  test('a low balance buys a shallower answer; an empty one gets 402', async () => {
    const poor = await keyWithCredits(h, 'org-poor', 2);
    const q = 'We need a comprehensive turnaround plan covering costs, churn, the organisation and pricing, with a full review for the board.';
    const res = await request(h.app).post('/v1/coordinate').set('apikey', poor).send(body(q));
    expect(res.status).toBe(200);
    expect(res.body.metadata.creditsUsed).toBe(2);
    const none = await request(h.app).post('/v1/coordinate').set('apikey', poor).send(body(q));
    expect(none.status).toBe(402);
    expect(none.body.details).toEqual({ creditsRequired: 1, creditsAvailable: 0 });
    const fw = await request(h.app).post('/v1/framework').set('apikey', poor).send(body(OKR_QUESTION));
    expect(fw.status).toBe(402);
    expect(fw.body.details).toEqual({ creditsRequired: 5, creditsAvailable: 0 });
  });

  test('previousWork is refused on the coordination endpoint', async () => {
    const res = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .send(body(OKR_QUESTION, { userContext: { previousWork: [] } }));
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ field: 'userContext.previousWork', issue: 'is accepted only by /v1/framework' });
  });

  test('out-of-scope on coordinate: 422, free', async () => {
    const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body('Tell me a joke about penguins.'));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'unsupported_request', code: 'REQUEST_OUT_OF_SCOPE' });
    // Another domain's request is not invited to name an organisation.
    expect(res.body.message).toMatch(/^This is not a business strategy question \(it looks like .+\)\. Nothing was charged; other agents can help\.$/);
    expect(res.body.details.languageNotRead).toBeUndefined();
    expect(res.body.details.organisationNotNamed).toBeUndefined();
    // Nor is one who says it is not about work.
    const notWork = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body('Not a work question: how do I plan my week better?'));
    expect(notWork.status).toBe(422);
    expect(notWork.body.message).toBe('This is not a business strategy question (it says it is not about work). Nothing was charged; other agents can help.');
    expect(notWork.body.details.organisationNotNamed).toBeUndefined();
  });

  test('a request that names no organisation and shows nothing personal is asked which organisation it is about, charged as the simplest answer, and planned once the asker says which', async () => {
    const q = 'pos system 79/month vs one off 1200';
    const asked = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body(q));
    expect(asked.status).toBe(200);
    expect(asked.body.content).toMatch(/^## Clarifying first: pos system 79\/month vs one off 1200/);
    expect(asked.body.content).toMatch(/does not yet say which business or organisation it is about, so there is no plan yet/);
    expect(asked.body.suggestions.followUpQuestions[0]).toMatch(/^Which business or organisation is this about, what does it sell or do/);
    expect(asked.body.metadata.creditsUsed).toBe(1);
    expect(asked.body.metadata.confidenceScore).toBeLessThan(60);
    // It is recorded without frameworks: no turn, only its digest. The session's next message is judged as a first
    // turn, so a personal request sent with only the sessionId is refused as it would be alone, not planned as a
    // follow-up; the reply naming the organisation, sent with only the sessionId, is planned on the question's figures.
    const sessionId = asked.body.metadata.sessionId;
    expect((await h.prisma.sessionTurn.findMany({ where: { sessionId } })).map((t) => t.frameworks)).toEqual([[]]);
    const personal = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .send({ ...body('Should I buy or lease my next car? I drive 12,000 miles a year.'), sessionId });
    expect(personal.status).toBe(422);
    expect(personal.body.details.organisationNotNamed).toBe(true);
    const named = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .send({ ...body("It's for my café"), sessionId });
    expect(named.status).toBe(200);
    expect(named.body.metadata.creditsUsed).toBeGreaterThan(1);
    expect(JSON.stringify(named.body.insights)).toMatch(/79\/month/);
    const replied = await request(h.app)
      .post('/v1/coordinate')
      .set('apikey', key)
      .send({
        messages: [
          { role: 'user', content: q },
          { role: 'user', content: "It's for my café" },
        ],
      });
    expect(replied.status).toBe(200);
    expect(replied.body.content).not.toMatch(/which business or organisation it is about/);
    expect(replied.body.metadata.creditsUsed).toBeGreaterThan(1);
    expect(JSON.stringify(replied.body.insights)).toMatch(/79\/month vs one off 1200/);
  });

  test('a request refused for naming no organisation beside words of a personal life is answered once the asker says which, in the question or as the next message', async () => {
    const q = 'Should I buy or lease my next car? I drive 12,000 miles a year.';
    const refused = await request(h.app).post('/v1/framework').set('apikey', key).send(body(q));
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('FRAMEWORK_OUT_OF_SCOPE');
    expect(refused.body.details.organisationNotNamed).toBe(true);
    expect(refused.body.message).toMatch(
      /^This does not read as a question about a business or an organisation\. Nothing was charged.*in the question or as your next message\.$/,
    );
    const replied = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send({
        messages: [
          { role: 'user', content: q },
          { role: 'user', content: "It's for my taxi business" },
        ],
      });
    const inOne = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send(body(`It's for my taxi business. ${q}`));
    expect(replied.status).toBe(200);
    expect(inOne.status).toBe(200);
    expect(replied.body.metadata.primaryFramework).toBe(inOne.body.metadata.primaryFramework);
    expect(replied.body.metadata.creditsUsed).toBe(5);
    expect(JSON.stringify(replied.body.structuredOutput)).toMatch(/12,000 miles/);
  });

  test('a request in a language the library engine does not read is refused free, saying so rather than calling it not business', async () => {
    // "I run a small restaurant, the rent went up, should we move?" in Chinese, and a small bakery's second site in Russian.
    for (const q of ['我开了一家小餐馆，房租涨了，要不要搬？', 'у меня небольшая пекарня, стоит ли открывать вторую точку?']) {
      const res = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body(q));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'unsupported_request', code: 'REQUEST_OUT_OF_SCOPE', details: { languageNotRead: true } });
      expect(res.body.message).toMatch(/reads English, German, French, Spanish, Dutch, Italian and Portuguese.*Nothing was charged/);
      expect(res.body.message).not.toMatch(/not a business strategy question/);
    }
  });
});

describe('both response tables (SPEC.md), field by field', () => {
  const QUESTIONS = [
    ['vague', 'How should our business grow?', {}],
    ['precise', 'We want to roll out OKRs. How many objectives should each team have and how should we run the check-ins?', {}],
    ['simple', 'What is a North Star Metric?', {}],
    [
      'comprehensive',
      'We need a comprehensive turnaround plan: costs grew 18% while revenue grew 5%, customers churn after two months and the board wants a full review of strategy and the organisation.',
      { userContext: { industry: 'retail', businessStage: 'enterprise', role: 'ceo' } },
    ],
  ] as const;

  test.each(QUESTIONS)('every style of a %s question matches both tables', async (_name, q, extra) => {
    for (const responseStyle of ['concise', 'detailed', 'tactical', undefined]) {
      const preferences = responseStyle ? { responseStyle } : {};
      const [fw, co] = await Promise.all([
        request(h.app)
          .post('/v1/framework')
          .set('apikey', key)
          .send(body(q, { ...extra, preferences })),
        request(h.app)
          .post('/v1/coordinate')
          .set('apikey', key)
          .send(body(q, { ...extra, preferences })),
      ]);
      expect([fw.status, co.status]).toEqual([200, 200]);
      expectTable(frameworkResponseSchema, fw.body);
      expectTable(coordinationResponseSchema, co.body);
    }
  });

  test('a continued session and previousWork still match the framework table', async () => {
    const first = await request(h.app).post('/v1/framework').set('apikey', key).send(body(OKR_QUESTION));
    const next = await request(h.app)
      .post('/v1/framework')
      .set('apikey', key)
      .send({
        sessionId: first.body.metadata.sessionId,
        messages: [
          { role: 'user', content: OKR_QUESTION },
          { role: 'assistant', content: first.body.content },
          { role: 'user', content: 'How do we keep the check-ins short?' },
        ],
        userContext: { previousWork: ['okrs', { framework: 'balanced-scorecard' }, 42, null] },
      });
    expect(next.status).toBe(200);
    expectTable(frameworkResponseSchema, next.body);
  });

  test('the schemas catch a missing, misspelt or mistyped field', async () => {
    const fw = (await request(h.app).post('/v1/framework').set('apikey', key).send(body(OKR_QUESTION))).body;
    const co = (await request(h.app).post('/v1/coordinate').set('apikey', key).send(body(OKR_QUESTION))).body;
    expectTable(frameworkResponseSchema, fw);
    expectTable(coordinationResponseSchema, co);
    const broken = (b: unknown, edit: (x: any) => void) => {
      const copy = structuredClone(b) as any;
      edit(copy);
      return copy;
    };
    const fwEdits: Array<(x: any) => void> = [
      (x) => delete x.metadata.processingTimeMs,
      (x) => (x.metadata.creditsUsed = 4),
      (x) => (x.metadata.complexityLevel = 'hard'),
      (x) => (x.metadata.confidenceScore = '80'),
      (x) => (x.metadata.businessContextAnalysis.industryfocus = x.metadata.businessContextAnalysis.industryFocus),
      (x) => delete x.structuredOutput.frameworkAnalysis.strategicRationale,
      (x) => (x.structuredOutput.frameworkAnalysis.supportingFrameworks = 'a, b'),
      (x) => (x.structuredOutput.expertGuidance.methodologyApplication[0].strategicQuestions = 'why?'),
      (x) => (x.structuredOutput.expertGuidance.methodologyApplication[0].deliverable = []),
      (x) => (x.structuredOutput.expertGuidance.implementationTimeline = ['6 weeks']),
    ];
    for (const edit of fwEdits) expect(frameworkResponseSchema.safeParse(broken(fw, edit)).success).toBe(false);
    const coEdits: Array<(x: any) => void> = [
      (x) => delete x.metadata.strategicFocus,
      (x) => (x.metadata.frameworksApplied = 'OKRs'),
      (x) => (x.metadata.confidenceScore = 120),
      (x) => (x.insights.keyRecommendation = x.insights.keyRecommendations),
      (x) => (x.insights.successMetrics = [1, 2]),
      (x) => (x.suggestions.followUpQuestions = 'what?'),
    ];
    for (const edit of coEdits) expect(coordinationResponseSchema.safeParse(broken(co, edit)).success).toBe(false);
  });
});
