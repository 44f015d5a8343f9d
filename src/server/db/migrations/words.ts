// The words a listing is found by and the words of a query, as listings/search-words.ts normalised
// them when migrations 008 and 012 were written: 008 fills `words` with them and 012 picks a saved
// search's place word from them.

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
function wordsOf(text: string): string[] {
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

/** The distinct words of a query. */
export function queryWords(q: string): string[] {
  return [...new Set(wordsOf(q))]
}
