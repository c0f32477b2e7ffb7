import { loadLibrary } from './library.js';
import { FrameworkSelector } from './selector.js';
import { classifyScope } from './scope.js';

const selector = new FrameworkSelector(loadLibrary());

test.each([
  ['How do I reverse a linked list in Python?', 'software development', /developer/],
  ['What dosage of ibuprofen is safe for my 6 year old?', 'health and medicine', /medical/],
  ['Write me a haiku about autumn leaves.', 'creative writing and entertainment', /writing/],
])('%s → out of scope, with suggestions for the right agent', (q, domain, agent) => {
  const v = classifyScope(q, selector);
  expect(v.inScope).toBe(false);
  expect(v.domain).toBe(domain);
  expect(v.suggestions[0]).toMatch(agent);
});

test.each([
  'How should we price our new B2B analytics product for mid-market customers?',
  'Our team keeps missing deadlines. How do we fix how work is planned?',
  'Should we expand into Germany next year or double down at home?',
  'Our SaaS churn is 6% a month. What should we do?',
  'We run a recipe app; how do we grow paid subscribers?',
])('%s → in scope', (q) => {
  expect(classifyScope(q, selector).inScope).toBe(true);
});

test('greetings and empty talk are not strategy questions', () => {
  expect(classifyScope('hello there', selector).inScope).toBe(false);
  expect(classifyScope('what is the meaning of life?', selector).inScope).toBe(false);
});
