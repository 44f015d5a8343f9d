// The badges a listing carries and when its price last changed, from its price history: 'new'
// while listed under 7 days, 'reduced' while the price a buyer pays is at least 3% below its
// reference price (the price it had 30 days ago, or its first price if published since).
import type { ListingBadge } from '../../shared/listing.js'

const day = 86_400_000

/** How long a listing is 'new' after its publication (its history's first entry). */
export const newFor = 7 * day

/** How far back the reference price of 'reduced' is taken. */
export const referenceAge = 30 * day

/** 'reduced' when the price is at most this share of its reference price (3% below it). */
const reducedShare = { parts: 97, of: 100 }

/** One entry of a listing's price history: when, and the price a buyer paid from then. */
export interface PricePoint {
  at: number
  price: number
}

export interface PriceBadges {
  badges: ListingBadge[]
  /** the last entry's time when the price ever changed */
  priceChangedAt?: number
}

/**
 * The badges at `now` of a listing whose history holds `entries` (oldest first; the last is the
 * price it has now). No entries, no badges.
 */
export function priceBadges(entries: PricePoint[], now: number): PriceBadges {
  const first = entries[0]
  const last = entries.at(-1)
  if (!first || !last) return { badges: [] }
  const badges: ListingBadge[] = []
  if (now - first.at < newFor) badges.push('new')
  // The last price at or before 30 days ago: a raise and a cut back within 30 days is no reduction.
  const cutoff = now - referenceAge
  const reference = entries.findLast((entry) => entry.at <= cutoff) ?? first
  if (last.price * reducedShare.of <= reference.price * reducedShare.parts) badges.push('reduced')
  return entries.length > 1 ? { badges, priceChangedAt: last.at } : { badges }
}
