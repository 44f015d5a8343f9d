// A search's page on SQLite. SQLite keeps no statistics for bound values, so this code picks the
// index that drives the read (decision 011).
import { sql, type RawBuilder } from 'kysely'
import type { Bbox, ListingFilter, ListingSort } from '../../../shared/listing-requests.js'
import type { Db } from '../../db/database.js'
import { polygonBox } from '../../../shared/polygon.js'
import { isWholeWorld } from '../map-grid.js'
import { queryWords } from '../search-words.js'
import {
  keysetCondition,
  orderBy,
  rowConditions,
  sortIndexConditions,
  textMatch,
  type SearchPage,
} from './search-conditions.js'
import { homeTypePage, homeTypesLead } from './home-type-ranges.js'
import { and, readSearchRows, searchColumns, type SearchRow } from './search-rows.js'
import {
  drivingWord,
  matchesNothing,
  namesOnlyWords,
  queryWordsOf,
  rarestDescribedWord,
  readWordPage,
  wordsQuery,
  type QueryWord,
} from './word-index.js'

/**
 * How many rows a selective index may hand over before it is no longer the cheaper way in, and
 * how many rows of a sort index are scanned before the scan gives up for a selective index.
 */
const selectiveRows = 2000
/**
 * Under a price sort an area's box drives up to this many rows: a city's listings lie far apart
 * in the price order, and reading its box (a city's ten thousand at a million) costs less than a
 * bounded scan that comes up short and then the box anyway.
 */
const areaRowsByPrice = 20_000
const scannedRows = 3000

/**
 * A selective index (the map box, a price range under the newest sort) that holds fewer rows than
 * the text's rarest word drives the read; otherwise, with text, a bounded read of that word's rows
 * in the sort's order (search/word-index.ts) when no description holds it, or all the listings of
 * a word that few names and descriptions hold, sorted; and else a bounded scan of the sort index
 * checks each row; if that cannot fill the page, the text indexes drive, or an area's box, or the
 * whole scan goes on.
 */
export async function readSqliteSearchPage(db: Db, page: SearchPage): Promise<SearchRow[]> {
  const { query, cursor, conditions } = page
  const { filter, sort, limit } = query
  const words = filter.q === undefined ? [] : queryWords(filter.q)
  const probed = await probe(db, filter, sort, words)
  if (matchesNothing(probed.words)) return []
  const word = drivingWord(probed.words)
  const described = rarestDescribedWord(probed.words)
  // Only the sort's keys are sorted, then the page's rows read: a description is a kilobyte.
  const drivenBy = (rows: RawBuilder<unknown>, rowsConditions = conditions) =>
    readSearchRows(
      db,
      sql`
        select ${searchColumns} from (
          select listing.seq from (${rows}) as driver
          cross join listing on listing.seq = driver.seq
          where ${and(rowsConditions)}
          order by ${orderBy(sort)} limit ${limit}
        ) as sorted
        cross join listing on listing.seq = sorted.seq`,
    )
  // The rows of a word's text indexes all hold it: the other words are checked on them.
  const drivenByText = (word: string) =>
    drivenBy(textSeqs(word), [
      ...rowConditions(
        db,
        { ...filter, q: words.filter((each) => each !== word).join(' ') || undefined },
        'active',
      ),
      ...keysetCondition(sort, cursor),
    ])
  const fewest =
    word?.rows ??
    (described?.few ? described.word.rows + described.word.descriptionRows! : undefined)
  if (probed.small && (fewest === undefined || probed.small.count < fewest)) {
    return drivenBy(probed.small.rows)
  }
  if (word) {
    const read = await readWordPage(db, page, probed.words)
    if (read?.complete) return read.rows
    return readSearchRows(db, textIndexPage(namesOnlyWords(probed.words), page))
  }
  if (described?.few) return drivenByText(described.word.word)
  if (words.length === 0 && homeTypesLead(filter, 'active')) {
    return readSearchRows(db, homeTypePage(db, page))
  }
  const scanned = sql`
    select listing.seq from listing
    where ${and([...sortIndexConditions(db, filter, sort, 'active'), ...keysetCondition(sort, cursor)])}
    order by ${orderBy(sort)} limit ${sql.lit(scannedRows)}`
  // The scan's order is kept: SQLite runs the subquery as a coroutine that the join follows.
  const found = await readSearchRows(
    db,
    sql`
      select ${searchColumns} from (${scanned}) as scanned
      cross join listing on listing.seq = scanned.seq
      where ${and(conditions)} limit ${limit}`,
  )
  if (found.length === limit) return found
  // An area's box holds a city's listings, a few thousand: fewer to read and sort than a scan of
  // the sort index that finds its matches far apart (1.8 s for a price sort at a million).
  if (words.length === 0 && filter.polygon) return drivenBy(areaSeqs(filterBoxes(filter)))
  if (described) return drivenByText(described.word.word)
  // No text, or only words too short to look up in the descriptions: every row is checked.
  return readSearchRows(db, page.sortIndexScan())
}

/** Every match of the words, which only names and locations hold, from their text index, sorted. */
function textIndexPage(words: string[], page: SearchPage) {
  const { sort, limit } = page.query
  return sql`
    select ${searchColumns} from listing_text
    cross join listing on listing.seq = listing_text.rowid
    where listing_text match ${textMatch(words)} and ${and(page.conditions)}
    order by ${orderBy(sort)} limit ${limit}`
}

/**
 * The seqs of the listings with a word that `word` starts in their name, location or
 * description, from the two text indexes.
 */
export function textSeqs(word: string) {
  return sql`
    select rowid as seq from listing_text where listing_text match ${textMatch([word])}
    union
    select rowid as seq from listing_description_text
    where listing_description_text match ${textMatch([word])}`
}

/**
 * In one statement: what the vocabulary knows of each query word, and the smaller of the box and
 * the price range when it holds few listings (counted with a `LIMIT`, so the count stays cheap).
 */
async function probe(
  db: Db,
  filter: ListingFilter,
  sort: ListingSort,
  words: string[],
): Promise<{ words: QueryWord[]; small?: { rows: RawBuilder<unknown>; count: number } }> {
  const candidates = selectiveIndexes(filter, sort)
  const parts = candidates.map(
    (candidate, index) => sql`
      select ${sql.lit(-1 - index)} as "position", ${sql.lit(candidate.name)} as "word",
        (select count(*) from (${candidate.rows} limit ${sql.lit(candidate.most)})) as "rows"`,
  )
  if (words.length > 0) parts.push(wordsQuery(db.dialect, words))
  if (parts.length === 0) return { words: [] }
  const { rows: found } = await sql<{ position: number; word: string; rows: number }>`${sql.join(
    parts,
    sql` union all `,
  )}`.execute(db.kysely)
  let small: { rows: RawBuilder<unknown>; count: number } | undefined
  candidates.forEach((candidate, index) => {
    const count = Number(found.find((row) => Number(row.position) === -1 - index)!.rows)
    if (count < candidate.most && (!small || count < small.count)) {
      small = { rows: candidate.rows, count }
    }
  })
  return { words: words.length > 0 ? queryWordsOf(words, found) : [], small }
}

/** The box and the price range (under the newest sort), as seqs, when the filter has them. */
function selectiveIndexes(filter: ListingFilter, sort: ListingSort) {
  const candidates: { name: string; rows: RawBuilder<unknown>; most: number }[] = []
  const boxes = filterBoxes(filter)
  if (boxes.length > 0) {
    const most = filter.polygon && sort !== 'newest' ? areaRowsByPrice : selectiveRows
    candidates.push({ name: 'area', rows: areaSeqs(boxes), most })
  }
  const priceRange = filter.minPrice !== undefined || filter.maxPrice !== undefined
  if (priceRange && sort === 'newest') {
    const range = [
      sql`status = ${sql.lit('active')}`,
      filter.minPrice === undefined ? sql`1 = 1` : sql`price >= ${filter.minPrice}`,
      filter.maxPrice === undefined ? sql`1 = 1` : sql`price <= ${filter.maxPrice}`,
    ]
    candidates.push({
      name: 'price',
      rows: sql`select seq from listing indexed by listing_price where ${and(range)}`,
      most: selectiveRows,
    })
  }
  return candidates
}

/** The filter's box and its polygon's, when it has them. */
/** The boxes a filter's rows lie in: its map box (unless the whole world) and its polygon's. */
export function filterBoxes(filter: ListingFilter): Bbox[] {
  const boxes = filter.bbox && !isWholeWorld(filter.bbox) ? [filter.bbox] : []
  if (filter.polygon) boxes.push(polygonBox(filter.polygon))
  return boxes
}

/**
 * The seqs of listings that may lie in every one of the boxes (a map's, a polygon's): the R*Tree
 * rounds outwards, the rows decide.
 */
export function areaSeqs(boxes: Bbox[]) {
  const inside = boxes.map((bbox) => {
    const longitudes =
      bbox.west <= bbox.east
        ? sql`maxLng >= ${bbox.west} and minLng <= ${bbox.east}`
        : sql`(maxLng >= ${bbox.west} or minLng <= ${bbox.east})`
    return sql`maxLat >= ${bbox.south} and minLat <= ${bbox.north} and ${longitudes}`
  })
  return sql`select seq from listing_area where ${sql.join(inside, sql` and `)}`
}
