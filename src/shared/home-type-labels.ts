// Each home type in the words the screens show: the form's select, the filter panel and its chips.
import type { HomeType } from './listing.js'

export const homeTypeLabels: Record<HomeType, string> = {
  house: 'House',
  apartment: 'Apartment',
  townhouse: 'Townhouse',
  studio: 'Studio',
  room: 'Room',
  land: 'Land',
  other: 'Other',
}
