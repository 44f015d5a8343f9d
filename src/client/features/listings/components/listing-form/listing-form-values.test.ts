import { describe, expect, it } from 'vitest'
import type { Listing } from '../../../../../shared/listing'
import { listingFormDefaults } from '../../../../../shared/listing-schema'
import { factsOf, factsToSend, noFacts } from './listing-form-values'

describe('the listing form’s facts', () => {
  it('sends null for each fact left empty, so that an edit clears it', () => {
    expect(factsToSend({ ...listingFormDefaults, ...noFacts, description: '  \n ' })).toEqual({
      description: null,
      homeType: null,
      floorArea: null,
      availableFrom: null,
      petsAllowed: null,
    })
  })

  it('sends each fact given, the description without spaces at either end', () => {
    const values = {
      ...listingFormDefaults,
      description: ' Bright.\n\nQuiet. ',
      homeType: 'studio' as const,
      floorArea: 32,
      availableFrom: '2027-03-01',
      petsAllowed: false,
    }
    expect(factsToSend(values)).toEqual({
      description: 'Bright.\n\nQuiet.',
      homeType: 'studio',
      floorArea: 32,
      availableFrom: '2027-03-01',
      petsAllowed: false,
    })
    // Pets are asked of rentals only.
    expect(factsToSend({ ...values, type: 'sale' }).petsAllowed).toBeNull()
  })

  it('starts an edit from the listing’s facts, and from none when it has none', () => {
    const listing = { description: 'Bright.', homeType: 'house', floorArea: 85 } as Listing
    expect(factsOf(listing)).toEqual({
      ...noFacts,
      description: 'Bright.',
      homeType: 'house',
      floorArea: 85,
    })
    expect(factsOf({} as Listing)).toEqual(noFacts)
  })
})
