import { describe, expect, it } from 'vitest'
import { formatBathrooms, formatBedrooms, formatPrice, formatCompact } from './format'

describe('formatPrice', () => {
  it.each([
    [50, '50'],
    [999, '999'],
    [1000, '1,000'],
    [1250000, '1,250,000'],
    [750000000, '750,000,000'],
  ])('writes %d as %s with comma thousands separators', (amount, text) => {
    expect(formatPrice(amount)).toBe(text)
  })
})

describe('formatCompact', () => {
  it.each([
    [950, '950'],
    [1000, '1K'],
    [1250, '1.3K'],
    [12345, '12.3K'],
    [350000, '350K'],
    [999999, '1M'],
    [1250000, '1.3M'],
    [750000000, '750M'],
  ])('writes %d as %s on a map pin', (amount, text) => {
    expect(formatCompact(amount)).toBe(text)
  })
})

describe('room plurals', () => {
  it("says '1 Bedroom' and '1 Bathroom' for a count of 1 or less", () => {
    expect(formatBedrooms(1)).toBe('1 Bedroom')
    expect(formatBedrooms(0)).toBe('1 Bedroom')
    expect(formatBathrooms(1)).toBe('1 Bathroom')
  })

  it('uses the plural above 1', () => {
    expect(formatBedrooms(2)).toBe('2 Bedrooms')
    expect(formatBathrooms(50)).toBe('50 Bathrooms')
  })
})
