// A search in words: the chips above the results
// (client/features/search/components/active-filters.ts) and a saved search's default name use the
// same phrases, so a filter reads the same everywhere.
import { formatPrice } from './format.js'
import { homeTypeLabels } from './home-type-labels.js'
import type { HomeType } from './listing.js'
import type { ListingFilter, ListingSort } from './listing-requests.js'
import { withoutControlCharacters } from './plain-text.js'
import { savedSearchLimits } from './saved-search.js'

const dollars = (amount: number) => `$${formatPrice(amount)}`
const squareMetres = (area: number) => `${area.toLocaleString('en-US')} m²`

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

/** Each filter's words as a chip shows them, capitalised: 'Up to $2,000', '2+ bedrooms'. */
export const filterWords = {
  price(min: number | undefined, max: number | undefined): string {
    if (min !== undefined && max !== undefined) return `${dollars(min)} – ${dollars(max)}`
    return min !== undefined ? `From ${dollars(min)}` : `Up to ${dollars(max!)}`
  },
  bedrooms: (count: number) => `${count}+ bedrooms`,
  bathrooms: (count: number) => `${count}+ bathrooms`,
  parking: (wanted: boolean) => (wanted ? 'Parking' : 'No parking'),
  furnished: (wanted: boolean) => (wanted ? 'Furnished' : 'Unfurnished'),
  offer: (wanted: boolean) => (wanted ? 'Offers only' : 'No offers'),
  /** 'House', 'House or apartment', 'House, apartment or studio' */
  homeType(types: readonly HomeType[]): string {
    const words = types.map((type, index) =>
      index === 0 ? homeTypeLabels[type] : homeTypeLabels[type].toLowerCase(),
    )
    const last = words.pop()!
    return words.length > 0 ? `${words.join(', ')} or ${last}` : last
  },
  floorArea(min: number | undefined, max: number | undefined): string {
    if (min !== undefined && max !== undefined)
      return `${min.toLocaleString('en-US')} – ${squareMetres(max)}`
    return min !== undefined ? `From ${squareMetres(min)}` : `Up to ${squareMetres(max!)}`
  },
  /** 'Available by 1 Mar 2027' */
  availableBy: (date: string) =>
    `Available by ${dayMonthYear.format(new Date(`${date}T00:00:00Z`))}`,
  petsAllowed: 'Pets allowed',
  area: 'Map area',
  /** an area outlined on the map (the `polygon` parameter) */
  areaOnMap: 'Area on the map',
} as const

const typeWords = { rent: 'Rent', sale: 'Sale' } as const
const sortWords: Record<Exclude<ListingSort, 'newest'>, string> = {
  'price-asc': 'Lowest price first',
  'price-desc': 'Highest price first',
}

/** What a search with no filter finds. */
export const everythingSummary = 'All homes'

/**
 * A readable name for a search: 'Rent · Paris · up to $2,000 · 2+ bedrooms', 'All homes' when it
 * has no filter. The text searched for is kept as typed; the sort is named only when it is not the
 * newest first. Plain text (no control characters) of at most the saved-search name's length: a long text is cut with an ellipsis.
 */
export function searchSummary(filter: ListingFilter, sort: ListingSort = 'newest'): string {
  /** Our own words, lowercased after the first; the searched text is the user's own. */
  const parts: { text: string; ours: boolean }[] = []
  const ours = (text: string) => parts.push({ text, ours: true })
  if (filter.type) ours(typeWords[filter.type])
  if (filter.q !== undefined) parts.push({ text: withoutControlCharacters(filter.q), ours: false })
  if (filter.minPrice !== undefined || filter.maxPrice !== undefined) {
    ours(filterWords.price(filter.minPrice, filter.maxPrice))
  }
  if (filter.minBedrooms !== undefined) ours(filterWords.bedrooms(filter.minBedrooms))
  if (filter.minBathrooms !== undefined) ours(filterWords.bathrooms(filter.minBathrooms))
  if (filter.minArea !== undefined || filter.maxArea !== undefined) {
    ours(filterWords.floorArea(filter.minArea, filter.maxArea))
  }
  if (filter.availableBy !== undefined) ours(filterWords.availableBy(filter.availableBy))
  if (filter.homeType?.length) ours(filterWords.homeType(filter.homeType))
  if (filter.parking !== undefined) ours(filterWords.parking(filter.parking))
  if (filter.furnished !== undefined) ours(filterWords.furnished(filter.furnished))
  if (filter.offer !== undefined) ours(filterWords.offer(filter.offer))
  if (filter.petsAllowed) ours(filterWords.petsAllowed)
  // A box and a polygon are one area on the map to the reader.
  if (filter.bbox || filter.polygon) ours(filterWords.area)
  if (filter.userRef !== undefined) ours('One owner’s homes')
  if (parts.length === 0) parts.push({ text: everythingSummary, ours: true })
  if (sort !== 'newest') ours(sortWords[sort])

  const summary = parts
    .map(({ text, ours }, index) => (ours && index > 0 ? lowerFirst(text) : text))
    .join(' · ')
  return cut(summary, savedSearchLimits.nameLength.max)
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** The text in at most `max` UTF-16 units, whole characters only, ending '…' when cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  let kept = ''
  for (const character of text) {
    if (kept.length + character.length > max - 1) break
    kept += character
  }
  return `${kept.trimEnd()}…`
}
