/**
 * Text normalisation shared by the index and the queries: lower case, words
 * of letters and digits, stop words removed, a light suffix stemmer so that
 * "margins", "pricing" and "priced" meet "margin" and "price".
 */

export const STOP_WORDS = new Set(
  (
    "a about above after again against all almost also am an and any are aren't as at be because been before being below between both but by " +
    "can can't cannot could couldn't did didn't do does doesn't doing don't down during each either else even ever every few for from " +
    "further get gets getting got had hadn't has hasn't have haven't having he her here hers herself him himself his how i i'm if in into is " +
    "isn't it it's its itself just let like ll me might more most much must my myself no nor not now of off often on once only or other " +
    "our ours ourselves out over own pretty quite rather re really same shall she should shouldn't so some still such than that that's the their " +
    "theirs them themselves then there there's these they they're this those though through to too under until up upon us very was wasn't we " +
    "we're we've were weren't what what's when where which while who whom whose why will with without won't would wouldn't yet you your " +
    'yours yourself yourselves ve d s t m basically honestly actually lot lots thing things way ways one two want wants need needs know think ' +
    'going go make makes made keep keeps sure right well every everyone anyone someone something anything'
  ).split(/\s+/),
);

const WORD = /[a-z0-9][a-z0-9'&$%-]*/g;

/** Light English stemmer: a handful of suffix rules, good enough for BM25 on short texts. */
export function stem(word: string): string {
  let w = word.replace(/'s$/, '').replace(/'/g, '');
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  const rules: Array<[string, number, string]> = [
    ['izational', 5, 'iz'],
    ['izations', 5, 'iz'],
    ['ization', 5, 'iz'],
    ['isation', 5, 'iz'],
    ['ational', 5, 'at'],
    ['ations', 5, ''],
    ['ation', 4, ''],
    ['ments', 4, ''],
    ['ment', 4, ''],
    ['ness', 4, ''],
    ['ingly', 4, ''],
    ['ing', 4, ''],
    ['edly', 4, ''],
    ['ed', 4, ''],
    ['ly', 4, ''],
    ['er', 5, ''],
    ['ity', 5, ''],
    ['ive', 5, ''],
    ['ical', 5, ''],
    ['ic', 6, ''],
    ['al', 5, ''],
  ];
  for (const [suffix, minStem, replacement] of rules) {
    if (w.endsWith(suffix) && w.length - suffix.length >= minStem - 1) {
      w = w.slice(0, -suffix.length) + replacement;
      break;
    }
  }
  if (/([bcdfgkmnprt])\1$/.test(w)) w = w.slice(0, -1);
  if (/[ey]$/.test(w) && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Lower-cased words of `text`, stop words kept. */
export function words(text: string): string[] {
  return (text.toLowerCase().replace(/[’‘]/g, "'").match(WORD) ?? []).map((w) => w.replace(/[-']+$/, '')).filter(Boolean);
}

/** Stemmed content terms of `text` (stop words removed). */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    for (const part of w.split('-')) {
      if (!part || STOP_WORDS.has(part)) continue;
      const s = stem(part);
      if (s.length > 1) out.push(s);
    }
  }
  return out;
}

/** `text` reduced to space-separated stems, for phrase matching. */
export function normalise(text: string): string {
  return ` ${words(text)
    .flatMap((w) => w.split('-'))
    .filter(Boolean)
    .map(stem)
    .join(' ')} `;
}

/** Collapses whitespace and cuts `text` to `max` characters on a word boundary. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const at = cut.lastIndexOf(' ');
  return `${(at > max * 0.6 ? cut.slice(0, at) : cut).replace(/[,;:.\s]+$/, '')}…`;
}

/** The first sentence of `text` (at most `max` characters). */
export function firstSentence(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  // A sentence ends at . ? or ! followed by a space or the end, except after
  // common abbreviations ("vs.", "e.g.", "i.e.", "etc.", "approx.").
  const end = /[.?!](?=\s|$)/g;
  for (let m = end.exec(t); m; m = end.exec(t)) {
    if (m[0] === '.' && /\b(?:vs|e\.g|i\.e|etc|approx|incl|cf)$/i.test(t.slice(0, m.index))) continue;
    return clip(t.slice(0, m.index + 1), max);
  }
  return clip(t, max);
}

/** How many of the terms `a` occur among the terms of the text `b` (stemmed, as `terms` gives them). */
export function overlap(a: string[], b: string): number {
  const set = new Set(terms(b));
  return a.filter((t) => set.has(t)).length;
}
