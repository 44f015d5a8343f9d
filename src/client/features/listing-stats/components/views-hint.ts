// What the owner reads beside the totals: how the listing's views compare with similar homes'.
import { formatCount } from '../../../../shared/format'
import { similarHomes, type ListingStats } from '../../../../shared/listing-stats'

/** One line on the views against the similar homes' median, or why there is no comparison. */
export function viewsHint({ totals, similar }: ListingStats): string {
  if (similar.listings === 0 || !similar.medians) return 'No similar homes nearby to compare with.'
  if (totals.views < similar.medians.views) {
    return 'Fewer views than similar homes: consider the price or photos.'
  }
  if (totals.views > similar.medians.views) return 'More views than similar homes.'
  return 'As many views as similar homes.'
}

/** 'Compared with 12 similar homes within 5 km'; nothing when there are none. */
export function comparedWithText({ similar }: ListingStats): string | undefined {
  if (similar.listings === 0) return undefined
  const homes = formatCount(similar.listings, 'similar home', 'similar homes')
  return `Compared with ${homes} within ${similarHomes.radiusKm} km`
}
