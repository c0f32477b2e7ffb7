/** Session ownership holds also when two organisations race on a new session id; sessions remember earlier turns. */
import request from 'supertest';
import { SessionStore } from '../src/store/sessions.js';
import { body, keyWithCredits, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const turn = (orgId: string, requestId: string) => ({
  sessionId: 'ses_race',
  orgId,
  requestId,
  endpoint: '/v1/framework',
  primaryFramework: 'okrs',
  frameworks: ['okrs'],
  strategicFocus: 'goals',
  confidence: 90,
  industry: orgId === 'org-a' ? 'saas' : 'banking',
});

test('a turn of another organisation is never recorded in a session it does not own', async () => {
  const store = new SessionStore(h.pool);
  // Both loaded the id before either wrote it (owner null), then both record.
  expect((await store.load('ses_race')).owner).toBeNull();
  expect(await store.recordTurn(turn('org-a', 'r1'))).toBe(true);
  expect(await store.recordTurn(turn('org-b', 'r2'))).toBe(false);
  const loaded = await store.load('ses_race');
  expect(loaded.owner).toBe('org-a');
  expect(loaded.history).toMatchObject({ turns: 1, industry: 'saas' });
  expect(await store.recordTurn(turn('org-a', 'r3'))).toBe(true);
  expect((await store.load('ses_race')).history.turns).toBe(2);
});

test('a session remembers the facts of earlier turns even when the client does not resend them', async () => {
  const key = await keyWithCredits(h, 'org-memory', 100);
  const first = await request(h.app)
    .post('/v1/coordinate')
    .set('apikey', key)
    .send(body('We run a dental group with 4 practices and 60 staff, and patient no-shows are around 12%. How do we cut no-shows?'));
  expect(first.status).toBe(200);
  const sessionId = first.body.metadata.sessionId;
  // Turn 2 sends only the new question with the session id.
  const second = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body('What should my first 90 days look like?', { sessionId }));
  expect(second.status).toBe(200);
  const structured = [...second.body.insights.keyRecommendations, ...second.body.insights.implementationSteps].join('\n');
  expect(structured).toMatch(/dental/);
  expect(structured).toContain('12%');
  expect(second.body.metadata.frameworksApplied[0]).toBe('First 90 Days (STARS transitions)');
  // Without the session the same question knows nothing of the dental group.
  const fresh = await request(h.app).post('/v1/coordinate').set('apikey', key).send(body('What should my first 90 days look like?'));
  expect(JSON.stringify(fresh.body.insights)).not.toMatch(/dental/);
});
