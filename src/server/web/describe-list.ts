// A list screen's head and data: Explore's carousel, Offers, a category, a search; from the
// list's start, or from a 'Load More' link's cursor.
import { limits } from '../../shared/listing.js'
import { listingsPath, type ListingQuery } from '../../shared/listing-query.js'
import type { ListingFilter, ListingSort } from '../../shared/listing-requests.js'
import { CursorMismatchError, readListingPage } from '../listings/read-listing-page.js'
import type { PageMeta, PageReads } from './page-meta.js'

export interface ListScreen {
  title: string
  description: string
  filter: ListingFilter
  sort?: ListingSort
  /** Explore's carousel rather than a list with 'Load More'. */
  recommended?: boolean
  /** How the list shows its first cover. */
  sizes: string
}

/**
 * A list screen: rendered with its first page of listings, whose first cover is preloaded. With a
 * cursor (the address of a 'Load More' link), the page after it, if the cursor is one this list
 * handed out.
 */
export async function describeList(
  screen: ListScreen,
  { db, media, now = Date.now }: PageReads,
  cursor?: string,
): Promise<PageMeta> {
  const { filter, sort = 'newest', recommended } = screen
  const limit = recommended ? limits.recommendedCount : limits.pageSize
  const query: ListingQuery = { filter, sort, limit, ...(cursor !== undefined && { cursor }) }
  let read
  try {
    read = await readListingPage({ db, media, now }, query)
  } catch (error) {
    if (error instanceof CursorMismatchError)
      return { title: screen.title, badCursor: true, noindex: true }
    throw error
  }
  const { value: page, version } = read
  const cover = page.items[0]?.imageUrls[0]
  return {
    title: screen.title,
    description: screen.description,
    // The preload names the first read to the byte, which only the newest-first order's path does.
    data: sort === 'newest' && !cursor ? listingsPath({ filter, sort, limit }) : undefined,
    pageData: {
      value: recommended
        ? { recommended: page.items }
        : { listingPages: { filter, sort, cursor, page } },
      version,
    },
    image: cover ? { url: cover, sizes: screen.sizes } : undefined,
    listings: page.items,
    // A first page shorter than its limit is the whole list; a full one may go on.
    listComplete: page.items.length < limit,
    // A later page's listings move on as homes are added: its links are for following (to reach
    // every listing), not a page to index. Its canonical link names it, not the first page.
    noindex: cursor !== undefined,
  }
}
