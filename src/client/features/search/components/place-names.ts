// How a place is written: enough of its region and country to tell London, England from London,
// Ontario. Country names come from the browser's own list (Intl.DisplayNames), in English as the
// rest of the site.
import type { Place } from '../api/places'

const countries = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

/** 'United Kingdom' for 'GB'; the code itself when it is not one the browser knows. */
export function countryName(code: string): string {
  try {
    return countries.of(code.toUpperCase()) ?? code
  } catch {
    return code
  }
}

/** 'England, United Kingdom': where the place is, as the suggestions say it under its name. */
export function placeWhere({ region, country }: Pick<Place, 'region' | 'country'>): string {
  return [region, countryName(country)].filter(Boolean).join(', ')
}

/** 'London, England, United Kingdom': the place in full, as a screen reader hears an option. */
export function placeFullName(place: Pick<Place, 'name' | 'region' | 'country'>): string {
  return `${place.name}, ${placeWhere(place)}`
}

/** 'London, England': the place on a chip; its country when the region is not known. */
export function placeShortName(place: Pick<Place, 'name' | 'region' | 'country'>): string {
  return `${place.name}, ${place.region || countryName(place.country)}`
}
