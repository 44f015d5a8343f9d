// Text search by the word table (migration 019): each query word becomes the whole words it
// starts (a few, from the vocabulary); the rarest query word's rows are read in the sort's order
// by an index range scan, and every other condition is checked on the listing, so that a page
// stops after its last match instead of sorting every match (decision 011).
import { sql, type RawBuilder } from 'kysely'
import type { Bbox } from '../../shared/listing-requests.js'
import type { Dialect } from '../db/database.js'

export const wordIndexLimits = {
  /** A query word that starts more words than this is too broad to drive the read. */
  wholeWords: 8,
  /** Rows of a word counted, to find the rarest query word: enough to tell rare from common. */
  countedRows: 1000,
  /** Rows of the driving word read before the text index takes over. */
  readRows: 3000,
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
    return {
      word,
      wholeWords: held.map((row) => row.word),
      rows: held.reduce((sum, row) => sum + Number(row.rows), 0),
      broad: own.length > wordIndexLimits.wholeWords,
    }
  })
}

/** The query word whose rows are read: the rarest of those that are not broad. */
export function drivingWord(words: QueryWord[]): QueryWord | undefined {
  const candidates = words.filter((word) => !word.broad)
  if (candidates.length === 0) return undefined
  return candidates.reduce((rarest, word) => (word.rows < rarest.rows ? word : rarest))
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
  /** the sort value and id of the last listing of the page before */
  after: { value: number; id: string } | undefined
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
  // SQLite reaches the listing by `seq`, its integer key; PostgreSQL by `id`.
  const columns = sql.raw(
    `${dialect === 'sqlite' ? '"seq", ' : ''}"type", "price", "timestamp", "id"`,
  )
  const way = sql.raw(direction)
  const order = sql`${sql.ref(column)} ${way}, "id" ${way}`
  const conditions: RawBuilder<unknown>[] = []
  if (read.minPrice !== undefined) conditions.push(sql`"price" >= ${read.minPrice}`)
  if (read.maxPrice !== undefined) conditions.push(sql`"price" <= ${read.maxPrice}`)
  if (read.after) {
    const operator = direction === 'asc' ? sql`>` : sql`<`
    conditions.push(
      sql`(${sql.ref(column)}, "id") ${operator} (${read.after.value}, ${read.after.id})`,
    )
  }
  if (dialect === 'postgres' && read.bbox) {
    const { south, north, west, east } = read.bbox
    conditions.push(sql`"lat" >= ${south} and "lat" <= ${north}`)
    conditions.push(
      west <= east
        ? sql`"lng" >= ${west} and "lng" <= ${east}`
        : sql`("lng" >= ${west} or "lng" <= ${east})`,
    )
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
  if (parts.length === 1) return sql`${parts[0]} ${limit}`
  // PostgreSQL merges parts that are each in order; SQLite merges a sorted compound select.
  const merged =
    dialect === 'postgres' ? parts.map((part) => sql`(${part} order by ${order})`) : parts
  return sql`${sql.join(merged, sql` union all `)} ${limit}`
}

export interface WordPageRead<Row> extends Omit<WordRowsRead, 'word' | 'others'> {
  words: QueryWord[]
  limit: number
  /** the columns a search row is made from */
  selectColumns: RawBuilder<unknown>
  /** every condition of the filter on the listing, the text's included */
  conditions: RawBuilder<unknown>[]
  rows(query: RawBuilder<unknown>): Promise<Row[]>
}

/**
 * A page of a text search, read from the word table in the sort's order, or undefined when every
 * query word is too broad. `complete` is false when the bounded read could not fill the page and
 * the word has more rows than it read: then the text index must give every match.
 */
export async function readWordPage<Row>(
  read: WordPageRead<Row>,
): Promise<{ rows: Row[]; complete: boolean } | undefined> {
  const word = drivingWord(read.words)
  if (!word) return undefined
  // A word that starts no word of a listing on the market: nothing matches.
  if (read.words.some((each) => !each.broad && each.wholeWords.length === 0)) {
    return { rows: [], complete: true }
  }
  const others = read.words.filter((each) => each !== word && !each.broad)
  const ordered = wordRows({ ...read, word, others })
  const conditions = sql.join(read.conditions, sql` and `)
  const way = sql.raw(read.direction)
  const rows = await read.rows(
    read.dialect === 'sqlite'
      ? // The read's order is kept: SQLite runs the subquery as a coroutine that the join follows.
        sql`
          select ${read.selectColumns} from (${ordered}) as word_rows
          cross join listing on listing.seq = word_rows.seq
          where ${conditions} limit ${read.limit}`
      : // A nested loop over the rows read, in their order, stopping at the page's last match:
        // the planner would otherwise read the box or text index whole and join by hash.
        sql`
          select listing.* from (${ordered}) as word_rows
          cross join lateral (
            select ${read.selectColumns} from listing
            where listing.id = word_rows.id and ${conditions} offset 0
          ) as listing
          order by word_rows.${sql.ref(read.column)} ${way}, word_rows.id ${way}
          limit ${read.limit}`,
  )
  return { rows, complete: rows.length === read.limit || readsEveryRow(word) }
}
