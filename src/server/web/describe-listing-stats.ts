// A listing's statistics screen: for its owner, server-rendered with the default period; for
// anyone else, not found.
import { idPattern } from '../../shared/ids.js'
import { statsDays } from '../../shared/listing-stats.js'
import { notFoundTitle, screens } from '../../shared/screens.js'
import type { PageMeta, PageReads } from './page-meta.js'

/** Never kept (no version): the counts change with every view, and the page is one person's. */
export async function describeListingStats(listingId: string, reads: PageReads): Promise<PageMeta> {
  const own = idPattern.test(listingId) ? await reads.ownListingStats?.(listingId) : undefined
  if (!own) return { title: notFoundTitle, notFound: true }
  const { listing, stats } = own
  return {
    title: `${screens.listingStats.title}: ${listing.name}`,
    noindex: true,
    pageData: {
      value: {
        listing: { id: listing.id, value: listing },
        listingStats: { id: listing.id, days: statsDays.default, value: stats },
      },
      version: undefined,
    },
  }
}
