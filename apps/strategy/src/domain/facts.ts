/**
 * The question's own facts, made usable by the writers: the numbers with
 * what they measure, simple arithmetic on them (rates of a volume, gaps to a
 * target, runway, lifetime revenue, price changes, capacity per person), the
 * deadline in weeks and the noun phrases the question turns on.
 */
import type { Quantity, Understanding } from './understand.js';
import { nounPhrases, QUARTER } from './understand.js';

export interface FactSheet {
  /** "about 2,500 orders a day; 1.8% go out with the wrong item; 0.5% (target); 10 weeks". Empty when no numbers were given. */
  baseline: string;
  /**
   * The asker's own clauses that hold a number and that the baseline does not already quote whole (`Understanding.asWritten`),
   * at most five: what the numbers stand for in their words ("customers want 3 weeks").
   */
  inTheirWords: string[];
  /** Arithmetic on the numbers, one sentence each. */
  insights: string[];
  /** Metrics built from the question's rates ("go out with the wrong item: now 1.8%, target 0.5%"). */
  metrics: string[];
  /** What the question is about, when said. */
  subject?: string | undefined;
  /** The question actually asked. */
  decision: string;
  /** Noun phrases of the situation and the decision ("flour", "gross margin", "per-seat pricing"). */
  phrases: string[];
  deadline?: string | undefined;
  /** The deadline in weeks from now, when it can be told. */
  deadlineWeeks?: number | undefined;
  constraint?: string | undefined;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
/** The currency written before an amount ("£", "R$", "NZ$", "€", "₹"); '' when none. */
const currencyOf = (q: Quantity) => /^[^\d]*?([A-Za-z]{0,2}[$€£₹¥₱₦₩₺₽₴₫₪฿₵])/.exec(q.text)?.[1] ?? '';
const money = (n: number, like: Quantity): string => {
  if (!Number.isFinite(n)) return 'n/a';
  const sign = currencyOf(like);
  // A loss is written "-£2,000", not "£-2,000"; an amount that rounds to nothing has no sign.
  if (n < 0 && Math.round(-n * 100) > 0) return `-${money(-n, like)}`;
  n = Math.abs(n);
  if (n >= 999_500) return `${sign}${fmt(n / 1e6, 2)}M`;
  if (n >= 9_999.5) return `${sign}${fmt(n / 1e3, 1)}k`;
  // Pence and cents in two digits ("£0.60", not "£0.6").
  const cents = Math.round(n * 100) % 100 !== 0;
  return `${sign}${cents ? n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : fmt(n)}`;
};
const pct = (n: number) => `${fmt(n, 1)}%`;
const PER_LABEL: Record<string, string> = { day: 'a day', week: 'a week', month: 'a month', year: 'a year' };
/**
 * Two amounts of money further apart than this (the larger over the smaller) are not read as one amount that changed
 * ("From £9 to £1,100 is +12,122.2%" for a ticket and a venue's hire); a price raised or cut, or a rival's price
 * against ours, seldom moves more than threefold.
 */
const COMPARABLE_RATIO = 3;

/** A number with the word that makes it a limit, as the asker wrote it ("under 0.5%"). */
const withLimit = (q: Quantity) => (q.limit ? `${q.limit} ${q.text}` : q.text);

function describe(q: Quantity, deadline: string | undefined): string {
  const isDeadline = Boolean(deadline && deadline.includes(q.text));
  const ctx = q.context ? ` ${q.context}` : '';
  // A number with no words after it is quoted with the words that name it before ("pitch hire £60").
  const label = !q.context && q.label ? `${q.label} ` : '';
  const written = q.written ? ` ("${q.written}")` : '';
  return `${label}${q.change ? `${q.change} ` : ''}${q.from ? `${q.from} ` : ''}${q.lead ? `${q.lead} ` : ''}${withLimit(q)}${written}${ctx}${isDeadline ? ' (your deadline)' : q.target ? ' (your target)' : ''}`
    .replace(/\s+/g, ' ')
    .replace(/ \/ /g, '/')
    .trim();
}

function durationInDays(q: Quantity): number | undefined {
  const t = q.text.toLowerCase();
  if (/minute/.test(t) || /second/.test(t) || /hour/.test(t)) return undefined;
  if (/week/.test(t)) return q.value * 7;
  if (/month/.test(t)) return q.value * 30.4;
  if (/year/.test(t)) return q.value * 365;
  if (/day/.test(t)) return q.value;
  return undefined;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * Weeks from `now` to a calendar deadline: "by June" (the end of June), "before
 * March" / "in March" (its start), "in Q3" / "by Q3" (the quarter's end); the
 * next such date after `now`. Undefined when the deadline names none.
 */
export function weeksToCalendarDeadline(deadline: string, now: Date): number | undefined {
  const text = deadline.toLowerCase();
  const year = now.getUTCFullYear();
  let target: Date | undefined;
  const q = /\bq([1-4])\b/.exec(text);
  const m = MONTHS.findIndex((name) => new RegExp(`\\b${name}\\b`).test(text));
  if (q) target = new Date(Date.UTC(year, Number(q[1]) * 3, 1));
  else if (m >= 0) target = /\bby\b|end of/.test(text) ? new Date(Date.UTC(year, m + 1, 1)) : new Date(Date.UTC(year, m, 1));
  if (!target) return undefined;
  if (target.getTime() <= now.getTime()) target = new Date(Date.UTC(target.getUTCFullYear() + 1, target.getUTCMonth(), 1));
  return Math.max(1, Math.round((target.getTime() - now.getTime()) / (7 * 86_400_000)));
}

const WORD_NUM: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
function weeksUntil(deadline: string | undefined, quantities: Quantity[], now: Date): number | undefined {
  if (!deadline) return undefined;
  const m = /(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(day|week|month)s?/i.exec(deadline);
  if (m) {
    const n = /\d/.test(m[1]!) ? Number(m[1]) : WORD_NUM[m[1]!.toLowerCase()]!;
    const unit = m[2]!.toLowerCase();
    return Math.max(1, Math.round(unit === 'day' ? n / 7 : unit === 'week' ? n : n * 4.3));
  }
  if (/quarter/i.test(deadline) && !/q[1-4]/i.test(deadline)) return 13;
  if (/next year/i.test(deadline)) return 52;
  const dated = weeksToCalendarDeadline(deadline, now);
  if (dated) return dated;
  const d = quantities.find((q) => q.kind === 'duration' && deadline.includes(q.text));
  const days = d ? durationInDays(d) : undefined;
  return days ? Math.max(1, Math.round(days / 7)) : undefined;
}

/**
 * Whether percent `p` can be read as a share of count `volume` ("1.8% go out with the wrong item" of "2,500 orders a
 * day"): not the size of a change ("by 11%", "fell 20%"), not a yearly rate ("8% annual growth"), and not a share of
 * something else it names ("80% of sales" is not a share of 5,000 employees).
 */
function shareOf(p: Quantity, volume: Quantity): boolean {
  if (p.lead || p.change || p.per === 'year') return false;
  const base = /^of (?:the |our |their |its |all |total )?([a-z]+)/i.exec(p.context)?.[1]?.toLowerCase();
  return !base || `${volume.text} ${volume.context}`.toLowerCase().includes(base.slice(0, 4));
}

const sheets = new WeakMap<Understanding, FactSheet>();

/** Builds the fact sheet of an understood question (current and earlier turns); computed once per understanding. */
export function factSheet(u: Understanding): FactSheet {
  let sheet = sheets.get(u);
  if (!sheet) {
    sheet = buildFactSheet(u);
    sheets.set(u, sheet);
  }
  return sheet;
}

function buildFactSheet(u: Understanding): FactSheet {
  // Dates of two characters are dropped (a day's "12"), not a quarter ("Q3").
  const all = [...u.earlierQuantities, ...u.quantities].filter((q) => q.kind !== 'date' || q.text.length > 2 || QUARTER.test(q.text));
  const insights: string[] = [];
  const metrics: string[] = [];
  const percents = all.filter((q) => q.kind === 'percent');
  const counts = all.filter((q) => q.kind === 'count' && q.value >= 1);
  const moneys = all.filter((q) => q.kind === 'money');
  const durations = all.filter((q) => q.kind === 'duration');

  // A rate of a volume, and the gap to a target rate.
  const current = percents.find((p) => !p.target);
  // A later rate is the one aimed at unless it is a fraction in words or a signed change ("half of that", "+3%"); a word
  // or a bracket before its digits ("about 6%", "pubs (45%)") does not matter.
  const plainRate = (p: Quantity) => /\d/.test(p.text) && !/^[+-]/.test(p.text);
  const target = percents.find((p) => p !== current && (p.target || (current && p.at > current.at && plainRate(p) && plainRate(current))));
  const volume = [...counts].filter((c) => c.value >= 50 && !c.target).sort((a, b) => b.value - a.value)[0];
  if (current && volume && shareOf(current, volume)) {
    const per = volume.per ? ` ${PER_LABEL[volume.per]}` : '';
    const now = (current.value / 100) * volume.value;
    insights.push(
      `${current.text} of ${volume.text}${volume.context ? ` ${volume.context.replace(/\b(a|per) (day|week|month|year)\b.*$/, '').trim()}` : ''} is about ${fmt(now, now < 10 ? 1 : 0)}${per}.`,
    );
    if (target) {
      const then = (target.value / 100) * volume.value;
      insights.push(
        `At ${target.text} that becomes ${fmt(then, then < 10 ? 1 : 0)}${per}: ${fmt(Math.max(0, now - then), 0)} fewer${per}, a ${pct(((current.value - target.value) / current.value) * 100)} cut.`,
      );
    }
  } else if (current && target) {
    const diff = target.value - current.value;
    insights.push(
      `Going from ${current.text} to ${target.text} is ${diff >= 0 ? '+' : ''}${fmt(diff, 1)} points${current.value ? ` (${diff >= 0 ? '+' : ''}${pct((diff / current.value) * 100)} relative)` : ''}.`,
    );
  }
  if (current) metrics.push(`${current.context || 'The rate you quoted'}: now ${current.text}${target ? `, target ${withLimit(target)}` : ''}, tracked weekly`);

  // Margin: the share of sales that is cost.
  const margin = percents.find((p) => /margin/i.test(p.context));
  if (margin && margin.value > 0 && margin.value < 100) {
    const cost = 100 - margin.value;
    insights.push(
      `At a ${margin.text} margin, costs are ${pct(cost)} of sales: every 10% rise in those costs takes ${fmt(cost / 10, 1)} points of margin unless prices or mix move.`,
    );
  }
  const costShare = percents.find((p) => /\b(of sales|of revenue)\b/i.test(p.context));
  if (costShare && !margin) insights.push(`At ${costShare.text} ${costShare.context}, each point saved is worth 1% of sales straight to profit.`);

  // Cash runway.
  const cash = moneys.find((m) => !m.per && /bank|cash|hand|raised|runway/i.test(`${m.context}`)) ?? moneys.find((m) => !m.per && m.value >= 1e5);
  const burn = moneys.find((m) => m.per === 'month' && m !== cash);
  if (cash && burn && burn.value > 0) {
    const months = cash.value / burn.value;
    insights.push(`${cash.text} at a burn of ${burn.text} a month is about ${fmt(months, 1)} months of runway.`);
    const want = durations.find((d) => d.target && /month/i.test(d.text)) ?? durations.find((d) => /runway/i.test(d.context) && /month/i.test(d.text));
    if (want)
      insights.push(
        `${want.text} of runway on ${cash.text} means a burn of at most ${money(cash.value / want.value, burn)} a month, ${money(Math.max(0, burn.value - cash.value / want.value), burn)} less than today (or new money).`,
      );
  }

  // Two amounts of the same kind: a price change, a rival's price against ours, a cost that grew. Amounts in another
  // currency or per another period, or more than `COMPARABLE_RATIO` apart ("£40 lawn cuts to £25k garden builds", a
  // £6,500 machine against £160 a month), are different things, not one amount that changed.
  const amounts = moneys.filter((m) => m !== cash && !(cash && m === burn));
  const comparable = (a: Quantity, b: Quantity) =>
    a.per === b.per &&
    currencyOf(a) === currencyOf(b) &&
    a.value > 0 &&
    b.value > 0 &&
    Math.max(a.value, b.value) / Math.min(a.value, b.value) <= COMPARABLE_RATIO;
  if (amounts.length >= 2 && !(cash && burn) && comparable(amounts[0]!, amounts[1]!)) {
    const [a, b] = amounts as [Quantity, Quantity];
    const change = ((b.value - a.value) / a.value) * 100;
    insights.push(
      `From ${a.text} to ${b.text} is ${change >= 0 ? '+' : ''}${pct(change)} (${money(b.value - a.value, a)}${a.per || b.per ? ` ${PER_LABEL[(b.per ?? a.per)!]}` : ''}).`,
    );
    const customers = counts.find((c) => /customer|client|subscriber|user|account/i.test(c.context));
    if (customers && b.value > a.value) {
      insights.push(
        `With ${customers.text} customers that is ${money((b.value - a.value) * customers.value, a)} more a month if nobody leaves; the rise still pays as long as fewer than ${pct((1 - a.value / b.value) * 100)} of them (about ${fmt(customers.value * (1 - a.value / b.value), 0)}) leave because of it.`,
      );
    }
  }

  // Lifetime revenue of a customer and what a monthly spend must bring.
  const fee =
    moneys.find((m) => m.per === 'month' && /customer|pays|subscription|plan|\bfee\b/i.test(m.context + m.text)) ??
    moneys.filter((m) => m.per === 'month').sort((x, y) => x.value - y.value)[0];
  const lifetime = durations.find((d) => /month/i.test(d.text) && !d.target && !/runway/i.test(d.context));
  if (fee && lifetime && !(cash && burn)) {
    const ltv = fee.value * lifetime.value;
    insights.push(`${fee.text} a month for ${lifetime.text} is about ${money(ltv, fee)} of revenue per customer (before gross margin).`);
    const spend = moneys.find((m) => m !== fee && m.value > fee.value * 5);
    if (spend)
      insights.push(
        `${spend.text}${spend.per ? ` ${PER_LABEL[spend.per]}` : ''} pays back only if it brings at least ${fmt(Math.ceil(spend.value / ltv), 0)} new customers${spend.per ? ` ${PER_LABEL[spend.per]}` : ''} at that lifetime revenue; at a 70% gross margin, ${fmt(Math.ceil(spend.value / (ltv * 0.7)), 0)}.`,
      );
  }

  // A time that must shrink (lead times, waits, days outstanding).
  const times = durations.filter((d) => durationInDays(d) !== undefined && !/runway/i.test(d.context) && !(u.deadline && u.deadline.includes(d.text)));
  const nowTime = times.find((d) => !d.target);
  const targetTime = times.find((d) => d !== nowTime && d.target) ?? (nowTime ? counts.find((c) => c.target && c.value < nowTime.value) : undefined);
  if (nowTime && targetTime) {
    const nowDays = durationInDays(nowTime)!;
    const targetDays = targetTime.kind === 'duration' ? durationInDays(targetTime)! : (targetTime.value * nowDays) / nowTime.value;
    if (targetDays < nowDays) {
      insights.push(
        `From ${nowTime.text} to ${targetTime.text}${targetTime.kind === 'count' ? ` ${nowTime.text.replace(/^[\d.,\s]+/, '')}` : ''} is a ${pct(((nowDays - targetDays) / nowDays) * 100)} cut: the work that waits, not the work that is done, is where most of that time usually sits.`,
      );
    }
    metrics.push(`${nowTime.context || 'The time you quoted'}: now ${nowTime.text}, target ${withLimit(targetTime)}`);
  } else if (nowTime && !lifetime) {
    metrics.push(`${nowTime.context ? `${nowTime.context}: ` : ''}${nowTime.text} today, tracked weekly`);
  }

  // Capacity per person from a handle time.
  const handle = durations.find((d) => /minute/i.test(d.text));
  if (handle && handle.value > 0) {
    const perHour = 60 / handle.value;
    const people = counts.find((c) => /agent|staff|people|employee|nurse|doctor|rep/i.test(c.context));
    insights.push(
      `At ${handle.text} a contact, one person handles at most ${fmt(perHour, 1)} an hour, about ${fmt(perHour * 0.75, 1)} at a sustainable 75% occupancy${people ? `; ${people.text} ${people.context.split(' ')[0]} cover about ${fmt(perHour * 0.75 * people.value, 0)} an hour` : ''}.`,
    );
  }

  // A multiple of revenue, a share of a count.
  const multiple = all.find((q) => q.kind === 'multiple');
  const base = moneys.find((m) => /revenue|arr|sales/i.test(m.context)) ?? moneys[0];
  if (multiple && base)
    insights.push(`${multiple.text} ${base.text} ${/revenue/i.test(base.context) ? 'revenue ' : ''}is about ${money(multiple.value * base.value, base)}.`);
  const cut = percents.find((p) => /fund|donation|budget|cut|drop|fell|fallen/i.test(`${p.context} ${u.business}`) && p !== margin);
  const units = counts.find(
    (c) => c.value >= 3 && c.value < 1000 && /site|programme|program|branch|location|store|shelter|clinic|office|town|school/i.test(c.context),
  );
  if (cut && units && !current?.target)
    insights.push(
      `A ${cut.text} cut across ${units.text} ${units.context.split(' ').slice(0, 2).join(' ')} is the cost of about ${fmt(Math.max(1, Math.round((cut.value / 100) * units.value)), 0)} of them at average cost; the matrix shows which.`,
    );

  // A number whose whole description an earlier one already holds is not said twice ("in May" after "dropped 9 points
  // after the billing migration in May").
  const described = all.map((q) => describe(q, u.deadline)).filter(Boolean);
  const baseline = described.filter((d, i) => !described.slice(0, i).some((e) => e.toLowerCase().includes(d.toLowerCase()))).join('; ');
  const phrases = nounPhrases(`${u.situation} ${u.decision}`).slice(0, 6);
  const lowerBaseline = baseline.toLowerCase();
  const inTheirWords = u.asWritten.filter((c) => !lowerBaseline.includes(c.toLowerCase())).slice(0, 5);
  return {
    baseline,
    inTheirWords,
    insights: [...new Set(insights)],
    metrics,
    subject: u.subject,
    decision: u.decisionAsWritten,
    phrases,
    deadline: u.deadline,
    deadlineWeeks: weeksUntil(u.deadline, all, u.askedAt),
    constraint: u.constraint,
  };
}

/** The digest a session keeps of a turn (subject, numbers with their meaning, deadline, problem), in plain English. */
export function turnSummary(u: Understanding): string {
  const parts: string[] = [];
  if (u.identity) parts.push(`We run ${u.identity}.`);
  else if (u.subject) parts.push(`About the ${u.subject}.`);
  const numbers = u.quantities.map((q) => describe(q, u.deadline));
  if (numbers.length) parts.push(`${numbers.join('; ')}.`);
  if (u.deadline) parts.push(`Deadline: ${u.deadline}.`);
  if (u.constraint) parts.push(`Constraint: ${u.constraint}.`);
  if (u.problem) parts.push(`Problem: ${u.problem.label}.`);
  return parts.join(' ').slice(0, 1000);
}
