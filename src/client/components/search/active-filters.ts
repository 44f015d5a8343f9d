// The filters a search applies, each in words and with the search that is left without it: the
// chips above the results and the empty state's ways to loosen a search are made from these.
import { formatPrice } from '../../../shared/format'
import type { ListingFilter } from '../../../shared/listing-requests'

export interface ActiveFilter {
  /** Which part of the search it is; both prices are one filter. */
  key:
    'q' | 'type' | 'price' | 'bedrooms' | 'bathrooms' | 'parking' | 'furnished' | 'offer' | 'area'
  /** 'Up to $2,000', '3+ bedrooms' */
  label: string
  /** The same search without this filter. */
  without: ListingFilter
}

/** The keys the filter panel sets; the text and the map area are set elsewhere on the page. */
export const panelFilterKeys: readonly ActiveFilter['key'][] = [
  'type',
  'price',
  'bedrooms',
  'bathrooms',
  'parking',
  'furnished',
  'offer',
]

const dollars = (amount: number) => `$${formatPrice(amount)}`

function priceLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${dollars(min)} – ${dollars(max)}`
  return min !== undefined ? `From ${dollars(min)}` : `Up to ${dollars(max!)}`
}

/** Each filter of the search, in the order the panel shows them. */
export function activeFilters(filter: ListingFilter): ActiveFilter[] {
  const active: ActiveFilter[] = []
  const add = (key: ActiveFilter['key'], label: string, ...names: (keyof ListingFilter)[]) => {
    const without = { ...filter }
    for (const name of names) delete without[name]
    active.push({ key, label, without })
  }
  if (filter.q !== undefined) add('q', `“${filter.q}”`, 'q')
  if (filter.type) add('type', filter.type === 'rent' ? 'For rent' : 'For sale', 'type')
  if (filter.minPrice !== undefined || filter.maxPrice !== undefined) {
    add('price', priceLabel(filter.minPrice, filter.maxPrice), 'minPrice', 'maxPrice')
  }
  if (filter.minBedrooms !== undefined) {
    add('bedrooms', `${filter.minBedrooms}+ bedrooms`, 'minBedrooms')
  }
  if (filter.minBathrooms !== undefined) {
    add('bathrooms', `${filter.minBathrooms}+ bathrooms`, 'minBathrooms')
  }
  if (filter.parking !== undefined)
    add('parking', filter.parking ? 'Parking' : 'No parking', 'parking')
  if (filter.furnished !== undefined) {
    add('furnished', filter.furnished ? 'Furnished' : 'Unfurnished', 'furnished')
  }
  if (filter.offer !== undefined) add('offer', filter.offer ? 'Offers only' : 'No offers', 'offer')
  if (filter.bbox) add('area', 'Map area', 'bbox')
  return active
}
