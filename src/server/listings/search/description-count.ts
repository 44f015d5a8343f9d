// How many listings on the market hold a query word in their description, up to a bound: the
// text search's probe reads it beside the vocabulary's rows (search/word-index.ts) to choose how a
// page is read (decision 048, description search).
import { sql, type RawBuilder } from 'kysely'
import type { Dialect } from '../../db/database.js'
import { textMatch } from './search-conditions.js'

export interface DescriptionCountLimits {
  /** each count stops at this many */
  countedRows: number
  /** a query word shorter than this is not looked up in the descriptions' text index */
  describedWordLength: number
}

/** The word itself, or every word it starts. */
type Match = 'term' | 'prefix'

/** Where a query word's description count comes in a probe's rows: after every vocabulary row. */
export const descriptionPosition = 1000

/**
 * For each query word long enough, how many listings on the market hold a word it starts in their
 * description, up to `countedRows`: rows of the probe, as `vocabularyQuery` gives them.
 */
export function descriptionCountQuery(
  dialect: Dialect,
  words: string[],
  limits: DescriptionCountLimits,
): RawBuilder<{ position: number; word: string; rows: number | string }> | undefined {
  const parts = words.flatMap((word, position) => {
    if ([...word].length < limits.describedWordLength) return []
    return [
      sql`
        select ${sql.lit(descriptionPosition + position)} as "position", '' as "word",
          ${descriptionCount(dialect, word, limits.countedRows)} as "rows"`,
    ]
  })
  if (parts.length === 0) return undefined
  return sql.join(parts, sql` union all `) as RawBuilder<{
    position: number
    word: string
    rows: number | string
  }>
}

/**
 * The descriptions that hold a word the query word starts, counted up to `countedRows`: the word
 * itself first. Both text indexes merge the lists of every term a prefix starts before giving a
 * row, but read one term's list as they go; when the word itself is in `countedRows`
 * descriptions, so is its prefix, which is then not counted (figures: decision 048).
 */
function descriptionCount(dialect: Dialect, word: string, countedRows: number) {
  const counted = dialect === 'sqlite' ? sqliteDescriptionCount : postgresDescriptionCount
  const upTo = sql.lit(countedRows)
  const common =
    dialect === 'postgres' ? sql`when ${commonInStatistics(word, countedRows)} then ${upTo}` : sql``
  return sql`(case ${common}
    when ${counted(word, 'term', countedRows)} >= ${upTo} then ${upTo}
    else ${counted(word, 'prefix', countedRows)} end)`
}

/**
 * Whether PostgreSQL's statistics of the descriptions' words (ANALYZE's most common elements of
 * `descriptionSearch`, with the share of rows holding each) put the word in `countedRows`
 * listings or more. Even its own term's count reads every entry of the word in the GIN index;
 * this reads one row of `pg_stats`. A word grown common since the last ANALYZE is counted; one
 * the statistics call common that no longer is only takes the slower way to the same page, since
 * the count chooses how the page is read, never what it holds.
 */
function commonInStatistics(word: string, countedRows: number): RawBuilder<unknown> {
  return sql`coalesce((
    select stats.most_common_elem_freqs[
        array_position(stats.most_common_elems::text::text[], ${word})]
      * (select reltuples from pg_class where oid = 'listing'::regclass)
    from pg_stats as stats
    where stats.schemaname = current_schema() and stats.tablename = 'listing'
      and stats.attname = 'descriptionSearch'
  ), 0) >= ${sql.lit(countedRows)}`
}

function sqliteDescriptionCount(word: string, match: Match, countedRows: number) {
  const query = match === 'term' ? `"${word}"` : textMatch([word])
  return sql`(select count(*) from (
    select 1 from listing_description_text where listing_description_text match ${query}
    limit ${sql.lit(countedRows)}
  ) as counted)`
}

/**
 * PostgreSQL would count a common word's first 1,000 by a scan of the table, stopping at the
 * 1,000th: it prices the GIN index's prefix match high. A CTE is planned for all of its rows, so
 * by the GIN index, and read only as far as the count goes.
 */
function postgresDescriptionCount(word: string, match: Match, countedRows: number) {
  const query = match === 'term' ? word : `${word}:*`
  return sql`(
    with matches as materialized (
      select 1 from listing
      where "descriptionSearch" @@ to_tsquery('simple', ${query})
        and "status" = ${sql.lit('active')}
    )
    select count(*) from (
      select 1 from matches limit ${sql.lit(countedRows)}
    ) as counted
  )`
}
