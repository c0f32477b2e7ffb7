/** Session ownership holds also when two organisations race on a new session id. */
import { SessionStore } from '../src/store/sessions.js';
import { startHarness, type Harness } from './harness.js';

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
