/**
 * Is a message a business question? Two lexicons, stemmed like the index:
 * business vocabulary (customers, revenue, team, market, pricing, …) and
 * markers of other domains (code, health, cooking, travel, trivia, …). A
 * question is in scope when its business evidence (lexicon hits plus the BM25
 * strength of the best framework) outweighs the other domains' markers.
 */
import type { FrameworkSelector } from './selector.js';
import { normalise, stem, terms } from './text.js';

const BUSINESS_WORDS =
  'business company companies firm startup startups enterprise organization organisation org corporate venture committee trustees ' +
  'customer customers client clients user users buyer buyers prospect prospects consumer consumers patient patients member members subscriber subscribers ' +
  'revenue revenues profit profits profitable margin margins cost costs price prices pricing sales sell selling sold income ecommerce ' +
  'cash budget budgets budgeting payroll invoice invoices funding investor investors valuation finance financial cfo ceo coo cto cmo exec executive executives ' +
  'board shareholder shareholders stakeholders stakeholder market markets marketing brand segment segments competitor competitors competition competitive rival rivals ' +
  'strategy strategic strategies growth grow growing scale scaling expand expansion acquisition acquire acquiring merger merged integration ' +
  'product products service services feature features roadmap backlog launch pipeline deal deals churn retention renewal renewals conversion conversions ' +
  'team teams employee employees staff hire hiring hires talent manager managers management leadership leader leaders culture restructure reorganize ' +
  'department departments org chart reporting okr okrs kpi kpis metric metrics goal goals objectives initiative initiatives ' +
  'operations operational process processes supplier suppliers supply inventory stock warehouse factory plant plants logistics delivery defect defects quality ' +
  'industry regulation regulations regulatory channel channels acquisition subscription subscriptions license licensing b2b b2c saas marketplace ' +
  'loyalty satisfaction nps onboarding trial upgrade freemium agency consulting retailer retailers wholesale branch branches gym clinics ' +
  'plan planning prioritize priorities decision decisions accountability responsibilities deadline deadlines stakeholders investment invest ' +
  'paid app apps website site traffic seo loan loans approval approvals turnaround throughput orders campaign campaigns ads advertising ' +
  'occupancy bookings ' +
  // Non-profit and public-sector organisations, and the places businesses run.
  'nonprofit charity charities volunteer volunteers donor donors donation donations grant grants funder funders beneficiaries programme programmes program programs ' +
  'council agency municipality ministry citizens residents taxpayers public-sector ' +
  'store stores shop shops restaurant restaurants bakery bakeries clinic hospital practice practices warehouse salon hotel franchise outlet outlets ' +
  // Education and the people services are for.
  'students pupils learners enrolment enrollment college university school schools tuition course courses salespeople reps competencies ' +
  // The workforce by trade.
  'engineers developers designers nurses drivers technicians volunteers agents workforce headcount recruit recruiting';

const BUSINESS = new Set(terms(BUSINESS_WORDS));
/** Weak evidence: common business words that also appear in everyday questions. */
const WEAK = new Set(terms('plan planning service services user users member members goal goals process quality delivery stock app apps site orders bookings'));

interface Domain {
  name: string;
  agents: string[];
  markers: string[];
}

/** Other domains, with the agents that answer them. */
/** The name of the family-life domain (`planAnswer` refuses two of its markers without an organisation in sight). */
export const FAMILY_DOMAIN = 'family and parenting';

const DOMAINS: Domain[] = [
  {
    name: 'software development',
    agents: ['latchkey-developer-assistant (code, debugging, SQL and software design)'],
    markers: [
      'python',
      'javascript',
      'typescript',
      'java',
      'react',
      'component',
      'typeerror',
      'syntaxerror',
      'exception',
      'stack trace',
      'compile',
      'function',
      'linked list',
      'array',
      'sql query',
      'excel formula',
      'spreadsheet formula',
      'regex',
      'code',
      'bug',
      'debug',
      'api call',
      'css',
      'html',
      'undefined',
      'null pointer',
      'algorithm',
      'git',
      'docker',
    ],
  },
  {
    name: 'health and medicine',
    agents: ['latchkey-general-assistant (general information; see a medical professional for health concerns)'],
    markers: [
      'headache',
      'fever',
      'symptom',
      'symptoms',
      'doctor',
      'dosage',
      'ibuprofen',
      'medicine',
      'medication',
      'pain',
      'calories',
      'diet',
      'stretching',
      'workout',
      'illness',
      'sick',
      'vaccine',
      'pregnant',
      'my knees',
      'my back',
      'stretches',
    ],
  },
  {
    name: 'personal legal matters',
    agents: ['latchkey-general-assistant (general information; see a lawyer for legal advice)'],
    markers: ['landlord', 'tenant', 'security deposit', 'sue', 'small claims', 'divorce', 'custody', 'speeding ticket'],
  },
  {
    name: 'cooking, home and lifestyle',
    agents: ['latchkey-general-assistant (recipes, household tips and everyday questions)'],
    markers: [
      'recipe',
      'cookies',
      'bake',
      'baking',
      'cook',
      'cooking',
      'ingredients',
      'sourdough',
      'crumb',
      'wine',
      'carpet',
      'stain',
      'laundry',
      'garden',
      'cat',
      'dog food',
      'vegetarian',
    ],
  },
  {
    name: FAMILY_DOMAIN,
    agents: ['latchkey-general-assistant (family life, children and everyday questions)'],
    markers: [
      'toddler',
      'newborn',
      'my baby',
      'our baby',
      'year old',
      'sleeping through',
      'bedtime',
      'nap',
      'naps',
      'tantrum',
      'potty',
      'nursery',
      'birthday party',
      'anniversary',
      'my husband',
      'my wife',
      'my daughter',
      'teenage daughter',
      'teenage son',
      'my teenager',
      'my son',
      'my brother',
      'my sister',
      'best man',
      'pocket money',
      'getting married',
      'marathon',
      'first 10k',
      'first 5k',
      '10k run',
      '5k run',
      'couch to 5k',
      'our wedding',
      'my wedding',
      'wedding budget',
      'hosting christmas',
      'christmas presents',
    ],
  },
  {
    name: 'travel and weather',
    agents: ['latchkey-general-assistant (travel plans, weather and local information)'],
    markers: [
      'weather',
      'forecast tomorrow',
      'trip',
      'vacation',
      'holiday',
      'flight',
      'hotel',
      'itinerary',
      'visit',
      'tourist',
      'train station',
      'hiking',
      'hike',
      'hot springs',
      'sightseeing',
      'backpacking',
      'honeymoon',
    ],
  },
  {
    name: 'personal purchases and hobbies',
    agents: ['latchkey-general-assistant (shopping, hobbies and everyday questions)'],
    markers: [
      'road bike',
      'mountain bike',
      'carbon wheels',
      'i ride',
      'my hobby',
      'for myself',
      'headphones',
      'running shoes',
      'gaming pc',
      'which one should i buy',
      'fishing rod',
      'telescope',
      'astronomy',
      'stargazing',
      'my kids',
      'birthday present',
      'present for my',
      'gift for my',
      'what film',
      'which film',
      'what movie',
      'which movie',
      'learn the guitar',
      'learn guitar',
      'wasps',
      'film to watch',
      'movie to watch',
    ],
  },
  {
    name: 'personal finance and jobs',
    agents: ['latchkey-general-assistant (personal money, jobs and everyday questions)'],
    markers: [
      'my mortgage',
      'our mortgage',
      'moving house',
      'move house',
      'house move',
      'bridging loan',
      'loft conversion',
      'converting our loft',
      'our loft',
      'house value',
      'value of our house',
      'household budget',
      'budget for the house',
      'my pension',
      'my salary',
      'my wages',
      'my pay',
      'ask for a raise',
      'my hours',
      'my rent',
      'my credit card',
      'my savings',
      'my overdraft',
      'student loan',
      'my car loan',
      'premium bonds',
      'job interview',
      'cash isa',
      'index funds',
      'council tax',
      'energy bill',
      'food bill',
      'zero-hours contract',
    ],
  },
  {
    name: 'creative writing and entertainment',
    agents: ['latchkey-writing-assistant (poems, stories, jokes and creative writing)'],
    markers: [
      'poem',
      'poetry',
      'joke',
      'story',
      'novel',
      'song',
      'lyrics',
      'movie',
      'sci-fi',
      'book recommendation',
      'haiku',
      'limerick',
      'audiobook',
      'funny speech',
      'birthday message',
      'birthday card',
      'sympathy card',
      'condolence',
      'netflix series',
      'tv series',
    ],
  },
  {
    name: 'general knowledge and homework',
    agents: ['latchkey-general-assistant (facts, trivia, translation and homework help)'],
    markers: [
      'capital of',
      'who won',
      'world cup',
      'translate',
      'japanese',
      'french',
      'photosynthesis',
      'solve for',
      'equation',
      'homework',
      'history of',
      'explain how',
      'for a 10 year old',
      'banana',
      'penguins',
    ],
  },
];

// Stemmed, once each: "cook", "cooking" and "cookies" are one marker.
const DOMAIN_MARKERS = DOMAINS.map((d) => ({ domain: d, markers: [...new Set(d.markers.map((m) => normalise(m)))] }));

export interface ScopeVerdict {
  inScope: boolean;
  /** Business evidence minus other-domain evidence. */
  score: number;
  businessHits: number;
  /** The other domain detected, when any. */
  domain?: string;
  /** How many markers of other domains the text shows. */
  otherHits?: number;
  /** The asker said it is not about work ("Not a work question: …"): no business evidence outweighs that. */
  notWork?: boolean;
  /** Other agents to ask, for the 422 body. */
  suggestions: string[];
}

/**
 * The asker saying the request is not about work or the business ("Not a work question: …", "I have a dog walking
 * business but this is personal.", "I'm a farrier, but unrelated: …", "Separate question, my gym is £45 a month…";
 * not "Pricing is a separate question." nor "I'm not a business person, I inherited my aunt's wool shop").
 */
const NOT_WORK =
  /\b(?:not (?:a |really a )?(?:work|business|job)(?![- ](?:person|people|woman|man|minded|brain|head|type|expert|background|owner)\b)(?:[- ]related)?(?: question| thing| request)?|nothing to do with (?:work|the business)|(?:a |this is a )?personal (?:question|request|one)|this (?:one )?(?:isn't|is not|isnt) about (?:that|work|the business|my business)|but this(?: one)?(?:'s| is) (?:about|for) (?:my|me)\b(?! (?:own )?(?:business|firm|company|shop|caf[eé]|salon|van|round|clients|customers|staff|team)\b)|this one'?s personal|this(?: one)?(?:'s| is) personal|(?:but|,) unrelated(?=\s*[:,—-]))\b|(?:^|[.,;:!?]\s*)(?:(?:totally|completely) separate|(?:a |another )?separate (?:question|one|thing))\b(?![^.?!]*\b(?:we|our|us|business|customers?|clients?)\b)/i;

/**
 * "Not a business" said of a charity, a club or volunteers ("we're all volunteers, not a business, so I'm not sure
 * this is your sort of thing"): modesty about an organisation, not a request that is not about one.
 */
const ORGANISATION_NOT_A_BUSINESS =
  /\b(?:volunteers?|volunteer-run|charit(?:y|ies)|non-?profit|not-for-profit|club|church|parish|mosque|temple|synagogue|community (?:group|centre|center)|society|association|co-?op(?:erative)?)\b[^.?!]{0,60}\bnot (?:a |really a )?business\b(?!\s*(?:question|thing|request|matter|one)\b)|\bnot (?:a |really a )?business\b(?!\s*(?:question|thing|request|matter|one)\b)[^.?!]{0,40}\b(?:charity|volunteers?|non-?profit|not-for-profit|church|community group|society|association)\b/gi;

/**
 * The asker taking it back: "Personal question, but it's really about my firm", "… It's about my business, not me".
 * Only an organisation counts ("about my team" or "for my firm's Christmas party" does not).
 */
const ABOUT_WORK_AFTER_ALL =
  /\b(?:but|though|although|it's|it is)\b[^.?!]{0,30}\b(?:about|concerns|affects)\s+(?:my|our)\s+(?:[\w-]+\s+)?(?:firm|business|company|practice|shop|startup|organi[sz]ation|charity|side hustle|clients|staff|employees)(?!')\b/i;

/** The suggestions of an out-of-scope answer when no domain was recognised. */
export const DEFAULT_SUGGESTIONS = [
  'latchkey-general-assistant (general questions, writing and everyday tasks)',
  'latchkey-developer-assistant (code, debugging and software design)',
  'latchkey-strategy-coordinator (POST /v1/coordinate, for broad business and strategy questions)',
];

/**
 * Trades named with another domain's word ("holiday lets at 58% occupancy", "kids cookery classes", "a wedding band",
 * "my gardening round", "garden clients", "our garden centre" but not a customer's "the local garden centre", "pub landlord", "our function room",
 * a household's words as a trade's work: "moving house jobs", "loft conversion enquiries", "bridging loan work", "christmas
 * presents orders"), and "sick of" (fed up, not ill).
 */
const TRADE_NAMES =
  /\b(?:holiday|vacation|self-catering)\s+(?:lets?|lettings?|cottages?|flats?|apartments?|rentals?|parks?|camps?|clubs?)\b|\bcookery\s+(?:classes|school|courses?)\b|\bwedding\s+(?:band|venue|cakes|business|photography|florist)\b|\bgarden(?:ing)?\s+(?:round|business|work|clients|customers|jobs|maintenance|services?|company|firm)\b|\b(?:our|my|family[- ]run)\s+garden\s+cent(?:re|er)s?\b|\bgarden\s+cent(?:re|er)s?,?\s+(?:family[- ]run|owner|business)\b|\bpub\s+land(?:lord|lady)\b|\b(?:our|my|has an?|have an?|with an?)\s+function\s+rooms?\b|\bsick\s+(?:to death\s+)?of\b|\b(?:people\s+)?(?:moving house|house moves?|loft conversions?|bridging loans?|house values?|christmas presents|hosting christmas)(?:\s+and\s+[a-z]+)?\s+(?:jobs?|work|enquiries|orders|leads|bookings|customers|clients|parties|stock|brokers?|trade|season|market|appraisals?|business|firm|company|demand|sales|used to be)\b|\bour\s+loft\s+conversions\b/gi;

/**
 * Classifies `text` (the newest user message). `knownStrength` is the raw BM25
 * score of the best framework for `text` when the caller already has it.
 */
export function classifyScope(text: string, selector?: FrameworkSelector, knownStrength?: number): ScopeVerdict {
  const t = terms(text);
  let business = 0;
  for (const term of t) if (BUSINESS.has(term)) business += WEAK.has(term) ? 0.4 : 1;
  // Another domain's word inside a trade's name ("holiday lets", "cookery classes") is the trade's, not that domain's.
  const norm = normalise(text.replace(TRADE_NAMES, ' '));
  let other = 0;
  let domain: Domain | undefined;
  let domainHits = 0;
  for (const { domain: d, markers } of DOMAIN_MARKERS) {
    // A marker inside another matched one ("cook" in "cooking") is the same word, counted once.
    const matched = markers.filter((m) => norm.includes(m));
    const hits = matched.filter((m) => !matched.some((o) => o !== m && o.includes(m))).length;
    if (hits > domainHits) {
      domainHits = hits;
      domain = d;
    }
    other += hits;
  }
  const found = {
    businessHits: business,
    otherHits: other,
    ...(domain ? { domain: domain.name } : {}),
    suggestions: suggestionsFor(domain),
  };
  // The asker says it is not about work ("Not a work question: …"): out of scope, whatever it mentions.
  if (NOT_WORK.test(text.replace(ORGANISATION_NOT_A_BUSINESS, ' ')) && !ABOUT_WORK_AFTER_ALL.test(text))
    return { inScope: false, notWork: true, score: -1, ...found };
  const strength = knownStrength ?? (selector ? selector.select(text, '').strength : 0);
  // Raw BM25 of the best framework: in-scope questions of the eval set score
  // 60-1800, out-of-scope ones under 50 (scripts/eval.ts prints both).
  const evidence = business + Math.min(3, strength / 40);
  // Another domain's marker weighs less in a clearly business question
  // ("we run a recipe app; how do we grow paid subscribers?").
  const score = evidence - (business >= 2 ? 1.2 : 2.5) * other;
  const inScope = score >= 1.5 && (business >= 0.8 || strength >= 100);
  return { inScope, score, ...found };
}

/** The agents to suggest in a 422: the recognised domain's first, then the defaults it does not already name. */
function suggestionsFor(domain: Domain | undefined): string[] {
  if (!domain) return DEFAULT_SUGGESTIONS;
  return [...domain.agents, ...DEFAULT_SUGGESTIONS.filter((s) => !domain.agents.some((a) => a.split(' ')[0] === s.split(' ')[0]))];
}

export { stem };
