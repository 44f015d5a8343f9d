// What the listing form holds (the spec's fields and the facts), where an edit starts from, and the
// facts as the create and edit body carries them.
import type { Listing } from '../../../../../shared/listing'
import type { ListingFacts, ListingFields } from '../../../../../shared/listing-schema'

export type ListingFormValues = ListingFields & ListingFacts

/** The facts of a listing that has none: a new listing's form starts from these. */
export const noFacts: ListingFacts = {
  description: '',
  homeType: null,
  floorArea: null,
  availableFrom: null,
  petsAllowed: null,
}

/** An edit starts from the listing's own facts. */
export function factsOf(listing: Listing): ListingFacts {
  return {
    description: listing.description ?? '',
    homeType: listing.homeType ?? null,
    floorArea: listing.floorArea ?? null,
    availableFrom: listing.availableFrom ?? null,
    petsAllowed: listing.petsAllowed ?? null,
  }
}

/**
 * Each fact as sent: null when left empty, so that an edit clears it. Pets are asked of rentals
 * only, so a sale sends none.
 */
export function factsToSend(values: ListingFormValues): ListingFacts {
  return {
    description: values.description?.trim() || null,
    homeType: values.homeType ?? null,
    floorArea: values.floorArea ?? null,
    availableFrom: values.availableFrom || null,
    petsAllowed: values.type === 'rent' ? (values.petsAllowed ?? null) : null,
  }
}
