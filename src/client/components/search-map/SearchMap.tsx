// The 'Map' view of a search (loaded only when shown). Placeholder until the map view lands.
import type { Bbox, ListingFilter } from '../../../shared/listing-requests'

export interface SearchMapProps {
  /** the search's filters; `filter.bbox` is the area searched, if any */
  filter: ListingFilter
  /** 'Search this area' was pressed with the map showing `bbox` */
  onSearchArea: (bbox: Bbox) => void
  className?: string
}

export default function SearchMap({ className }: SearchMapProps) {
  return <div className={className} aria-label="Map of the results" role="region" />
}
