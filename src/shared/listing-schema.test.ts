import { describe, expect, it } from 'vitest'
import {
  discountIsBelowRegular,
  listingFormDefaults,
  listingInputSchema,
  messages,
} from './listing-schema'

const valid = {
  type: 'sale',
  name: 'Family home with garden',
  bedrooms: 3,
  bathrooms: 2,
  parking: true,
  furnished: false,
  address: '1 Main Street, Austin, Texas',
  offer: true,
  regularPrice: 1200,
  discountedPrice: 950,
  images: ['upload1'],
}

const issues = (input: unknown) => {
  const result = listingInputSchema.safeParse(input)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('listingInputSchema', () => {
  it('accepts a valid listing and trims the name and address', () => {
    const result = listingInputSchema.parse({
      ...valid,
      name: '  Family home with garden  ',
      address: ' 1 Main St, Austin ',
    })
    expect(result.name).toBe('Family home with garden')
    expect(result.address).toBe('1 Main St, Austin')
  })

  it('compares prices as numbers: 950 is below 1200', () => {
    expect(issues(valid)).toEqual([])
    expect(issues({ ...valid, regularPrice: 950, discountedPrice: 1200 })).toEqual([
      `discountedPrice: ${messages.discount}`,
    ])
  })

  it('runs the discount check even when offer is off', () => {
    expect(issues({ ...valid, offer: false, regularPrice: 500, discountedPrice: 500 })).toEqual([
      `discountedPrice: ${messages.discount}`,
    ])
    expect(issues({ ...valid, offer: false, discountedPrice: undefined })).toEqual([])
  })

  it('needs a discounted price in range only when offer is on', () => {
    expect(issues({ ...valid, discountedPrice: undefined })).toHaveLength(1)
    expect(issues({ ...valid, discountedPrice: 10 })).toHaveLength(1)
    expect(issues({ ...valid, offer: false, discountedPrice: 10 })).toEqual([])
  })

  it.each([
    ['name', 'x'.repeat(9)],
    ['name', 'x'.repeat(33)],
    ['bedrooms', 0],
    ['bedrooms', 51],
    ['bathrooms', 2.5],
    ['bathrooms', '2'],
    ['regularPrice', 49],
    ['regularPrice', 750_000_001],
    ['regularPrice', Number.NaN],
    ['regularPrice', Number.POSITIVE_INFINITY],
    ['address', ''],
    ['type', 'castle'],
    ['parking', 'yes'],
  ])('rejects %s = %j', (field, value) => {
    expect(
      issues({ ...valid, [field]: value }).some((issue) => issue.startsWith(`${field}:`)),
    ).toBe(true)
  })

  it("says 'Max 6 images' for seven, and refuses none or a repeated one", () => {
    expect(issues({ ...valid, images: ['1', '2', '3', '4', '5', '6', '7'] })).toEqual([
      `images: ${messages.maxImages}`,
    ])
    expect(issues({ ...valid, images: [] })).toHaveLength(1)
    expect(issues({ ...valid, images: ['a', 'a'] })).toHaveLength(1)
  })

  it('drops keys it does not know, such as userRef', () => {
    const result = listingInputSchema.parse({ ...valid, userRef: 'someone-else', id: 'x' })
    expect(result).not.toHaveProperty('userRef')
    expect(result).not.toHaveProperty('id')
  })

  it('drops latitude and longitude, whatever they hold: the address is geocoded', () => {
    for (const [latitude, longitude] of [
      [48.85, 2.35],
      [500, -500],
      ['north', null],
    ]) {
      const result = listingInputSchema.parse({ ...valid, latitude, longitude })
      expect(result).not.toHaveProperty('latitude')
      expect(result).not.toHaveProperty('longitude')
    }
  })
})

describe("the spec's form defaults", () => {
  it('are rent, one room each, no extras, prices 0, and no coordinates to type', () => {
    expect(listingFormDefaults).toMatchObject({
      type: 'rent',
      bedrooms: 1,
      bathrooms: 1,
      parking: false,
      furnished: false,
      offer: false,
      regularPrice: 0,
      discountedPrice: 0,
    })
    expect(listingFormDefaults).not.toHaveProperty('latitude')
    expect(listingFormDefaults).not.toHaveProperty('longitude')
    expect(discountIsBelowRegular(listingFormDefaults)).toBe(false)
  })
})
