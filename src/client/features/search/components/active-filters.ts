// The filters a search applies, each in words and with the search that is left without it: the
// chips above the results and the empty state's ways to loosen a search are made from these.
import type { ListingFilter } from '../../../../shared/listing-requests'
import { filterWords } from '../../../../shared/search-summary'

export interface ActiveFilter {
  /** Which part of the search it is; both prices are one filter. */
  key:
    | 'q'
    | 'place'
    | 'type'
    | 'price'
    | 'bedrooms'
    | 'bathrooms'
    | 'floorArea'
    | 'availableBy'
    | 'homeType'
    | 'parking'
    | 'furnished'
    | 'offer'
    | 'petsAllowed'
    | 'area'
    | 'areaOnMap'
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
  'floorArea',
  'availableBy',
  'homeType',
  'parking',
  'furnished',
  'offer',
  'petsAllowed',
]

/**
 * Each filter of the search, in the order the panel shows them. The place is named by its name once
 * it is known, and as 'Place' until then.
 */
export function activeFilters(filter: ListingFilter, placeName = 'Place'): ActiveFilter[] {
  const active: ActiveFilter[] = []
  const add = (key: ActiveFilter['key'], label: string, ...names: (keyof ListingFilter)[]) => {
    const without = { ...filter }
    for (const name of names) delete without[name]
    active.push({ key, label, without })
  }
  if (filter.q !== undefined) add('q', `“${filter.q}”`, 'q')
  if (filter.place !== undefined) add('place', placeName, 'place')
  if (filter.type) add('type', filter.type === 'rent' ? 'For rent' : 'For sale', 'type')
  if (filter.minPrice !== undefined || filter.maxPrice !== undefined) {
    add('price', filterWords.price(filter.minPrice, filter.maxPrice), 'minPrice', 'maxPrice')
  }
  if (filter.minBedrooms !== undefined) {
    add('bedrooms', filterWords.bedrooms(filter.minBedrooms), 'minBedrooms')
  }
  if (filter.minBathrooms !== undefined) {
    add('bathrooms', filterWords.bathrooms(filter.minBathrooms), 'minBathrooms')
  }
  if (filter.minArea !== undefined || filter.maxArea !== undefined) {
    add('floorArea', filterWords.floorArea(filter.minArea, filter.maxArea), 'minArea', 'maxArea')
  }
  if (filter.availableBy !== undefined) {
    add('availableBy', filterWords.availableBy(filter.availableBy), 'availableBy')
  }
  if (filter.homeType?.length) add('homeType', filterWords.homeType(filter.homeType), 'homeType')
  if (filter.parking !== undefined) add('parking', filterWords.parking(filter.parking), 'parking')
  if (filter.furnished !== undefined) {
    add('furnished', filterWords.furnished(filter.furnished), 'furnished')
  }
  if (filter.offer !== undefined) add('offer', filterWords.offer(filter.offer), 'offer')
  if (filter.petsAllowed) add('petsAllowed', filterWords.petsAllowed, 'petsAllowed')
  if (filter.bbox) add('area', filterWords.area, 'bbox')
  if (filter.polygon) add('areaOnMap', filterWords.areaOnMap, 'polygon')
  return active
}
