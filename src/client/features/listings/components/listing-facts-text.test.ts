import { describe, expect, it } from 'vitest'
import { availabilityText, descriptionParagraphs, pricePerAreaText } from './listing-facts-text'

describe('the listing facts as text', () => {
  it("says 'Available now' from the day itself on, and writes out a later date", () => {
    expect(availabilityText('2026-11-25', '2026-11-26')).toBe('Available now')
    expect(availabilityText('2026-11-26', '2026-11-26')).toBe('Available now')
    expect(availabilityText('2027-03-01', '2026-11-26')).toBe('Available from 1 March 2027')
  })

  it('gives the price per m² and per sq ft, whole dollars from $100, cents below', () => {
    expect(pricePerAreaText(850_000, 85, 'sale')).toBe('$10,000 / m² · $929 / sq ft')
    expect(pricePerAreaText(2300, 85, 'rent')).toBe('$27.06 / m² · $2.51 / sq ft a month')
  })

  it('parts paragraphs at blank lines and keeps single line breaks inside them', () => {
    expect(descriptionParagraphs('One.\nStill one.\r\n\r\nTwo.\n \n\n  Three.  \n')).toEqual([
      'One.\nStill one.',
      'Two.',
      'Three.',
    ])
    expect(descriptionParagraphs('  \n\n ')).toEqual([])
  })
})
