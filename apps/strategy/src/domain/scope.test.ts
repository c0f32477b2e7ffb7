import { loadLibrary } from './library.js';
import { FrameworkSelector } from './selector.js';
import { classifyScope } from './scope.js';
import { personalSide, planAnswer } from './plan.js';

const library = loadLibrary();
const selector = new FrameworkSelector(library);
/** The plan for a one-message request, as both endpoints make it. */
const planFor = (content: string, userContext?: Record<string, string>) =>
  planAnswer(library, selector, { messages: [{ role: 'user', content }], ...(userContext ? { userContext } : {}) }, { turns: 0, applied: [] });
/** The decision for a one-message request: 'answer' or 'refuse'. */
const ask = (content: string, userContext?: Record<string, string>) => planFor(content, userContext).kind;
/** Expects every request of `requests` to get `kind` (a failure lists every request that did not). */
const expectEach = (kind: 'answer' | 'refuse', requests: string[]) => {
  expect(requests.filter((q) => ask(q) !== kind)).toEqual([]);
};

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

describe('personal questions with a number or a budget are still not business (planAnswer)', () => {
  const plan = planFor;

  test.each([
    'My sourdough keeps coming out flat and the crumb is tight, even after 3 hours of proofing. What am I doing wrong?',
    'We want a week of hiking in Patagonia next March, the two of us, for about 3,500 dollars. Where should we go?',
    'Our honeymoon is in 6 weeks and we have 5000 euros: Bali or the Maldives?',
    'Our 3 year old refuses to nap and has a tantrum every bedtime. What should we try?',
  ])('%s → refused, free', (q) => {
    expect(plan(q).kind).toBe('refuse');
  });

  test.each([
    'Our bakery chain throws away 9% of what it bakes every day. How do we cut that?',
    'Our hotel group runs 5 seaside hotels at 61% occupancy. How do we fill the off-season?',
    'We run guided hiking trips for 1,400 guests a year at 800 euros each. Should we add a second region?',
    'We run a nursery chain with 14 sites and 900 children; occupancy fell to 81%. How do we fill places?',
    'Need our priorities for next quarter, can you help?',
    'Meal kit startup: 2,400 subscribers and 35% cancel in the first month, though people say they love cooking with us. Why?',
  ])('%s → answered', (q) => {
    expect(plan(q).kind).toBe('answer');
  });
});

test('a definition asked after a greeting names the framework ("Quick one: what is …?")', () => {
  const p = planAnswer(
    loadLibrary(),
    selector,
    { messages: [{ role: 'user', content: "Quick one: what's a north star metric? The board asked for ours." }] },
    { turns: 0, applied: [] },
  );
  expect(p.kind).toBe('answer');
  expect(p.analysis.primary.id).toBe('north-star-metric');
});

test('a request the asker says is not about work is refused, and so are family events; a family business is not', () => {
  const plan = (content: string) => planFor(content).kind;
  for (const q of [
    'Not a work question: my husband and I want a long weekend in Lisbon for our anniversary, budget about €1,800. Can you plan it?',
    "Not a work thing but: i'm running my first marathon in 16 weeks, about 25km a week now. Can you make me a plan?",
    "Can you plan my daughter's 18th birthday party? Around 40 guests, budget £1,500, venue ideas and a timeline please.",
    "I run a sailing school, but this isn't about that. My brother's getting married and I'm best man. Can you write me a funny 5-minute speech?",
    // Business words do not outweigh the asker's own word that it is not work.
    'Personal question, nothing to do with our company: we have £2,000 and 3 weeks off. Which islands should we visit?',
  ])
    expect({ q, plan: plan(q) }).toEqual({ q, plan: 'refuse' });
  for (const q of [
    'My daughter joined our 3-store bakery and wants to add online orders. Margins are 9%. Should we invest £40k in delivery?',
    'We run a chain of 12 party venues; birthday party bookings fell 20% this year. How do we win them back?',
  ])
    expect({ q, plan: plan(q) }).toEqual({ q, plan: 'answer' });
});

test('a personal purchase or hobby with prices is refused; a business in that trade is answered', () => {
  const plan = (content: string) => planFor(content).kind;
  expect(
    plan(
      "I'm torn between two road bikes: one is €1,200, the other is €1,650 with carbon wheels. I ride about 80 km a week. Which one is better value for money?",
    ),
  ).toBe('refuse');
  expect(plan("I'm thinking of getting into astronomy with my two kids. Is a £1,350 telescope worth it against a £299 beginner one?")).toBe('refuse');
  expect(
    plan("We run 3 bike shops; road bike sales fell 18% this year while e-bike repairs grew 30%. Where should we put next year's £60k of investment?"),
  ).toBe('answer');
});

test("a bare call for help about one's own organisation gets clarifying questions, not a refusal", () => {
  const p = planFor("I've been told to 'transform' our local tax office. Nobody has said what that means. help?");
  expect(p.kind).toBe('answer');
  expect(p.analysis.understanding.vague).toBe(true);
});

test("a vague worry about an organisation of the asker's own is clarified, not refused", () => {
  const p = planFor('Membership at our sailing club keeps going down. what should we do?');
  expect(p.kind).toBe('answer');
  expect(p.analysis.understanding.vague).toBe(true);
  // The answer does not claim to know the problem yet.
  expect(p.analysis.strategicFocus).toBe('Clarifying first: membership at our sailing club keeps going down');
  const personal = planFor("My son won't do his homework and our evenings are a fight. what should we do?");
  expect(personal.kind).toBe('refuse');
  const teenager = planFor("My teenage daughter hasn't spoken to me since we argued about a party. How do I fix things with her?");
  expect(teenager.kind).toBe('refuse');
  // A relative's organisation is not the asker's own.
  expect(planFor("My son's swimming club wants £40 a week from us and he wants pocket money too. What's a reasonable budget?").kind).toBe('refuse');
});

test('family life with money in it is refused; a family business is not', () => {
  const plan = (content: string) => planFor(content).kind;
  expect(
    plan(
      "My son is 14 and wants £40 a week pocket money because his mates get it. We currently give him £15. What's a reasonable amount, and how do I get him to learn to budget?",
    ),
  ).toBe('refuse');
  expect(plan('My son and I run our family bakery; margins fell from 14% to 9% this year on £400k of sales. What should we look at first?')).toBe('answer');
});

test("'not a business' said of volunteers or a charity is modesty, not a request that is not about an organisation", () => {
  const p = planFor(
    "I run the lunch club at our village hall – we're all volunteers, not a business, so maybe this isn't your thing. About 60 pensioners come on Wednesdays and the queue for food takes 45 minutes. How do we speed it up?",
  );
  expect(p.kind).toBe('answer');
  // The asker's own word that it is not work still stands, also beside a club or a trust.
  for (const q of [
    'Not a business question: my sister and I want to split £900 of holiday costs fairly. How?',
    "Not a business question, it's for my book club: which 12 novels should we read next year?",
    'I want to set up a trust fund for my kids – not a business question. How much should I put in each year on £60k?',
  ])
    expect({ q, kind: planFor(q).kind }).toEqual({ q, kind: 'refuse' });
});

test('the industry the caller gives is evidence of a business for a terse request, never proof of one', () => {
  // (A trade named first, "gardening round, 40 clients…", is answered without it: see the trade named first below.)
  const terse = 'doing the gardening, 40 clients, £25 a visit fortnightly. want £30k a year. how?';
  expect(ask(terse, { industry: 'garden maintenance', role: 'sole trader' })).toBe('answer');
  // Its 40 clients at £25 a visit are a trade's own without the industry too (the scope bank's fourth batch).
  expect(ask(terse)).toBe('answer');
  const terser = 'doing the grooming, 40 a fortnight. want £30k a year. how?';
  expect(ask(terser, { industry: 'dog grooming', role: 'sole trader' })).toBe('answer');
  // Without clients or prices the industry told, until the scope bank's reading took in the n-gram regression: a
  // trade's fortnightly round and takings read 0.36 of business, which answers it without the industry too.
  expect(ask(terser)).toBe('answer');
  // A personal question from a business owner is still refused: the industry counts only when the request uses its
  // words, or speaks as "we" (not of a spouse or children) of something that reads like business.
  for (const q of [
    "I've got £3,000 saved and want to spend it on a holiday and a new laptop. How should I split it?",
    'How do I get over a breakup?',
    'Should I pay off my £12,000 credit card or put the money in my pension?',
    'How do I ask my boss for a raise? I have been here 3 years on £32k.',
    "I'm getting married next spring. How do I choose a venue?",
  ])
    expect({ q, kind: ask(q, { industry: 'bakery', role: 'owner' }) }).toEqual({ q, kind: 'refuse' });
  // A pub's landlady speaking as "we", in the words of her trade, is answered (with clarifying questions).
  expect(
    ask(
      'We took over the Crown two years ago. Lovely old place, the Sunday roast does well and the regulars adore the dog. Things just feel a bit off lately. Thoughts?',
      {
        industry: 'pub',
        role: 'landlady',
      },
    ),
  ).toBe('answer');
});

describe('personal requests are refused with and without an industry given by the caller (an attack pass on the scope rules)', () => {
  test.each([
    'How do I get over a breakup?',
    'How do I get my ex back?',
    'Should I text him first after our date?',
    'What should I write in my dating profile?',
    "I'm going on a date on Friday. Where should I take her, and what should I talk about?",
    'My daughter has maths homework: solve 3x + 5 = 20. How?',
    "What's the best way to learn Spanish in 6 months?",
    'How can I stop procrastinating on my personal projects?',
    'How should I prioritise my personal goals for next year?',
    'How do I train my puppy to stop biting?',
    'I earn £45k a year. How much should I save each month for a house deposit of £30k?',
    'Should I put my £20k savings into an ISA or overpay my mortgage?',
    'How should I invest my £50,000 inheritance?',
    'How do I build an emergency fund on a £28k salary?',
    'Is it better to rent or buy a flat in London?',
    'Should I buy or lease my next car? I drive 12,000 miles a year.',
    'How do I negotiate a lower price on a used car?',
    'Should I accept the job offer from Google or stay at my current job?',
    'How do I budget for christmas presents for 12 people with £600?',
    "How do I plan our family's weekly meals on a budget?",
    'Which running shoes should I buy for my first marathon?',
    "Not a business question – it's for my running club: can you make a 10k training plan for 30 of us?",
    "This is not a business question, it's about my church choir's Christmas party for 40 people, budget £500. Ideas?",
    'The golf club dinner – not a business matter – needs a seating plan for 80 guests. How?',
  ])('%s', (q) => {
    expect(ask(q)).toBe('refuse');
    expect(ask(q, { industry: 'bakery', role: 'owner' })).toBe('refuse');
  });
});

test('a sole trader or an officer who names their trade first and speaks of customers or work is answered; a member, a customer or a relative is not', () => {
  expectEach('answer', [
    'dog walker, 11 regular dogs now and getting enquiries every week. hire someone or just cap it?',
    'brass band sec. 28 players, subs £10 a month, hall hire going up to £65 a rehearsal. put subs up or cut rehearsals?',
    'window cleaner, 200 houses on my round, half the customers pay late. go to direct debit?',
  ]);
  // Each of these named the asker's organisation under a first, suffix-based version of the rule ("-er", "-ist", "-ian").
  expectEach('refuse', [
    'Software engineer, £85k income, should I max my pension or overpay the mortgage?',
    'Grandmother, pension income £900 a month, should I downsize?',
    'Interest rates are higher. Should I fix my mortgage now?',
    'Dentist, private fees £900 for a crown, worth going abroad?',
    'driving instructor, my sons have lessons at £35 an hour, switch instructor?',
    'chess club, rated 1400, best opening to learn next?',
    'collector, pokemon cards, is grading worth it?',
    'dungeon master, my D&D group keeps derailing, how do I keep them on track?',
    // A customer, an employee or a hobbyist names a trade too (an attack pass on the closed list).
    'plumber, booked one for thursday, he says he has 6 jobs that day, should I take the day off to let him in?',
    'apprentice plumber, my gaffer gets all the jobs and I just carry stuff, is it normal to feel this bored?',
    'hobbyist photographer, friends keep asking for bookings for their parties for free, how do I say no nicely?',
    'mobile mechanic, used one for my Corsa, he has 20 jobs a week, should I tip him?',
  ]);
});

test('a family firm that says it sells, supplies or employs is answered whatever family it mentions', () => {
  expectEach('answer', [
    'Our apprentice keeps asking what he must do to become a senior joiner and get a raise. My husband just decides. How do we write down what is expected at each level?',
  ]);
  expectEach('refuse', [
    "My son won't do his homework and our evenings are a fight. what should we do?",
    'I charge my phone overnight. Is that bad for the battery?',
    'our trainee driver (my daughter) keeps stalling on hills, any tips to calm her nerves?',
    "our employees' car park at work has EV chargers now, should I get an electric car for my commute?",
  ]);
});

test("a person's own money and job (a mortgage, a raise) is not their organisation's", () => {
  expectEach('refuse', ['However, prices keep going up. should I fix my mortgage?', 'Shift worker, £11 an hour, should I ask for a raise or leave?']);
  // A business question about a boss, a firm's mortgage product, card fees, a shop's landlord or a client worked for stays one.
  expectEach('answer', [
    'My boss wants one picture for the investor deck showing where our mortgage app sits against 6 rivals on speed and quality of advice. How do I build it?',
    'sole trader plumber, should I let customers pay by credit cards even with the 1.75% fee?',
    'event caterer, the wedding planner I work for takes 15% commission, is that normal?',
  ]);
});

test('a mixed request with an ache beside the business question answers the business half and declines the other', () => {
  const p = planFor(
    "I make wedding cakes at home, 2 weddings a week in summer, and I'm turning down enquiries. Tiered cakes are £450. Should I put my prices up? Also my wrists ache after a day of piping, any stretches you'd recommend?",
  );
  expect(p.kind).toBe('answer');
  expect(p.analysis.understanding.declined.join(' ')).toMatch(/stretches/);
  expect(p.analysis.understanding.business).not.toMatch(/wrists/);
});

test('a vague worry that reads clearly like business is clarified; a seller pricing their own work is answered whatever it makes', () => {
  const worry = planFor('enquiries for the canal boat painting have gone really quiet lately, cant work out what changed');
  expect(worry.kind).toBe('answer');
  expect(worry.analysis.depth).toBe('simple');
  expectEach('answer', ['hubby reckons i undercharge for my celebration cakes. a 2 tier is £150, takes me 10 hours plus £35 in ingredients. is he right?']);
  expectEach('answer', ['i undercharge for my dog walking, £10 an hour, should i put it up?']);
  // The same words about a person's own life stay refused.
  expectEach('refuse', [
    'i sold my old bike on ebay for £80, did i undercharge?',
    'i undercharge for my old bike, £80 on ebay, should i ask more?',
    "My teenage son won't do his homework and every evening ends in a row. How do I get him to listen?",
    'my electricity bill went up £40 a month, am i being overcharged by my supplier or is that normal now?',
  ]);
});

test('a sole trader, an officer or a small firm that names itself first in telegraphic words is answered; one that turns to a matter of its own life is not', () => {
  // Each of these was refused before the trade named first (selfLabel) counted as the asker's own.
  expectEach('answer', [
    'mobile DJ. weddings £550, kids parties £180. summer saturdays basically full. stop doing kids parties?',
    'driving instructor, £38/hr, about 32 hrs a week. sell blocks of 10 for £340 or keep it pay as you go?',
    'gardener, self employed. 14 regular gardens. 4 of them are 25 min drive each way. drop those 4?',
    'farrier, diesel up 30%, pass it on to the yards?',
    'tiler. one bad google review and the phone stopped. fix?',
    'yoga teacher, monday classes in the hall are half empty',
    'car valeting, me and my brother. mini valet £25, full £85, 70% of people want the mini. do a £40/month plan for 2 minis?',
    // A glossed trade keeps its adjective after the noun ("cake shop familiar"); a maker selling on Etsy is a seller.
    'pastelería familiar, mi madre hace las tartas. tartas de boda a 350 €, unas 4 al mes. ¿subir a 420 €?',
    'knit baby blankets, sell on etsy for £38. 6 hrs each, wool £9. worth carrying on or put price up?',
  ]);
  expectEach('refuse', [
    "PTA treasurer, but can you help me plan my daughter's 10th birthday menu",
    "carpenter by trade; what's the best way to learn the guitar at 40",
    'I run a café but this is about my knee, it clicks going downstairs',
    'barber here, can you help me plan a 3 day hike in the Drakensberg',
    'swim lessons £14 per half hour, my kid barely swims yet. keep going?',
    'Elektriker will 2.400 € für neue Leitungen in der Küche, ist das fair?',
    'dog groomer, my spaniel came back with a nick on his ear, complain?',
  ]);
  // A known miss from the scope bank's reading taking in the n-gram regression (0.47) until its minimal pairs: refused again.
  expect(ask('Spanish evening class, £180 a term, or just use an app?')).toBe('refuse');
});

test("a seller's own prices, throughput and terms, an office in a glossed club and 'I'm a …' with the trade's work are answered; a trade's name beside the asker's own life is not", () => {
  // Each of these was refused before: the scope bank reads a small trade's words low.
  expectEach('answer', [
    'private chef, cook for families in their homes. do i charge per hour or per meal?',
    'how do i price a 6 month contract to look after the garden of a pub? they want fixed monthly',
    'doula here, £850 per birth package. i can only do 2 a month. any way to earn more without burning out?',
    'fitness bootcamp in the park, £6 a session. winter numbers halve. should i rent a hall or just stop oct-mar',
    'I’m a chiropodist in a rented room at a GP surgery. they want to double the rent. is it time to go mobile or find my own place?',
    'im a massage therapist and want to sell bundles of 5 sessions. how much discount',
    'amateur football club, pitch ours, clubhouse falling apart. 5 year plan - where to start?',
    '£35 for a 30 min lesson, 22 kids a week, hall costs £80 a week. worth adding a saturday?',
    "our laundrette's old machines keep breaking. replace all at once with a loan or one by one?",
    'soy tesorera del club de baloncesto del barrio, el ayuntamiento nos sube el alquiler de la pista un 30%. ¿qué hacemos?',
    'Our B2B platform gives everyone the same price. Should we introduce volume discounts?',
    'hi, ceramicist here, a gallery wants 50% commission on my pieces. is that normal?',
    'ceramicist here, the gallery takes a 40% cut, is that normal?',
    "I'm the treasurer of a small parish church and our heating bill has doubled. How do we cover it without just appealing to the congregation again?",
    'Kitchen fitter, 25 years in. How do I bring my son into the business without it getting messy?',
    'my son wants to take over the garage. I’m 61. how do we plan the handover over 3 years?',
    'I work as a self employed tiler and a builder who owes me £3,200 keeps stalling. Small claims or keep chasing?',
    'Taxi driver with my own cab - worth switching to an electric car given what I spend on diesel?',
    "I'm a private chef doing dinner parties in people's homes. Charge per head, or a flat day rate plus ingredients?",
    'birthday party venue for kids. a rival opened 2 miles away from us with a trampoline. what now',
    // A mixed request: its numbered items are parts ("1) … 2) …"), and a bare "raise fares?" prices the asker's own work.
    '2 things: 1) best stretches for lower back pain 2) my cleaning round has 40 houses at £18, worth hiring help?',
    'taxi, own cab, fuel up 20%. raise fares? and also how do i get red wine out of carpet',
    // The half that sells or teaches is kept with the business, even in another domain's words; "And is it normal…" opens a part.
    'i sell sourdough from home, about 80 loaves a week, all preorder. want to go up to 200. do i need a proper unit or just another oven? also what to get my husband for our 10th anniversary',
    'Chimney sweep here. Spring and summer are dead. Ideas for off season income? And is it normal for my eyes to itch after work or should I see a doctor',
  ]);
  expectEach('refuse', [
    "I'm a plumber, my dentist wants £900 for a crown. Fair price?",
    "I'm a secondary school teacher. Is it worth transferring my teachers' pension into a private one?",
    'im a scaffolder, whats the best way to stop snoring, the wife is going mad',
    "hi, gym instructor here, employed by a big chain, and they've moved me onto a zero hours contract. legal?",
    'im a tattoo artist, my nan left me her house. do i have to pay inheritance tax',
    'should I charge my lodger for bills on top of rent?',
    // A review's attack on the rules above: possessions, an employee's job hunt, a member, a device (a household's sale
    // is a known miss since the scope bank's minimal pairs, below).
    'i charge my iphone overnight, is that bad for the battery?',
    'selling my old car, no bites after 3 weeks, should i drop the price?',
    'should I join the pub quiz team or the darts team?',
    'I apply for 10 jobs a week and get no interviews, should I change my CV?',
    "I'm a plumber, should I take on a bigger mortgage to move house?",
    "I'm a trustee of a local charity and my wife wants a divorce, how do we split the house?",
  ]);
});

test("a small trade's trouble said of the trade itself, without figures, is a business worry; a customer's of a trade near them is not", () => {
  // Each of these was refused before: no business words, and the scope bank reads several low.
  expectEach('answer', [
    'bookings for the window tinting have been all over the place recently, cant work out why',
    'choir numbers keep dropping and i dont know what to do',
    'dog grooming has been dead this month',
    'the B&B just isnt working like it used to',
    'cake orders have dried up',
    'the kennels are always full but somehow theres never any money',
    'kennels felt half empty over the summer and thats never happened before',
    'wedding shoots have dried up and I dont know if its my style or just the times',
    'my taxis are sitting idle more than they used to and i dont know whats changed',
    // A gardener's round and clients are a trade's, not a garden; "sick of" is fed up, not ill; a PTA is an organisation.
    'my gardening round keeps shrinking and i’m not sure what im doing wrong',
    'garden clients seem less keen than they used to be and it’s getting me down',
    'im sick of the food truck and i dont know if thats me or the trade',
    'our PTA feels like it’s just going through the motions',
    "fewer families getting in touch about tutoring and i'm not sure why",
  ]);
  expectEach('refuse', [
    'the bakery near me has gone downhill, where else can i get good bread?',
    'the gym is always dead on sundays, whats the best time to go?',
    'my phone just stopped working, what do i do?',
    'sleep training has stopped working and the baby is up every 2 hours',
    'my piano lessons have been going slow, should i switch teacher?',
  ]);
});

test("the scope bank's fourth batch: a small trade's own words, plain or vague, are answered or clarified; a vague personal worry is refused", () => {
  // Refused before the batch (the scope bank read a trade's telegraphic or vague words as a household's).
  expectEach('answer', [
    'wedding cakes avg £450, 3 a month. worth adding cupcakes at £2.50 each?',
    'kennels 30 runs, £22/night. 71% full summer, 30% winter. winter discount?',
    'pool cleaning $120/month, 35 pools. chemicals up 25%. raise how much?',
    'been teaching piano 20 years and never raised my price from £25. how much is fair now?',
    'me and my sister run a livery yard, 22 horses. she wants to build an arena for £25k. do we borrow?',
    "members aren't renewing like they used to",
    'no-shows are getting out of hand',
    'village hall bookings are down and the heating bill is scary',
    "choir numbers are dwindling and i'm not sure how to turn it round",
  ]);
  // Clarified before it (the scope bank read any vague worry as business).
  expectEach('refuse', [
    "i'm a bit scared about the biopsy results",
    "feel like i've drifted from my friends",
    'my partner and i just feel like flatmates lately',
    "my running has gone backwards and i don't know why",
  ]);
  // A vague worry is clarified with simple depth, not answered at length.
  expect(planFor('no-shows are getting out of hand').analysis.depth).toBe('simple');
});

test("the rules fit to the fourth batch hold on phrases they look for: a succession, a pet or car returned, a customer's best time, joining a club", () => {
  expectEach('answer', [
    'my son wants to take over the garage. I’m 61. how do we plan the handover over 3 years?',
    'hand over the farm to my daughter when I retire in 2 years, 300 acres and 120 cows: how do we value it?',
    'our supplier came back with a 12% rise on flour, we sell 900 loaves a week at £3.20. pass it on?',
    'should I join forces with another bakery to buy flour in bulk? we spend £2,000 a month on it',
    'when is the best time to go VAT registered, turnover £80k and growing?',
    'What should my first 90 days look like?',
  ]);
  expectEach('refuse', [
    'do I hand over the company laptop when I leave my job?',
    'my son wants to take over the garage as a gym for his mates, is that ok?',
    'the gym is always dead on sundays, whats the best time to go?',
    'should I join the pub quiz team or the darts team?',
    'dog groomer, my spaniel came back with a nick on his ear, complain?',
    'How should I prioritise my personal goals for next year?',
  ]);
});

// Known misses (README): each is answered, and its test fails once it is refused again, to be moved to the refusals above.
// The customer's dog is a vague request, clarified (the scope bank reads it 0.46). Since the bank's minimal pairs,
// the n-gram reading moved two over the 0.35 under which the rules' answer is overruled (CLEARLY_NOT_BUSINESS): a house's
// "should we lower the price?" 0.41 (a sentence is enough), a power bank "charged" 0.30 -> 0.44.
//
// Since the requests written blind joined the scope bank (its businessBlind and notBusinessBlind, learned by both
// readings), these personal requests of the tests above are answered (the four marked asked only ask which
// organisation): the readings of a trade's fragments, figures and bare asks ("worth it?", "too little?") rose with them,
// and so did these requests', written to probe the rules of the old readings. On the banks kept unread the new readings
// refuse 7 fewer business questions and answer 7 fewer personal requests, and the unread sets' false refusals fell 4 -> 2.
// The farmer's daughter's wedding was answered at 0.97 with the bank's fourth batch, refused at 0.59 with its minimal
// pairs, and reads 0.65 now.
test.failing.each([
  'Can I bring my dog into the pub?',
  'we put our house on the market 2 months ago and no offers. should we lower the price?',
  'would you charge a power bank in a cold garage in winter?',
  "Farmer here, my daughter's getting married next summer and wants the reception at home. Marquee or hire a barn venue?",
  'I run a landscaping business, my son wants to drop out of uni in 2nd year, how do I talk to him',
  'My Vinted stock sat unsold for months, should I just donate it?', // asked
  'christmas for 3 kids, £150 each. too little?',
  'concert resale markup 40% on £85 tickets, 2 tickets. worth it?', // asked
  'feeling kinda burnt out from college',
  'i undercharge my mates when i give them lifts to the airport, £10 each, should i charge more?',
  'mechanic, parts markup 40% on my brake job, is that normal?', // asked
  'roblox restaurant tycoon - scared to put my prices up in case my rating drops, any tips?',
  "roblox restaurant tycoon - I'm scared to put my prices up in case my rating drops, any tips?",
  "son's tutor £40/hr, 2 hrs a wk, GCSEs in 8 months. worth it?", // asked
  'stag do in Prague, €600 each, 12 lads. worth it?',
])('known miss, still answered (a failing test until it is refused): %s', (q) => {
  expect(ask(q)).toBe('refuse');
});

// Likewise with the caller's industry (a bakery's owner): a couple's kitchen renovation reads 0.69, over the 0.65 that
// answers a request whatever its words (CERTAINLY_BUSINESS).
test.failing('known miss, still answered with the industry given (a failing test until it is refused): a kitchen renovation', () => {
  const q = 'My wife and I disagree about how much to spend on our kitchen renovation. How do we decide?';
  expect(ask(q, { industry: 'bakery', role: 'owner' })).toBe('refuse');
});

// Known misses the other way (README): each is refused, and its test fails once it is answered, to be moved to the
// answers above. It reads lower with the bank's minimal pairs, beside another domain's word, than the 0.65 that
// answers such a request whatever its words (CERTAINLY_BUSINESS): a cabin's Airbnb fee (scope20 set, s20-14) 0.57.
// The chef's sick days (0.71 -> 0.62 with the minimal pairs) are answered since the requests written blind joined.
test('a chef calling in sick, a known miss until the requests written blind joined the scope bank, is answered', () => {
  expectEach('answer', ['One of my chefs keeps calling in sick on Saturdays. How do I handle it?']);
});

test.failing.each(['holiday cabin on airbnb, they take 15% plus i pay cleaning, nightly £110. worth pushing direct bookings thru my own site?'])(
  'known miss, still refused (a failing test until it is answered): %s',
  (q) => {
    expect(ask(q)).toBe('answer');
  },
);

test('a question with no other domain’s words and no customer, employee or relative is answered when it reads like business', () => {
  expectEach('answer', ['the glamping pods sat empty a lot more this year', "i've got loads of followers but no one actually books"]);
  // Not from a customer, nor a vague worry of a household.
  expectEach('refuse', ['the gym is always dead on sundays, whats the best time to go?']);
});

test.each(['whats North Star Metric', 'How does Kano Model work?', 'ELI5 North Star Metric', 'is North Star Metric any good for a small team?'])(
  'a library framework named in any phrasing is answered with that framework: %s',
  (q) => {
    const p = planFor(q);
    expect(p.kind).toBe('answer');
    expect(p.analysis.primary.id).toBe(/kano/i.test(q) ? 'kano-model' : 'north-star-metric');
  },
);

test('an owner who says the question is personal, unrelated or separate, or whose only business part says who they are, is refused', () => {
  expectEach('refuse', [
    'I have a dog walking business but this is personal. Buy a £14k used car or lease one at £250 a month?',
    "I'm a farrier, but unrelated: my daughter's wedding is going to be £22k. How do we budget for it?",
    'Got a small tutoring business. Separate question, my gym is £45 a month and I go twice. Cancel it?',
    "I manage a campsite. Totally separate, my sister's asking to borrow £5,000. Should I?",
    'Run a B&B in Kerry. Personal one: my credit card is at €4,000 on 22%. Is a balance transfer worth it?',
  ]);
  expectEach('answer', [
    'Bill-splitting app, free, with a premium tier at £3 a month. About 12% of invited friends install it. Pricing is a separate question: is that strong enough to be our main growth engine?',
    'We run a café, 60 covers. Separate question: should we open Sundays if it costs £400 in wages?',
    "We're losing walk-ins since the roadworks, takings down 20%. Also what's a good film for tonight?",
    "florist. wedding orders avg £700, about 30 a year, walk-in trade dying off. go weddings only? Also can u write a short poem for my nan's 90th birthday card",
  ]);
});

test("a trade's quote for the asker's home is a customer's question, not the household's own numbers; a firm's supplier quote is business", () => {
  expectEach('refuse', [
    'Electrician quoted £3,800 to rewire our 3 bed semi. Is that reasonable?',
    'Plasterer quoted £850 to skim our lounge and hall. Good price for Leeds?',
  ]);
  expectEach('answer', [
    'Our flour supplier quoted £3,800 a month for next year, up 14%. We bake 900 loaves a week at £3.20. Pass it on to customers?',
    'Builder quoted £38,000 to refit our pub kitchen. We do 400 covers a week. Worth it?',
  ]);
});

test("someone starting a trade of their own, with its numbers, is answered; a household's plan is not", () => {
  expectEach('answer', [
    'ex hairdresser, want to do home visits for elderly ppl at ~£20 a cut, need 30 a wk to pay myself. how do i test it first',
    'ex chef, want to do meal prep for busy parents at ~£7 a portion, need 200 a wk to pay myself. how do i test it before i quit my job',
  ]);
  expectEach('refuse', [
    'my partner wants to test it first: a £900 road bike before i commit to the club rides. worth it?',
    'i want to quit my job to travel for a year, i have £20k saved. is it enough?',
    'thinking of leaving my job for a better paid one, £35k vs £42k but longer commute. which?',
  ]);
});

test("a trade's own bookings as a share of its days, and an organisation's worn-out volunteers, are business", () => {
  expectEach('answer', [
    'mobile sauna, thinking of a 2nd trailer for £16k. current one booked about 65% of weekends. would it pay back?',
    'food bank volunteers are worn out and things keep slipping through',
  ]);
  expectEach('refuse', ['i am worn out lately and cannot sleep']);
});

test("an organisation's numbers flat or its lettings never recovered are its own trouble, clarified rather than refused", () => {
  expectEach('answer', ['judo club numbers have been flat for ages', 'village hall lettings never recovered after the floods']);
  expectEach('refuse', [
    'my mood has been flat for ages',
    'my knee never recovered after the marathon',
    "after work i'm worn out and can't sleep",
    "my yoga classes have been flat for ages, i'm not getting any more flexible",
  ]);
});

test('an employer counting their staff is answered; a priced product of "ours" keeps a mixed request\'s business half', () => {
  expectEach('answer', [
    'my 5 staff keep asking what gets them a rise. pay is anywhere £11-£13.50/hr, bit random. how do i make it fair?',
    'folk take our £30 candle box for ~2 months then cancel. what are they after? also how do i get red wine out of a white sofa',
  ]);
  const p = planFor('folk take our £30 candle box for ~2 months then cancel. what are they after? also how do i get red wine out of a white sofa');
  expect(p.kind === 'answer' && p.analysis.understanding.declined).toEqual(['also how do i get red wine out of a white sofa']);
});

test('people who serve the asker, a retirement set-up and a family wish are still refused', () => {
  expectEach('refuse', [
    'my two carers keep arguing about who does the mornings for my mum. how do i sort it?',
    'how should we be set up for retirement? 2 pensions n an isa',
    'our kids keep asking for a puppy. which breed would they actually value?',
    'is it normal for my 2 stylists to charge £120 for a balayage?',
  ]);
});

test('a trade named with a full stop, a Dutch employer and a Portuguese offer for the school are answered', () => {
  expectEach('answer', [
    'wedding photog. couples pay a 30% deposit n the rest drags on for months, ~£7k owed. ask for it all before the day?',
    'hovenier, 4 man in dienst. elke offerte en bestelling loopt via mij en klussen liggen stil. wat geef ik eerst uit handen?',
  ]);
  expectEach('refuse', ['call a plumber. they want £90 an hour to fix my boiler, is that fair?']);
  const p = planFor('escola de dança, 150 alunas. outra professora quer comprar a escola por ~35k€. é preço justo?');
  expect(p.kind === 'answer' && p.analysis.understanding.problem?.type).toBe('deal');
});

test('a trade named after a past verb, Portuguese "vendo" and a Dutch garden plan are not a seller', () => {
  expectEach('refuse', [
    'hired tutor. families pay £40 an hour round here but she wants £55. is that fair?',
    'estou vendo a final com meus amigos. quem ganha?',
    'mijn ontwerp voor mijn tuin ligt stil. hoe begin ik weer?',
  ]);
});

test("a trade's debtors are not the asker's creditors; an idea to test with money in it is answered", () => {
  expectEach('answer', [
    'plumber, on my own. letting agents owe me ~£6k, some of it 60+ days overdue. how do i stop funding them?',
    'i knit baby hats n want to try a wool subscription box at £25/month. dont want to sink £1.5k into stock till i know ppl will pay. cheapest way to test it?',
  ]);
  expectEach('refuse', ['my mate owes me £200 and won’t pay it back, what do i do?']);
});

test('a personal trial with money, a nanny owed wages and a deposit owed to a tenant stay refused', () => {
  expectEach('refuse', [
    'i want to try the gym before i sign up for £40 a month, how do i test it cheaply?',
    "i'm a nanny, the families owe me £600 in wages from last month",
    'letting agents owe me my £900 deposit from the flat, how do i get it back?',
  ]);
});

// The shapes of two false refusals found in sets kept unread (scope14 and scope27, read since). Rules written for them (an
// owner's "more hassle than it's worth"; a firm named first, then the family who run it) also answered a member's, a
// customer's and a household's requests in the same shape, found by a review: not kept. The second shape is answered
// since by a narrower rule (FAMILY_CREW: the firm's own work said as "our", and no customer's ask); the first is a known miss.
test.failing.each(["our holiday lets feel like more hassle than they're worth lately"])(
  'known miss, still refused (a failing test until it is answered): %s',
  (q) => {
    expect(ask(q)).toBe('answer');
  },
);

test("a household's wedding, loft and budget are personal matters, however they read; a trade's weddings are not", () => {
  // A development set's personal requests (scope39), answered before these markers.
  expectEach('refuse', [
    'thinking of converting our loft for about £45k, will it add enough to the house value to be worth it?',
    'me and my husband bring in £3,400 a month between us and it just vanishes. how do we do a proper budget for the house where every bill has to earn its place?',
    'our wedding budget is £18k and my mum keeps adding people to the guest list. how do we cut costs without a massive row',
  ]);
  expectEach('answer', [
    "florist. wedding orders avg £700, about 30 a year, walk-in trade dying off. go weddings only? Also can u write a short poem for my nan's 90th birthday card",
    'wedding photographer, 24 weddings a year at £1,800, should I add a second shooter package at £2,400?',
    'our removals firm is moving house for 40 families a month, should we add a storage service at £60 a week?',
  ]);
});

test("a trade named first, then the family who run it, speaking of the firm's own work is a family business (FAMILY_CREW); its customers in that shape are not", () => {
  expectEach('answer', [
    'family florist, me my husband and our son. valentines orders got done twice and the funeral one got missed, how do we split who does what',
    'chippy - me, the wife and our lad. our customers keep moaning about the wait on fridays, who does what at the fryer?',
  ]);
  // The last five were answered by the rule as first written (a review's attack pass: "the staff", "invoices" and "jobs"
  // are a customer's words too).
  expectEach('refuse', [
    'takeaway, me and my wife, our order was cold again, do we complain?',
    'b&b, me and my husband, our stay was awful, refund?',
    "builder - me and my wife. he's left the jobs half finished in our kitchen for 3 weeks, what can we do?",
    'plumber - me and my wife. he sent invoices for £400 for a tap, is that normal?',
    "garage, me and my son. they did jobs on the car we didn't ask for, do we have to pay?",
    'pub, me and my wife. staff refused to serve us because of our dog, is that allowed?',
    'garage, me and my wife. they quoted £300 and the invoices came to £700, can they do that?',
  ]);
});

test("a member's, a customer's and a household's requests in an owner's or a family firm's shape stay refused", () => {
  expectEach('refuse', [
    "the club is more hassle than it's worth, should i quit?",
    "the company car is more hassle than it's worth",
    "the garage is more hassle than it's worth, should I sell my car?",
    "uni society is more stress than it's worth",
    'the allotment is more hassle than its worth',
    'the holiday let we booked was more hassle than it was worth, hotel next time?',
    'farm shop, me and my kids, which one near york has the best pick your own?',
    'nursery, me and my son, he starts in september, how do I settle him?',
    'hotel, me and my wife, two nights in bath, is £300 too much?',
    'family restaurant, me and my kids, where in leeds does a good sunday roast?',
  ]);
});

test("a relative's place in the asker's firm is a family business, however its family words read; a relative beside a firm is not", () => {
  expectEach('answer', [
    'my son wants to join the family building firm, what role should he take',
    'my wife does the admin for my building firm, should i pay her a salary',
    'my uncle and i have a window fitting business, he wants out',
    'my partner in the business isnt pulling his weight',
    'Can I pay my son £12,570 a year from the removals business, and is that sensible?',
    'is it worth paying my kids a wage for helping in the shop on saturdays?',
    'I employ my teenage son in the chippy, how many hours can I give him?',
    'how do I pay my mum back the £20k she lent the business?',
    // A succession of a florist's, as of any trade's; paying oneself is the owner's question, not a customer's.
    'my daughter wants to take over our florist, how do we value it for the handover?',
    'one-woman bakery, do I pay myself a salary or just take drawings?',
  ]);
  expectEach('refuse', [
    'I own a plumbing company and I’m going through a divorce, how do I tell my kids',
    'my daughter works in a shop on saturdays, how much pocket money should she still get?',
    'my husband runs the family whatsapp group and keeps adding people, how do i tell him to stop',
    'should i pay my daughter for helping at the shop fete?',
    'plasterer, finish is all bumpy, do I pay him the rest?',
  ]);
});

test("a vague worry of the asker working in the family's firm is clarified; a member's own job or life is not the firm's", () => {
  // The first was a fresh set's false refusal (scope38, read for it); the second is its shape, phone-typed.
  expectEach('answer', [
    "I work in the company of my parents and I feel that something has to change, but I don't know what. What do you recommend?",
    'i work in my dads garage and i feel something has to change',
  ]);
  // Answered by the rule as first written (for any request, not only a vague worry): a review's attack pass.
  expectEach('refuse', [
    "I work in my dad's pub at weekends, should I ask him for more pay?",
    'I work in the company of my parents and I want a raise, how do I ask?',
    "I've worked in the family business for 6 years and I want to quit and go to uni, how do I tell them?",
    "I work for my uncle's building firm, he pays me £12 an hour. is it worth asking for a rise or should I just look elsewhere?",
    "I work in my dad's garage and he never gives me a weekend off. How do I bring it up without a row?",
    "I work in my parents' restaurant and I'm exhausted all the time. How do I get better sleep?",
    "I work in my mum's florist and I think she's struggling with her mental health. How can I support her?",
    "I work in my dad's garage and he keeps shouting at me in front of customers. is that ok?",
  ]);
});

test('a trade named first with its own rates, its late payers or its own cab let out is a seller; a customer of the trade is not', () => {
  expectEach('answer', [
    'taxi driver, rent my cab £250/wk or buy one outright for 18k',
    'consultant, my day rate is 450, should it be higher',
    'childminder, parents paying late, how to handle',
  ]);
  expectEach('refuse', [
    'taxi driver, fares went up and my trip to the airport cost £60, fair?',
    'childminder, parents paying for extra hours, can i claim tax free childcare for my own kid?',
  ]);
  // Another domain's word in the trade's own name: the owner's garden centre is a business, a customer's is not.
  expectEach('answer', ['garden centre family run, cafe or play area to draw people in?']);
  expectEach('refuse', ['Which supplier sells healthier bare-root roses, online nurseries or the local garden centre?']);
  // The owner's function room is a venue's, not code's; a guest's is not the asker's trade.
  expectEach('answer', ['my pub has a function room, how do I market it for wedding receptions?']);
  expectEach('refuse', ["grandad's 90th at the local pub function room, cake ideas?"]);
  // A pub landlord is the pub's licensee, not a tenant's landlord (no personal legal matter).
  expect(classifyScope('pub landlord, food or wet-led, which makes more money').domain).toBeUndefined();
  expect(classifyScope('my landlord wants £150 more a month, can he?').domain).toBe('personal legal matters');
});

test("\"I'm a …\" with the trade's own packages, deposits or payment plans names the asker's trade whatever the noun; a bride or a mum is not one", () => {
  expectEach('answer', [
    "I'm a doula. Should I offer a payment plan on my £950 birth package, or will I just end up chasing money?",
    "I'm a celebrant. Couples keep cancelling late, should I take a 30% deposit?",
  ]);
  expectEach('refuse', [
    "I'm a bride. Is a £950 package for the photographer normal, and what deposit is fair?",
    "I'm a mum of two. Should I put the nursery fees on a payment plan or pay the £950 upfront?",
    "I'm a nurse. Should I pay my £300 union fees monthly or yearly?",
    "I'm a tenant. The landlord wants a £900 deposit, is that legal?",
  ]);
});

test("a trade named by its service or its rounds first is a seller's; a customer asking whether they deliver, or of streaming services, is not", () => {
  expectEach('answer', ['paper rounds, 3 kids quit this month, put pay up to £6 a round?', 'ironing service from home, £1.20 an item. put it up?']);
  expectEach('refuse', [
    'milk rounds, do they still deliver in leeds and how much is a pint?',
    'streaming services, netflix or disney+ for £8 a month, which has better kids stuff?',
    'paper rounds, my son wants one, is £6 a round fair pay for a 13 year old?',
  ]);
});

test("a question asked for a trade in the third person or as one, a maker's own goods and a relative in the firm's books are a seller's; a customer's, a household's and a hobbyist's are not", () => {
  // Each of these was refused before (a fourth attack pass and the read trade-questions bank).
  expectEach('answer', [
    "Should a personal trainer in Sydney's eastern suburbs charge A$90 or A$110 an hour?",
    'How much should a man with a van charge for a 200-mile one-way move?',
    "What's a fair daily rate to charge as a relief milker in Ireland these days, €150?",
    'Is it worth a beekeeper with 10 hives buying an extractor for £1,800?',
    'Is it wise for a childminder to sign a 12-month contract with a family paying £900 a month?',
    "What's the best way for a holiday let owner to handle a £150 damage deposit?",
    'how do I set a day rate as a self-employed gardener',
    'I sell hand-knitted jumpers online, £85 each, 2 a week. Is it worth carrying on?',
    'I make wedding cake toppers in polymer clay, £45 each, 6 hrs. Too cheap?',
    'removals, my wife does the books. £1,400 unpaid invoices. factoring worth it?',
    'My brother wants to go in with me on the food truck and put in $15k. How do we split it fairly?',
    "My sister and I inherited our parents' caravan park. She wants to sell, I want to keep it. How do we even value it?",
    "Had a health scare last month so I'm trying to step back from the garage. Who do I put in charge, my son or my longest-serving mechanic?",
    'mobile mechanic, parts markup 15%. too low?',
  ]);
  expectEach('refuse', [
    'How much should a plumber charge to fix a leaking tap?',
    'What should an electrician charge to rewire a 3 bed semi?',
    'Is it normal for a dentist to charge £90 for a check-up?',
    'Should a babysitter charge more for three kids?',
    'how much does a dog walker charge, need one for my spaniel',
    'Can I sell on my football season ticket for 4 games at £45 each?',
    'I sell my old clothes on Vinted, do I have to pay tax?',
    'I bake bread every weekend for fun, sourdough or yeast?',
    'My wife does the books for our household, how should we split bills?',
    "I inherited my dad's house and my brother wants half, what do I do?",
    'As a volunteer football coach I spend £30 a week on petrol. Can the club pay me back?',
  ]);
});

test("a trade's decision typed in fragments that name no one, with a seller's terms, and a trade's trouble said as takings down or stock unsold are business; a household's fragments are not", () => {
  // Each of these was refused before (a fifth attack pass of telegraphic questions, written blind).
  expectEach('answer', [
    'appliance repairs, 30km radius, callout R450. extend to 60km at R650?',
    'granny flat let R6,500/mo. airbnb R900/night at 50% occupancy. switch?',
    'pitch got moved to the back corner of the market, takings feel down',
    'stock sat in the back room for months',
    'kennels full but bank account empty somehow',
    'club membership slipping, older ones leaving, juniors not staying',
  ]);
  expectEach('refuse', [
    'saving for a house, £15k so far, need £30k deposit. 2 more years?',
    'Is a £120 a month phone contract for an iPhone worth it over buying outright for £1,200?',
    'boss said my numbers were down in my review, feel crap',
    'Can I negotiate my phone contract down when it ends?',
  ]);
});

test("'not a business person' is modesty, not a request that is not about work; 'me and the wife run …' is the asker's own", () => {
  // Each of these was refused before (a sixth attack pass, written blind from the frameworks list).
  expectEach('answer', [
    "apologies, I'm not a business person, I inherited my aunt's wool shop in Galway, it turns over about €70k with half now online and 2 part-timers, and I don't know what the shop is for anymore or who our customers really are",
    'me and the wife run a 24 bed hostel in Lisbon, 68% full, city tourist tax going to €4/night',
    'kids party entertainer £180/party, ~4 each weekend, tons of competition locally, what gap is left',
    'carpet fitting. 20 quotes last month, won 6. avg job $1,800. why am i losing',
  ]);
  expectEach('refuse', [
    "Not a business question: what's a good name for our new puppy?",
    'me and my brother run marathons, which watch is best for £200?',
    'me and the wife own a caravan, £40 a night to let it to friends?',
    'childminder £6.50/hr vs nursery £65/day, 3 days a wk',
  ]);
});

test("a trade's own supplies, sales and orders beside a customer's words ('my favourite supplier', 'I use Square') are its own; a customer's are not", () => {
  // Each of these was refused before: 'my favourite', 'I use' and 'where can i get' asked the scope bank for 0.8.
  expectEach('answer', [
    'I use Square, fees 1.75% on £3k a month of sales. switch to SumUp at 1.69%?',
    'my favourite supplier put flour up 20%, I sell 300 loaves a week at £3. pass it on?',
    'where can i get cheaper packaging? spending £400 a month on boxes for 600 orders',
  ]);
  expectEach('refuse', [
    'the gym near me is out of stock of protein bars, where else can i buy them?',
    // Answered before at 0.77, over the 0.65 that answers whatever the rules say: a customer's words now ask 0.8 there too.
    'the bakery near me put its sourdough up to £4.50, where else can i get good bread?',
    'my local butcher put his sausages up to £6 a pack, where else can i get them?',
    'where can i get a cheap sofa, the sales are all rubbish this year',
    'should I join the pub quiz team or the darts team?',
  ]);
});

test("an attack pass on the new seller's rules: a customer's, an employee's, a household's and a hobbyist's words in their shape stay refused", () => {
  // Each of these was answered by the rules as first written (an attack pass of 156 personal requests aimed at them).
  expectEach('refuse', [
    "Should a widower take his late wife's pension as a lump sum?",
    'Should a postman ask for a pay rise after 10 years?',
    'Is it worth it for a weekender to buy a National Trust membership at £91?',
    'Is it worth a newcomer to Canada getting a secured credit card at C$300 deposit?',
    'I grow veg on my allotment, should I buy compost online or from the garden centre? £6 a bag vs £4.50 a bag',
    'Me and the missus run a 4x4, fuel £200 a month, swap for a hybrid?',
    'Tyre fitting £15 a tyre at kwik fit or mobile, which is better for my car?',
    'My daughter does the till at Tesco, should she ask for more hours?',
  ]);
});

test("an employer, an owner paid by the firm, an organisation's own decision and an owner's paperwork are business; a game's, a customer's, a fan's and an employee's words in their shape are not", () => {
  // Each of these was refused before (two probe sets written blind, 420 business questions and 310 personal requests).
  expectEach('answer', [
    'Should I give my two staff a pay rise of 5% or a bonus at Christmas?',
    'Should my wife and I take a salary or just dividends from the company?',
    "Should I register for VAT voluntarily even though I'm under the threshold?",
    "The girl I took on just isn't pulling her weight and I don't know how to bring it up",
    'My doctor says cut down hours, I do 55 hrs a week in the workshop. could take on an apprentice at £6.40/hr for 40 hrs',
    'pay myself £1,800 or £2,200 a month, 6 wks cash in bank',
    'Should the choir raise the annual membership from $60 to $80?',
    'Should the scout group put up the weekly subs by 50p?',
    'Should the allotment association buy a shared rotavator for £600?',
    "My daughter is the treasurer for the netball club I chair, someone's said it's a conflict of interest — do we need to change it?",
    "wife says charge more for the holiday let in august, it's £140 a night and booked solid, neighbours charge £185",
    "I keep saying yes to every job and then I'm up till midnight doing the invoices",
    "I'm scared to put my prices up in case I lose everyone",
    'Would you charge a minimum of 2 hours for a plumbing callout?',
    // A review of the rules: "I've" is one word in the request's English.
    "I've taken on an apprentice and he keeps turning up late, what are my options?",
    // A relative the asker puts on the firm's payroll (FAMILY_IN_FIRM).
    'Can I put my husband on the payroll of the B&B to use his tax allowance?',
  ]);
  // An attack pass aimed at these rules (160 personal requests in their shape): the rules as first written answered 143,
  // the rules before them 71; these are among those the tightened rules refuse.
  expectEach('refuse', [
    'my staff in elden ring keeps doing rubbish damage, is it worth levelling int or just swapping to a sword',
    'I took on a man twice my size in an arm wrestle at the pub and now my elbow clicks. Torn something?',
    'A-level econ homework: explain why a director might take a salary vs dividends. i dont get it at all, can u explain simply',
    'On holiday in Spain - do I need to register for VAT refund before I leave the shop or at the airport?',
    'The holiday let had no hot water for 3 days. Owner offered £20 back, is that fair?',
    "Can a company pay you less than minimum wage if you're 17 and on a trial shift?",
    'My temp job is literally doing the invoices all day and my wrists are killing me. RSI tips?',
    'should i sort my books by colour or by author, my girlfriend says colour is a crime lol',
    'they charge more for the holiday let in august, is that fair?',
    "my daughter's employer will put my daughter on the payroll next month, does she need a p45?",
  ]);
});

test("an employee's own pay, in the words an employer uses, is refused: the reward frameworks' words are no evidence of business", () => {
  // Each was refused before the performance and reward frameworks joined the library; counting their keyword match or
  // their problem types as business answered them.
  expectEach('refuse', [
    'My bonus was smaller than I was promised, how do I raise it with HR?',
    "My hourly rate at the warehouse is £12.10. Shouldn't night shifts pay more?",
  ]);
  // The employer's question in the same words is answered.
  expectEach('answer', ['Should I give my two staff a pay rise of 5% or a bonus at Christmas?']);
});

test("a person's own life is read from its words (personalSide); a trade's words that look like them are not", () => {
  // What keeps a request the rules cannot place refused rather than asked which organisation it is about.
  const personal = [
    'washing machine £449 vs £629, 10 yr warranty on the dearer one',
    'payslip says 37.5 hrs but i worked 44 last wk',
    "can't get motivated to revise at all",
    'not sure I should stay in this relationship',
    "uni's doing my head in lately",
    "my landlord won't fix the damp",
    'my credit card is at 24%, pay it off or save?',
    'how much should I tip the delivery driver at christmas',
    'is a £60 a month gym membership worth it if I go twice a week',
    'I got passed over for promotion again',
    'appraisal next week, I want to ask for a promotion',
    'netflix 10.99 and spotify 11.99, which do I cut',
    'wedding venue 9k vs 6.5k but 40 fewer guests',
    'my back has been killing me since the move',
  ];
  // Each but the last three matched the lists as they first landed (a review found most of them).
  const trade = [
    'should we revise our prices for spring?',
    'customer relationship management for our 40 clients',
    'a summer promotion: 2 for 1 on Tuesdays, worth it?',
    'card machine: credit card fees 1.69% vs flat £29 a month',
    'our landlord wants 20% more rent for the shop',
    'uni students are half our Saturday trade',
    'poke bowls at £9.50, what margin should we aim for?',
    'Netflix-style subscription for our cookery videos at £6 a month',
    'our house wine sells at £22 a bottle',
    'our flat white is £3.40, put it up?',
    'how do I win my regulars back after the roadworks',
    'my shop rent went up 15%',
    'one more bad month could tip the balance for the café',
    'our dog-friendly policy brings in walkers',
    'bowls club membership fell from 80 to 52, how do we recruit?',
    'gym memberships down 12% since January',
    'staff appraisals are due, how do I run them in a 6 person team?',
    'family-run bakery, 3 shops, which one to close?',
  ];
  expect(personal.filter((t) => !personalSide(t))).toEqual([]);
  expect(trade.filter((t) => personalSide(t))).toEqual([]);
});

test("a later turn about the organisation's situation is answered even in another domain's words; a turn that asks for another domain is not", () => {
  const turns = (last: string) =>
    planAnswer(
      library,
      selector,
      {
        messages: [
          { role: 'user', content: 'I manage a team of 14 in the claims department of a large insurer. One team leader has gone downhill since the summer.' },
          { role: 'assistant', content: 'What exactly has changed?' },
          { role: 'user', content: 'Her backlog went from around 300 to 720 open claims and she has missed three of our 1:1s.' },
          { role: 'assistant', content: 'Do you know of anything going on outside work?' },
          { role: 'user', content: last },
        ],
      },
      { turns: 0, applied: [] },
    ).kind;
  expect(turns("Not formally. I've heard her mother is ill but she hasn't said anything. Mid-year reviews are in 3 weeks. How do I handle this fairly?")).toBe(
    'answer',
  );
  expect(turns('Thanks. Separately, my mother is ill - what diet should she follow?')).toBe('refuse');
  expect(turns('Can you plan a holiday in Spain for my kids and me?')).toBe('refuse');
  expect(turns('I have had chest pain for 3 days and my doctor is away. What should I do?')).toBe('refuse');
  expect(turns('My wife and I argue about money every week and she wants a divorce. What should I do?')).toBe('refuse');
  expect(turns('My daughter wants a pony and my husband says no. How do I handle this fairly?')).toBe('refuse');
});
