// The homes a listing is compared with on its statistics screen: on the market, of the same type
// (rent or sale), within a radius, at a price within a share of its own; the nearest first.
import { sql } from 'kysely'
import type { Bbox } from '../../shared/listing-requests.js'
import { kmBetween } from '../../shared/geolocation.js'
import { effectivePrice, type Geolocation, type Listing } from '../../shared/listing.js'
import type { Db } from '../db/database.js'
import { mapMatches } from './search/map-matches.js'

export interface SimilarHomes {
  radiusKm: number
  /** 0.3: a price from 70% to 130% of the listing's own */
  priceShare: number
  /** the nearest this many at most */
  max: number
}

/** The ids of the listing's similar homes, nearest first; the listing itself is not one. */
export async function similarListingIds(
  db: Db,
  listing: Pick<
    Listing,
    'id' | 'type' | 'geolocation' | 'regularPrice' | 'discountedPrice' | 'offer'
  >,
  similar: SimilarHomes,
): Promise<string[]> {
  const price = effectivePrice(listing)
  const filter = {
    type: listing.type,
    minPrice: Math.ceil(price * (1 - similar.priceShare)),
    maxPrice: Math.floor(price * (1 + similar.priceShare)),
  }
  const center = listing.geolocation
  const rows = await sql<{ id: string; lat: number; lng: number }>`
    select listing.id, listing.lat, listing.lng
    from ${mapMatches(db, filter, boxAround(center, similar.radiusKm))}`.execute(db.kysely)
  return rows.rows
    .flatMap((row) => {
      const km = kmBetween(center, { lat: row.lat, lng: row.lng })
      return row.id !== listing.id && km <= similar.radiusKm ? [{ id: row.id, km }] : []
    })
    .sort((a, b) => a.km - b.km || (a.id < b.id ? -1 : 1))
    .slice(0, similar.max)
    .map((row) => row.id)
}

/** A box that holds every point within `km` of `center` (clamped at the poles and at ±180°). */
export function boxAround(center: Geolocation, km: number): Bbox {
  const kmPerDegree = 111.19
  const dLat = km / kmPerDegree
  const cosLat = Math.cos((Math.min(89, Math.abs(center.lat) + dLat) * Math.PI) / 180)
  const dLng = km / (kmPerDegree * cosLat)
  return {
    west: Math.max(-180, center.lng - dLng),
    south: Math.max(-90, center.lat - dLat),
    east: Math.min(180, center.lng + dLng),
    north: Math.min(90, center.lat + dLat),
  }
}
