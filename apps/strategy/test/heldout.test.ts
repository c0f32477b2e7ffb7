/**
 * Floors on the held-out evaluation (eval/heldout.json, questions in users'
 * own words; `pnpm eval:strategy` prints the same numbers). Floors sit at or
 * just under the measured values: fit 54/59, fact use 51/51, no false
 * refusals, calibration 52/55. The unseen set (eval/unseen.json) gave fit
 * 16/25 and precision 15/21 on its first run; after the changes it informed,
 * 25/25, fact use 23/23 and precision 25/25: its floors guard against
 * regressions, they no longer measure unseen questions. The blind4 set
 * (eval/blind4.json) gave fit 17/25, fact use 20/23, 2 false refusals and
 * precision 16/19 on its first run; it was the development set for the
 * generalisation work and now reaches 25/25, 23/23, 0 and 22/22: its floors
 * guard those mechanisms against regressions. With the example bank as a
 * second signal (confidence 70+ only when the two signals agree) the
 * measured values are: held-out fit 58/59, precision 41/41 (the count of
 * confident answers, floor 40, fell from 54 to 41: fewer but all right);
 * unseen 25/25 and 17/17; blind4 fit 24/25 (one fewer; floor 0.96) and
 * precision 18/18. No floor was changed. With the framework example bank
 * added to the selection (weight 5), blind4 gives fit 23/25 (one fewer;
 * floor 0.92) while blind5, blind7, blind8 and blind9 gain seven between them.
 */
import path from 'node:path';
import { readFrameworkExamples } from '../src/domain/framework-examples.js';
import { DEFAULT_LIBRARY_DIR, loadLibrary } from '../src/domain/library.js';
import { planAnswer } from '../src/domain/plan.js';
import { FrameworkSelector } from '../src/domain/selector.js';
import {
  BLIND4_FILE,
  loadHeldout,
  peopleBankFile,
  runHeldout,
  runPeopleBank,
  runScopeBank,
  scopeBankFile,
  scopeSetFile,
  UNSEEN_FILE,
  usesFact,
  type HeldoutReport,
} from '../src/domain/heldout.js';

const library = loadLibrary();
const report = runHeldout(library, new FrameworkSelector(library));

test('the held-out set has 60+ questions of every kind', () => {
  expect(report.total).toBeGreaterThanOrEqual(60);
  const kinds = new Set(report.rows.map((r) => r.kind));
  for (const k of ['plain', 'vague', 'definition', 'mixed', 'non-english', 'multi-turn', 'out-of-scope']) expect(kinds).toContain(k);
});

test('framework fit and fact use stay above their floors', () => {
  expect(report.fit.rate).toBeGreaterThanOrEqual(0.85);
  expect(report.facts.rate).toBeGreaterThanOrEqual(0.95);
});

test('no business question is refused, no non-business question is answered', () => {
  expect(report.falseRefusals).toEqual([]);
  expect(report.wrongAnswers).toEqual([]);
});

test('vague questions get clarifying questions charged as simple; non-English answers say they are in English', () => {
  expect(report.clarify.ok).toBe(report.clarify.of);
  expect(report.language.ok).toBe(report.language.of);
});

test('confidence 70+ means fit (precision >= 90%)', () => {
  // 36 of 59 since a pick the framework example bank ranks below second stays under 70 (was 47): fewer, all but one right.
  expect(report.calibration.confident).toBeGreaterThanOrEqual(34);
  expect(report.calibration.precision).toBeGreaterThanOrEqual(0.9);
});

test('fact matching ignores thousands separators and spaces before %, and numbers must stand alone', () => {
  expect(usesFact('about 2,500 orders', '2500')).toBe(true);
  expect(usesFact('1.8 % go out wrong', '1.8%')).toBe(true);
  expect(usesFact('we have 120 reps', '20')).toBe(false);
  expect(usesFact('€1.200 a day', '€1200|1200')).toBe(true);
});

test('the unseen set keeps fit, fact use and calibration above the issue targets, with no false refusals', () => {
  const unseen = runHeldout(library, new FrameworkSelector(library), loadHeldout(UNSEEN_FILE));
  expect(unseen.total).toBe(30);
  expect(unseen.fit.rate).toBeGreaterThanOrEqual(0.85);
  expect(unseen.facts.rate).toBeGreaterThanOrEqual(0.85);
  expect(unseen.falseRefusals).toEqual([]);
  expect(unseen.wrongAnswers).toEqual([]);
  expect(unseen.clarify.ok).toBe(unseen.clarify.of);
  expect(unseen.calibration.precision).toBeGreaterThanOrEqual(0.9);
});

test('the blind4 set (development set of the generalisation work) keeps its reached fit, fact use, calibration and languages', () => {
  const blind4 = runHeldout(library, new FrameworkSelector(library), loadHeldout(BLIND4_FILE));
  expect(blind4.total).toBe(30);
  expect(blind4.fit.rate).toBeGreaterThanOrEqual(0.92);
  expect(blind4.facts.rate).toBeGreaterThanOrEqual(0.95);
  expect(blind4.falseRefusals).toEqual([]);
  expect(blind4.wrongAnswers).toEqual([]);
  expect(blind4.clarify.ok).toBe(blind4.clarify.of);
  expect(blind4.calibration.precision).toBeGreaterThanOrEqual(0.95);
  expect(blind4.language.ok).toBe(blind4.language.of);
});

/** Requests expected to be refused that were answered with a plan (not only asked which organisation they are about). */
function planned(rep: HeldoutReport): string[] {
  return rep.wrongAnswers.filter((id) => !rep.askedOrganisation.includes(id));
}

test('the scope1 set (development set of the scope bank) keeps its reached answer / clarify / refuse decisions', () => {
  // First run (c44ae84): 8 false refusals, 12 of 20 non-business answered, 9/20 vague clarified; now 0, 6 and 16/20
  // (5 before the scope bank's minimal pairs), and 2 more only asked which organisation they are about.
  const scope1 = runHeldout(library, new FrameworkSelector(library), loadHeldout(scopeSetFile(1)));
  expect(scope1.total).toBe(60);
  expect(scope1.falseRefusals.length).toBe(0);
  expect(planned(scope1).length).toBeLessThanOrEqual(6);
  expect(scope1.wrongAnswers.length - planned(scope1).length).toBeLessThanOrEqual(2);
  expect(scope1.clarify.ok).toBeGreaterThanOrEqual(16);
});

test.each([
  // First run (c44ae84): 6 false refusals, 18 of 20 non-business answered, 9/20 vague clarified; read and tuned on
  // from 84b1886 (3, 13 and 11/20 then); now 0, 15 and 12/20 (13 before the scope bank's fourth batch).
  [2, 15, 12],
  // First run (8e8a926): 4 false refusals, 12 of 15 non-business answered, 8/10 vague clarified; now 0, 12 and 9/10.
  [3, 12, 9],
  // First run (49d054d): 1 false refusal, 12 of 15 non-business answered, 8/10 vague clarified; 0, 9 and 8/10 until the
  // scope bank's reading took in the n-gram regression (12 answered since).
  [4, 12, 8],
])('the scope%i set (development set of the scope decision) refuses no business question', (n, answered, clarified) => {
  const set = runHeldout(library, new FrameworkSelector(library), loadHeldout(scopeSetFile(n)));
  expect(set.total).toBe(60);
  expect(set.falseRefusals).toEqual([]);
  // Answered with a plan; at most one more is only asked which organisation it is about (scope2 and scope3: one each).
  expect(planned(set).length).toBeLessThanOrEqual(answered);
  expect(set.wrongAnswers.length - planned(set).length).toBeLessThanOrEqual(1);
  expect(set.clarify.ok).toBeGreaterThanOrEqual(clarified);
});

test.each([
  // First run (da96fb3, before the scope bank's fourth batch): 45 of 200 refused, 64 of 150 answered; read and tuned on.
  // 22 and 37 with an organisation's own trouble read in 'flat', 'never recovered', 'not shifting'; 19 with its phone, quotes and goods.
  // 17 and 42 with the n-gram regression in the scope bank's reading; 16 and 40 with the scope bank's minimal pairs.
  // Learned by the scope readings since the requests written blind joined the scope bank: in-sample (1 and 26).
  ['vague-worries', 16, 26],
  // First run (da96fb3): 63 of 250 refused, 74 of 200 answered; read and tuned on.
  // 29 and 53 with the n-gram regression in the scope bank's reading (38 and 54 before); 27 with a trade named by its
  // service or its rounds ('ironing service from home…'); 14 with a question asked for a trade in the third person or as
  // one, a maker's own goods and a relative keeping the firm's books (13 before an attack pass on those rules tightened them).
  // 16 and 50 with the scope bank's minimal pairs (2 more refused). Learned since the requests written blind joined the
  // scope bank: in-sample (4 and 44).
  ['trade-questions', 16, 44],
  // First run (da96fb3): 39 of 200 refused, 41 of 150 answered; kept unread (totals only). 27 and 38 at 8f85b54; the
  // unmarked question read from 0.6 (UNMARKED_BUSINESS) took both 2 further, to 25 and 40; an owner's 'this is
  // personal' to 39.
  // 38 answered with the Dutch 'stoppen' glossed as stop, not quit.
  // 22 and 35 with the n-gram regression in the scope bank's reading; 18 and 35 with the scope bank's minimal pairs.
  // With the requests written blind learned by both readings (the scope bank's businessBlind): 5 refused (the ceiling
  // below), 36 answered with a plan: one more than before, a personal request the new readings answer.
  ['trade-test', 18, 36],
  // Three probes written blind (eval/banks/fresh-probes.json); first run (e4632ee): 108 of 570 refused, 95 of 459
  // answered. 91 and 95 with the employer's, the organisation's decision and the owner's paperwork rules; 90 with a
  // relative the asker puts on the firm's payroll; 79 and 89 with the scope bank's minimal pairs. Learned since the
  // requests written blind joined the scope bank: in-sample (17 and 67).
  ['fresh-probes', 79, 67],
  // A fifth probe written blind, with personal mirrors (eval/banks/fresh-test.json); kept unread (totals only). First
  // run (a406f88): 33 of 200 refused, 47 of 200 answered; 27 and 47 with the scope bank's minimal pairs (README:
  // each variant tried was measured on it, totals only). With the requests written blind learned: 10 refused, 45 answered.
  ['fresh-test', 27, 47],
  // A sixth probe written blind from a brief (eval/banks/sixth-probe.json: 150 business questions that look personal,
  // 150 personal requests in business words); kept unread (totals only). First run (9a441ec): 5 of 150 refused (3 more
  // only asked which organisation), 65 of 150 answered, 7 of them only asked. Measured with the asking rule already in
  // place (unlike the ceilings above, which are those of the rules without it). With the requests written blind learned:
  // 6 refused (1 more only asked), 65 answered, 10 of them only asked.
  ['sixth-probe', 6, 58],
  // A seventh probe written blind from a brief (eval/banks/seventh-probe.json: 150 business questions of family firms,
  // holiday lets and trades in everyday words, 150 personal mirrors); kept unread (totals only). First run (d98b029):
  // 6 of 150 refused (2 more only asked which organisation), 91 of 150 answered, 9 of them only asked.
  ['seventh-probe', 6, 82],
] as const)('the scope bank eval/banks/%s.json keeps its refusals of business questions and its other requests answered', (name, refused, answered) => {
  const r = runScopeBank(library, new FrameworkSelector(library), scopeBankFile(name));
  const [refusedNow, askedOther] = ASKED_WHICH_ORGANISATION[name]!;
  // Refusals, since requests the rules cannot place are asked which organisation they are about (README: "Asked which
  // organisation, not refused"); the ceilings above are those of the rules without it.
  expect(r.business.refused.length).toBeLessThanOrEqual(Math.min(refused, refusedNow));
  // Other requests answered with a plan: as before; others only asked which organisation: as counted when it came.
  expect(r.notBusiness.answered.length - r.notBusiness.asked.length).toBeLessThanOrEqual(answered);
  expect(r.notBusiness.asked.length).toBeLessThanOrEqual(askedOther);
});

/**
 * Each scope bank's business questions refused and other requests only asked which organisation they are about, when
 * that answer came (ASK_WHICH_ORGANISATION_SHARE at 0.1; the fifth probe, the trade test and the sixth probe totals only; the trade
 * test 11 -> 10 once the personal-life words a trade also uses were narrowed). With the requests written blind learned by
 * the scope readings, as counted then: business questions refused 9, 9, 37 -> 1, 4, 17 in the read banks (in-sample), the
 * trade test 10 -> 5, the sixth probe 5 -> 6; other requests only asked: vague worries 5 -> 10 (in-sample), sixth probe
 * 7 -> 10.
 */
const ASKED_WHICH_ORGANISATION: Record<string, [refused: number, askedOther: number]> = {
  'vague-worries': [1, 10],
  'trade-questions': [4, 8],
  'trade-test': [5, 15],
  'fresh-probes': [17, 36],
  'fresh-test': [10, 19],
  'sixth-probe': [6, 10],
  'seventh-probe': [6, 9],
};

test.each([
  // Written blind (eval/banks/people-questions.json); first run (3cc0c65, before the performance and reward frameworks):
  // 26 of 90 fitted, 12 refused, 6 of 11 confident picks fitted, 18 of 60 personal requests answered. Read and tuned on
  // (the two types' cue phrases): 55 fitted, 15 of 17 confident picks (61 with phrases of single questions, dropped).
  // 54 fitted and 19 answered with the scope bank's minimal pairs (one more personal request read as an employer's).
  // Learned by the scope readings since the requests written blind joined the scope bank: 62 fitted, 2 refused, 17
  // answered with a plan, 2 asked (in-sample).
  ['people-questions', 62, 12, 2, 17, 2, 2],
  // Written blind by another writer (eval/banks/people-test.json), kept unread (totals only); first run (3cc0c65):
  // 27 of 90 fitted, 12 refused, 4 of 10 confident picks fitted, 26 of 60 answered; with the two frameworks: 50, 12,
  // 12 of 13, 26; with the scope bank's minimal pairs: 24 answered.
  // With the requests written blind learned: 52 fitted, 4 refused, 22 answered with a plan, 3 asked.
  ['people-test', 52, 12, 1, 22, 4, 3],
  // Last two: business questions refused and personal requests only asked which organisation they are about, when that
  // answer came (the answered ceiling before them counts answers with a plan).
] as const)(
  "the people bank eval/banks/%s.json keeps employers' questions fitted and refused no more, and personal requests answered no more",
  (name, fit, refused, confidentMisfits, answered, refusedNow, askedPersonal) => {
    const r = runPeopleBank(library, new FrameworkSelector(library), peopleBankFile(name));
    expect(r.business.of).toBe(90);
    expect(r.notBusiness.of).toBe(60);
    expect(r.business.fit).toBeGreaterThanOrEqual(fit);
    expect(r.business.confident).toBeGreaterThanOrEqual(10);
    expect(r.business.refused.length).toBeLessThanOrEqual(Math.min(refused, refusedNow));
    expect(r.business.confident - r.business.confidentFit).toBeLessThanOrEqual(confidentMisfits);
    expect(r.notBusiness.answered.length - r.notBusiness.asked.length).toBeLessThanOrEqual(answered);
    expect(r.notBusiness.asked.length).toBeLessThanOrEqual(askedPersonal);
  },
);

// Sets read and tuned on (or read after their first run) keep what they reached: a floor per set.
// scope37: first run (a520ca1) fit 67/80, fact use 66/80, 0 false refusals, precision 38/39; tuned on: 71 and 74.
// scope39: first run (4623e74) fit 31/54, fact use 34/44, 13 of 20 personal requests answered; tuned on (local
//   quarters, glossary words, a household's wedding, move and loft): fit 33, fact use 38, 10 personal requests answered.
// scope40: written blind, first run (3a56f68) fit 54/58, fact use 48/58; then read for its missing facts: 54.
// scope42, scope44 and scope45: development sets for fact use, written blind; first runs fact use 49/66 (218b704),
//   41/68 (4377466) and 33/62 (98bd400); tuned on: 65, 63 and 61 (the last with the asker's own clauses quoted, d1dbd24,
//   which also took scope37 to 77, scope39 to 41 and scope40 to 57).
test.each([
  { n: 37, what: 'questions with figures, a third of them non-English', of: 80, fit: 71, facts: 77, precision: 0.95 },
  { n: 39, what: 'owners in personal words, personal mirrors, non-English figures', of: 54, fit: 33, facts: 41, personal: 10, clarified: 6 },
  { n: 40, what: 'written blind, read for its missing facts', of: 58, fit: 54, facts: 57, precision: 0.95 },
  { n: 42, what: 'facts of every form, a development set', of: 66, fit: 61, facts: 65, precision: 0.95, clarified: 6 },
  { n: 44, what: 'facts in hard shapes, a development set', of: 68, fit: 58, facts: 63, precision: 0.95, clarified: 6 },
  { n: 45, what: "a paid advice service's mail, a development set", of: 62, fit: 55, facts: 61, precision: 0.9, clarified: 8 },
])('the scope$n set ($what) keeps its reached fit and fact use', ({ n, of, fit, facts, precision, personal, clarified }) => {
  const set = runHeldout(library, new FrameworkSelector(library), loadHeldout(scopeSetFile(n)));
  expect(set.fit.of).toBe(of);
  expect(set.fit.ok).toBeGreaterThanOrEqual(fit);
  expect(set.facts.ok).toBeGreaterThanOrEqual(facts);
  expect(set.falseRefusals).toEqual([]);
  if (precision !== undefined) expect(set.calibration.precision).toBeGreaterThanOrEqual(precision);
  if (personal !== undefined) expect(set.wrongAnswers.length).toBeLessThanOrEqual(personal);
  if (clarified !== undefined) expect(set.clarify.ok).toBe(clarified);
});

test("the framework bank's tenth batch (written for it, not joined, held out from every classifier) is answered with its frameworks", () => {
  // eval/banks/framework-batch10.json: 588 business questions of small organisations, 12 per framework. At 1bb9da6
  // and with the problem-type bank's fifth batch, the selector picked the question's framework for 541 and refused 19
  // (a second scope reading that took the refusals to 14 was tried and not kept: README); 563 and 8 with the performance
  // and reward frameworks. Those two have 12 each, written by their example banks' writers (less independent): 7 and 7
  // picked, 1 refused, when they joined.
  const batch = readFrameworkExamples(path.resolve(DEFAULT_LIBRARY_DIR, '..', 'eval', 'banks', 'framework-batch10.json'));
  const selector = new FrameworkSelector(library);
  const later = new Map([
    ['performance-conversation', 0],
    ['total-rewards', 0],
  ]);
  let fit = 0;
  let refused = 0;
  let of = 0;
  for (const [id, questions] of Object.entries(batch.examples))
    for (const q of questions) {
      const plan = planAnswer(library, selector, { messages: [{ role: 'user', content: q }] }, { turns: 0, applied: [] });
      const picked = plan.kind === 'answer' && plan.analysis.primary.id === id;
      if (later.has(id)) {
        if (picked) later.set(id, later.get(id)! + 1);
        continue;
      }
      of++;
      if (plan.kind === 'refuse') refused++;
      else if (picked) fit++;
    }
  expect(of).toBe(588);
  expect(refused).toBeLessThanOrEqual(19);
  expect(fit).toBeGreaterThanOrEqual(541);
  for (const [id, picked] of later) {
    expect(batch.examples[id]).toHaveLength(12);
    expect({ id, enough: picked >= 7 }).toEqual({ id, enough: true });
  }
});

test.each([
  // 28 of 50 before a small trade's priced choice read as contribution margin, a purchase or a bundle price (40 after, 42 with late payers and platforms' cuts, 43 with a unit price and a count, 45 with staff leaving read as staff and a turnover in money as revenue).
  // 46 with the problem-type bank's third batch weighed at 10 (`EXAMPLE_WEIGHT`).
  [13, 50, 46],
  // 38 of 60 when it was written (2eab2b8); read and tuned on (47, then 46: a unit price and a count read a beekeeper's growth choice as margin; 48 with staff leaving read as staff and growth moves, 49 with a rival opening nearby, 50 with ratings sliding read as the customers' experience, 51 with a platform's cut weighed at 2, 52 with kit priced after its name; 51 with the problem-type bank's
  // third batch weighed at 10, which lifted every unread set: a Dutch bike mechanic's three-week wait read as flow;
  // 53 with its fourth, 52 with its fifth; 51 with the framework bank's reading a mean with the n-grams: a mobile nail
  // tech's salon station read as a price; 50 with the bank weighing 6; 49 with the performance and reward frameworks and
  // types: a solo sign writer's creeping overheads, zero-based budgeting and contribution margin tied, now goes to margin).
  [16, 60, 49],
  // 39 of 60 when it was written (f941157); read and tuned on (42 with growth moves, staff leaving and a cause not yet known; 47 with a rival opening nearby, a market to be sized, demand turned away and extras as standard; 50 with stem collisions mended and glossed platforms' cuts; 51 with a cost rise passed on read as margin; 55 with the problem-type bank's third batch weighed at 10; 56 with the framework bank's reading a mean with the n-grams, 55 with it weighing 6; 53 with the performance and reward frameworks and types: a charity shop's volunteers rowing over who does the till read as one person's performance, and a window cleaner's near tie between positioning and an investment).
  [18, 60, 53],
  // 38 of 50 when it was written (fa19b5e), with 2 false refusals; read and tuned on (ratings sliding, substitutes, redos,
  // picking a lane, decisions waiting on the owner, glossed platforms' cuts and late payers, a trade's bookings as a share;
  // 47 with a one-off purchase weighed as an investment beside other cues; 48 with the problem-type bank's fifth batch;
  // 46 with the framework bank's reading a mean with the n-grams: a French groomer's apprentice read as flow, an owner
  // driver's rate cut as a price; 45 with the scope bank's minimal pairs: a cabin's Airbnb fee refused, a known miss).
  [20, 50, 45],
  // 34 of 50 when it was written (125d7a6), with 2 false refusals; read and tuned on (kit bought outright or against
  // leasing, alternatives side by side with "which?", a rival's price, an offer for the business, a grown firm's set-up,
  // an employer's staff, a priced product of "ours" in a mixed request: 42; a framework asked for in words: 44; 42 with
  // the framework bank's eighth batch, which lifted the unread sets; 44 with the problem-type bank's third
  // batch weighed at 10; 45 with its fifth; 46 with the framework bank's reading a mean with the n-grams).
  [21, 50, 46],
  // 28 of 50 when it was written (125d7a6); read and tuned on, as scope21 (43 with a framework asked for in words:
  // testing an idea, whom to go after, how the whole thing earns; 44 with a rival's arrival mapped by positioning; 45 with the problem-type
  // bank's fourth batch; 46 with its fifth; 45 with the framework bank's reading a mean with the n-grams: a plumber
  // turning jobs away read as a bottleneck).
  [22, 50, 45],
  // 30 of 50 when it was written (07dcea4), with 2 false refusals; read and tuned on (getting through the quiet months,
  // paying 60+ days late, a trade named with a full stop, Dutch and Portuguese glosses, a chain's drive-thru opening: 41;
  // 40 once "old hands" was dropped as a career cue, after a review found it on allotments and choirs; 43 with the problem-type bank's third batch weighed at 10, 42 with its fourth; 44 with the framework bank's reading a mean with the n-grams, 45 with it weighing 6).
  [24, 50, 45],
  // 35 of 50 when it was written (42acc1d), with 2 false refusals and 12 of 20 personal requests answered; read and
  // tuned on (a price put up, money owed overdue, a new kind of customer, a group's offer, a whole setup reworked, an
  // idea to test with money in it, a trade's debtors: 46; 45 once "put it up" was dropped as a pricing cue, after a
  // review found it on tents and christmas trees; 44 with the framework bank's eighth batch; 45 with the problem-type bank's third batch weighed at 10, 44 with its fifth; 43 with the performance and reward frameworks and types: a Portuguese pet hotel's purchase, M&A and investment appraisal tied, now goes to the investment).
  [25, 50, 43],
])("the scope%i set (development set of small trades' telegraphic decisions) keeps its reached framework fit", (n, of, ok) => {
  const set = runHeldout(library, new FrameworkSelector(library), loadHeldout(scopeSetFile(n)));
  expect(set.fit.of).toBe(of);
  expect(set.fit.ok).toBeGreaterThanOrEqual(ok);
  // s20-14 (a cabin's Airbnb fee) is a known miss since the scope bank's minimal pairs (src/domain/scope.test.ts).
  expect(set.falseRefusals.filter((id) => id !== 's20-14')).toEqual([]);
});
