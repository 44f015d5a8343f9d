// The listings of the sitemap, in pages of at most `pageSize` (docs/decisions/018-sitemaps-and-
// deleted-listings.md). A page is a range of the (timestamp, id) order; `sitemap_page` keeps where
// each page after the first begins. A page that grows past `pageSize` (new listings at the end,
// or an older listing reopened or inserted late) is split: its overflow becomes a new page with
// the next free number, so every page's address keeps naming the listings it named, or fewer.
// Each read is bounded by `pageSize + 1` keys of the active listings' index; none reads the table.
import { sql } from 'kysely'
import type { Db } from '../db/database.js'

/** The protocol's limit of URLs in one sitemap. */
export const sitemapPageLimit = 50_000

export interface SitemapListing {
  id: string
  type: 'rent' | 'sale'
  /** milliseconds since the epoch: the listing's last change, else its creation */
  changedAt: number
}

interface Key {
  timestamp: number
  id: string
}

/** A page's range: from `first` (the start, for page 1) up to the next page's first key. */
interface PageRange {
  page: number
  first: Key | undefined
  next: Key | undefined
}

export function createSitemapPages(db: Db, options: { pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? sitemapPageLimit
  const kysely = db.kysely

  /**
   * Every page's range, in key order (the database's, as its index orders the ids). The table
   * holds a row per 50,000 listings.
   */
  async function ranges(): Promise<PageRange[]> {
    const rows = await kysely
      .selectFrom('sitemap_page')
      .select(['page', 'firstTimestamp', 'firstId'])
      .orderBy('firstTimestamp')
      .orderBy('firstId')
      .execute()
    const pages: { page: number; first: Key | undefined }[] = [
      { page: 1, first: undefined },
      ...rows.map((row) => ({
        page: row.page,
        first: { timestamp: Number(row.firstTimestamp), id: row.firstId },
      })),
    ]
    return pages.map((page, index) => ({ ...page, next: pages[index + 1]?.first }))
  }

  /** The conditions of the range's active listings: an index scan of `listing_newest` between keys. */
  function inRange(range: PageRange) {
    const conditions = [sql`"status" = ${sql.lit('active')}`]
    if (range.first) {
      conditions.push(sql`("timestamp", "id") >= (${range.first.timestamp}, ${range.first.id})`)
    }
    if (range.next) {
      conditions.push(sql`("timestamp", "id") < (${range.next.timestamp}, ${range.next.id})`)
    }
    return sql.join(conditions, sql` and `)
  }

  /** The range's active listings in key order, `limit` at most. */
  async function read(range: PageRange, limit: number): Promise<(SitemapListing & Key)[]> {
    const { rows } = await sql<{
      id: string
      type: 'rent' | 'sale'
      timestamp: number | string
      changedAt: number | string | null
    }>`
      select "id", "type", "timestamp", "changedAt" from listing where ${inRange(range)}
      order by "timestamp", "id" limit ${sql.lit(limit)}`.execute(kysely)
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      timestamp: Number(row.timestamp),
      changedAt: Number(row.changedAt ?? row.timestamp),
    }))
  }

  /** `limit` keys of the range's active listings after the first `skip`: the index alone. */
  async function keys(range: PageRange, skip: number, limit: number): Promise<Key[]> {
    const { rows } = await sql<{ timestamp: number | string; id: string }>`
      select "timestamp", "id" from listing where ${inRange(range)}
      order by "timestamp", "id" limit ${sql.lit(limit)} offset ${sql.lit(skip)}`.execute(kysely)
    return rows.map((row) => ({ timestamp: Number(row.timestamp), id: row.id }))
  }

  /**
   * Splits the page at `overflow`, the first key past its first `pageSize` listings: it begins a
   * new page. Two servers may race; the page number and the key are unique, so one split wins
   * and the other's insert does nothing. Returns whether the ranges changed.
   */
  async function split(overflow: Key | undefined): Promise<boolean> {
    if (!overflow) return false
    const last = await kysely
      .selectFrom('sitemap_page')
      .select((eb) => eb.fn.max('page').as('page'))
      .executeTakeFirst()
    await kysely
      .insertInto('sitemap_page')
      .values({
        page: Math.max(1, Number(last?.page ?? 1)) + 1,
        firstTimestamp: overflow.timestamp,
        firstId: overflow.id,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
    return true
  }

  return {
    pageSize,

    /**
     * The numbers of the pages that hold a listing, in page order. The page at the end of the key
     * order is split first while it is over `pageSize`: that is where new listings arrive.
     */
    async pages(): Promise<number[]> {
      let all = await ranges()
      for (;;) {
        const end = all[all.length - 1]!
        if (!(await split((await keys(end, pageSize, 1))[0]))) break
        all = await ranges()
      }
      const filled: number[] = []
      for (const range of all) {
        if ((await keys(range, 0, 1)).length > 0) filled.push(range.page)
      }
      return filled.sort((a, b) => a - b)
    },

    /** The page's listings in key order, or undefined for a page that does not exist. */
    async listings(page: number): Promise<SitemapListing[] | undefined> {
      let range = (await ranges()).find((candidate) => candidate.page === page)
      if (!range) return undefined
      let listings = await read(range, pageSize + 1)
      if (await split(listings[pageSize])) {
        range = (await ranges()).find((candidate) => candidate.page === page)!
        listings = await read(range, pageSize)
      }
      return listings.map(({ id, type, changedAt }) => ({ id, type, changedAt }))
    },
  }
}

export type SitemapPages = ReturnType<typeof createSitemapPages>
