// Text search by the word table (migration 019): each query word becomes the whole words it
// starts (a few, from the vocabulary); the rarest query word's rows are read in the sort's order
// by an index range scan, and every other condition is checked on the listing, so that a page
// stops after its last match instead of sorting every match (decision 011). The table holds the
// names' and locations' words only: a word that some description holds too is read another way
// (decision 048, description search).
import { sql, type RawBuilder } from 'kysely'
import type { ListingCursor } from '../../../shared/listing-cursor.js'
import type { Bbox } from '../../../shared/listing-requests.js'
import type { Db, Dialect } from '../../db/database.js'
import { isWholeWorld } from '../map-grid.js'
import { boxConditions, rowConditions, sortOrders, type SearchPage } from './search-conditions.js'
import { and, readSearchRows, searchColumns, type SearchRow } from './search-rows.js'
import { descriptionCountQuery, descriptionPosition } from './description-count.js'

export const wordIndexLimits = {
  /** A query word that starts more words than this is too broad to drive the read. */
  wholeWords: 8,
  /** Rows of a word counted, to find the rarest query word: enough to tell rare from common. */
  countedRows: 1000,
  /** Rows of the driving word read before the text index takes over. */
  readRows: 3000,
  /**
   * A query word shorter than this is not looked up in the descriptions' text index, which keeps
   * no prefix index: it would merge every term it starts. It is checked on each listing.
   */
  describedWordLength: 3,
}

/** A word of the query, as the vocabulary knows it. */
export interface QueryWord {
  word: string
  /** the whole words that it starts and that some listing on the market holds */
  wholeWords: string[]
  /** rows of those words, each counted up to `countedRows` */
  rows: number
  /** the word starts more than `wholeWords` words: it can be checked but not read in order */
  broad: boolean
  /**
   * listings on the market whose description holds a word it starts, counted up to
   * `countedRows`; undefined for a word too short to look up
   */
  descriptionRows: number | undefined
}

/** The vocabulary's rows and the descriptions' counts, in one statement. */
export function wordsQuery(
  dialect: Dialect,
  words: string[],
): RawBuilder<{ position: number; word: string; rows: number | string }> {
  const counts = descriptionCountQuery(dialect, words, wordIndexLimits)
  return counts ? sql`${vocabularyQuery(words)} union all ${counts}` : vocabularyQuery(words)
}

/**
 * One statement: for each query word, the whole words it starts (one more than `wholeWords` at
 * most, to tell a broad word; which ones does not matter then) and how many rows each has, up to
 * `countedRows`.
 */
export function vocabularyQuery(words: string[]): RawBuilder<{
  position: number
  word: string
  rows: number | string
}> {
  const parts = words.map(
    (word, position) => sql`
      select ${sql.lit(position)} as "position", vocabulary."word",
        (select count(*) from (
          select 1 from listing_word where listing_word."word" = vocabulary."word"
          limit ${sql.lit(wordIndexLimits.countedRows)}
        ) as counted) as "rows"
      from (
        select "word" from listing_vocabulary
        where "word" >= ${word} and "word" < ${word + lastCharacter}
        limit ${sql.lit(wordIndexLimits.wholeWords + 1)}
      ) as vocabulary`,
  )
  return sql.join(parts, sql` union all `) as RawBuilder<{
    position: number
    word: string
    rows: number | string
  }>
}

/**
 * The largest code point: every word that starts with a prefix lies between the prefix and the
 * prefix followed by it, in byte order (SQLite's and the "C" collation).
 */
const lastCharacter = String.fromCodePoint(0x10ffff)

/** The query words with what the vocabulary said of each, in the query's order. */
export function queryWordsOf(
  words: string[],
  found: { position: number; word: string; rows: number | string }[],
): QueryWord[] {
  return words.map((word, position) => {
    const own = found.filter((row) => Number(row.position) === position)
    const held = own.filter((row) => Number(row.rows) > 0)
    const described = found.find((row) => Number(row.position) === descriptionPosition + position)
    return {
      word,
      wholeWords: held.map((row) => row.word),
      rows: held.reduce((sum, row) => sum + Number(row.rows), 0),
      broad: own.length > wordIndexLimits.wholeWords,
      descriptionRows: described && Number(described.rows),
    }
  })
}

/** A query word that no description holds: the word table gives all its listings. */
const inNamesOnly = (word: QueryWord) => word.descriptionRows === 0

/**
 * The query word whose rows are read from the word table: the rarest of those that are not broad
 * and that no description holds.
 */
export function drivingWord(words: QueryWord[]): QueryWord | undefined {
  const candidates = words.filter((word) => !word.broad && inNamesOnly(word))
  if (candidates.length === 0) return undefined
  return candidates.reduce((rarest, word) => (word.rows < rarest.rows ? word : rarest))
}

/** Whether some query word starts no word of any listing on the market: nothing matches. */
export function matchesNothing(words: QueryWord[]): boolean {
  return words.some((word) => !word.broad && word.wholeWords.length === 0 && inNamesOnly(word))
}

/**
 * Of the query words that descriptions hold, the one with the fewest listings (names and
 * descriptions counted apart), and whether they are few enough to read and sort them all.
 */
export function rarestDescribedWord(
  words: QueryWord[],
): { word: QueryWord; few: boolean } | undefined {
  const counted = words.filter((word) => !word.broad && word.descriptionRows !== undefined)
  if (counted.length === 0) return undefined
  const total = (word: QueryWord) => word.rows + word.descriptionRows!
  const word = counted.reduce((rarest, each) => (total(each) < total(rarest) ? each : rarest))
  const { countedRows } = wordIndexLimits
  return { word, few: word.rows < countedRows && word.descriptionRows! < countedRows }
}

/** The words of the name and location that must hold every one of `words` (those in no description). */
export function namesOnlyWords(words: QueryWord[]): string[] {
  return words.filter(inNamesOnly).map((word) => word.word)
}

/** Whether the bounded read takes in every row of the word, so a short page is the whole list. */
export function readsEveryRow(word: QueryWord): boolean {
  return word.rows < wordIndexLimits.countedRows && word.rows <= wordIndexLimits.readRows
}

/** Whether the listing of the word table's row at hand also holds one of `words`. */
function holdsOneOf(words: string[]): RawBuilder<unknown> {
  return sql`exists (
    select 1 from listing_word as other
    where other."word" in (${sql.join(words)}) and other."type" = listing_word."type"
      and other."price" = listing_word."price" and other."id" = listing_word."id")`
}

export interface WordRowsRead {
  dialect: Dialect
  word: QueryWord
  /** the other query words, none of them broad */
  others: QueryWord[]
  column: 'price' | 'timestamp'
  direction: 'asc' | 'desc'
  /** the listing type asked for, or both */
  type: 'rent' | 'sale' | undefined
  minPrice: number | undefined
  maxPrice: number | undefined
  /** the page before's last listing: the read starts after it */
  cursor: ListingCursor | undefined
  /** checked in the index on PostgreSQL, where the rows carry the place */
  bbox: Bbox | undefined
}

/**
 * `readRows` rows at most of the word's whole words, in the sort's order, each as the listing's
 * key (SQLite: `seq`; PostgreSQL: `id`), its sort value and id. One index range scan per whole
 * word and type, merged: SQLite merges a sorted compound select, PostgreSQL a Merge Append.
 */
export function wordRows(read: WordRowsRead): RawBuilder<unknown> {
  const { dialect, column, direction } = read
  // SQLite reaches the listing by `seq`, its integer key; PostgreSQL by `id`, and checks the box
  // on the rows read.
  const columns = sql.raw(
    dialect === 'sqlite'
      ? '"seq", "type", "price", "timestamp", "id"'
      : '"type", "price", "timestamp", "id", "lat", "lng"',
  )
  const way = sql.raw(direction)
  const order = sql`${sql.ref(column)} ${way}, "id" ${way}`
  const conditions: RawBuilder<unknown>[] = []
  // Checked on the rows read, after the bound, on PostgreSQL: inside the ranges, its planner
  // would expect few rows, read every row of the word and sort them (110 ms for a common word
  // in a city's box, against 0.8 ms).
  const afterRead: RawBuilder<unknown>[] = []
  const priceRange: RawBuilder<unknown>[] = []
  if (read.minPrice !== undefined) priceRange.push(sql`"price" >= ${read.minPrice}`)
  if (read.maxPrice !== undefined) priceRange.push(sql`"price" <= ${read.maxPrice}`)
  if (dialect === 'postgres' && column === 'timestamp') afterRead.push(...priceRange)
  else conditions.push(...priceRange)
  if (read.cursor) {
    const operator = direction === 'asc' ? sql`>` : sql`<`
    conditions.push(
      sql`(${sql.ref(column)}, "id") ${operator} (${read.cursor.value}, ${read.cursor.id})`,
    )
  }
  if (dialect === 'postgres' && read.bbox) {
    afterRead.push(...boxConditions(read.bbox, sql.ref('lat'), sql.ref('lng')))
  }
  // SQLite would rather read a price range by the primary key and sort it; the newest index
  // reads in order and stops.
  const table =
    dialect === 'sqlite' && column === 'timestamp'
      ? sql`listing_word indexed by listing_word_newest`
      : sql`listing_word`
  const types = read.type === undefined ? (['rent', 'sale'] as const) : [read.type]
  const parts = read.word.wholeWords.flatMap((word, index) =>
    types.map((type) => {
      const own = [sql`"word" = ${word}`, sql`"type" = ${sql.lit(type)}`, ...conditions]
      // A listing with two of the whole words ('loft' and 'london' for 'lo') comes once.
      const before = read.word.wholeWords.slice(0, index)
      if (before.length > 0) own.push(sql`not ${holdsOneOf(before)}`)
      // The other query words, checked in the word table's own index before any listing is read.
      for (const other of read.others) own.push(holdsOneOf(other.wholeWords))
      const where = sql.join(own, sql` and `)
      const select = sql`select ${columns} from ${table} where ${where}`
      return select
    }),
  )
  const limit = sql`order by ${order} limit ${sql.lit(wordIndexLimits.readRows)}`
  // PostgreSQL merges parts that are each in order; SQLite merges a sorted compound select.
  const merged =
    parts.length === 1
      ? sql`${parts[0]} ${limit}`
      : sql`${sql.join(
          dialect === 'postgres' ? parts.map((part) => sql`(${part} order by ${order})`) : parts,
          sql` union all `,
        )} ${limit}`
  if (afterRead.length === 0) return merged
  return sql`select * from (${merged}) as bounded where ${sql.join(afterRead, sql` and `)}`
}

/**
 * A page of a text search, read from the word table in the sort's order, or undefined when every
 * query word is too broad. `complete` is false when the bounded read could not fill the page and
 * the word has more rows than it read: then the text index must give every match.
 */
export async function readWordPage(
  db: Db,
  page: SearchPage,
  words: QueryWord[],
): Promise<{ rows: SearchRow[]; complete: boolean } | undefined> {
  const word = drivingWord(words)
  if (!word) return undefined
  if (matchesNothing(words)) return { rows: [], complete: true }
  const { filter, sort, limit } = page.query
  const { column, direction } = sortOrders[sort]
  const ordered = wordRows({
    dialect: db.dialect,
    word,
    // The others that no description holds are checked in the word table; the rest on the listing.
    others: words.filter((each) => each !== word && !each.broad && inNamesOnly(each)),
    column,
    direction,
    type: filter.type,
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    cursor: page.cursor,
    bbox: filter.bbox && !isWholeWorld(filter.bbox) ? filter.bbox : undefined,
  })
  // The word table holds only listings on the market, so the public conditions; no cursor, the
  // read itself starts after it.
  const conditions = and(rowConditions(db, filter, 'active'))
  const way = sql.raw(direction)
  const rows = await readSearchRows(
    db,
    db.dialect === 'sqlite'
      ? // The read's order is kept: SQLite runs the subquery as a coroutine that the join follows.
        sql`
          select ${searchColumns} from (${ordered}) as word_rows
          cross join listing on listing.seq = word_rows.seq
          where ${conditions} limit ${limit}`
      : // A nested loop over the rows read, in their order, stopping at the page's last match:
        // the planner would otherwise read the box or text index whole and join by hash.
        sql`
          select listing.* from (${ordered}) as word_rows
          cross join lateral (
            select ${searchColumns} from listing
            where listing.id = word_rows.id and ${conditions} offset 0
          ) as listing
          order by word_rows.${sql.ref(column)} ${way}, word_rows.id ${way}
          limit ${limit}`,
  )
  return { rows, complete: rows.length === limit || readsEveryRow(word) }
}
