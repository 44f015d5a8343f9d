import { describe, expect, it } from 'vitest'
import { queryWords, searchWords, wordsOf } from './search-words.js'

describe('search words', () => {
  it('lowers case, removes accents and splits at punctuation', () => {
    expect(wordsOf('12 Rue de Rivoli, Paris')).toEqual(['12', 'rue', 'de', 'rivoli', 'paris'])
    expect(wordsOf('San José')).toEqual(['san', 'jose'])
    expect(wordsOf('Ærø Købstad, Łódź')).toEqual(['aero', 'kobstad', 'lodz'])
    expect(wordsOf('Straße')).toEqual(['strasse'])
  })

  it('keeps letters of other scripts as words', () => {
    expect(wordsOf('東京 タワー')).toEqual(['東京', 'タワー'])
    expect(wordsOf('Москва, Тверская')).toEqual(['москва', 'тверская'])
  })

  it("joins a listing's name and location", () => {
    expect(searchWords({ name: 'Cosy Cottage', location: 'Lane 3, Bath' })).toBe(
      'cosy cottage lane 3 bath',
    )
  })

  it('gives each query word once and nothing for punctuation alone', () => {
    expect(queryWords('Paris paris, PARIS!')).toEqual(['paris'])
    expect(queryWords('-- !!')).toEqual([])
  })
})
