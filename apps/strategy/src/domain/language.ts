/**
 * The language of a question and its word-by-word English gloss, offline:
 * eld's verdict confirmed by function words, then per-language business
 * glossaries (German, French, Spanish, Dutch, Italian, Portuguese) for
 * understanding only; answers stay in English and say so.
 */
import { eld } from 'eld/medium';
import { GENERAL } from './glossary-general.js';

export type Language = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it' | 'pt' | 'other';

// ------------------------------------------------------------ glossary (de, fr, es, nl, it, pt)

/** Languages glossed into English for understanding. */
type Glossed = 'de' | 'fr' | 'es' | 'nl' | 'it' | 'pt';
const GLOSSED: Glossed[] = ['de', 'fr', 'es', 'nl', 'it', 'pt'];
/** Glossed languages that name a thing before its qualifier ("la matrice BCG"). */
const ROMANCE: Language[] = ['fr', 'es', 'it', 'pt'];

/** Hand-tuned glossary entries, for understanding only; they take precedence over the general vocabulary (glossary-general.ts). */
const TUNED: Record<'de' | 'fr' | 'es' | 'nl', Record<string, string>> = {
  de: {
    // Customers paying late while suppliers want paying now ("die leasingfirmen zahlen erst nach 60 tagen, teile müssen wir
    // sofort zahlen"): "erst" is already "only" in the general glossary.
    leasingfirmen: 'leasing firms',
    sofort: 'immediately',
    wir: 'we',
    unser: 'our',
    unsere: 'our',
    unseren: 'our',
    unserer: 'our',
    sind: 'are',
    ist: 'is',
    eine: 'a',
    ein: 'a',
    einen: 'a',
    mit: 'with',
    und: 'and',
    oder: 'or',
    was: 'what',
    wie: 'how',
    sollen: 'should',
    sollten: 'should',
    wir_: 'we',
    preis: 'price',
    preise: 'prices',
    erhöhen: 'raise',
    senken: 'lower',
    kunden: 'customers',
    abwanderung: 'churn',
    kündigungen: 'cancellations',
    monat: 'month',
    pro: 'per',
    im: 'in the',
    haben: 'have',
    von: 'from',
    auf: 'to',
    mittelständischer: 'mid-sized',
    maschinenbauer: 'machinery manufacturer',
    mitarbeitern: 'employees',
    mitarbeiter: 'employees',
    liefertermine: 'delivery dates',
    verschieben: 'slip',
    ständig: 'constantly',
    weil: 'because',
    montage: 'assembly',
    staut: 'piles up',
    alles: 'everything',
    tun: 'do',
    möchten: 'want to',
    nächstes: 'next',
    jahr: 'year',
    nach: 'to',
    österreich: 'Austria',
    schweiz: 'Switzerland',
    expandieren: 'expand',
    gehen: 'go',
    vor: 'ahead',
    besten: 'best',
    am: 'at',
    energiekosten: 'energy costs',
    gestiegen: 'risen',
    gesunken: 'fallen',
    mitarbeitende: 'employees',
    vertrieb: 'sales',
    verkäufer: 'salespeople',
    kompetenzen: 'competencies',
    einarbeitung: 'onboarding',
    monate: 'months',
    monaten: 'months',
    tage: 'days',
    tagen: 'days',
    wochen: 'weeks',
    rechnungen: 'invoices',
    schulden: 'debt',
    investition: 'investment',
    lohnt: 'pays off',
    neue: 'new',
    neuen: 'new',
    produkt: 'product',
    produkte: 'products',
    dienstleistung: 'service',
    filiale: 'branch',
    filialen: 'branches',
    lieferzeit: 'lead time',
    fehlerquote: 'error rate',
    reklamationen: 'complaints',
    rücksendungen: 'returns',
    uns: 'us',
    weiß: 'knows',
    wissen: 'know',
    niemand: 'nobody',
    wer: 'who',
    entscheidet: 'decides',
    entscheiden: 'decide',
    entscheidung: 'decision',
    zuständig: 'responsible',
    verantwortlich: 'accountable',
    verantwortung: 'responsibility',
    verantwortlichkeiten: 'responsibilities',
    klären: 'clarify',
    agentur: 'agency',
    leute: 'people',
    leuten: 'people',
    projekt: 'project',
    projekte: 'projects',
    projekten: 'projects',
    quote: 'rate',
    rate: 'rate',
    reklamation: 'complaint',
    liegt: 'is',
    soll: 'should',
    muss: 'must',
    bis: 'by',
    unter: 'under',
    über: 'over',
    sinken: 'fall',
    steigen: 'rise',
    jahresende: 'year end',
    ende: 'end',
    vorgehen: 'proceed',
    warum: 'why',
    langsam: 'slow',
    verspätet: 'late',
    verzögerungen: 'delays',
    engpass: 'bottleneck',
    durchlaufzeit: 'lead time',
    bearbeitung: 'processing',
    anträge: 'applications',
    rückstand: 'backlog',
    kündigen: 'cancel',
    verlieren: 'lose',
    verlassen: 'leave',
    befördert: 'promoted',
    karriere: 'career',
    gehalt: 'pay',
    einstellen: 'hire',
    personal: 'staff',
    abteilung: 'department',
    geschäftsführer: 'managing director',
    gründer: 'founder',
    verkaufen: 'sell',
    kaufpreis: 'purchase price',
    ziele: 'goals',
    kennzahlen: 'metrics',
    messen: 'measure',
    wettbewerb: 'competition',
    abheben: 'stand out',
    bargeld: 'cash',
    finanzierung: 'funding',
    spenden: 'donations',
    programme: 'programmes',
    verein: 'association',
    gemeinde: 'municipality',
    stadt: 'city',
    behörde: 'public agency',
    krankenhaus: 'hospital',
    einführung: 'rollout',
    umstellung: 'switch',
    widerstand: 'resistance',
    mitarbeitenden: 'employees',
    beschäftigte: 'employees',
    beschäftigten: 'employees',
    fluktuation: 'staff turnover',
    kündigungsquote: 'staff turnover rate',
    austritte: 'leavers',
    austrittsgespräche: 'exit interviews',
    austrittsgesprächen: 'exit interviews',
    perspektive: 'growth path',
    entwicklungsperspektive: 'growth path',
    entwicklung: 'development',
    weiterbildung: 'training',
    aufstieg: 'promotion',
    aufstiegschancen: 'promotion prospects',
    beförderung: 'promotion',
    führungskräfte: 'managers',
    führungskraft: 'manager',
    keine: 'no',
    kein: 'no',
    nicht: 'not',
    immer: 'always',
    wieder: 'again',
    hören: 'hear',
    jedes: 'every',
    jeden: 'every',
    jährlich: 'annually',
    wachsen: 'grow',
    gewinnen: 'win',
    neukunden: 'new customers',
    zahlen: 'pay',
    bezahlen: 'pay',
    lieferzeiten: 'lead times',
    lieferung: 'delivery',
    termin: 'deadline',
    termine: 'deadlines',
    prozess: 'process',
    prozesse: 'processes',
    digitalisierung: 'digitisation',
    einführen: 'roll out',
    angebot: 'offer',
    nische: 'niche',
    schliessen: 'close',
    filialnetz: 'branch network',
    gründen: 'found',
    verluste: 'losses',
    verlust: 'loss',
    rentabel: 'profitable',
    auslastung: 'utilisation',
    kapazität: 'capacity',
    schichten: 'shifts',
    wartezeit: 'wait time',
    wartezeiten: 'wait times',
    anrufe: 'calls',
    bank: 'bank',
    finanzierungsrunde: 'funding round',
    investoren: 'investors',
    wetter: 'weather',
    morgen: 'tomorrow',
    kosten: 'costs',
    umsatz: 'revenue',
    gewinn: 'profit',
    marge: 'margin',
    strategie: 'strategy',
    wachstum: 'growth',
    markt: 'market',
    wettbewerber: 'competitors',
    lieferanten: 'suppliers',
    qualität: 'quality',
    fehler: 'errors',
    lager: 'warehouse',
    bestellungen: 'orders',
    team: 'team',
    führung: 'leadership',
    hilfe: 'help',
    brauchen: 'need',
    beim: 'with the',
    bei: 'with',
    preisgestaltung: 'pricing',
    übernahme: 'acquisition',
    kaufen: 'buy',
    budget: 'budget',
    liquidität: 'cash',
    zahlungsziel: 'payment terms',
    standorte: 'sites',
    schließen: 'close',
    behalten: 'keep',
    die: 'the',
    der: 'the',
    das: 'the',
    den: 'the',
    dem: 'the',
    sich: 'itself',
    in: 'in',
    es: 'it',
    zu: 'to',
    für: 'for',
  },
  fr: {
    nous: 'we',
    notre: 'our',
    nos: 'our',
    sommes: 'are',
    est: 'is',
    une: 'a',
    un: 'a',
    avec: 'with',
    et: 'and',
    ou: 'or',
    comment: 'how',
    quel: 'what',
    quelle: 'what',
    "qu'est-ce": 'what is',
    faut: 'should',
    'faut-il': 'should we',
    prix: 'price',
    fixer: 'set',
    offre: 'offer',
    nouvelle: 'new',
    nouveau: 'new',
    pour: 'for',
    les: 'the',
    le: 'the',
    la: 'the',
    des: 'the',
    de: 'of',
    du: 'of the',
    pme: 'SMEs',
    clients: 'customers',
    client: 'customer',
    association: 'non-profit association',
    gère: 'runs',
    programmes: 'programmes',
    dons: 'donations',
    ont: 'have',
    baissé: 'fallen',
    cette: 'this',
    année: 'year',
    lesquels: 'which ones',
    garder: 'keep',
    fermer: 'close',
    commerciaux: 'salespeople',
    vendeurs: 'salespeople',
    compétences: 'competencies',
    attendues: 'expected',
    définir: 'define',
    autonomes: 'productive',
    mettent: 'take',
    mois: 'months',
    semaines: 'weeks',
    nouveaux: 'new',
    nouvelles: 'new',
    recrutement: 'hiring',
    salariés: 'employees',
    employés: 'employees',
    ventes: 'sales',
    augmenter: 'raise',
    baisser: 'lower',
    réduire: 'reduce',
    délais: 'lead times',
    retours: 'returns',
    factures: 'invoices',
    investissement: 'investment',
    rentable: 'profitable',
    filiales: 'branches',
    magasins: 'stores',
    personnes: 'people',
    paient: 'pay',
    maintenant: 'now',
    jours: 'days',
    améliorer: 'improve',
    trésorerie: 'cash',
    besoin: 'need',
    "d'aide": 'help',
    aide: 'help',
    avons: 'have',
    stratégie: 'strategy',
    croissance: 'growth',
    marché: 'market',
    coûts: 'costs',
    marge: 'margin',
    chiffre: 'revenue',
    "d'affaires": 'of business',
    bénéfice: 'profit',
    concurrents: 'competitors',
    fournisseurs: 'suppliers',
    qualité: 'quality',
    erreurs: 'errors',
    équipe: 'team',
    embaucher: 'hire',
    acquisition: 'acquisition',
    racheter: 'buy',
    budget: 'budget',
    sites: 'sites',
    météo: 'weather',
    demain: 'tomorrow',
    recette: 'recipe',
    qui: 'who',
    décide: 'decides',
    décider: 'decide',
    décision: 'decision',
    responsabilités: 'responsibilities',
    responsable: 'accountable',
    taux: 'rate',
    réclamations: 'complaints',
    plaintes: 'complaints',
    défauts: 'defects',
    retard: 'late',
    retards: 'delays',
    goulot: 'bottleneck',
    attente: 'waiting',
    dossiers: 'cases',
    demandes: 'applications',
    perdons: 'lose',
    perdre: 'lose',
    départs: 'leaving',
    quittent: 'leave',
    promotion: 'promotion',
    carrière: 'career',
    objectifs: 'goals',
    indicateurs: 'metrics',
    mesurer: 'measure',
    concurrence: 'competition',
    démarquer: 'stand out',
    financement: 'funding',
    subventions: 'grants',
    mairie: 'city council',
    hôpital: 'hospital',
    collectivité: 'local authority',
    vendre: 'sell',
    acheter: 'buy',
    rachat: 'acquisition',
    changement: 'change',
    déploiement: 'rollout',
    résistance: 'resistance',
    gamme: 'range',
    beurre: 'butter',
    farine: 'flour',
    hausse: 'rise',
    augmenté: 'risen',
    boulangeries: 'bakeries',
    boulangerie: 'bakery',
    restaurants: 'restaurants',
    équipes: 'teams',
    personnel: 'staff',
    embauches: 'hires',
    recruter: 'hire',
    fidéliser: 'retain',
    abonnés: 'subscribers',
    désabonnements: 'cancellations',
    rentabilité: 'profitability',
  },
  es: {
    tengo: 'I have',
    tenemos: 'we have',
    somos: 'we are',
    soy: 'I am',
    es: 'is',
    son: 'are',
    está: 'is',
    están: 'are',
    una: 'a',
    un: 'a',
    unos: 'some',
    con: 'with',
    y: 'and',
    o: 'or',
    en: 'in',
    de: 'of',
    del: 'of the',
    la: 'the',
    el: 'the',
    los: 'the',
    las: 'the',
    por: 'by',
    para: 'for',
    nos: 'we',
    nuestro: 'our',
    nuestra: 'our',
    nuestros: 'our',
    nuestras: 'our',
    mi: 'my',
    mis: 'my',
    que: 'that',
    qué: 'what',
    cómo: 'how',
    como: 'as',
    cuál: 'which',
    cuáles: 'which',
    cuánto: 'how much',
    debemos: 'should we',
    deberíamos: 'should we',
    podemos: 'can we',
    hacer: 'do',
    hacemos: 'do we',
    han: 'have',
    ha: 'has',
    hemos: 'have',
    al: 'to the',
    a: 'to',
    más: 'more',
    menos: 'less',
    sin: 'without',
    antes: 'before',
    después: 'after',
    años: 'years',
    año: 'year',
    meses: 'months',
    mes: 'month',
    semanas: 'weeks',
    días: 'days',
    dos: 'two',
    tres: 'three',
    pequeña: 'small',
    pequeño: 'small',
    empresa: 'company',
    negocio: 'business',
    agencia: 'agency',
    viajes: 'travel',
    tienda: 'store',
    tiendas: 'stores',
    oficina: 'office',
    física: 'physical',
    empleados: 'employees',
    trabajadores: 'employees',
    personas: 'people',
    equipo: 'team',
    reservas: 'bookings',
    internet: 'online',
    quitado: 'taken',
    perdido: 'lost',
    perder: 'lose',
    clientes: 'customers',
    cliente: 'customer',
    especializamos: 'specialise',
    especializarnos: 'specialise',
    especializar: 'specialise',
    nicho: 'niche',
    cerramos: 'close',
    cerrar: 'close',
    abrir: 'open',
    precio: 'price',
    precios: 'prices',
    subir: 'raise',
    bajar: 'lower',
    costes: 'costs',
    costos: 'costs',
    coste: 'cost',
    margen: 'margin',
    ventas: 'sales',
    ingresos: 'revenue',
    beneficio: 'profit',
    beneficios: 'profit',
    crecer: 'grow',
    crecimiento: 'growth',
    mercado: 'market',
    competencia: 'competition',
    competidores: 'competitors',
    estrategia: 'strategy',
    ayuda: 'help',
    necesitamos: 'we need',
    necesito: 'I need',
    caja: 'cash',
    tesorería: 'cash',
    deuda: 'debt',
    facturas: 'invoices',
    proveedores: 'suppliers',
    calidad: 'quality',
    errores: 'errors',
    retrasos: 'delays',
    plazo: 'lead time',
    almacén: 'warehouse',
    pedidos: 'orders',
    contratar: 'hire',
    rotación: 'turnover',
    objetivos: 'goals',
    indicadores: 'metrics',
    medir: 'measure',
    comprar: 'buy',
    adquisición: 'acquisition',
    vender: 'sell',
    inversión: 'investment',
    presupuesto: 'budget',
    recortar: 'cut',
    reducir: 'reduce',
    cambio: 'change',
    suscripción: 'subscription',
    bajas: 'cancellations',
    abandono: 'churn',
    sucursales: 'branches',
    local: 'premises',
    locales: 'premises',
    tiempo: 'time',
    algún: 'some',
    alguna: 'some',
    nuevo: 'new',
    nueva: 'new',
    nuevos: 'new',
    receta: 'recipe',
  },
  nl: {
    // A platform's cut and stopping with it ("bezorgplatform pakt 25% commissie … stoppen ermee?").
    commissie: 'commission',
    pakt: 'takes',
    pakken: 'take',
    bezorgplatform: 'delivery platform',
    stoppen: 'stop',
    ermee: 'with it',
    daarvandaan: 'from there',
    we: 'we',
    wij: 'we',
    ik: 'I',
    zijn: 'are',
    is: 'is',
    een: 'a',
    met: 'with',
    en: 'and',
    of: 'or',
    op: 'on',
    in: 'in',
    de: 'the',
    het: 'the',
    van: 'of',
    voor: 'for',
    naar: 'to',
    bij: 'at',
    om: 'to',
    te: 'to',
    ons: 'us',
    onze: 'our',
    mijn: 'my',
    wat: 'what',
    hoe: 'how',
    welke: 'which',
    moeten: 'should',
    moet: 'should',
    kunnen: 'can',
    doen: 'do',
    nu: 'now',
    niet: 'not',
    geen: 'no',
    meer: 'more',
    minder: 'less',
    zonder: 'without',
    voordat: 'before',
    over: 'in',
    per: 'per',
    maand: 'month',
    maanden: 'months',
    jaar: 'year',
    jaren: 'years',
    weken: 'weeks',
    week: 'week',
    dagen: 'days',
    volgende: 'next',
    vroegst: 'earliest',
    komt: 'comes',
    hebben: 'have',
    heeft: 'has',
    wordt: 'is',
    nederlandse: 'Dutch',
    bedrijf: 'company',
    startup: 'startup',
    mensen: 'people',
    medewerkers: 'employees',
    personeel: 'staff',
    team: 'team',
    bank: 'bank',
    verbranden: 'burn',
    verbruiken: 'burn',
    financieringsronde: 'funding round',
    financiering: 'funding',
    investeerders: 'investors',
    geld: 'money',
    kas: 'cash',
    runway: 'runway',
    klanten: 'customers',
    klant: 'customer',
    prijs: 'price',
    prijzen: 'prices',
    verhogen: 'raise',
    verlagen: 'lower',
    kosten: 'costs',
    marge: 'margin',
    omzet: 'revenue',
    winst: 'profit',
    verlies: 'loss',
    groei: 'growth',
    groeien: 'grow',
    markt: 'market',
    concurrenten: 'competitors',
    concurrentie: 'competition',
    strategie: 'strategy',
    hulp: 'help',
    nodig: 'need',
    facturen: 'invoices',
    leveranciers: 'suppliers',
    voorraad: 'inventory',
    kwaliteit: 'quality',
    fouten: 'errors',
    vertraging: 'delays',
    levertijd: 'lead time',
    magazijn: 'warehouse',
    bestellingen: 'orders',
    aannemen: 'hire',
    verloop: 'staff turnover',
    doelen: 'goals',
    meten: 'measure',
    kopen: 'buy',
    overname: 'acquisition',
    verkopen: 'sell',
    investering: 'investment',
    budget: 'budget',
    bezuinigen: 'cut costs',
    besparen: 'save',
    verandering: 'change',
    abonnement: 'subscription',
    opzeggingen: 'cancellations',
    vestigingen: 'branches',
    winkel: 'store',
    winkels: 'stores',
    sluiten: 'close',
    openen: 'open',
    nieuwe: 'new',
    nieuw: 'new',
    recept: 'recipe',
    weer: 'weather',
    morgen: 'tomorrow',
  },
};

/** Each glossed language's words: the general vocabulary, overridden by the hand-tuned entries. */
const GLOSSARY: Record<Glossed, Record<string, string>> = {
  de: { ...GENERAL.de.words, ...TUNED.de },
  fr: { ...GENERAL.fr.words, ...TUNED.fr },
  es: { ...GENERAL.es.words, ...TUNED.es },
  nl: { ...GENERAL.nl.words, ...TUNED.nl },
  it: GENERAL.it.words,
  pt: GENERAL.pt.words,
};
let reverse: Map<string, string[]> | undefined;
/**
 * The words of every glossed language that gloss to the English word `english` ("januar", "janvier", "enero"… for
 * "January"; "drei", "drie", "trois"… for "three"), lower case; [] when none does. For quoting a number or a month
 * of a glossed question as its asker wrote it.
 */
export function glossedFrom(english: string): string[] {
  if (!reverse) {
    reverse = new Map();
    for (const words of Object.values(GLOSSARY))
      for (const [word, gloss] of Object.entries(words)) {
        const key = gloss.toLowerCase();
        const list = reverse.get(key) ?? [];
        if (!list.includes(word)) list.push(word);
        reverse.set(key, list);
      }
  }
  return reverse.get(english.toLowerCase()) ?? [];
}

/** Each glossed language's phrases ("flusso di cassa" → "cash flow"), longest first, as patterns. */
const PHRASES = Object.fromEntries(
  GLOSSED.map((lang) => [
    lang,
    GENERAL[lang].phrases.map(([phrase, english]): [RegExp, string] => [
      new RegExp(`(?<!\\p{L})${phrase.replace(/[.*+?^${}()[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'giu'),
      english,
    ]),
  ]),
) as Record<Glossed, [RegExp, string][]>;

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  nl: 'Dutch',
  it: 'Italian',
  pt: 'Portuguese',
  other: 'another language',
};
export const FUNCTION_WORDS: Record<Glossed, Set<string>> = {
  de: new Set(
    'wir unser unsere unseren ist eine ein und oder was wie sollen nicht mit für der die das den dem sind haben auch noch ich mein meine meinen meinem im am zu zum zur vom beim es sich wo wer wann nach bei aus auf soll sollte kann können lohnt'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'nous notre nos est une un et ou comment pour les le la des du sommes avons faut que qui sur dans avec pas je mon ma mes au aux en de ce cette il elle on faut dois peut est-ce'.split(
      ' ',
    ),
  ),
  es: new Set(
    'nosotros nuestro nuestra nuestros una unos con el los las del por para qué cómo es son está tenemos tengo somos debemos pero muy más yo mi mis de la el un en y o al lo se este esta estos hay año'.split(
      ' ',
    ),
  ),
  nl: new Set(
    'wij onze ons een het van zijn wat hoe welke moeten niet met voor naar bij ook nog maar heeft hebben wordt ik mijn de en het op te er dat die om als dan nu'.split(
      ' ',
    ),
  ),
  it: new Set(
    'noi nostro nostra nostri nostre il lo gli della delle degli dei che per con non è sono abbiamo siamo come cosa dovremmo ma anche più nel nella io mio mia miei un di da in e o al alla ho ha si questo questa anno'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'nós nosso nossa nossos nossas os um uma do da dos das que para com não é são temos somos como devemos mas também mais em no na ao pelo pela eu meu minha de o a e ou ao à este esta ano'.split(
      ' ',
    ),
  ),
};
/** English function words: a text with several of them is English whatever the detector says. */
const ENGLISH_WORDS = new Set('the we our and to of how what is are should do does it in for with my i you can'.split(' '));

/** The language of `text`: eld's verdict, confirmed by function words for short texts. */
export function detectLanguage(text: string): Language {
  const lower = text.toLowerCase();
  const tokens = lower.split(/[^\p{L}'-]+/u).filter(Boolean);
  const count = (lang: Glossed) => tokens.filter((t) => FUNCTION_WORDS[lang].has(t)).length;
  const result = eld.detect(text);
  const scores = result.getScores() as Record<string, number>;
  let best: Language = 'en';
  let bestScore = scores.en ?? 0;
  const top = Math.max(0, ...Object.values(scores));
  for (const lang of GLOSSED) {
    // The detector must rank the language (near) first: Italian shares function words with Spanish.
    if ((scores[lang] ?? 0) < top - 0.05) continue;
    const s = (scores[lang] ?? 0) + 0.1 * count(lang);
    if (s > bestScore + 0.05 && count(lang) >= 1) {
      best = lang;
      bestScore = s;
    }
  }
  // Written mostly in another script (Chinese, Japanese, Russian, Arabic, Greek, …), where words may not be spaced apart:
  // another language, whatever the detector ranks first.
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length >= 4 && letters.filter((c) => !/\p{Script=Latin}/u.test(c)).length * 2 > letters.length) return 'other';
  // Another language we do not gloss (Polish, Swedish, …): understood as far as its numbers go, answered in English, saying so.
  const english = tokens.filter((t) => ENGLISH_WORDS.has(t)).length;
  if (
    best === 'en' &&
    result.language &&
    result.language !== 'en' &&
    english < 2 &&
    tokens.length >= 4 &&
    (scores[result.language] ?? 0) > (scores.en ?? 0) + 0.15
  )
    return 'other';
  return best;
}

/** An acronym in capitals as a pattern, not inside a word. */
const acronym = (letters: string): RegExp => new RegExp(String.raw`(?<![\p{L}])${letters}(?![\p{L}])`, 'gu');

/**
 * Management acronyms written in capitals, per glossed language, read before the words they look like in lower case:
 * French "CA" (chiffre d'affaires, not a phone's "ça"; not Canadian dollars "$ CA" nor a board's "le CA a voté") and
 * "DSI", Portuguese and Spanish "TI" (IT, not the pronoun "ti").
 */
const ACRONYMS: Record<Glossed, Array<[RegExp, string]>> = {
  de: [
    [acronym('KMU'), 'SME'],
    [acronym('GF'), 'managing director'],
  ],
  fr: [
    [
      new RegExp(
        String.raw`(?<![\p{L}])(?<!\$\s?)CA(?![\p{L}])(?![^.?!]{0,40}?(?<![\p{L}])(?:voté|vote|voter|votera|décidé|décide|réuni|réunit|nommé|nomme|élu|élit|administrateurs?|assemblée)(?![\p{L}]))`,
        'gu',
      ),
      'revenue',
    ],
    [acronym('DSI'), 'IT department'],
    [acronym('DRH'), 'HR director'],
    [acronym('RH'), 'HR'],
  ],
  es: [
    [acronym('TI'), 'IT'],
    [acronym('RRHH'), 'HR'],
  ],
  nl: [[acronym('MKB'), 'SME']],
  it: [
    [acronym('PMI'), 'SME'],
    [acronym('CDA'), 'board'],
  ],
  pt: [
    [acronym('TI'), 'IT'],
    [acronym('RH'), 'HR'],
  ],
};

/**
 * Glosses a German, French, Spanish, Dutch, Italian or Portuguese question into English (understanding only):
 * local number formats made English, known phrases first, then word by word (an elided article, "un'impresa",
 * glossed in its two parts; an unknown German compound from its parts).
 */
export function glossToEnglish(text: string, lang: Language): string {
  if (!(GLOSSED as string[]).includes(lang)) return text;
  const dict = GLOSSARY[lang as Glossed];
  const numbers = text
    // "1.200" (de) / "1 200" (fr) → "1,200"; "3,5" → "3.5"; "49 €" → "€49"; "28k€" → "€28k"; "15 %" → "15%";
    // "50 mila euro" → "€50k".
    .replace(/(\d)[.\u202f\u00a0 ](\d{3})(?!\d)/g, '$1,$2')
    .replace(/(\d),(\d{1,2})(?!\d)/g, '$1.$2')
    .replace(/(\d+(?:\.\d+)?)\s*(?:mila|mil|mille|tausend|duizend)\s+(?:€|euros?\b|eur\b)/giu, '€$1k')
    .replace(
      /(\d+(?:\.\d+)?)\s*(?:milioni|milione|millones|millón|milhões|milhão|millionen|millions?|miljoen|mio\.?)\s+(?:di\s+|de\s+|d'|d’)?(?:€|euros?\b|eur\b)/giu,
      '€$1m',
    )
    // A scale against the sign ("28k€", "1,2 M€"): thousands and millions of euros.
    .replace(/(\d[\d,]*(?:\.\d+)?)\s?([km])\s?€/giu, (_, n: string, scale: string) => `€${n}${scale.toLowerCase()}`)
    // A score out of a scale ("7,2 sur 10", "8 op 10", "7 von 10"): "7.2/10", not a place.
    .replace(/(\d(?:\.\d+)?)\s+(?:sur|op|su|von)\s+(5|10|20|100)(?![\d.,])/giu, '$1/$2')
    .replace(/(\d+(?:[.,]\d+)?)\s*(?:€|euros?\b|eur\b)/giu, '€$1')
    .replace(/(\d)\s+%/g, '$1%')
    // "para" and "a" between two numbers after "de", "desde" or "da" join a change or a range ("de 62 para 41", "da 10 a
    // 20"), not "for" ("200 para 3 lojas" is not a change).
    .replace(/(\b(?:de|desde|da|dal|del|do)\s+\d[\d.,]*%?)\s+(?:para|a)\s+(?=(?:R\$\s?|€|\$)?\d)/giu, '$1 to ');
  // Phrases become placeholders so that their English is not glossed again as words.
  const held: string[] = [];
  // Acronyms in capitals (`ACRONYMS`: French "CA", Portuguese "TI") before the words they would be read as ("ça", "ti").
  let phrased = numbers.replace(/’/g, "'");
  for (const [pattern, english] of ACRONYMS[lang as Glossed]) phrased = phrased.replace(pattern, () => `\uE000${held.push(english) - 1}\uE001`);
  for (const [pattern, english] of PHRASES[lang as Glossed]) {
    phrased = phrased.replace(pattern, () => `\uE000${held.push(english) - 1}\uE001`);
  }
  const word = (w: string): string | undefined => dict[w] ?? (lang === 'de' ? compound(w, dict) : undefined);
  const glossed = phrased
    .split(/(\s+)/)
    .map((w) => {
      const m = /^([^\p{L}]*)([\p{L}'-]+)([^\p{L}]*)$/u.exec(w);
      if (!m) return w;
      const lower = m[2]!.toLowerCase();
      let g = dict[lower];
      // A hyphenated compound keeps an unknown first part ("SWOT-Analyse" → "SWOT analysis", "Online-Shop").
      const hyphen = lower.lastIndexOf('-');
      if (!g && hyphen > 0 && hyphen < lower.length - 1) {
        const tail = word(lower.slice(hyphen + 1));
        if (tail) g = `${word(lower.slice(0, hyphen)) ?? m[2]!.slice(0, hyphen)} ${tail}`;
      }
      g ??= word(lower);
      const apostrophe = lower.indexOf("'");
      if (!g && apostrophe > 0 && apostrophe < lower.length - 1) {
        const first = lower.slice(0, apostrophe + 1);
        const rest = lower.slice(apostrophe + 1);
        if (dict[first]) g = `${dict[first]} ${word(rest) ?? m[2]!.slice(apostrophe + 1)}`;
      }
      // An elided article before a phrase ("un'impresa edile"): a space between them.
      if (g && lower.endsWith("'") && m[3]) g += ' ';
      return g ? `${m[1]}${g}${m[3]}` : w;
    })
    .join('')
    .replace(/\uE000(\d+)\uE001/g, (_, i: string) => held[Number(i)]!);
  // A Romance name keeps its acronym after the noun ("la matrice BCG", "el análisis DAFO"): English puts it first.
  return ROMANCE.includes(lang) ? glossed.replace(/\b(matrix|analysis|model|method|framework|canvas|map|tree)\s+([A-Z][A-Z0-9]{1,9})\b/g, '$2 $1') : glossed;
}

/**
 * A German compound glossed from its parts ("Reklamationsquote" → "complaint
 * rate", "Kundenprojekten" → "customer projects"): the longest known last
 * part (4+ letters), and the first part when it is known too (with or
 * without a linking "s", "n", "en" or "es").
 */
function compound(word: string, dict: Record<string, string>): string | undefined {
  if (word.length < 8) return undefined;
  for (let i = 3; i <= word.length - 4; i++) {
    const head = dict[word.slice(i)];
    if (!head) continue;
    const first = word.slice(0, i);
    const mod = [first, first.replace(/(?:es|en|s|n)$/, '')].map((x) => dict[x]).find(Boolean);
    return mod ? `${mod} ${head}` : head;
  }
  return undefined;
}
