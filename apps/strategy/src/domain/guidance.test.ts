/** The confidence bands of SPEC.md on both responses, at each band's edges. */
import { analyse, coordinationResponse, frameworkResponse, setQuestions } from './guidance.js';
import { EARLIER_TURNS_CHARS, saysWhoAsks, splitConversation } from './analysis.js';
import { loadLibrary } from './library.js';
import { FrameworkSelector } from './selector.js';

const library = loadLibrary();
const selector = new FrameworkSelector(library);
const base = analyse(
  library,
  selector,
  { messages: [{ role: 'user', content: 'How do we set quarterly goals that connect every team to the company strategy?' }] },
  { turns: 0, applied: [] },
);
const at = (confidence: number) => ({ ...base, confidence });

test.each([
  [95, 'high'],
  [90, 'high'],
  [85, 'good'],
  [80, 'good'],
  [79, 'moderate'],
  [70, 'moderate'],
  [69, 'lower'],
  [60, 'lower'],
  [45, 'low'],
])('confidence %i (%s)', (score, band) => {
  const fw = frameworkResponse(library, at(score), 'ses_x', 5);
  const co = coordinationResponse(library, at(score), 'planning', 'ses_x', 5);
  expect(fw.metadata.confidenceScore).toBe(score);
  expect(fw.structuredOutput.frameworkAnalysis.confidenceScore).toBe(score);
  expect(co.metadata.confidenceScore).toBe(score);
  const clarifying = 'What outcome would make this a success in six months, and how would you measure it?';
  if (band === 'lower' || band === 'low') {
    // 60-69: clarifying questions in suggestions.followUpQuestions (and the content).
    expect(co.suggestions?.followUpQuestions).toContain(clarifying);
    expect(co.content).toContain('### To sharpen this, tell me');
    expect(fw.suggestions?.followUpQuestions).toContain(clarifying);
    expect(fw.content).toContain('### Before going further, clarify');
  } else {
    expect(co.suggestions?.followUpQuestions ?? []).not.toContain(clarifying);
    expect(fw.suggestions?.followUpQuestions).toBeUndefined();
    expect(co.content).not.toContain('To sharpen this');
  }
  if (band === 'moderate') {
    // 70-79: alternatives suggested.
    expect(fw.suggestions?.alternativeFrameworks?.length).toBeGreaterThan(0);
    expect(co.content).toContain('**Also worth a look:**');
  } else {
    expect(fw.suggestions?.alternativeFrameworks).toBeUndefined();
    expect(co.content).not.toContain('Also worth a look');
  }
});

test('every question of the leadership (7) and management (5) sets is used by some area of the library', () => {
  const used = { leadership: new Set<string>(), management: new Set<string>() };
  for (const f of library.frameworks) {
    const qs = setQuestions(library, f);
    qs.leadership.forEach((q) => used.leadership.add(q.name));
    qs.management.forEach((q) => used.management.add(q.name));
  }
  expect([...used.leadership].sort()).toEqual(['Skills', 'Strategy', 'Structure', 'Style', 'Systems', 'Values', 'Vision']);
  expect([...used.management].sort()).toEqual(['Controlling', 'Directing', 'Organizing', 'Planning', 'Staffing']);
});

test('a framework name that is an everyday phrase ("first 90 days" of a customer) does not name the framework', () => {
  const ask = (q: string) => analyse(library, selector, { messages: [{ role: 'user', content: q }] }, { turns: 0, applied: [] });
  const churn = ask('We lose 4% of our subscribers a month, most in their first 90 days. How do we keep them?');
  expect(churn.primary.id).not.toBe('first-90-days-stars');
  expect(churn.selection.basis).not.toBe('named');
  expect(ask('What is the First 90 Days framework?').primary.id).toBe('first-90-days-stars');
});

test("one person's performance and what staff are paid have frameworks of their own, picked only in those situations", () => {
  const ask = (q: string) => analyse(library, selector, { messages: [{ role: 'user', content: q }] }, { turns: 0, applied: [] });
  // Questions a small employer asks (SWOT, Capacity Planning, Growth Loops and a 13-week cash flow before these frameworks).
  expect(ask('One of my chefs keeps calling in sick on Saturdays. How do I handle it?').primary.id).toBe('performance-conversation');
  expect(ask("I've taken on an apprentice and he keeps turning up late, what are my options?").primary.id).toBe('performance-conversation');
  expect(ask('Should I give my two staff a pay rise of 5% or a bonus at Christmas?').primary.id).toBe('total-rewards');
  // Pay that has no structure is pay first, a career ladder beside it.
  const groomers = ask('dog groomer, my 4 groomers keep asking what gets them a pay rise, pay is all over the place. how do i make it fair?');
  expect(groomers.primary.id).toBe('total-rewards');
  expect(groomers.supporting.map((f) => f.id)).toContain('career-ladder-competency-framework');
  // A vague worry about a whole team is not one person's performance, whatever the words read as.
  const team = ask('my team at the homelessness charity is a mess lately. what do I do??');
  expect(team.understanding.vague).toBe(true);
  expect(team.primary.id).not.toBe('performance-conversation');
  // Nor is a customer who would not pay a question of staff pay.
  expect(
    ask("Prospects say our product looks great in demos but they don't see why they'd pay for it. Conversions from demo to paid are under 5%.").primary.id,
  ).not.toBe('total-rewards');
});

test("a framework made for one situation is picked only in it: a leader's first months, a mission-driven organisation's units", () => {
  const ask = (q: string) => analyse(library, selector, { messages: [{ role: 'user', content: q }] }, { turns: 0, applied: [] });
  // Members leaving early are a lifecycle, not the asker's first months in a role.
  const members = ask('I run a pottery studio with 90 members and a third of them leave within the first three months. What should I change?');
  expect(members.primary.id).not.toBe('first-90-days-stars');
  expect(ask('I start next month as director of a 40-person housing charity. What should my first three months look like?').primary.id).toBe(
    'first-90-days-stars',
  );
  // A chain that only sells judges its sites on money; a charity weighs impact too.
  const washes = ask('We own a chain of 9 car washes; two of them lose about £60k a year each. Which sites should we close?');
  expect(washes.primary.id).toBe('contribution-margin-analysis');
  expect(washes.supporting.map((s) => s.id)).not.toContain('nonprofit-portfolio-matrix');
  // A word of the public sphere in a firm's question ("the council roadworks", "trust") does not make it a charity.
  expect(ask('We run 6 driving schools; two of them lose about £40k a year each. Which ones should we close?').primary.id).toBe('contribution-margin-analysis');
  expect(
    ask(
      "We own a chain of 9 car washes; two of them lose about £60k a year each since the council roadworks, and customers don't trust the brand. Which sites should we close?",
    ).primary.id,
  ).toBe('contribution-margin-analysis');
  const centres = ask(
    'Our charity runs 9 youth centres; two of them lose about £60k a year each and the council grant is shrinking. Which sites should we close?',
  );
  expect(centres.primary.id).toBe('nonprofit-portfolio-matrix');
});

test('a framework named in a question that asks what it is wins over the problem the rest of the question suggests', () => {
  const ask = (q: string) => analyse(library, selector, { messages: [{ role: 'user', content: q }] }, { turns: 0, applied: [] });
  const pestel = ask('Could you explain what a PESTEL analysis is? Our trustees want one for the strategy away-day.');
  expect(pestel.primary.id).toBe('pestel-analysis');
  expect(pestel.selection.basis).toBe('named');
  expect(ask("Our operations director keeps saying we need a 'RACI' for the depot move. What is it, actually?").primary.id).toBe('raci-matrix');
});

test('the options named in the question are compared in the structured answer of both endpoints', () => {
  const a = analyse(
    library,
    selector,
    { messages: [{ role: 'user', content: 'Our print shop turns away about 5 jobs a week. Should we buy a second press or outsource the overflow?' }] },
    { turns: 0, applied: [] },
  );
  const co = coordinationResponse(library, a, a.depth, 'ses_t', 3);
  const fw = frameworkResponse(library, a, 'ses_t', 5);
  expect(co.insights.keyRecommendations.join('\n')).toContain('outsource the overflow');
  expect(fw.structuredOutput.expertGuidance.strategicActions.join('\n')).toContain('buy a second press');
});

test('a vague question gets clarifying questions charged as simple, even when it asks for a "comprehensive" strategy', () => {
  const a = analyse(
    library,
    selector,
    { messages: [{ role: 'user', content: 'We need a comprehensive strategy. Everything feels a bit stuck at the agency. Where do we start?' }] },
    { turns: 0, applied: [] },
  );
  expect(a.understanding.vague).toBe(true);
  expect(a.depth).toBe('simple');
  const co = coordinationResponse(library, a, a.depth, 'ses_x', 5);
  expect(co.suggestions?.followUpQuestions?.length ?? 0).toBeGreaterThanOrEqual(2);
});

test('a short follow-up ("Which one?") is read with the earlier turns that set out the offers or options', () => {
  const ask = (...turns: string[]) =>
    analyse(
      library,
      selector,
      { messages: turns.map((content, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content })) },
      { turns: 0, applied: [] },
    );
  const deal = ask(
    'I run a dental lab with 14 technicians. Two bigger labs have approached me.',
    'What are they offering?',
    'One offers 5x EBITDA all cash, the other 6.5x but half of it in their shares and a 2-year earn-out.',
    'Anything else that matters?',
    'I want my team looked after. Which one?',
  );
  expect(deal.understanding.problem?.type).toBe('deal');
  expect(deal.primary.id).toBe('ma-deal-evaluation');
  const sites = ask(
    'We run a chain of 6 garden centres and the cafés are doing well, so we want our own bakery.',
    'What options are you weighing?',
    'Three: build a bakery unit behind the Maidstone store for £380k, lease a unit on an industrial estate at £42k a year, or keep buying from a wholesale bakery.',
    'What matters most to you?',
    'Quality first, then cost. Which would you go for?',
  );
  expect(sites.understanding.problem?.type).toBe('option-choice');
});

test('only the newest EARLIER_TURNS_CHARS of earlier turns are read: a long resent conversation (over 100,000 characters) keeps the turns the question builds on', () => {
  // Six earlier user turns of 19,000 characters of pasted notes, then the turns that set out a deal.
  const notes = 'Minutes of the monthly operations meeting, with the rota, the supplier list and the snag list attached. '.repeat(185);
  const turns = [...Array.from({ length: 6 }, () => notes), 'I run a dental lab with 14 technicians. Two bigger labs have approached me.'];
  const messages = [
    ...turns.flatMap((content) => [
      { role: 'user' as const, content },
      { role: 'assistant' as const, content: 'Noted.' },
    ]),
    { role: 'user' as const, content: 'One offers 5x EBITDA all cash, the other 6.5x but half of it in their shares and a 2-year earn-out.' },
    { role: 'user' as const, content: 'I want my team looked after. Which one?' },
  ];
  const { question, conversation } = splitConversation(messages);
  expect(question).toBe('I want my team looked after. Which one?');
  expect(conversation.length).toBeLessThanOrEqual(EARLIER_TURNS_CHARS);
  expect(conversation.endsWith('half of it in their shares and a 2-year earn-out.')).toBe(true);
  const a = analyse(library, selector, { messages }, { turns: 0, applied: [] });
  expect(a.understanding.problem?.type).toBe('deal');
  expect(a.primary.id).toBe('ma-deal-evaluation');
});

test('the earlier turns are cut at a word when one starts near the cut, else as they are, never inside a character', () => {
  const earlier = (turn: string) =>
    splitConversation([
      { role: 'user', content: turn },
      { role: 'user', content: 'Which one?' },
    ]).conversation;
  // 11,000 characters of 10-letter words: the cut (at 3,000) falls inside a word, so the kept part starts at the next one.
  const midWord = 'abcdefghij '.repeat(1000);
  expect(earlier(midWord)).toBe(midWord.slice(3003));
  // 10,000 characters of 9-letter words: the cut (at 2,000) falls after a space, and nothing more is dropped.
  const clean = 'abcdefghi '.repeat(1000);
  expect(earlier(clean)).toBe(clean.slice(2000));
  expect(earlier(clean)).toHaveLength(EARLIER_TURNS_CHARS);
  // Text without spaces is cut where it is (not emptied to its first space thousands of characters on).
  const unspaced = `${'汉字'.repeat(4500)} 好`;
  expect(earlier(unspaced)).toBe(unspaced.slice(-EARLIER_TURNS_CHARS));
  // An emoji is two UTF-16 units: a cut between them drops the half.
  const emoji = `${'😀'.repeat(5000)}z`;
  expect(earlier(emoji)).toBe(emoji.slice(2002));
  expect(earlier(emoji).codePointAt(0)).toBe(0x1f600);
  // Short conversations are read whole.
  expect(earlier('a b')).toBe('a b');
});

test.each([
  "It's for my café",
  // A phone's curly apostrophe, a reply's opening word.
  'It’s for my café',
  'yes, it’s for my business.',
  'Sorry, it is for my shop',
  'This is about our sailing club',
  'for our scout group',
  "it's my company",
  "It's a business question.",
  'I run a farm',
  "I've got a shop",
  'I work for a charity',
  'my business is a holiday let',
  // The refusal message's own example.
  "I'm treasurer of our sailing club",
  "I'm one of the directors",
  "I'm self-employed",
  "we're a charity",
  "I'm a doula",
  // Glossed languages: "it's for my café", "it's for my business".
  "C'est pour mon café",
  'Es para mi negocio',
])('"%s" only says who asks (saysWhoAsks)', (message) => {
  expect(saysWhoAsks(message)).toBe(true);
});

test.each([
  'Which one?',
  'What about hiring?',
  // A figure or a question of its own is a turn of its own.
  'We run 3 bakeries',
  'I run a café, should I raise prices?',
  'Thanks!',
  // Follow-ups that start as who-asks does.
  "I'm a bit lost",
  'I have a question',
  'We run out of stock every Friday',
  'We operate at a loss',
  'I run the numbers and we still lose money',
  'About the hiring plan, go into more detail',
  "As the owner I'd rather go with option B",
  "That's for our board to decide",
  "I'm the bottleneck",
  "We're the cheapest in town but still losing customers",
  "It's a business plan I need, not a SWOT",
  // More than 12 words.
  "it's for my café, the one on the high street that my family has run since before I was born",
])('"%s" is a turn of its own, not who asks', (message) => {
  expect(saysWhoAsks(message)).toBe(false);
});

test('a message over 160 characters is never who asks, and is not searched: a run of 20,000 dots reads as itself', () => {
  for (const tail of ['.'.repeat(19_900), '!…'.repeat(9_000)]) {
    expect(saysWhoAsks(`It's for my ${tail}x`)).toBe(false);
    const messages = [
      { role: 'user' as const, content: 'pos system 79/month vs one off 1200' },
      { role: 'user' as const, content: `It's for my ${tail}x` },
    ];
    expect(splitConversation(messages).question).toBe(`It's for my ${tail}x`);
  }
});

test('messages that only say who asks are read with the question before them, however many', () => {
  const q = 'pos system 79/month vs one off 1200';
  expect(
    splitConversation([
      { role: 'user', content: q },
      { role: 'user', content: 'I run a café' },
      { role: 'user', content: "it's for my business!" },
    ]),
  ).toEqual({ question: `I run a café. it's for my business. ${q}`, conversation: '' });
  // Only such messages: nothing was asked before them, so the newest is the question.
  expect(
    splitConversation([
      { role: 'user', content: 'I run a café' },
      { role: 'user', content: "it's for my business" },
    ]),
  ).toEqual({ question: "it's for my business", conversation: 'I run a café' });
});

test('a next message that only says who asks is read with the question before it, as if asked in one message', () => {
  // A telegraphic choice the scope rules refuse on its own; the refusal asks for just this reply.
  const q = 'pos system 79/month vs one off 1200';
  const messages = [
    { role: 'user' as const, content: 'Hello.' },
    { role: 'user' as const, content: q },
    { role: 'user' as const, content: "It's for my café" },
  ];
  expect(splitConversation(messages)).toEqual({ question: `It's for my café. ${q}`, conversation: 'Hello.' });
  const replied = analyse(library, selector, { messages }, { turns: 0, applied: [] });
  const inOne = analyse(library, selector, { messages: [{ role: 'user', content: `It's for my café. ${q}` }] }, { turns: 0, applied: [] });
  expect(replied.primary.id).toBe(inOne.primary.id);
  expect(replied.primary.id).toBe('investment-appraisal');
  const co = coordinationResponse(library, replied, replied.depth, 'ses_x', 5);
  expect(co.insights.keyRecommendations.join('\n')).toMatch(/79\/month vs one off 1200/);
  // Without the merge the question read is "It's for my café" alone, and the answer quotes it as the decision.
  expect(co.content).not.toMatch(/On "It's for my café"/);
});

test("a small trade's priced choice is headed as a choice of options, not as a cost line to cut ('£12 a cut')", () => {
  const a = analyse(
    library,
    selector,
    { messages: [{ role: 'user', content: 'mobile barber, 2 care homes, £12 a cut, about 40 residents. one home wants me every week. say yes?' }] },
    { turns: 0, applied: [] },
  );
  expect(a.primary.id).toBe('contribution-margin-analysis');
  expect(a.strategicFocus).toBe('Financial management: choosing between options by what each one earns after its own costs');
  expect(coordinationResponse(library, a, a.depth, 'ses_x', 5).content).not.toMatch(/cutting a cost line/i);
});

test('a quality problem whose cause is not known yet starts with finding it (DMAIC); a known cause is error-proofed', () => {
  const primary = (q: string) => analyse(library, selector, { messages: [{ role: 'user', content: q }] }, { turns: 0, applied: [] }).primary.id;
  expect(primary('joinery workshop, 8 staff. 6% of doors come back for rework, about £700 a month, no obvious reason. how do we get to the bottom of it')).toBe(
    'six-sigma-dmaic',
  );
  expect(primary('dispatch team, 2% of parcels go out with the wrong label because two orders print at once. how do we stop it?')).toBe(
    'poka-yoke-error-proofing',
  );
});

test('a grown firm asking how to be set up starts with its design (Galbraith); a community farm weighs its projects by mission', () => {
  const primary = (q: string) => analyse(library, selector, { messages: [{ role: 'user', content: q }] }, { turns: 0, applied: [] }).primary.id;
  expect(primary('landscaping firm went from 4 to 15 staff in 2 yrs n every decision still lands on me. how should we be set up?')).toBe(
    'galbraith-star-model',
  );
  expect(primary('community farm, 4 projects: school trips, veg boxes, courses n events. 2 of them lose ~£5k a yr n we are stretched. what do we drop?')).toBe(
    'nonprofit-portfolio-matrix',
  );
});

test('a rival arriving is mapped against the asker first (a positioning map); a framework asked for in words leads', () => {
  const primary = (q: string) => analyse(library, selector, { messages: [{ role: 'user', content: q }] }, { turns: 0, applied: [] }).primary.id;
  expect(primary('village tea room, 10 yrs here. a costa drive-thru opens ~2 miles away in june. how do we keep our regulars?')).toBe(
    'competitive-positioning-map',
  );
  expect(primary('soap maker, want to sell a £15 monthly soap box. how do i test it before i spend £2k on moulds?')).toBe('lean-canvas');
});
