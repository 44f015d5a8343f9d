import { describe, expect, it } from 'vitest'
import { listingInputSchema } from './listing-schema'
import { isPlainLines, isPlainText, withoutControlCharacters } from './plain-text'
import { profileSchema } from './profile'

// Embeddings, overrides and isolates: invisible, and they turn the text after them around, so
// 'gpj.exe' can show as 'exe.jpg' and a name can show as someone else's.
const bidiControls = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
]
const code = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase()}`

describe('plain text', () => {
  it.each(bidiControls.map((character) => [code(character), character]))(
    'refuses the direction control %s in a line and in lines',
    (_, character) => {
      expect(isPlainText(`Sunny ${character}flat`)).toBe(false)
      expect(isPlainLines(`1 Main Street\n${character}Austin`)).toBe(false)
    },
  )

  it('removes direction controls from text that is cut to fit, and keeps the rest', () => {
    expect(withoutControlCharacters('Pat\u202e Doe\u202c')).toBe('Pat Doe')
    expect(withoutControlCharacters('Pat\nDoe')).toBe('Pat Doe')
  })

  it('keeps right-to-left writing itself, and the marks that only hint a direction', () => {
    expect(isPlainText('דירה ליד הים')).toBe(true)
    expect(isPlainText('شقة مشمسة\u200f')).toBe(true)
  })

  it('holds for every name and address the app stores', () => {
    const listing = {
      type: 'rent',
      name: 'Sunny flat by the river',
      bedrooms: 1,
      bathrooms: 1,
      parking: false,
      furnished: false,
      address: '1 Main Street, Austin',
      offer: false,
      regularPrice: 900,
      images: ['upload1'],
    }
    expect(listingInputSchema.safeParse(listing).success).toBe(true)
    const refused = (input: unknown) => {
      const result = listingInputSchema.safeParse(input)
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))
    }
    expect(refused({ ...listing, name: 'Sunny flat \u202eriver' })).toEqual(['name'])
    expect(refused({ ...listing, address: '1 Main \u2067Street' })).toEqual(['address'])
    expect(profileSchema.safeParse({ name: 'Pat \u202eDoe' }).success).toBe(false)
  })
})
