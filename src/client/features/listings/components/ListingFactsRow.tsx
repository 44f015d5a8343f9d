// The facts a portal shows beside the spec's ones, on the listing page: the home's type, its floor
// area, the price per m² and per sq ft, when it is available and whether pets are allowed. A fact
// the owner left out is not shown; the row is not there when none is.
import { CalendarDays, Calculator, House, PawPrint, Ruler, type LucideIcon } from 'lucide-react'
import { formatFloorArea } from '../../../../shared/floor-area'
import { effectivePrice, type Listing } from '../../../../shared/listing'
import { availabilityText, homeTypeNames, petsText, pricePerAreaText } from './listing-facts-text'

export function ListingFactsRow({ listing, className }: { listing: Listing; className?: string }) {
  const { homeType, floorArea, availableFrom, petsAllowed } = listing
  // A screen reader hears what a bare figure is: 'Floor area: 85 m² · 915 sq ft'.
  const facts: [key: string, icon: LucideIcon, label: string | null, text: string][] = []
  if (homeType) facts.push(['type', House, 'Home type', homeTypeNames[homeType]])
  if (floorArea) {
    facts.push(['area', Ruler, 'Floor area', formatFloorArea(floorArea)])
    const perArea = pricePerAreaText(effectivePrice(listing), floorArea, listing.type)
    facts.push(['per-area', Calculator, 'Price per area', perArea])
  }
  if (availableFrom) {
    facts.push(['available', CalendarDays, null, availabilityText(availableFrom)])
  }
  if (petsAllowed !== undefined) facts.push(['pets', PawPrint, null, petsText(petsAllowed)])
  if (facts.length === 0) return null
  return (
    <ul className={className} aria-label="More facts">
      {facts.map(([key, Icon, label, text]) => (
        <li key={key}>
          <Icon size={20} aria-hidden="true" />
          {label && <span className="visually-hidden">{label}: </span>}
          {text}
        </li>
      ))}
    </ul>
  )
}
