/**
 * The scope bank and its classifier: a request that reads clearly unlike
 * business from someone who names no organisation of their own is refused; a
 * business question that looks personal (family-run, a club's treasurer, "a
 * personal question but it's about my firm") is answered.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HELDOUT_FILE, loadHeldout, peopleBankFile, scopeBankFile } from './heldout.js';
import { loadLibrary, LibraryError } from './library.js';
import { planAnswer } from './plan.js';
import { ExampleClassifier, readTrainedWeights } from './problem-examples.js';
import {
  businessShareSource,
  loadScopeExamples,
  ngramScopeExamples,
  SCOPE_MODEL_FILE,
  SCOPE_NGRAM_MODEL_FILE,
  scopeExamples,
  useBusinessShareSource,
} from './scope-examples.js';
import { NgramRegression } from './ngram-regression.js';
import { FrameworkSelector } from './selector.js';
import { wordVectors } from './word-vectors.js';

afterEach(() => useBusinessShareSource(undefined));

const library = loadLibrary();
const selector = new FrameworkSelector(library);
const decide = (content: string) => planAnswer(library, selector, { messages: [{ role: 'user', content }] }, { turns: 0, applied: [] });

// None of these is in a bank or an evaluation set.
const personal = [
  "What's the best way to plan a budget for my daughter's sweet sixteen party?",
  'How should I price my old PlayStation on eBay?',
  // Running something, an office in an organisation: not these ("run up", "a partner in a … relationship", "managed to").
  "We've run up a lot of credit card debt, what's a good plan to pay it off?",
  "I'm a partner in a long-distance relationship. How do we plan visits on a budget?",
  'I managed to save £2,000 this year. ISA or pay off my credit card?',
];
const business = [
  "My husband and I have run our florist together for years and it's just not working anymore. We argue about it at home. What should we do differently?",
  "My dad and my sister both want to run our family guesthouse their own way and I'm stuck in the middle. Help?",
  'Personal question, but it is really about my firm: my co-founder wants to sell our 9-person agency for £1.4m. Is that a fair price?',
  "I'm treasurer of a youth football club; subscriptions dropped from 300 to 240 and the kids leave at 13. What should we do?",
  "A discount pet store opened across from ours last month and honestly I'm worried sick, what now?",
  // A glossed question about the asker's own school, with its figures, whose gloss leaves words untranslated.
  'Tengo una escuela de música para niños con 120 alumnos y cada verano se van unos 40. Mi mujer dice que es normal. ¿Qué debería revisar?',
  // Hedged ("personal question but…") and about a business the asker co-owns; renting out as a trade; working for oneself.
  'Personal question but... I co-own a small printing business with my brother and we never agree on who signs off big orders. How do we split decisions?',
  'My husband and I rent out 3 holiday chalets by the lake at £600 a week, but winter is empty. Should we cut prices or find other guests?',
  "How should I price my harp lessons? I'm a sole trader teaching about 20 pupils a week at £35, and the music school pays me £28.",
  // Holdings counted like a trade's.
  'My husband and I have 5 holiday cabins by the lake; bookings were 55% last year and the cleaner wants £40 a changeover. Should we set a minimum stay?',
  // A phone's typographic apostrophe.
  'My wife and I\u2019ve run our flower shop for years and it\u2019s just not working anymore. What should we do differently?',
];

test('the bank holds requests that are not business and business questions and says how it was written; a malformed bank is refused with the file named', () => {
  const bank = loadScopeExamples();
  expect(bank.examples.notBusiness.length).toBeGreaterThanOrEqual(400);
  expect(bank.examples.business.length).toBeGreaterThanOrEqual(300);
  expect(bank.about).toMatch(/without reading/);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'scope-bank-')), 'bank.json');
  writeFileSync(file, JSON.stringify({ about: 'written for this test only', examples: { notBusiness: ['poem'], business: [] } }));
  expect(() => loadScopeExamples(file)).toThrow(LibraryError);
  expect(() => loadScopeExamples(file)).toThrow(file);
});

test('the minimal pairs come in pairs, and only the n-gram regression learns them', () => {
  const bank = loadScopeExamples();
  expect(bank.examples.businessPairs.length).toBeGreaterThanOrEqual(2500);
  expect(bank.examples.notBusinessPairs).toHaveLength(bank.examples.businessPairs.length);
  expect(bank.about).toMatch(/minimal pairs/);
  const classifier = scopeExamples(bank);
  const learned = new Set([...classifier.business, ...classifier.notBusiness]);
  expect([...bank.examples.businessPairs, ...bank.examples.notBusinessPairs].filter((q) => learned.has(q))).toEqual([]);
  const ngrams = ngramScopeExamples(bank);
  expect(ngrams.positive).toEqual(expect.arrayContaining(bank.examples.businessPairs));
  expect(ngrams.negative).toEqual(expect.arrayContaining(bank.examples.notBusinessPairs));
  // A pair with one side missing is refused, naming the file.
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'scope-bank-')), 'bank.json');
  const examples = { ...bank.examples, businessPairs: bank.examples.businessPairs.slice(0, 3), notBusinessPairs: bank.examples.notBusinessPairs.slice(0, 2) };
  writeFileSync(file, JSON.stringify({ about: bank.about, examples }));
  expect(() => loadScopeExamples(file)).toThrow(/same length/);
  expect(() => loadScopeExamples(file)).toThrow(file);
});

test('personal requests in business words are refused by the bank reading, which the rules alone answer', () => {
  for (const q of personal) expect({ q, kind: decide(q).kind }).toEqual({ q, kind: 'refuse' });
  useBusinessShareSource(null);
  // Without the bank reading, the rules answer them all but "my credit card", which the personal-finance markers refuse,
  // and the long-distance relationship, whose best keyword match fell 1% (BM25 104 -> 103 with 51 frameworks) and left
  // its score under the rules' 1.5 by 0.02.
  const rulesRefuse = /my credit card|long-distance/;
  for (const q of personal) expect({ q, kind: decide(q).kind }).toEqual({ q, kind: rulesRefuse.test(q) ? 'refuse' : 'answer' });
});

test('business questions that look personal are answered, the vague ones with clarifying questions', () => {
  for (const q of business) expect({ q, kind: decide(q).kind }).toEqual({ q, kind: 'answer' });
  expect(decide(business[0]!).analysis.understanding.vague).toBe(true);
  // A personal plan in the words of running something is still refused.
  expect(decide("We've run a marathon every year since 2015, what's a good plan for this one?").kind).toBe('refuse');
  expect(decide('Not a work question: what should I cook for eight friends on Saturday?').kind).toBe('refuse');
  // Saying it is about the firm after all takes back "personal question"; a firm's party does not.
  expect(decide('Personal question: my co-founder wants to sell our agency for £1.4m. It is about my firm, not me.').kind).toBe('answer');
  expect(decide("Not a work question, but it's for my firm's Christmas party: which cocktails should I make?").kind).toBe('refuse');
});

test('the classifier tells held-out requests apart (one fold of ten), and the shipped weights fit the banks', () => {
  const c = new ExampleClassifier(scopeExamples(), [], wordVectors());
  // The later requests that are not business are kept in the bank, not learned (the thresholds were set without them);
  // the requests written blind are.
  const bank = loadScopeExamples();
  expect(bank.examples.notBusinessLater.length).toBeGreaterThanOrEqual(900);
  expect(scopeExamples(bank).notBusiness).toEqual([...bank.examples.notBusiness, ...bank.examples.notBusinessBlind]);
  // 0.85 before the requests written blind joined the bank (0.847 with them: they are the hard cases, on both sides).
  const { ok, of } = c.heldOutTop1({ every: 10, offset: 3 });
  expect(ok / of).toBeGreaterThanOrEqual(0.83);
  const notBusiness = c.heldOutTop1({ every: 10, offset: 3, type: 'notBusiness' });
  expect(notBusiness.ok / notBusiness.of).toBeGreaterThanOrEqual(0.6);
  // library/scope-model.bin is this training (else: pnpm --filter @latchkey/strategy train:models).
  expect(readTrainedWeights(SCOPE_MODEL_FILE)?.fingerprint).toBe(c.fingerprint);
  // The reading is the mean of the classifier and the n-gram regression (library/scope-ngram-model.bin is its training).
  const ngrams = new NgramRegression(ngramScopeExamples(bank), wordVectors(), readTrainedWeights(SCOPE_NGRAM_MODEL_FILE));
  expect(ngrams.trainedNow).toBe(false);
  for (const q of [personal[0]!, business[0]!])
    expect(businessShareSource()!.businessShare(q)).toBeCloseTo((c.classify(q).find((x) => x.type === 'business')!.share + ngrams.probability(q)) / 2, 5);
});

test('the n-gram regression learns every business question of both example banks and the later requests that are not business', () => {
  const bank = loadScopeExamples();
  const examples = ngramScopeExamples(bank);
  expect(examples.negative).toEqual([
    ...bank.examples.notBusiness,
    ...bank.examples.notBusinessBlind,
    ...bank.examples.notBusinessPairs,
    ...bank.examples.notBusinessLater,
  ]);
  expect(examples.positive.length).toBeGreaterThan(12_000);
  const ngrams = new NgramRegression(examples, wordVectors(), readTrainedWeights(SCOPE_NGRAM_MODEL_FILE));
  // A sole trader's telegraphic words read as business; a personal request in a trade's words does not.
  expect(ngrams.probability('ironing service, £1.20 an item, 700 items a week. buy a £2k steam press?')).toBeGreaterThan(0.3);
  expect(ngrams.probability("My Python script throws KeyError: 'revenue' when I loop over a list of dicts. How do I fix it?")).toBeLessThan(0.1);
  expect(() => new NgramRegression({ positive: ['a'], negative: [] }, wordVectors())).toThrow(/needs an example/);
});

test('both readings learn the requests written blind, and none of them is a request of a bank kept unread or of an evaluation set', () => {
  const bank = loadScopeExamples();
  expect(bank.examples.businessBlind.length).toBeGreaterThanOrEqual(1900);
  expect(bank.examples.notBusinessBlind.length).toBeGreaterThanOrEqual(1600);
  const classifier = scopeExamples(bank);
  expect(classifier.business).toEqual(expect.arrayContaining(bank.examples.businessBlind));
  expect(classifier.notBusiness).toEqual(expect.arrayContaining(bank.examples.notBusinessBlind));
  const ngrams = ngramScopeExamples(bank);
  expect(ngrams.positive).toEqual(expect.arrayContaining(bank.examples.businessBlind));
  expect(ngrams.negative).toEqual(expect.arrayContaining(bank.examples.notBusinessBlind));
  // The measures stay out: the unread scope and people banks, and every evaluation set's messages (case and spacing ignored).
  const key = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');
  const learned = new Set([...bank.examples.businessBlind, ...bank.examples.notBusinessBlind].map(key));
  const kept: string[] = [];
  for (const name of ['trade-test', 'fresh-test', 'sixth-probe', 'seventh-probe'] as const) {
    const b = JSON.parse(readFileSync(scopeBankFile(name), 'utf8')) as { business: string[]; notBusiness: string[] };
    kept.push(...b.business, ...b.notBusiness);
  }
  const people = JSON.parse(readFileSync(peopleBankFile('people-test'), 'utf8')) as { business: Array<{ q: string }>; notBusiness: string[] };
  kept.push(...people.business.map((b) => b.q), ...people.notBusiness);
  const evalDir = path.dirname(HELDOUT_FILE);
  for (const file of readdirSync(evalDir).filter((f) => f.endsWith('.json')))
    kept.push(...loadHeldout(path.join(evalDir, file)).flatMap((q) => q.messages.map((m) => m.content)));
  expect(kept.length).toBeGreaterThan(3000);
  expect(kept.filter((q) => learned.has(key(q)))).toEqual([]);
});
