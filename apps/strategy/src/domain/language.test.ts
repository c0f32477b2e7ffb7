/**
 * Italian and Portuguese questions are recognised, glossed into English for
 * understanding and answered in English, saying so; the German, French,
 * Spanish and Dutch glossaries know the general business vocabulary.
 */
import { loadLibrary } from './library.js';
import { planAnswer } from './plan.js';
import { FrameworkSelector } from './selector.js';
import { detectLanguage, glossToEnglish, understand } from './understand.js';

const library = loadLibrary();
const selector = new FrameworkSelector(library);
const plan = (question: string) => planAnswer(library, selector, { messages: [{ role: 'user', content: question }] }, { turns: 0, applied: [] });

const ITALIAN =
  "Abbiamo un'impresa edile con 23 dipendenti. I clienti pubblici ci pagano a 120 giorni, gli stipendi costano 95.000 € al mese e in banca abbiamo 180 mila euro. Dobbiamo chiedere un prestito o smettere di lavorare per gli enti pubblici?";
const PORTUGUESE =
  'Temos uma loja de materiais com 14 funcionários. Os clientes pagam em 90 dias, mas os fornecedores querem o pagamento em 30 dias e a folha de pagamento é de 42 mil euros por mês. Devemos pedir um empréstimo ao banco ou cortar o estoque?';

test('Italian and Portuguese are recognised, not taken for Spanish or English', () => {
  expect(detectLanguage(ITALIAN)).toBe('it');
  expect(detectLanguage(PORTUGUESE)).toBe('pt');
  expect(detectLanguage('Abbiamo 3 ristoranti a Milano e i costi sono aumentati del 20%. Cosa dobbiamo fare?')).toBe('it');
  // Another script, spaced or not, is another language (a question about a small restaurant's rent; a bakery's second
  // site; a few Latin letters or a brand inside it do not make it English).
  expect(detectLanguage('我开了一家小餐馆，房租涨了，要不要搬？')).toBe('other');
  expect(detectLanguage('у меня небольшая пекарня, стоит ли открывать вторую точку?')).toBe('other');
  expect(detectLanguage('我们的SaaS产品每月流失5%的客户，怎么办？')).toBe('other');
  expect(detectLanguage('We sell matcha (抹茶) online, 300 orders a month. Should we open a shop?')).toBe('en');
  expect(detectLanguage('Nossa fábrica tem 60 trabalhadores e os atrasos nas entregas cresceram. O que devemos fazer?')).toBe('pt');
  expect(detectLanguage('¿Cómo subimos nuestros precios sin perder clientes?')).toBe('es');
  expect(detectLanguage('We run 3 shops and sales fell 10% to $40k a month. What should we do by June?')).toBe('en');
});

test('Italian is glossed word by word, phrases and elided articles included, with local numbers made English', () => {
  const english = glossToEnglish(ITALIAN, 'it');
  expect(english).toMatch(/^we have a construction company with 23 employees\. the customers public pay us at 120 days/);
  expect(english).toContain('the wages cost €95,000 a month');
  expect(english).toContain('€180k');
  expect(english).toMatch(/must we ask for a loan or .* for the public bodies\?$/);
  expect(glossToEnglish('Cosa dovremmo fare nelle prossime settimane?', 'it')).toBe('what should we do in the next weeks?');
});

test('Portuguese is glossed word by word, "o que" and "folha de pagamento" as phrases', () => {
  const english = glossToEnglish(PORTUGUESE, 'pt');
  expect(english).toContain('with 14 employees. the customers pay in 90 days, but the suppliers want the payment in 30 days');
  expect(english).toContain('payroll is of €42k a month');
  expect(english).toMatch(/should we ask for a loan to the bank or cut the inventory\?$/);
  expect(glossToEnglish('O que devemos fazer nas próximas semanas?', 'pt')).toBe('what should we do in the next weeks?');
});

test('German, French, Spanish and Dutch know order intake, lead time, average, waiting, approvals and acceptance', () => {
  expect(glossToEnglish('Der Auftragseingang ist im Schnitt um 20% gesunken und die Freigaben dauern 3 Wochen', 'de')).toBe(
    'the order intake is on average um 20% fallen and the approvals take 3 weeks',
  );
  expect(glossToEnglish('Abnahme', 'de')).toBe('acceptance');
  expect(glossToEnglish('Warten', 'de')).toBe('wait');
  expect(glossToEnglish('La prise de commandes baisse et les délais de livraison sont de 8 semaines', 'fr')).toContain(
    'order intake drop and the lead times are of 8 weeks',
  );
  expect(glossToEnglish('el plazo de entrega medio es de 6 semanas', 'es')).toContain('lead time average');
  expect(glossToEnglish('onze doorlooptijd is gemiddeld 12 dagen', 'nl')).toBe('our lead time is on average 12 days');
});

test.each([
  ['it', ITALIAN, [23, 120, 95_000, 180_000]],
  ['pt', PORTUGUESE, [14, 90, 30, 42_000]],
])('a %s question with money, days, employees and a decision is answered in English, its numbers understood', (lang, question, numbers) => {
  const u = understand(question, '');
  expect(u.language).toBe(lang);
  const values = u.quantities.map((q) => q.value);
  for (const n of numbers) expect(values).toContain(n);
  const p = plan(question);
  expect(p.kind).toBe('answer');
  expect(p.analysis.understanding.quantities.map((q) => q.value)).toEqual(values);
  expect(JSON.stringify(p.analysis)).toMatch(/this answer is in English/);
});

test('everyday words of a business complaint are glossed in all six languages (clients, satisfaction, waiting, hospital, grants)', () => {
  const nl = glossToEnglish(
    'Cliënten klagen vooral dat niemand weet hoe laat er iemand komt, en dat de intake na ontslag uit het ziekenhuis pas na 5 dagen plaatsvindt. Onze klanttevredenheid is gezakt.',
    'nl',
  );
  for (const w of ['clients complain', 'nobody knows', 'hospital', 'customer satisfaction']) expect(nl).toContain(w);
  expect(glossToEnglish('Die Patienten warten oft zu lange auf einen Termin und die Kundenzufriedenheit ist deutlich gesunken.', 'de')).toContain('patients');
  expect(glossToEnglish('Nos clients se plaignent surtout que les livraisons arrivent souvent en retard.', 'fr')).toContain('complain');
  expect(glossToEnglish('El ayuntamiento nos ha retirado la subvención y no sabemos cómo pagar el alquiler.', 'es')).toContain('grant');
  expect(glossToEnglish('I volontari se ne vanno dopo pochi mesi e le donazioni sono calate del 20%.', 'it')).toContain('donations');
  expect(glossToEnglish('Os nossos clientes reclamam que as entregas chegam sempre atrasadas.', 'pt')).toContain('deliveries arrive');
});

test("everyday words (a trade, its goods, people's verbs) are glossed in all six languages, and a glossed partner is not family", () => {
  const cases: Array<[string, 'de' | 'fr' | 'es' | 'nl' | 'it' | 'pt', string[]]> = [
    ['Nous pensons lancer une offre de plateaux-repas, mais honnêtement le chiffre stagne.', 'fr', ['we think', 'honestly']],
    ['Vendemos huevos de nuestras gallinas a tiendas del barrio y el pienso ha subido.', 'es', ['eggs', 'hens', 'feed']],
    ['Die Aufträge stapeln sich und die Lieferzeit liegt inzwischen bei 14 Wochen.', 'de', ['pile up', 'by now']],
    ['Iedereen dacht dat een ander het had geregeld, dus niemand belde de bank.', 'nl', ['everyone']],
    ['Abbiamo una gelateria e vendiamo anche piastrelle dipinte a mano.', 'it', ['ice cream', 'tiles']],
    ['Temos um brechó de roupas usadas e o aluguel continua chegando todo mês.', 'pt', ['second-hand shop', 'every month']],
  ];
  for (const [text, lang, words] of cases) {
    const english = glossToEnglish(text, lang).toLowerCase();
    for (const w of words) expect([text, english.includes(w)]).toEqual([text, true]);
  }
  // A relative in a glossed question is most often a partner in the firm; a short question with money is a firm's.
  for (const q of [
    'Tengo una peluquería pequeña en el barrio, 2 sillas, y mi hija me ayuda los sábados. ¿Cómo subo los precios sin perder clientas?',
    'casa rural con 4 habitaciones, ocupación 35% entre semana. ¿bajar de 90 a 70€ o hacer paquetes? mi hijo lleva las reservas',
    'Imbissbude, 2 Tage Markt, 1.500 € Umsatz am Tag, lohnt sich ein zweiter Stand für 4.000 €? Meine Tochter hilft samstags.',
  ])
    expect([q, plan(q).kind]).toEqual([q, 'answer']);
  // A family holiday, or a daughter on her phone, stays a personal request.
  expect(plan('Ma fille de 16 ans passe 6 heures par jour sur son téléphone. Comment limiter ça ?').kind).toBe('refuse');
  expect(plan('Wie viel Budget sollte ich für zwei Wochen Urlaub in Italien mit zwei Kindern einplanen?').kind).toBe('refuse');
});

test('a hyphenated compound keeps its unknown first part, and a Romance name puts its acronym first, so a framework asked about is named', () => {
  expect(glossToEnglish('Was ist eine SWOT-Analyse?', 'de')).toBe('what is a SWOT analysis?');
  expect(glossToEnglish('¿Qué es la matriz BCG?', 'es')).toContain('the BCG matrix');
  expect(glossToEnglish("Qu'est-ce que la matrice BCG ?", 'fr')).toContain('the BCG matrix');
  // German and Dutch already put the name first: an untranslated compound stays whole.
  expect(glossToEnglish('Wie funktioniert die BCG-Matrix?', 'de')).toContain('BCG-Matrix');
});

test('French "CA" and Portuguese "TI" in capitals are revenue and IT (a phone\'s "ca" is not), and teams, ten, growers and hair salons are glossed', () => {
  expect(glossToEnglish('on fait 15 k€ de CA par mois, ca marche pas', 'fr')).toBe('we made €15k of revenue per month, ca works not');
  expect(glossToEnglish('temos 6 times e ninguem sabe', 'pt')).toMatch(/^we have 6 teams and nobody/);
  expect(glossToEnglish('wij telen tomaten in tien kassen', 'nl')).toContain('tomatoes in ten greenhouses');
  expect(glossToEnglish('una app para peluquerías', 'es')).toContain('hair salons');
  expect(glossToEnglish('der Anstieg beim Zahlungsverzug', 'de')).toContain('rise');
  // Portuguese and Spanish "TI" in capitals is IT, the pronoun "ti" is not; French "DSI" is the IT department.
  expect(glossToEnglish('a equipe de TI tem 12 pessoas', 'pt')).toBe('a team of IT has 12 people');
  expect(glossToEnglish('la DSI a 160 personnes', 'fr')).toMatch(/^the IT department/);
  // Not a board's "CA" nor Canadian dollars.
  expect(glossToEnglish('Le CA de notre association a voté la hausse', 'fr')).not.toContain('revenue');
  expect(glossToEnglish('le billet coûte 20 $ CA', 'fr')).not.toContain('revenue');
});
