/**
 * The library engine, analysis half: understands a strategic request
 * (question, conversation, context, session history), selects the frameworks
 * and decides depth, style and price weight. The answers are written by
 * writing.ts.
 */
import { coordinationCost, type CoordinationDepth } from '@latchkey/credits';
import { COMPLEXITY_LEVELS, type ComplexityLevel, type Framework, type Library, type SetQuestion, type Stage } from './library.js';
import type { FrameworkSelector, Selection } from './selector.js';
import { clip, overlap, terms, words } from './text.js';
import { understand, type ProblemType, type Understanding } from './understand.js';
import { detectLanguage, glossToEnglish } from './language.js';
import { factSheet } from './facts.js';

export type ResponseStyle = 'concise' | 'detailed' | 'tactical';
export type Role = 'user' | 'assistant' | 'system';

export interface StrategicRequest {
  messages: Array<{ role: Role; content: string }>;
  userContext?:
    { industry?: string | undefined; businessStage?: Stage | undefined; role?: string | undefined; previousWork?: unknown[] | undefined } | undefined;
  preferences?: { responseStyle?: ResponseStyle | undefined; maxCredits?: number | undefined } | undefined;
  sessionId?: string | undefined;
}

/** What earlier turns of the session contribute. */
export interface SessionHistory {
  turns: number;
  applied: string[];
  industry?: string | undefined;
  businessStage?: Stage | undefined;
  role?: string | undefined;
  /** Digests of earlier turns (oldest first): what they established. */
  summaries?: string[] | undefined;
}

export interface Analysis {
  question: string;
  conversation: string;
  context: { industry?: string | undefined; businessStage?: Stage | undefined; role?: string | undefined };
  selection: Selection;
  primary: Framework;
  supporting: Framework[];
  confidence: number;
  complexity: ComplexityLevel;
  depth: CoordinationDepth;
  /** Position inside the depth's price band, 0-1. */
  weight: number;
  style: ResponseStyle;
  keyChallenge: string;
  strategicFocus: string;
  matchedUse: string;
  history: SessionHistory;
  /** What the question says: problem type, subject, numbers, deadline, constraint, decision, language. */
  understanding: Understanding;
  /** Clarifying questions only, first on which organisation the request is about (`askWhichOrganisation`). */
  organisationUnconfirmed?: boolean;
}

export const SUBCATEGORY_LABEL: Record<string, string> = {
  'core-strategy': 'Core strategy',
  'business-model-design': 'Business model design',
  'customer-intelligence': 'Customer intelligence',
  'market-analysis': 'Market analysis',
  'organizational-design': 'Organizational design',
  'team-operations': 'Team operations',
  'financial-management': 'Financial management',
  'growth-operations': 'Growth operations',
  'performance-management': 'Performance management',
};

export const CATEGORY_LABEL: Record<string, string> = {
  'strategic-planning': 'strategic planning',
  'customer-experience': 'customer experience',
  'employee-experience': 'employee experience',
  'operational-excellence': 'operational excellence',
};

/** Which leadership and management questions fit each category. */
const SET_QUESTIONS: Record<string, { leadership: string[]; management: string[] }> = {
  'strategic-planning': { leadership: ['strategy', 'vision'], management: ['planning'] },
  'customer-experience': { leadership: ['strategy', 'values'], management: ['controlling'] },
  'employee-experience': { leadership: ['structure', 'style', 'skills'], management: ['organizing', 'staffing', 'directing'] },
  'operational-excellence': { leadership: ['systems', 'strategy'], management: ['controlling', 'planning'] },
};

const COMPREHENSIVE =
  /\b(comprehensive|full (analysis|review|plan|strategy|picture)|end[- ]to[- ]end|overall strategy|complete (plan|strategy|picture|overhaul)|in[- ]depth|deep[- ]dive|holistic|transformation|turnaround|everything)\b/i;
const SIMPLE = /^(what is|what's|what are|what does|define|explain|difference between|is it|quick question|can you explain|how does)\b/i;

/**
 * How much of the earlier conversation is read, in characters (`splitConversation`): its newest part, which carries the
 * facts the question builds on. A session's turns run to a few hundred characters each; without a bound, a resent
 * conversation filling the 256 kB body (7 user turns of 19,000 characters among 13 messages) cost about a second of CPU
 * per call to read.
 */
export const EARLIER_TURNS_CHARS = 8_000;

/** How far past the cut a word's end is looked for (`splitConversation`): text without spaces (Chinese, a pasted blob) is cut as it is. */
const WORD_END_WITHIN = 40;

/** At most this many words, and `WHO_ASKS_MAX_CHARS` characters, in a message that only says who asks (`saysWhoAsks`). */
const WHO_ASKS_MAX_WORDS = 12;
const WHO_ASKS_MAX_CHARS = 160;

/** A reply's opening word ("Yes, it's for my shop", "Sorry, I run a bakery"). */
const REPLY_OPENING = String.raw`(?:(?:yes|yeah|yep|ok|okay|sorry|oh|well|right|no)[,.!]*\s+)?`;
/** The rest of such a message: a few words and nothing more ("café", "family bakery in Leeds"), no clause ("board to decide"). */
const FEW_WORDS_TO_THE_END = String.raw`(?![^.!…]*\b(?:to|and|but|so|because|if|than|when|which|who)\b)(?:[\p{L}\p{M}&'-]+,?\s*){1,4}[.!…]*$`;
/** Offices and roles in an organisation ("I'm treasurer of our sailing club", "we're the owners"). */
const OFFICE_WORDS =
  'owners?|co-?owners?|founders?|co-?founders?|directors?|managers?|treasurer|chair|chairman|chairwoman|chairperson|secretary|trustees?|partners?|landlord|landlady|licensee|proprietors?|ceo|md|boss|head';
/** Working for oneself or as an organisation ("I'm self-employed", "we're a charity"). */
const OWN_ACCOUNT_WORDS = String.raw`self[- ]employed|freelance|freelancer|sole trader|contractor|small business(?: owners?)?|(?:family )?(?:business|company|firm)|charity|club|start-?up|non-?profit|social enterprise|co-?op`;

/**
 * What a message that only says who asks or for which organisation looks like, in English or in the gloss of a
 * language the engine glosses ("C'est pour mon café" reads "it is for my coffee"): the whole message, with at most a
 * reply's opening word before it.
 */
const WHO_ASKS = new RegExp(
  `^${REPLY_OPENING}(?:` +
    [
      // "it's for my café", "this is about our sailing club", "for our scout group", "asking for my shop"; glossed "is for the my restaurant"
      String.raw`(?:(?:it'?s|it is|(?:it |the |this )?is|this is|that'?s|that is|(?:i'?m |i am )?asking)\s+)?(?:for|about|as)\s+(?:the\s+)?(?:my|our)\s+${FEW_WORDS_TO_THE_END}`,
      // "it's my company", "this is our church"
      String.raw`(?:it'?s|it is|this is|that'?s|that is)\s+(?:my|our)\s+${FEW_WORDS_TO_THE_END}`,
      // "it's a business question", "this is for work"
      String.raw`(?:it'?s|it is|this is|that'?s|that is)\s+(?:(?:a|for|about)\s+)?(?:my\s+|our\s+)?(?:business|work)(?:\s+(?:question|one|thing|matter))?[.!…]*$`,
      // "I run a farm", "we own the garage", "I've got a shop", "I have a café", "I work for a charity"; not "I have a question"
      String.raw`(?:i|we)(?:'ve| have)?\s+(?:(?:also|still|now)\s+)?(?:run|own|manage|operate|co-own|have|got|work (?:for|at|in))\s+(?:a|an|the|my|our)\s+(?!(?:question|problem|doubt|idea|query)\b)${FEW_WORDS_TO_THE_END}`,
      // "my business is a holiday let"
      String.raw`(?:my|our)\s+(?:business|company|firm|shop|organi[sz]ation|charity|club|trade)\s+is\s+(?:a|an)\s+${FEW_WORDS_TO_THE_END}`,
      // "I'm treasurer of our sailing club", "we're the owners", "I'm one of the directors"
      String.raw`(?:i'?m|i am|we'?re|we are)\s+(?:(?:an?|the|its|one of the)\s+)?(?:[\p{L}-]+\s+)?(?:${OFFICE_WORDS})\b(?:\s+(?:of|at|in|for)\s+${FEW_WORDS_TO_THE_END}|[.!…]*$)`,
      // "I'm self-employed", "we're a charity", "we are small business owners"
      String.raw`(?:i'?m|i am|we'?re|we are)\s+(?:an?\s+)?(?:${OWN_ACCOUNT_WORDS})\b(?:\s+${FEW_WORDS_TO_THE_END}|[.!…]*$)`,
      // "I'm a doula", "I'm a mobile barber": a trade in one or two words and nothing more; not "I'm a bit lost"
      String.raw`(?:i'?m|i am)\s+an?\s+(?!(?:bit|little|lot|tad|mess|wreck)\b)[\p{L}-]+(?:\s+[\p{L}-]+)?[.!…]*$`,
    ].join('|') +
    ')',
  'iu',
);

/**
 * Whether `message` only says who asks or for which organisation, with no question or figure of its own, in at most
 * `WHO_ASKS_MAX_WORDS` words and `WHO_ASKS_MAX_CHARS` characters: "It's for my café", "yes, it's for my business",
 * "I'm treasurer of our sailing club", "I run a farm", "we're a charity", "I'm self-employed", "C'est pour mon café"
 * (English and the glossed languages). Sent after a question, most often one refused as not business (whose message
 * asks for just this), it is read with that question (`splitConversation`). Curly apostrophes read as straight ones.
 */
export function saysWhoAsks(message: string): boolean {
  const text = message.trim().replace(/[\u2018\u2019]/g, "'");
  if (!text || text.length > WHO_ASKS_MAX_CHARS || /[\d?]/.test(text) || text.split(/\s+/).length > WHO_ASKS_MAX_WORDS) return false;
  if (WHO_ASKS.test(text)) return true;
  const language = detectLanguage(text);
  return language !== 'en' && language !== 'other' && WHO_ASKS.test(glossToEnglish(text, language).trim());
}

/**
 * The request's question and the earlier conversation. The question is the newest user message, or, when the
 * newest messages only say who asks (`saysWhoAsks`: "It's for my café"), those messages followed by the user
 * message before them ("It's for my café. pos system 79/month vs one off 1200"). The conversation is the user turns
 * before the question, oldest first, of which only the newest `EARLIER_TURNS_CHARS` characters are kept, starting at
 * a whole word when one starts within `WORD_END_WITHIN` characters of the cut, and never with half of a character
 * outside the Basic Multilingual Plane.
 */
export function splitConversation(messages: StrategicRequest['messages']): { question: string; conversation: string } {
  const users = messages.filter((m) => m.role === 'user').map((m) => m.content);
  // The user message the question is: walk back over messages that only say who asks, to one that does not. A lone
  // message (most requests) is the question whatever it says, so it is not read for who asks at all.
  let asked = users.length - 1;
  if (users.length > 1) while (asked >= 0 && saysWhoAsks(users[asked]!)) asked--;
  // None (the newest asks something), or all of them (nothing asked before them: read as they are).
  const whoAsks = asked >= 0 ? users.slice(asked + 1) : [];
  const question = whoAsks.length ? `${whoAsks.map((m) => m.trim().replace(/[.!…]+$/, '')).join('. ')}. ${users[asked]}` : (users.at(-1) ?? '');
  let conversation = users.slice(0, whoAsks.length ? asked : -1).join('\n');
  if (conversation.length > EARLIER_TURNS_CHARS) {
    const cut = conversation.length - EARLIER_TURNS_CHARS;
    let tail = conversation.slice(cut);
    // A word cut in half would read as another word: start at the next word, unless the cut already falls between two.
    if (!/\s/.test(conversation[cut - 1]!)) {
      const space = tail.slice(0, WORD_END_WITHIN).search(/\s/);
      if (space >= 0) tail = tail.slice(space + 1);
    }
    // Nor half of a surrogate pair (an emoji cut in two).
    if (/^[\uDC00-\uDFFF]/.test(tail)) tail = tail.slice(1);
    conversation = tail;
  }
  return { question, conversation };
}

/** Ids of frameworks named in `previousWork` entries (strings or objects with a framework, name or id). */
export function frameworksInPreviousWork(library: Library, previousWork: unknown[] | undefined): string[] {
  if (!previousWork?.length) return [];
  const text = JSON.stringify(previousWork).toLowerCase();
  return library.frameworks.filter((f) => text.includes(f.id) || text.includes(f.name.toLowerCase())).map((f) => f.id);
}

export function analyse(library: Library, selector: FrameworkSelector, req: StrategicRequest, history: SessionHistory): Analysis {
  const { question, conversation } = splitConversation(req.messages);
  const context = {
    industry: req.userContext?.industry ?? history.industry,
    businessStage: req.userContext?.businessStage ?? history.businessStage,
    role: req.userContext?.role ?? history.role,
  };
  const applied = [...new Set([...history.applied, ...frameworksInPreviousWork(library, req.userContext?.previousWork)])];
  // Earlier turns: the resent conversation, else what the session remembers of them.
  const earlier = conversation.trim() ? conversation : (history.summaries ?? []).join('\n');
  const u = understand(question, earlier, context);
  // What the question says about the business is remembered by the session (as its industry) when the caller gave none.
  if (!context.industry && u.identity) context.industry = u.identity;
  const selection = selector.select(question, conversation, { ...context, applied }, u);
  const primary = selection.primary.framework;
  const supporting = selection.supporting.map((s) => s.framework);
  const qTerms = terms(u.business);
  // A small trade's priced choice read as margin is not a cost line to cut, whatever word it shares with one ("£12 a cut").
  const matchedUse =
    u.pricedChoice === 'margin' && primary.id === 'contribution-margin-analysis'
      ? PRICED_CHOICE_USE
      : ([...primary.whenToUse].sort((a, b) => overlap(qTerms, b) - overlap(qTerms, a))[0] ?? primary.whenToUse[0]!);
  const wordCount = words(u.business).length;

  // Complexity: the primary framework's own level, raised by scale and scope.
  let level = COMPLEXITY_LEVELS.indexOf(primary.complexity);
  const categories = new Set([primary, ...supporting].map((f) => f.category));
  if (context.businessStage === 'enterprise' && supporting.length >= 2) level++;
  if (wordCount > 45 || categories.size >= 3 || history.turns >= 2) level++;
  if (level === 3 && primary.complexity !== 'advanced') level = 2;
  const complexity = COMPLEXITY_LEVELS[Math.min(3, level)]!;

  // Depth of a coordination answer (and so its price band).
  // A vague question gets clarifying questions, charged as simple, however long or "comprehensive" its wording.
  let depth: CoordinationDepth = 'planning';
  if (u.vague) depth = 'simple';
  else if (COMPREHENSIVE.test(question) || (wordCount > 45 && supporting.length >= 2 && categories.size >= 2)) depth = 'comprehensive';
  else if (
    u.definition ||
    (SIMPLE.test(u.english.trim()) && wordCount < 20) ||
    (!u.problem && (selection.strength < 40 || (wordCount < 7 && !conversation.trim())))
  )
    depth = 'simple';
  const style: ResponseStyle = req.preferences?.responseStyle ?? (depth === 'simple' ? 'concise' : 'detailed');
  // Price follows what is delivered: a concise answer is never priced as a comprehensive analysis.
  if (style === 'concise' && depth === 'comprehensive') depth = 'planning';
  let weight = Math.min(1, Math.max(0, (wordCount - 8) / 60)) * 0.5 + (supporting.length / 3) * 0.3 + (history.turns > 0 ? 0.1 : 0);
  if (style === 'concise') weight -= 0.2;
  if (style === 'detailed') weight += 0.1;
  // What is delivered: arithmetic on the question's numbers, and a plan dated to its deadline.
  const facts = factSheet(u);
  weight += 0.04 * Math.min(3, facts.insights.length);
  if (style === 'tactical' && facts.deadlineWeeks) weight += 0.05;
  weight = Math.min(1, Math.max(0, weight));

  return {
    question,
    conversation,
    context,
    selection,
    primary,
    supporting,
    confidence: selection.confidence,
    complexity,
    depth,
    weight,
    style,
    keyChallenge: restate(u, question),
    understanding: u,
    // A vague question is not told what its problem is: the focus is what it said, to be clarified.
    strategicFocus: u.vague
      ? clarifyingFocus(u, question)
      : `${SUBCATEGORY_LABEL[primary.subcategory] ?? primary.subcategory}: ${lowerFirst(stripDot(matchedUse))}`,
    matchedUse,
    history: { ...history, applied },
  };
}

/** What Contribution Margin Analysis is used for in a small trade's priced choice (`Understanding.pricedChoice`). */
const PRICED_CHOICE_USE = 'Choosing between options by what each one earns after its own costs.';

/** Confidence of an answer that only asks which organisation a request is about: the low band (SPEC.md), under 60. */
export const UNCONFIRMED_CONFIDENCE = 40;

/**
 * `a` as an answer that asks which organisation the request is about, and what the vague questions ask, before any
 * plan: a first turn the scope rules could not place (plan.ts, `ASK_WHICH_ORGANISATION_SHARE`). Charged as the
 * simplest answer (depth `simple`, weight 0: on /v1/coordinate the lowest price of SPEC.md's 1-3 credit band for
 * simple questions; /v1/framework always costs 5);
 * confidence `UNCONFIRMED_CONFIDENCE`; concise unless the caller chose a `style`.
 */
export function askWhichOrganisation(a: Analysis, style?: ResponseStyle): Analysis {
  const u = a.understanding;
  return {
    ...a,
    understanding: { ...u, vague: true },
    organisationUnconfirmed: true,
    depth: 'simple',
    weight: 0,
    style: style ?? 'concise',
    confidence: Math.min(a.confidence, UNCONFIRMED_CONFIDENCE),
    strategicFocus: clarifyingFocus(u, a.question),
  };
}

/** The strategic focus of an answer that clarifies first: what the question said, to be clarified. */
function clarifyingFocus(u: Understanding, question: string): string {
  return `Clarifying first: ${lowerFirst(stripDot(clip(u.situation || u.askContext || u.decision || question, 120)))}`;
}

/** The cost a coordination answer of the analysed depth would have (before caps). */
export function wantedCoordinationCost(a: Analysis): number {
  return coordinationCost(a.depth, a.weight);
}

export const lowerFirst = (s: string) => (s ? s[0]!.toLowerCase() + s.slice(1) : s);
export const stripDot = (s: string) => s.replace(/[.\s]+$/, '');
export const uniq = <T>(xs: T[]) => [...new Set(xs)];

export function confidenceBand(score: number): string {
  if (score >= 90) return 'high: an optimal match';
  if (score >= 80) return 'good';
  if (score >= 70) return 'moderate: alternatives are worth a look';
  if (score >= 60) return 'lower: a few clarifying answers would sharpen this';
  return 'low: the question leaves a lot open; answer the clarifying questions first';
}

/** The leadership (7) and management (5) questions that fit the primary framework's category. */
export function setQuestions(library: Library, primary: Framework): { leadership: SetQuestion[]; management: SetQuestion[] } {
  const pick = SET_QUESTIONS[primary.category] ?? SET_QUESTIONS['strategic-planning']!;
  return {
    leadership: pick.leadership.map((id) => library.questionSets.leadership.find((q) => q.id === id)!).filter(Boolean),
    management: pick.management.map((id) => library.questionSets.management.find((q) => q.id === id)!).filter(Boolean),
  };
}

export function leadershipPrinciples(a: Analysis): string[] {
  return uniq([...a.primary.leadershipPrinciples, ...a.supporting.flatMap((f) => f.leadershipPrinciples.slice(0, 1))]).slice(0, 6);
}

/** Questions that settle what a problem type turns on, for vague questions. */
const TYPE_QUESTIONS: Partial<Record<ProblemType, string[]>> = {
  pricing: [
    'What do you sell, to whom, and what do you charge today?',
    'What prompted the pricing question: margins, a competitor, a new offer, or customers pushing back?',
  ],
  'cost-margin': ['Which costs have risen, by how much, and what share of sales are they?'],
  'strategy-choice': ['Which decision is on the table this year (a market, a product, an investment, a cut), and by when must it be made?'],
  retention: ['How many customers leave each month or year, and what do they say when they go?'],
  funnel: ['Where do people drop out between first contact and paying, and with what numbers?'],
  'market-entry': ['Which market are you considering, and what do you sell where you are today?'],
  capacity: ['How much demand arrives per day or hour, and how many people serve it?'],
  quality: ['Which errors happen, how often (per 100 or 1,000), and where are they found?'],
  'industry-forces': ['Who sets your prices and terms: a few big customers, a few suppliers, or rivals and cheaper alternatives?'],
};

/** Clarifying questions for answers under 70 confidence and vague questions (SPEC.md bands), naming what is known. */
export function clarifyingQuestions(a: Analysis): string[] {
  const out: string[] = [];
  const u = a.understanding;
  const where = a.context.industry ? `your ${a.context.industry} business` : u.subject ? `the ${u.subject}` : 'the business';
  if (a.organisationUnconfirmed)
    out.push(
      "Which business or organisation is this about, what does it sell or do, and what is your part in it? (If it is a personal matter, Latchkey's general assistant can help instead.)",
    );
  if (u.vague) {
    out.push(`What is the one result in ${where} you most want to change in the next six months, and what is it today (a number if you have one)?`);
    if (u.problem) out.push(...(TYPE_QUESTIONS[u.problem.type] ?? []));
    out.push(`What have you already tried for ${where}, and what stopped it working?`);
  }
  if (!a.context.industry && !u.subject) out.push('Which industry and market do you operate in, and who are your main customers?');
  if (!a.context.businessStage) out.push(`Is ${where} at the startup, growth or enterprise stage, and roughly how large is it (people, revenue)?`);
  const runnerUp = a.selection.ranked[1]?.framework;
  if (runnerUp && !u.vague) {
    out.push(`Is the core issue closer to "${lowerFirst(stripDot(a.matchedUse))}" or to "${lowerFirst(stripDot(runnerUp.whenToUse[0]!))}"?`);
  }
  out.push('What outcome would make this a success in six months, and how would you measure it?');
  out.push('What has already been tried, and what constraints (budget, people, time) apply?');
  return uniq(out);
}

/** Frameworks worth a look for 70-79 confidence answers. */
export function alternatives(a: Analysis): Framework[] {
  const used = new Set([a.primary.id, ...a.supporting.map((f) => f.id)]);
  return a.selection.ranked
    .map((s) => s.framework)
    .filter((f) => !used.has(f.id))
    .slice(0, 2);
}

/** "Your challenge": the situation and the question actually asked (not only the first sentence). */
export function restate(u: Understanding, original: string): string {
  if (u.language !== 'en') return `${clip(original, 300)} (asked in ${u.languageName}; this answer is in English)`;
  const before = u.earlier ? `Earlier: ${clip(u.earlier.replace(/\s+/g, ' '), 200)} ` : '';
  const situation = u.situation ? `${clip(u.situation, 220)} ` : '';
  const asks = /\?\s*$/.test(u.decision) ? 'You ask: ' : 'Your aim: ';
  return `${before}${situation}${u.situation || before ? asks : ''}${clip(u.decision, 200)}`;
}
