// A hidden listing is seen by its owner, who reads why, and by the moderators; by nobody else.
import type { Listing } from '../../shared/listing.js'
import type { PublicUser } from '../../shared/profile.js'
import type { ListingQueries } from '../listings/listings.queries.js'
import type { Moderators } from './moderators.js'

export interface HiddenListingReader {
  /**
   * The hidden listing when the person asking (`asking`, read only for a hidden listing) may see
   * it; undefined for any other listing or person.
   */
  read(listingId: string, asking: () => Promise<PublicUser | null>): Promise<Listing | undefined>
}

export function createHiddenListingReader(deps: {
  listings: Pick<ListingQueries, 'get'>
  moderators: Moderators
}): HiddenListingReader {
  const { listings, moderators } = deps
  return {
    async read(listingId, asking) {
      const listing = await listings.get(listingId, { withHidden: true })
      if (listing?.status !== 'hidden') return undefined
      const user = await asking()
      if (!user) return undefined
      if (listing.userRef === user.id || (await moderators.isModerator(user))) return listing
      return undefined
    },
  }
}
