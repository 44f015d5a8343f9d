// The words a listing is found by, and the words of a query, normalised once in our own code so
// that SQLite's FTS5, PostgreSQL's tsvector and the row-by-row check of a listing all agree on
// what a word is (docs/decisions/011-search-on-the-databases.md).

// Letters that Unicode does not decompose into a base letter and a mark, folded by hand.
const foldedLetters: Record<string, string> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
}
const foldable = new RegExp(`[${Object.keys(foldedLetters).join('')}]`, 'g')

/** Lower case, accents and marks removed, split at anything that is not a letter or a digit. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(foldable, (letter) => foldedLetters[letter]!)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** What a listing's `words` column holds: its name's and location's words, space-separated. */
export function searchWords(listing: { name: string; location: string }): string {
  return wordsOf(`${listing.name} ${listing.location}`).join(' ')
}

/** What a listing's `descriptionWords` column holds: its description's words, each once. */
export function descriptionWords(description: string): string {
  return [...new Set(wordsOf(description))].join(' ')
}

/** The distinct words of a query, each to match the start of some word of a listing. */
export function queryWords(q: string): string[] {
  return [...new Set(wordsOf(q))]
}
