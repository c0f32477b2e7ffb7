/**
 * Sessions are keys within an organisation: another organisation's session id is answered exactly as an
 * unknown one (no 403 oracle), cannot be claimed, and races on a new id make two sessions; sessions
 * remember earlier turns.
 */
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

test('session id collision: two organisations racing on one new id get two unrelated sessions', async () => {
  const store = new SessionStore(h.pool);
  // Both loaded the id before either wrote it, then both record.
  expect((await store.load('org-a', 'ses_race')).found).toBe(false);
  expect((await store.load('org-b', 'ses_race')).found).toBe(false);
  await store.recordTurn(turn('org-a', 'r1'));
  await store.recordTurn(turn('org-b', 'r2'));
  await store.recordTurn(turn('org-a', 'r3'));
  const a = await store.load('org-a', 'ses_race');
  const b = await store.load('org-b', 'ses_race');
  expect(a).toMatchObject({ found: true, history: { turns: 2, industry: 'saas' } });
  expect(b).toMatchObject({ found: true, history: { turns: 1, industry: 'banking' } });
  expect((await store.load('org-c', 'ses_race')).found).toBe(false);
});

const DENTAL = 'We run a dental group with 4 practices and 60 staff, and patient no-shows are around 12%. How do we cut no-shows?';
const FOLLOW_UP = 'What should my first 90 days look like?';
/** The answer without what differs between any two calls (its session id echo and timing). */
const comparable = (res: request.Response) => {
  const { sessionId: _s, processingTimeMs: _p, ...metadata } = res.body.metadata;
  return { status: res.status, body: { ...res.body, metadata } };
};

test('session oracle: another organisation’s existing sessionId is answered exactly as an unknown one and stays unclaimed', async () => {
  const owner = await keyWithCredits(h, 'org-oracle-owner', 100);
  const stranger = await keyWithCredits(h, 'org-oracle-stranger', 100);
  const first = await request(h.app).post('/v1/coordinate').set('apikey', owner).send(body(DENTAL));
  expect(first.status).toBe(200);
  const victim: string = first.body.metadata.sessionId;

  const probe = await request(h.app)
    .post('/v1/coordinate')
    .set('apikey', stranger)
    .send(body(FOLLOW_UP, { sessionId: victim }));
  const unknown = await request(h.app)
    .post('/v1/coordinate')
    .set('apikey', stranger)
    .send(body(FOLLOW_UP, { sessionId: 'ses_never_used_anywhere' }));
  expect(probe.status).toBe(200);
  expect(probe.body.metadata.sessionId).toBe(victim);
  expect(comparable(probe)).toEqual(comparable(unknown));
  // Nothing of the owner's session leaks into the stranger's answer.
  expect(JSON.stringify(probe.body)).not.toMatch(/dental|12%/);

  // The owner's session is untouched: its memory still answers, with only its own turns.
  const owners = await request(h.app)
    .post('/v1/coordinate')
    .set('apikey', owner)
    .send(body(FOLLOW_UP, { sessionId: victim }));
  expect(owners.status).toBe(200);
  expect([...owners.body.insights.keyRecommendations, ...owners.body.insights.implementationSteps].join('\n')).toMatch(/dental/);
  const turns = await h.prisma.sessionTurn.findMany({ where: { sessionId: victim }, orderBy: { id: 'asc' } });
  expect(turns.map((t) => t.orgId)).toEqual(['org-oracle-owner', 'org-oracle-stranger', 'org-oracle-owner']);
  // The stranger's own "session" under that id remembers only the stranger's turn.
  const strangersAgain = await request(h.app)
    .post('/v1/coordinate')
    .set('apikey', stranger)
    .send(body(FOLLOW_UP, { sessionId: victim }));
  expect(JSON.stringify(strangersAgain.body)).not.toMatch(/dental|12%/);
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
