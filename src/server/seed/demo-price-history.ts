// The price histories of a few demo homes of the first start, so that the demo shows the chart and
// the badges' rule: a cut on the first page of Explore ('Reduced'), a raise taken back (not
// reduced), two cuts over months (reduced) and one cut long ago (no longer 'Reduced').
import type { ListingType } from '../../shared/listing.js'
import type { ListingPrices } from '../listings/price-history.queries.js'

const hourMs = 3_600_000
const dayMs = 24 * hourMs

interface PriceMoves {
  /** how long ago the home was listed, when longer ago than the seed's spacing puts it */
  listedAgoMs?: number
  /** the prices before today's, oldest first, as multiples of today's; the first at publication */
  earlier: number[]
  /** how long ago each later price began, today's last */
  changedAgoMs: number[]
}

/** By demo index (0 is the first ever seeded; the first page of Explore is 0 to 9). */
const demoPriceMoves: Record<number, PriceMoves> = {
  6: { earlier: [1.06], changedAgoMs: [1 * hourMs] },
  14: { listedAgoMs: 50 * dayMs, earlier: [1, 1.06], changedAgoMs: [20 * dayMs, 6 * dayMs] },
  21: { listedAgoMs: 80 * dayMs, earlier: [1.12, 1.06], changedAgoMs: [40 * dayMs, 9 * dayMs] },
  27: { listedAgoMs: 70 * dayMs, earlier: [1.08], changedAgoMs: [45 * dayMs] },
}

/** The prices a listing had from `at` on. */
export type DemoPrices = ListingPrices & { at: number }

type PricedHome = ListingPrices & { type: ListingType }

/**
 * Demo listing number `index`'s prices, oldest first, the first at its publication: today's alone
 * for most homes. `listedAt` is when the seed's spacing puts it; a home with a history may be older.
 */
export function demoPriceHistory(
  index: number,
  home: PricedHome,
  listedAt: number,
  now: number,
): DemoPrices[] {
  const { regularPrice, discountedPrice, offer } = home
  const today = { regularPrice, discountedPrice, offer }
  const todayPrice = offer && discountedPrice !== null ? discountedPrice : regularPrice
  const moves = demoPriceMoves[index]
  if (!moves) return [{ at: listedAt, ...today }]
  const step = home.type === 'rent' ? 50 : 1000
  const starts = [
    moves.listedAgoMs === undefined ? listedAt : now - moves.listedAgoMs,
    ...moves.changedAgoMs.map((ago) => now - ago),
  ]
  const earlier = moves.earlier.map((factor, k) => {
    const price = Math.round((todayPrice * factor) / step) * step
    // On offer, an earlier price was a smaller discount off the same regular price.
    const onOffer = offer && price < regularPrice
    return {
      at: starts[k]!,
      regularPrice: onOffer ? regularPrice : price,
      discountedPrice: onOffer ? price : null,
      offer: onOffer,
    }
  })
  return [...earlier, { at: starts.at(-1)!, ...today }]
}
