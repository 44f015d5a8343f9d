// How the offline geocoder compares place names: one spelling per name, whatever the accents,
// case, punctuation or 'St.'/'Saint' the person or the gazetteer used.

const letters: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
}

const abbreviations: Record<string, string> = {
  st: 'saint',
  ste: 'sainte',
  ft: 'fort',
  mt: 'mount',
}

/** 'Zürich' → 'zurich', 'St. Louis' → 'saint louis', 'Xi’an' → 'xian', 'Saint-Étienne' → 'saint etienne'. */
export function normalizePlace(text: string): string {
  // Most names are plain ASCII: skip the Unicode work for them (it is most of the gazetteer's load time).
  const folded = /^[\x20-\x7e]*$/.test(text)
    ? text
        .toLowerCase()
        .replace(/['`]/g, '')
        .replace(/&/g, ' and ')
        .replace(/[^a-z0-9]+/g, ' ')
    : text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .replace(/[ßøæœđðłıþ]/g, (letter) => letters[letter] ?? letter)
        .replace(/['’‘`ʻʼ]/g, '')
        .replace(/&/g, ' and ')
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
  const words = folded.trim()
  return /\b(st|ste|ft|mt)\b/.test(words)
    ? words.replace(/\b(st|ste|ft|mt)\b/g, (word) => abbreviations[word] ?? word)
    : words
}

/**
 * Other names a gazetteer name goes by, when nobody would type it in full:
 * 'Frankfurt am Main' → 'frankfurt', 'Washington, D.C.' → 'washington', 'Halle (Saale)' → 'halle'.
 */
export function shortNames(name: string, key = normalizePlace(name)): string[] {
  const short = new Set<string>()
  const add = (text: string) => {
    if (text.length >= 3 && text !== key) short.add(text)
  }
  if (/[/,(]/.test(name)) add(normalizePlace(name.split(/\s*[/,(]/)[0] ?? ''))
  if (key.includes(' ')) {
    const words = key.split(' ')
    const joint = words.findIndex(
      (word, index) =>
        index > 0 &&
        index < words.length - 1 &&
        (joiningWords.has(word) || (word === 'an' && words[index + 1] === 'der')),
    )
    if (joint > 0) add(words.slice(0, joint).join(' '))
  }
  return [...short]
}

// 'am Main', 'an der Oder', '-sur-Mer', '-upon-Avon', '-on-Sea', '-en-Champagne', '-na-Donu'…
const joiningWords = new Set(['am', 'im', 'ob', 'bei', 'sur', 'upon', 'on', 'en', 'na'])

/**
 * Names people use for big cities that the gazetteer spells another way: [name, the gazetteer's
 * name, country]. Each must name a city of the gazetteer (a test checks it).
 */
export const cityAliases: readonly (readonly [string, string, string])[] = [
  ['New York', 'New York City', 'US'],
  ['NYC', 'New York City', 'US'],
  ['Washington', 'Washington, D.C.', 'US'],
  ['Washington DC', 'Washington, D.C.', 'US'],
  ['LA', 'Los Angeles', 'US'],
  ['München', 'Munich', 'DE'],
  ['Cologne', 'Köln', 'DE'],
  ['Nuremberg', 'Nürnberg', 'DE'],
  ['Hanover', 'Hannover', 'DE'],
  ['Wien', 'Vienna', 'AT'],
  ['Roma', 'Rome', 'IT'],
  ['Milano', 'Milan', 'IT'],
  ['Napoli', 'Naples', 'IT'],
  ['Torino', 'Turin', 'IT'],
  ['Genova', 'Genoa', 'IT'],
  ['Firenze', 'Florence', 'IT'],
  ['Venezia', 'Venice', 'IT'],
  ['Praha', 'Prague', 'CZ'],
  ['Warszawa', 'Warsaw', 'PL'],
  ['Krakow', 'Kraków', 'PL'],
  ['Lisboa', 'Lisbon', 'PT'],
  ['Oporto', 'Porto', 'PT'],
  ['København', 'Copenhagen', 'DK'],
  ['Gothenburg', 'Göteborg', 'SE'],
  ['Seville', 'Sevilla', 'ES'],
  ['Bruxelles', 'Brussels', 'BE'],
  ['Brussel', 'Brussels', 'BE'],
  ['Antwerp', 'Antwerpen', 'BE'],
  ['Ghent', 'Gent', 'BE'],
  ['Bruges', 'Brugge', 'BE'],
  ['Den Haag', 'The Hague', 'NL'],
  ['Geneva', 'Genève', 'CH'],
  ['Genf', 'Genève', 'CH'],
  ['Lucerne', 'Luzern', 'CH'],
  ['Athina', 'Athens', 'GR'],
  ['Moskva', 'Moscow', 'RU'],
  ['Kiev', 'Kyiv', 'UA'],
  ['Beograd', 'Belgrade', 'RS'],
  ['București', 'Bucharest', 'RO'],
  ['Montreal', 'Montréal', 'CA'],
  ['Quebec City', 'Québec', 'CA'],
  ['Bombay', 'Mumbai', 'IN'],
  ['Peking', 'Beijing', 'CN'],
]

// Words that start a street's name ('Rue de Rivoli', 'Via Roma'): a city name after one of them,
// at the start of a part of the address, is the street's name and not the city.
const streetWords = new Set(
  [
    'rue',
    'via',
    'viale',
    'vicolo',
    'piazza',
    'piazzale',
    'corso',
    'largo',
    'calle',
    'avenida',
    'avda',
    'av',
    'paseo',
    'plaza',
    'rambla',
    'ronda',
    'carrer',
    'rua',
    'travessa',
    'estrada',
    'praca',
    'avenue',
    'ave',
    'boulevard',
    'bd',
    'blvd',
    'chemin',
    'quai',
    'allee',
    'place',
    'cours',
    'impasse',
    'passage',
    'route',
    'strada',
    'ulica',
    'ul',
    'aleja',
  ].map(normalizePlace),
)

const linkingWords = new Set([
  'de',
  'del',
  'della',
  'delle',
  'dei',
  'degli',
  'di',
  'da',
  'do',
  'dos',
  'das',
  'des',
  'du',
  'la',
  'le',
  'les',
  'l',
  'd',
  'y',
  'e',
])

/** Whether words[start…] ends a street's name, as 'rivoli' in 'rue de rivoli'. */
export function endsStreetName(words: readonly string[], start: number): boolean {
  let before = start - 1
  while (before > 0 && linkingWords.has(words[before]!)) before -= 1
  return before === 0 && streetWords.has(words[0]!)
}
