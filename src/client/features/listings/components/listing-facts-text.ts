// How the listing facts read on cards and on the listing page: the words for the stored values.
import type { HomeType, ListingBadge, ListingType } from '../../../../shared/listing'
import { formatPrice } from '../../../../shared/format'
import { squareFeetPerSquareMetre } from '../../../../shared/floor-area'
import { homeTypeLabels } from '../../../../shared/home-type-labels'

/** The form's names, but 'Other home': on a card or a page, 'Other' alone would say nothing. */
export const homeTypeNames: Record<HomeType, string> = { ...homeTypeLabels, other: 'Other home' }

export const badgeNames: Record<ListingBadge, string> = { new: 'New', reduced: 'Reduced' }

/** Whole dollars from $100 up, cents below, where a whole dollar would hide the difference. */
const perUnit = (amount: number) =>
  formatPrice(amount >= 100 ? Math.round(amount) : Math.round(amount * 100) / 100)

/** '$10,000 / m² · $929 / sq ft'; a rent's per month, as its price reads. */
export function pricePerAreaText(price: number, squareMetres: number, type: ListingType): string {
  const perMetre = price / squareMetres
  const text = `$${perUnit(perMetre)} / m² · $${perUnit(perMetre / squareFeetPerSquareMetre)} / sq ft`
  return type === 'rent' ? `${text} a month` : text
}

/** Today as `YYYY-MM-DD` in UTC: the same day on the server that renders and the browser. */
export const todayDate = (now: Date = new Date()) => now.toISOString().slice(0, 10)

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 'Available now' from the day itself on, 'Available from 1 March 2027' before it. */
export function availabilityText(availableFrom: string, today: string = todayDate()): string {
  if (availableFrom <= today) return 'Available now'
  return `Available from ${longDate.format(new Date(`${availableFrom}T00:00:00Z`))}`
}

export const petsText = (petsAllowed: boolean) => (petsAllowed ? 'Pets allowed' : 'No pets')

/** A description's paragraphs: blank lines part them; single line breaks stay inside. */
export function descriptionParagraphs(description: string): string[] {
  return description
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
}
